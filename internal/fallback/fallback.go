// Package fallback converts one value between forms in a fast pass that
// may refuse it, and then in a slow pass that does not: the one rule of
// varjson's and vartext's conversion functions.
package fallback

import (
	"errors"
	"fmt"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/memfile"
	"github.com/valyala/bytebufferpool"
)

// HoldMax is the most output the fast pass holds back. A value whose
// output is longer goes the slow way, so that the memory held stays
// bounded whatever the value.
const HoldMax = 256 << 10

// A Pass converts the value at r's offset, writing its output to w, and
// returns the input's offset just after the value, relative to where r
// was. At the end of the input it returns io.EOF.
type Pass func(w io.Writer, r io.ReadSeeker) (int64, error)

// A Rewinder is an output that can take back what was written after an
// offset: a bytes slice being appended to, the command's temporary file.
// It is asked for by its methods, not by a type such as *os.File, whose
// offset does not say where an appending file writes.
type Rewinder interface {
	io.Writer
	Offset() int64             // where the next Write goes
	Rewind(offset int64) error // drops what was written from offset on
}

// Seekable returns w, or w as a plain io.Writer if it is a Rewinder that
// cannot seek: a first pass that fills in counts (gdvar.DeferredCount)
// writes to an io.WriteSeeker, else it is held in memory.
func Seekable(w io.Writer) io.Writer {
	if _, ok := w.(io.WriteSeeker); !ok {
		return struct{ io.Writer }{w}
	}
	return w
}

var held bytebufferpool.Pool

// Convert converts the value at src's offset to dst with fast; if fast
// fails with retry, or its output outgrows HoldMax where it is held, it
// takes that output back and converts the value again, from its start,
// with slow. dst gets the output of one pass only; src is left just after
// the value. fast writes straight to dst if dst is a Rewinder, else into
// memory, copied to dst when fast succeeds.
func Convert(dst io.Writer, src io.ReadSeeker, fast, slow Pass, retry error) error {
	start, err := src.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	end, err := firstPass(dst, src, fast)
	if errors.Is(err, retry) || errors.Is(err, memfile.ErrFull) {
		if _, err = src.Seek(start, io.SeekStart); err != nil {
			return err
		}
		end, err = slow(dst, src)
	}
	if err != nil {
		return err
	}
	_, err = src.Seek(start+end, io.SeekStart)
	return err
}

// firstPass runs fast, taking back what it wrote to dst if it fails.
func firstPass(dst io.Writer, src io.ReadSeeker, fast Pass) (int64, error) {
	if r, ok := dst.(Rewinder); ok {
		at := r.Offset()
		end, err := fast(r, src)
		if err != nil && r.Offset() != at {
			if rerr := r.Rewind(at); rerr != nil {
				return 0, fmt.Errorf("taking back a first pass: %w", rerr)
			}
		}
		return end, err
	}
	bb := held.Get()
	defer held.Put(bb)
	f := memfile.New(bb.B, HoldMax)
	end, err := fast(f, src)
	bb.B = f.Bytes()
	if err == nil {
		_, err = dst.Write(f.Bytes())
	}
	return end, err
}

// Place moves the place of a syntax error, found by a Decoder that
// started at offset start of src, to src's own: its offset, and its line
// and column where the line is known (> 0).
func Place(src io.ReadSeeker, start int64, offset *int64, line, column *int) {
	lines, lineStart, err := LineOf(src, start)
	if err != nil {
		return
	}
	*offset += start
	if *line == 1 {
		*column += int(start - lineStart)
	}
	if *line > 0 {
		*line += lines
	}
}

// LineOf returns how many lines end before offset at of src, and the
// offset where at's line starts: what a conversion adds to the place of a
// syntax error found by a Decoder that started at at. It reads src from
// its offset 0 and leaves it where it was.
func LineOf(src io.ReadSeeker, at int64) (lines int, lineStart int64, err error) {
	was, err := src.Seek(0, io.SeekCurrent)
	if err != nil {
		return 0, 0, err
	}
	if _, err := src.Seek(0, io.SeekStart); err != nil {
		return 0, 0, err
	}
	buf := make([]byte, 32<<10)
	for off := int64(0); off < at; {
		n, err := src.Read(buf[:min(int64(len(buf)), at-off)])
		for i, c := range buf[:n] {
			if c == '\n' {
				lines, lineStart = lines+1, off+int64(i)+1
			}
		}
		off += int64(n)
		if err != nil {
			if err == io.EOF {
				break
			}
			return 0, 0, err
		}
	}
	_, err = src.Seek(was, io.SeekStart)
	return lines, lineStart, err
}

// A TextDecoder is what ToBinary needs of varjson's and vartext's
// Decoders.
type TextDecoder interface {
	OnePass()
	DecodeTo(*gdvar.Encoder) error
	InputOffset() int64
}

// ToBinary is varjson's and vartext's ToBinary: it converts the value at
// src's offset with a Decoder from open (given the reader, it also gives
// the Codec of the binary encoding), in one pass and, if that fails with
// retry, in two. It returns the value's offset in src, for the caller to
// place a syntax error.
func ToBinary(dst io.Writer, src io.ReadSeeker, open func(io.Reader) (TextDecoder, *gdvar.Codec), retry error) (int64, error) {
	start, err := src.Seek(0, io.SeekCurrent)
	if err != nil {
		return 0, err
	}
	decode := func(once bool) Pass {
		return func(w io.Writer, r io.ReadSeeker) (int64, error) {
			dec, codec := open(r)
			if once {
				dec.OnePass()
			}
			enc := codec.NewEncoder(w)
			err := dec.DecodeTo(enc)
			if err == nil {
				err = enc.Flush()
			}
			return dec.InputOffset(), err
		}
	}
	return start, Convert(Seekable(dst), src, decode(true), decode(false), retry)
}
