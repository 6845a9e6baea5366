package filter

import (
	"bufio"
	"bytes"
	"io"
	"unicode/utf8"

	"github.com/gdvar/gdvar/resource"
)

// fileKind is what a file holds, told from its first bytes.
type fileKind uint8

const (
	kindValues         fileKind = iota // binary values: var_to_bytes, a store_var save
	kindConfig                         // a ConfigFile's text
	kindTextResource                   // a text resource or scene (.tres, .tscn)
	kindBinaryResource                 // a binary one (.res, .scn, compressed or not)
)

// isResource reports whether a kind is a resource file's.
func (k fileKind) isResource() bool { return k == kindTextResource || k == kindBinaryResource }

// sniffLen is how many bytes tell the kinds apart. A binary value's
// header, and a frame's length and the header after it, hold a NUL in
// them; text never does, and is UTF-8. A binary resource starts with its magic number; a
// text one with its header, perhaps after comments.
const sniffLen = 512

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
	switch {
	case resource.IsBinary(head):
		return kindBinaryResource
	case isTextResource(head):
		return kindTextResource
	case len(head) > 0 && isText(head):
		return kindConfig
	}
	return kindValues
}

// isText reports whether the input's first bytes are text: no NUL among
// the first 8 (where binary values have one), and UTF-8 (which a PNG, say,
// is not), the last character perhaps cut by the end of head.
func isText(head []byte) bool {
	if bytes.IndexByte(head[:min(len(head), 8)], 0) >= 0 {
		return false
	}
	for len(head) > 0 {
		r, n := utf8.DecodeRune(head)
		if r == utf8.RuneError && n == 1 {
			return len(head) < utf8.UTFMax && !utf8.FullRune(head)
		}
		head = head[n:]
	}
	return true
}

// isTextResource reports whether text starts as a text resource does:
// [gd_resource or [gd_scene, after white space and ";" comments.
func isTextResource(head []byte) bool {
	for {
		head = bytes.TrimLeft(head, " \t\r\n")
		if !bytes.HasPrefix(head, []byte(";")) {
			break
		}
		i := bytes.IndexByte(head, '\n')
		if i < 0 {
			return false
		}
		head = head[i+1:]
	}
	return bytes.HasPrefix(head, []byte("[gd_resource")) || bytes.HasPrefix(head, []byte("[gd_scene"))
}
