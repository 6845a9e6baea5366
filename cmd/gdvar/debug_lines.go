package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// maxCommandLine is the longest line gdvar debug reads from standard input.
const maxCommandLine = 1 << 20

// errLineTooLong is a line of standard input over maxCommandLine.
var errLineTooLong = errors.New("over the 1 MiB limit of a line; skipped")

// readLines calls f with each line r holds, without its "\n" or "\r\n", in
// order, or with errLineTooLong for a line over max bytes, which is read
// past without being kept. It returns r's error, nil at its end.
func readLines(r io.Reader, max int, f func(line string, err error)) error {
	in := bufio.NewReader(r)
	var line []byte
	tooLong := false
	for {
		part, err := in.ReadSlice('\n')
		if !tooLong {
			line = append(line, part...)
			tooLong = len(bytes.TrimRight(line, "\r\n")) > max
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && !errors.Is(err, io.EOF):
			return err
		case tooLong:
			f("", errLineTooLong)
		case len(line) > 0:
			line = bytes.TrimSuffix(line, []byte("\n"))
			f(string(bytes.TrimSuffix(line, []byte("\r"))), nil)
		}
		if err != nil {
			return nil // the end
		}
		line, tooLong = line[:0], false
	}
}
