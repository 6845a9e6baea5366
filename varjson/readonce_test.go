package varjson

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/memfile"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countedReader counts the bytes read from a seekable input.
type countedReader struct {
	*bytes.Reader
	read int64
}

func (c *countedReader) Read(p []byte) (int, error) {
	n, err := c.Reader.Read(p)
	c.read += int64(n)
	return n, err
}

// DecodeTo reads a seekable input once in one pass, and twice in two,
// whatever follows a value: it read the whole value again to count its
// lines when jsontext, whose buffer grows to the longest token, had read
// past it more newlines than the Decoder keeps (2.00 and 3.11 times the
// input after a long String and 1 MiB of blank lines), and went back to
// each value's end, reading again what jsontext had read ahead. The line
// of an error in the last value is still counted right.
func TestDecodeToReadsOnce(t *testing.T) {
	blank := func(n int) string { return strings.Repeat("\n", n) }
	for _, tt := range []struct {
		name, json string
		longest    int // the longest token, to which jsontext's buffer grows
	}{
		{"a long String, then 1 MiB of blank lines", `"` + strings.Repeat("a", 8<<20) + `"` + blank(1<<20) + "1\n", 8<<20 + 2},
		{"an Array a line, then 8192 blank lines", "[" + strings.Repeat("1,\n", 1<<20) + "1]" + blank(8192) + "2\n", 1},
		{"lines of spaces and newlines between values", strings.Repeat("0"+strings.Repeat(" \n", 5000), 200), 1},
		{"JSON Lines", strings.Repeat("[1,\"a\",{\"b\":2}]\n", 1<<16), 3},
	} {
		for _, once := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/one pass %v", tt.name, once), func(t *testing.T) {
				in := &countedReader{Reader: bytes.NewReader([]byte(tt.json + "[1,\n\n2 3]"))}
				dec := NewDecoder(in)
				if once {
					dec.OnePass()
				}
				var err error
				values := 0
				enc := gdvar.NewEncoder(&memfile.File{})
				alloc := hostile.Allocated(func() {
					for err == nil {
						if err = dec.DecodeTo(enc); err == nil {
							values++
						}
					}
				})
				var se *SyntaxError
				require.ErrorAs(t, err, &se)
				want := strings.Count(tt.json, "\n") + 3
				assert.Equal(t, want, se.Line, "the line of the error after %d values", values)
				times := float64(in.read) / float64(in.Size())
				t.Logf("%d values, %d bytes: read %.2f times, %.1f bytes allocated a byte", values, in.Size(), times, float64(alloc)/float64(in.Size()))
				most := 1.0
				if !once {
					// Each value twice, and again what jsontext read past
					// it: its buffer (4 KiB, or its longest token), and
					// what the line counter held back (a Read's 4095
					// newlines): 16 KiB a value is room for both.
					most = 2 + float64(values*(16<<10)+tt.longest)/float64(in.Size())
				}
				assert.LessOrEqual(t, times, most)
				assert.LessOrEqual(t, alloc, hostile.Bound(int(in.Size())))
				assert.False(t, errors.Is(err, ErrTwoPasses))
			})
		}
	}
}

// forwardReader is a seekable input that cannot go back: a Decoder that
// would read a byte again fails instead.
type forwardReader struct {
	countedReader
	back int // Seeks refused
}

func (f *forwardReader) Seek(off int64, whence int) (int64, error) {
	at, _ := f.Reader.Seek(0, io.SeekCurrent)
	to := off
	switch whence {
	case io.SeekCurrent:
		to += at
	case io.SeekEnd:
		to += f.Size()
	}
	if to < at {
		f.back++
		return 0, errors.New("forwardReader: no going back")
	}
	return f.Reader.Seek(to, io.SeekStart)
}

// In one pass, DecodeTo never goes back in a seekable input, and reads
// each byte once: everything, when the input ends. Its errors, their
// lines included, are those it gives from a pipe, which it cannot read
// twice: the line counter places them without reading again.
func TestDecodeToOnePassNeverGoesBack(t *testing.T) {
	lines := strings.Repeat("[1,\"a\",{\"b\":2}]\n", 5000)
	floats := `{"$PackedFloat32Array":[` + strings.Repeat("0.5,\n", 1<<16) + "0.5]}\n"
	long := `{"$String":["` + strings.Repeat("a", 48<<10) + `","b"]}` + strings.Repeat("\n", 10000)
	for _, tt := range []struct{ name, json string }{
		{"JSON Lines", lines},
		{"a large packed array", floats + floats},
		{"a String in pieces, then blank lines", long + "1"},
		{"a syntax error after the values", lines + floats + "[1,\n\n2 3]"},
		{"a syntax error after a long String", long + "[1,\n\n2 3]"},
		{"cut short", lines + "[1,\n2"},
		{"not a value's form", lines + `{"$Vector2":[1,` + "\n" + `"x"]}`},
		{"members after the content", lines + `{"$Array":[1],"$type":"int"}`},
		{"nested too deep", lines + strings.Repeat("[\n", 3000)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			decode := func(r io.Reader) (values int, err error) {
				dec := NewDecoder(r)
				dec.OnePass()
				enc := gdvar.NewEncoder(&memfile.File{})
				for {
					if err = dec.DecodeTo(enc); err != nil {
						return values, err
					}
					values++
				}
			}
			in := &forwardReader{countedReader: countedReader{Reader: bytes.NewReader([]byte(tt.json))}}
			values, err := decode(in)
			pipeValues, pipeErr := decode(struct{ io.Reader }{strings.NewReader(tt.json)})
			assert.Zero(t, in.back, "Seeks back")
			assert.Equal(t, pipeValues, values)
			assert.Equal(t, pipeErr, err)
			if se := (*SyntaxError)(nil); errors.As(err, &se) {
				assert.Positive(t, se.Line, "the error's line, placed without reading again")
			}
			if err == io.EOF {
				assert.Equal(t, in.Size(), in.read, "bytes read")
			} else {
				assert.LessOrEqual(t, in.read, in.Size(), "bytes read")
			}
			t.Logf("%d values, %d of %d bytes read: %v", values, in.read, in.Size(), err)
		})
	}
}
