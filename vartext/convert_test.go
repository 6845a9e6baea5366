package vartext

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/fallback"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Text with a key twice, which one pass cannot write, and text longer
// than the first pass holds, convert to what two passes write, each value
// once, into memory and into a file.
func TestToBinary(t *testing.T) {
	inputs := []string{
		`{"a": [1, "x"]}`,
		`{"a": 1, "b": 2, "a": 3}`, // a key twice
		`Vector2(0.1, 2.5)`,
		`["` + strings.Repeat("x", fallback.HoldMax) + `"]`,
		`[` + strings.Repeat(`{1: 2, 1.0: 3}, `, fallback.HoldMax/32) + `{1: 2, 1: 3}]`,
		`7`,
	}
	text := strings.Join(inputs, "\n") + "\n"
	want := decodeTo(t, strings.NewReader(text), Godot4, gdvar.MustCodec(gdvar.WithMathPrecision(gdvar.Single))) // a seeker: two passes
	for _, file := range []bool{false, true} {
		var dst io.Writer
		var got func() []byte
		if file {
			f, err := os.CreateTemp(t.TempDir(), "out")
			require.NoError(t, err)
			defer f.Close()
			dst, got = f, func() []byte { b, _ := os.ReadFile(f.Name()); return b }
		} else {
			var b bytes.Buffer
			dst, got = &b, b.Bytes
		}
		src := strings.NewReader(text)
		n := 0
		for ; ; n++ {
			err := ToBinary(dst, src, WithMathPrecision(gdvar.Single))
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
		}
		assert.Equal(t, len(inputs), n)
		assert.True(t, bytes.Equal(want, got()), "file %v: the output differs from two passes'", file)
	}
}

// A failure says where it is in src, as one Decoder reading every value
// says it: ToBinary's Decoders start at each value.
func TestToBinaryErrorPlace(t *testing.T) {
	for _, text := range []string{"1\n2\n  [1 2]", "1 2 [1 2]", "{\"a\": 1, \"a\": 2}\n\n  [,]"} {
		var want error
		dec := mustDecoder(t, strings.NewReader(text))
		var v any
		for want == nil {
			want = dec.Decode(&v)
		}
		src := strings.NewReader(text)
		err := ToBinary(io.Discard, src)
		for err == nil {
			err = ToBinary(io.Discard, src)
		}
		assert.Equal(t, want, err, "%q", text)
	}
}
