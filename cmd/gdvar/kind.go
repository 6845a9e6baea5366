package main

import (
	"bufio"
	"bytes"
	"io"
)

// fileKind is what a file holds, told from its first bytes.
type fileKind uint8

const (
	kindValues fileKind = iota // binary values: var_to_bytes, a store_var save
	kindConfig                 // a ConfigFile's text
)

// sniffLen is how many bytes tell the kinds apart. A binary value's
// header, and a frame's length and the header after it, hold a NUL in
// them; text never does.
const sniffLen = 8

// sniff tells what the input holds and returns a reader of all of it,
// which can seek when in could.
func sniff(in io.Reader) (fileKind, io.Reader, error) {
	if rs, ok := in.(io.ReadSeeker); ok {
		if start, err := rs.Seek(0, io.SeekCurrent); err == nil {
			var b [sniffLen]byte
			n, err := io.ReadFull(rs, b[:])
			if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
				return 0, nil, err
			}
			if _, err := rs.Seek(start, io.SeekStart); err != nil {
				return 0, nil, err
			}
			return kindOf(b[:n]), in, nil
		}
	}
	br := bufio.NewReader(in)
	head, err := br.Peek(sniffLen)
	if err != nil && err != io.EOF {
		return 0, nil, err
	}
	return kindOf(head), br, nil
}

// kindOf tells the kind from the input's first bytes.
func kindOf(head []byte) fileKind {
	if len(head) > 0 && bytes.IndexByte(head, 0) < 0 {
		return kindConfig
	}
	return kindValues
}
