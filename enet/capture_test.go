package enet

import (
	"bufio"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// captureModes names each capture's compression.
var captureModes = map[string]Compression{
	"raw-none": CompressNone, "raw-range_coder": CompressRangeCoder, "raw-fastlz": CompressFastLZ,
	"raw-zlib": compressZlib, "raw-zstd": compressZstd, "raw-vanish": CompressNone,
	"mp": CompressNone, "mp-modes": CompressNone,
}

// TestCapturesParse reads every datagram Godot 4.6 sent in the captures
// (enet/testdata/captures, made by enet/testdata/capture): each parses
// whole, its commands written back give its bytes, and a range-coded one
// is what our range coder makes of them.
func TestCapturesParse(t *testing.T) {
	files, err := filepath.Glob("testdata/captures/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		mode, ok := captureModes[name]
		require.True(t, ok, "capture %s has no mode", name)
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(file)
			require.NoError(t, err)
			defer f.Close()
			comp := compressorOf(mode)
			seen := map[uint8]int{}
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<20)
			n := 0
			for sc.Scan() {
				fields := strings.Fields(sc.Text())
				if len(fields) != 3 || strings.HasPrefix(fields[0], "#") {
					continue
				}
				b, err := hex.DecodeString(fields[2])
				require.NoError(t, err)
				n++
				hd, hn := parseHeader(b, false)
				require.NotZero(t, hn, "datagram %d", n)
				body := b[hn:]
				if hd.flags&headerCompressed != 0 {
					require.NotNil(t, comp, "datagram %d compressed", n)
					body, err = comp.Decompress(nil, b[hn:], maxMTU-hn)
					require.NoError(t, err, "datagram %d", n)
					if mode == CompressRangeCoder {
						again := comp.Compress(nil, body, len(body))
						assert.Equal(t, b[hn:], again, "datagram %d: our range coder", n)
					}
				}
				var rebuilt []byte
				for rest := body; len(rest) > 0; {
					c, size := parseCommand(rest)
					require.NotZero(t, size, "datagram %d: a command at %d", n, len(body)-len(rest))
					seen[c.number()]++
					rebuilt = append(appendCommand(rebuilt, &c), c.payload...)
					rest = rest[size:]
				}
				assert.Equal(t, body, rebuilt, "datagram %d written back", n)
			}
			require.NoError(t, sc.Err())
			require.NotZero(t, n)
			t.Logf("%d datagrams; commands by number: %v", n, seen)
		})
	}
}
