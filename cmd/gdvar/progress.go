package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// progress counts the bytes read through it and, every so often, shows
// the count on a terminal. Jobs shorter than its delay show nothing.
type progress struct {
	r     io.Reader
	w     io.Writer
	name  string
	n     int64
	start time.Time
	next  time.Time
	shown bool
}

const (
	progressDelay = 500 * time.Millisecond
	progressEvery = 200 * time.Millisecond
)

func newProgress(r io.Reader, w io.Writer, name string) *progress {
	now := time.Now()
	return &progress{r: r, w: w, name: name, start: now, next: now.Add(progressDelay)}
}

func (p *progress) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.n += int64(n)
	if now := time.Now(); now.After(p.next) {
		p.next = now.Add(progressEvery)
		p.shown = true
		fmt.Fprintf(p.w, "\rgdvar %s: %.1f MB read (%.0f MB/s)", p.name, float64(p.n)/1e6, float64(p.n)/1e6/now.Sub(p.start).Seconds())
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
	}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
