package filter

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/temps"
)

// The conversions (text, json, encode) write nothing unless every value
// converted, so that a failure leaves no output that looks complete. They
// write into a temporary file, never into memory, and copy it to standard
// output at the end: a conversion of any size takes bounded memory, and
// disk for one copy of its output.

// spool is the temporary file a conversion writes to.
type spool struct {
	f  *os.File
	bw *bufio.Writer
	n  int64 // the offset of the next write: the end, but while a count is filled in
}

// spooled runs write on a spool and, if it succeeds, copies what it wrote
// to stdout. The temporary file is removed in every case.
func spooled(stdout io.Writer, write func(s *spool) error) error {
	f, err := temps.Create("gdvar-out-*")
	if err != nil {
		return err
	}
	defer temps.Remove(f)
	s := &spool{f: f, bw: bufio.NewWriterSize(f, 64<<10)}
	if err := write(s); err != nil {
		return err
	}
	if err := s.bw.Flush(); err != nil {
		return err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err = io.Copy(stdout, f)
	return err
}

func (s *spool) Write(p []byte) (int, error) {
	n, err := s.bw.Write(p)
	s.n += int64(n)
	return n, err
}

// Seek moves the offset of the next write, as an Encoder does to fill in
// a deferred count (gdvar.DeferredCount).
func (s *spool) Seek(off int64, whence int) (int64, error) {
	if off == 0 && whence == io.SeekCurrent {
		return s.n, nil
	}
	if err := s.bw.Flush(); err != nil {
		return 0, err
	}
	at, err := s.f.Seek(off, whence)
	if err == nil {
		s.n = at
	}
	return at, err
}

// frame writes one value as a framed record (a u32 length, then the value)
// without knowing its length first: write writes the value, then the
// length is filled in. If write fails (or finds no value: io.EOF), the
// record is taken back.
func (s *spool) frame(write func() error) error {
	at := s.n
	if _, err := s.Write(make([]byte, 4)); err != nil {
		return err
	}
	if err := write(); err != nil {
		return s.truncate(at, err)
	}
	size := s.n - at - 4
	if size > math.MaxInt32 {
		return fmt.Errorf("a value of %d bytes is longer than a frame Godot reads", size)
	}
	if err := s.bw.Flush(); err != nil {
		return err
	}
	var hdr [4]byte
	binary.LittleEndian.PutUint32(hdr[:], uint32(size))
	_, err := s.f.WriteAt(hdr[:], at)
	return err
}

// Offset and Rewind let varjson's and vartext's conversions take back a
// first pass that they must do again.
func (s *spool) Offset() int64 { return s.n }

// Rewind drops what was written from offset at on, and writes there next.
func (s *spool) Rewind(at int64) error { return s.truncate(at, nil) }

// truncate drops what was written after offset at, then returns err.
func (s *spool) truncate(at int64, err error) error {
	if ferr := s.bw.Flush(); ferr != nil {
		return ferr
	}
	if terr := s.f.Truncate(at); terr != nil {
		return terr
	}
	if _, serr := s.f.Seek(at, io.SeekStart); serr != nil {
		return serr
	}
	s.n = at
	return err
}

// seekable returns in if it can be read twice, else a temporary file
// holding all of in (removed by the returned cleanup).
func seekable(in io.Reader) (io.ReadSeeker, func(), error) {
	if rs, ok := in.(io.ReadSeeker); ok {
		if _, err := rs.Seek(0, io.SeekCurrent); err == nil {
			return rs, func() {}, nil
		}
	}
	f, err := temps.Create("gdvar-in-*")
	if err != nil {
		return nil, nil, err
	}
	cleanup := func() { temps.Remove(f) }
	if _, err := io.Copy(f, in); err != nil {
		cleanup()
		return nil, nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		cleanup()
		return nil, nil, err
	}
	return f, cleanup, nil
}
