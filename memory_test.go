package gdvar

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// patternReader produces a value of the given type whose payload is n bytes
// of a repeating ASCII pattern, without holding it.
type patternReader struct {
	head []byte
	n, i int64
}

func newPatternReader(typ Type, n int64) *patternReader {
	head := binary.LittleEndian.AppendUint32(nil, uint32(typ))
	return &patternReader{head: binary.LittleEndian.AppendUint32(head, uint32(n)), n: n}
}

func (p *patternReader) Read(b []byte) (int, error) {
	if len(p.head) > 0 {
		k := copy(b, p.head)
		p.head = p.head[k:]
		return k, nil
	}
	if p.i >= p.n {
		return 0, io.EOF
	}
	k := int(min(int64(len(b)), p.n-p.i))
	for j := 0; j < k; {
		j += copy(b[j:k], alphabet[(p.i+int64(j))%26:])
	}
	p.i += int64(k)
	return k, nil
}

// alphabet repeats a–z; any 4 KiB window starting at an offset below 26 is
// the pattern.
var alphabet = func() []byte {
	b := make([]byte, 26+4096)
	for i := range b {
		b[i] = 'a' + byte(i%26)
	}
	return b
}()

const hugeSize = 1 << 30

// TestHugeValueMemory decodes a 1 GiB String and a 1 GiB PackedByteArray from
// a reader in a child process and checks its peak resident memory.
func TestHugeValueMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 2 GiB")
	}
	if kind := os.Getenv("GDVAR_HUGE_CHILD"); kind != "" {
		hugeChild(kind)
		return
	}
	for _, kind := range []string{"String", "PackedByteArray"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHugeValueMemory$", "-test.v")
		cmd.Env = append(os.Environ(), "GDVAR_HUGE_CHILD="+kind)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		m := regexp.MustCompile(`peak (\d+) kB, (\d+) bytes, crc ([0-9a-f]+)`).FindSubmatch(out)
		require.NotNil(t, m, "%s", out)
		peak, _ := strconv.Atoi(string(m[1]))
		n, _ := strconv.Atoi(string(m[2]))
		assert.Equal(t, hugeSize, n, "%s: bytes delivered", kind)
		want := crc32.NewIEEE()
		_, _ = io.Copy(want, &patternReader{n: hugeSize})
		assert.Equal(t, fmt.Sprintf("%08x", want.Sum32()), string(m[3]), "%s: content", kind)
		assert.Less(t, peak, 64<<10, "%s: peak resident memory %d kB", kind, peak)
		t.Logf("%s of 1 GiB: peak resident memory %d kB", kind, peak)
	}
}

func hugeChild(kind string) {
	typ := TypeString
	if kind == "PackedByteArray" {
		typ = TypePackedByteArray
	}
	limits := Limits{MaxStringBytes: hugeSize, MaxPackedBytes: hugeSize, MaxValueBytes: hugeSize + 8}
	dec := MustCodec(WithLimits(limits)).NewDecoder(newPatternReader(typ, hugeSize))
	sum := crc32.NewIEEE()
	n := 0
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		if k := tok.Kind(); k == KindString || k == KindPackedChunk {
			n += len(tok.Bytes())
			sum.Write(tok.Bytes())
		}
	}
	status, _ := os.ReadFile("/proc/self/status")
	peak := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(status)
	if peak == nil {
		fmt.Println("no VmHWM in /proc/self/status")
		os.Exit(1)
	}
	fmt.Printf("peak %s kB, %d bytes, crc %08x\n", peak[1], n, sum.Sum32())
}

// TestHugeValueEncodeMemory writes a 1 GiB PackedByteArray chunk by chunk:
// the Encoder hands the chunks to the writer and allocates next to nothing.
func TestHugeValueEncodeMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes 1 GiB")
	}
	chunk := make([]byte, 64<<10)
	var written countingWriter
	enc := NewEncoder(&written)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	require.NoError(t, enc.WriteToken(PackedStartToken(TypePackedByteArray, hugeSize, Single)))
	for range hugeSize / len(chunk) {
		require.NoError(t, enc.WriteToken(PackedChunkToken(chunk)))
	}
	require.NoError(t, enc.WriteToken(PackedEndToken))
	runtime.ReadMemStats(&after)
	assert.Equal(t, int64(hugeSize+8), written.n)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "allocated %d bytes", after.TotalAlloc-before.TotalAlloc)
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}
