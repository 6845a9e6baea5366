// Package fallback converts one value between forms in a fast pass that
// may refuse it, and then in a slow pass that does not: the one rule of
// varjson's and vartext's conversion functions.
package fallback

import (
	"errors"
	"io"

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

// A File is an output that can take back what was written, such as an
// *os.File of a regular file.
type File interface {
	io.WriteSeeker
	Truncate(size int64) error
}

var held bytebufferpool.Pool

// Convert converts the value at src's offset to dst with fast; if fast
// fails with retry, or its output outgrows HoldMax where it is held, it
// takes that output back and converts the value again, from its start,
// with slow. dst gets the output of one pass only; src is left just after
// the value. fast writes straight to dst if dst is a File that can seek,
// else into memory, copied to dst when fast succeeds.
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
	if f, ok := dst.(File); ok {
		if at, err := f.Seek(0, io.SeekCurrent); err == nil {
			end, err := fast(f, src)
			if err != nil {
				if terr := f.Truncate(at); terr != nil {
					return 0, terr
				}
				if _, serr := f.Seek(at, io.SeekStart); serr != nil {
					return 0, serr
				}
			}
			return end, err
		}
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
