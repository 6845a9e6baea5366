package fileaccess

import (
	"io"
	"os"
)

// spool holds what a writer can only write out at Close (a compressed
// container's blocks, an encrypted container's ciphertext on a writer that
// cannot seek) in a temporary file, made at the first write. Where the
// system lets an open file lose its name (not Windows), the file has none
// once made, so that nothing is left behind however the process ends.
type spool struct {
	f     *os.File
	named bool // the file still has its name, to remove at the end
}

func (s *spool) Write(p []byte) (int, error) {
	if s.f == nil {
		f, err := os.CreateTemp("", "gdvar-spool-*")
		if err != nil {
			return 0, err
		}
		s.f = f
		s.named = os.Remove(f.Name()) != nil // a signal or a crash then leaves no file
	}
	return s.f.Write(p)
}

// copyTo writes everything spooled to w.
func (s *spool) copyTo(w io.Writer) error {
	if s.f == nil {
		return nil
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, s.f)
	return err
}

// remove removes the temporary file.
func (s *spool) remove() {
	if s.f != nil {
		s.f.Close()
		if s.named {
			os.Remove(s.f.Name())
		}
		s.f = nil
	}
}
