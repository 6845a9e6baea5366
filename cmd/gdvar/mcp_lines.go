package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// mcpMaxLine bounds a line of gdvar mcp's input: one JSON-RPC message, or
// one batch of them.
const mcpMaxLine = 4 << 20

// errLineTooLong is the error for a line longer than its bound.
var errLineTooLong = errors.New("line too long")

// lineReader reads newline-delimited lines of at most max bytes. A longer
// line is refused as soon as it passes max, and the rest of it is skipped
// on the next read, never held: the line after it is read as it should be.
type lineReader struct {
	br   *bufio.Reader
	max  int
	skip bool // a refused line's end is still to come
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
			n-- // the newline
		}
		if n > l.max {
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
