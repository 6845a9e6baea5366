package game

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// The longest lines read from standard input: a command of gdvar debug,
// and a message (or a batch of them) of gdvar mcp.
const (
	maxCommandLine = 1 << 20
	mcpMaxLine     = 4 << 20
)

// errLineTooLong is the error for a line longer than its bound.
var errLineTooLong = errors.New("line too long")

// lineReader reads newline-delimited lines of at most max bytes. A longer
// line is refused as soon as it passes max, and the rest of it is skipped
// on the next read, never held: the line after it is read as it should be.
type lineReader struct {
	br   *bufio.Reader
	max  int
	skip bool // a refused line's end is still to come
	// long, if set, is given each line over max, piece by piece as it
	// comes, until it has decided what it looks for (gdvar mcp: the
	// call's id), which answers the line; the line is refused then, the
	// rest of it skipped.
	long longReader
}

// longReader reads a line over a lineReader's bound until it has found
// what it looks for in it.
type longReader interface {
	io.Writer
	Decided() bool
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line without its "\n" (or "\r\n"), a last line
// without one included; errLineTooLong for one of more than max bytes;
// io.EOF at the end.
func (l *lineReader) next() ([]byte, error) {
	var line []byte
	for {
		chunk, err := l.br.ReadSlice('\n')
		if l.skip {
			switch {
			case err == nil:
				l.skip = false
			case !errors.Is(err, bufio.ErrBufferFull):
				return nil, err
			}
			continue
		}
		n := len(line) + len(chunk)
		if err == nil {
			n -= len(chunk) - len(bytes.TrimSuffix(bytes.TrimSuffix(chunk, []byte("\n")), []byte("\r"))) // the line break
		}
		if n > l.max {
			if l.long != nil {
				return nil, l.readLong(line, chunk, err)
			}
			l.skip = err != nil // the rest comes next time
			return nil, fmt.Errorf("%w: over %d bytes", errLineTooLong, l.max)
		}
		if n > cap(line) { // doubling: append grows a large slice by a quarter, allocating 5 bytes a byte
			grown := make([]byte, len(line), max(n+1, 2*cap(line)))
			copy(grown, line)
			line = grown
		}
		line = append(line, chunk...)
		switch {
		case err == nil:
			line = line[:len(line)-1]
			if len(line) > 0 && line[len(line)-1] == '\r' {
				line = line[:len(line)-1]
			}
			return line, nil
		case errors.Is(err, bufio.ErrBufferFull):
		case errors.Is(err, io.EOF) && len(line) > 0:
			return line, nil // the next call returns io.EOF
		default:
			return nil, err
		}
	}
}

// readLong gives l.long the line over max read so far (line, then chunk,
// which ReadSlice returned with err) and what comes of the rest until it
// has decided, and refuses the line; the rest is skipped after.
func (l *lineReader) readLong(line, chunk []byte, err error) error {
	l.long.Write(line)
	for {
		l.long.Write(chunk)
		if !errors.Is(err, bufio.ErrBufferFull) || l.long.Decided() {
			break
		}
		chunk, err = l.br.ReadSlice('\n')
	}
	switch {
	case errors.Is(err, bufio.ErrBufferFull):
		l.skip = true // the rest comes next time
	case err != nil && !errors.Is(err, io.EOF):
		return err
	}
	return fmt.Errorf("%w: over %d bytes", errLineTooLong, l.max)
}

// readLines calls f with each line r holds, without its line break, in
// order, or with errLineTooLong for a line over max bytes, which is read
// past without being kept. It returns r's error, nil at its end.
func readLines(r io.Reader, max int, f func(line string, err error)) error {
	lr := newLineReader(r, max)
	for {
		line, err := lr.next()
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, errLineTooLong):
			f("", err)
		case err != nil:
			return err
		default:
			f(string(line), nil)
		}
	}
}
