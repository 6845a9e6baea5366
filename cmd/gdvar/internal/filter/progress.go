package filter

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// progress counts the bytes read through it and, every so often, shows
// the count on a terminal: with the percentage and the time left when the
// input's size is known. Jobs shorter than its delay show nothing. Other
// output to the same terminal goes through above, which clears the
// progress line first: a line of output never holds progress.
type progress struct {
	r     io.Reader
	w     io.Writer
	name  string
	n     int64
	total int64 // the input's size, or -1
	start time.Time
	next  time.Time
	shown bool
}

const (
	progressDelay = 500 * time.Millisecond
	progressEvery = 200 * time.Millisecond
)

// clock is the progress's time: a test's seam.
var clock = time.Now

func newProgress(r io.Reader, w io.Writer, name string, total int64) *progress {
	now := clock()
	return &progress{r: r, w: w, name: name, total: total, start: now, next: now.Add(progressDelay)}
}

func (p *progress) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.n += int64(n)
	if now := clock(); now.After(p.next) {
		p.next = now.Add(progressEvery)
		p.shown = true
		elapsed := now.Sub(p.start)
		if p.total > 0 && p.n > 0 && p.n <= p.total {
			left := time.Duration(float64(elapsed) * float64(p.total-p.n) / float64(p.n))
			fmt.Fprintf(p.w, "\r\033[Kgdvar %s: %.1f of %.1f MB (%d%%), %s left", p.name, float64(p.n)/1e6, float64(p.total)/1e6, p.n*100/p.total, left.Round(time.Second))
		} else {
			fmt.Fprintf(p.w, "\r\033[Kgdvar %s: %.1f MB read (%.0f MB/s)", p.name, float64(p.n)/1e6, float64(p.n)/1e6/elapsed.Seconds())
		}
	}
	return n, err
}

// Seek seeks the input, where it can: the conversions read a file twice
// when they must, and copy an input that cannot seek to a temporary file.
func (p *progress) Seek(off int64, whence int) (int64, error) {
	s, ok := p.r.(io.Seeker)
	if !ok {
		return 0, errors.New("the input cannot seek")
	}
	at, err := s.Seek(off, whence)
	if err == nil {
		p.n = at
	}
	return at, err
}

// done clears the progress line.
func (p *progress) done() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// above returns w, to the same terminal as the progress: what is written to
// it clears the progress line first, which the next update draws again.
func (p *progress) above(w io.Writer) io.Writer { return clearing{p, w} }

type clearing struct {
	p *progress
	w io.Writer
}

func (c clearing) Write(b []byte) (int, error) {
	c.p.done()
	return c.w.Write(b)
}

// inputSize returns the size of what is left of in if it is a regular
// file, or -1.
func inputSize(in io.Reader) int64 {
	f, ok := in.(*os.File)
	if !ok {
		return -1
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return -1
	}
	at, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return -1
	}
	return fi.Size() - at
}

// isTerminal reports whether w is a terminal (a test's seam).
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
