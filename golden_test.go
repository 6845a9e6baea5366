package gdvar

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goldenVector is one value written by a real engine (testdata/golden/*).
type goldenVector struct {
	name    string
	objects bool // written with var_to_bytes_with_objects
	data    []byte
	text    string // the engine's var_to_str of the value
}

// loadGolden reads the vectors a generator script wrote into dir, as listed
// in its index.txt.
func loadGolden(t testing.TB, dir string) []goldenVector {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	defer f.Close()
	var out []goldenVector
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, mode, _ := strings.Cut(sc.Text(), " ")
		data, err := os.ReadFile(filepath.Join(dir, name+".bin"))
		require.NoError(t, err)
		text, err := os.ReadFile(filepath.Join(dir, name+".txt"))
		require.NoError(t, err)
		out = append(out, goldenVector{name: name, objects: mode == "objects", data: data, text: string(text)})
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out)
	return out
}

// roundTrip decodes data token by token and encodes the tokens again.
func roundTrip(t testing.TB, data []byte, opts ...Option) ([]byte, []Token) {
	t.Helper()
	dec := NewDecoder(bytes.NewReader(data), opts...)
	var out bytes.Buffer
	enc := NewEncoder(&out, opts...)
	var toks []Token
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		toks = append(toks, tok.Clone())
		require.NoError(t, enc.WriteToken(tok), "token %d: %s", len(toks), tok)
	}
	require.NoError(t, enc.Flush())
	return out.Bytes(), toks
}

func TestGoldenGodot4RoundTrip(t *testing.T) {
	for _, v := range loadGolden(t, "testdata/golden/godot4") {
		t.Run(v.name, func(t *testing.T) {
			got, _ := roundTrip(t, v.data, AllowObjects(v.objects))
			assert.Equal(t, v.data, got)

			// The same bytes through the in-place decoder with a tiny chunk
			// size, so that every string and packed array is chunked.
			dec := NewDecoderBytes(v.data, AllowObjects(v.objects), WithLimits(Limits{ChunkSize: MinChunkSize}))
			var out bytes.Buffer
			enc := NewEncoder(&out)
			require.NoError(t, CopyValue(enc, dec))
			assert.Equal(t, int64(len(v.data)), dec.InputOffset())
			assert.Equal(t, v.data, out.Bytes())
			_, err := dec.ReadToken()
			assert.Equal(t, io.EOF, err)
		})
	}
}
