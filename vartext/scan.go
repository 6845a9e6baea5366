package vartext

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// SyntaxError is the error for text that is not a valid value.
type SyntaxError struct {
	Offset int64 // byte offset of the problem in the input
	Line   int   // 1-based line
	Column int   // 1-based column, in bytes
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("vartext: line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// windowSize is how much of the input a scanner holds at a time, at
// most; its window starts at firstWindow and doubles while the input
// fills it, so that a small file costs a small window.
const (
	windowSize  = 64 << 10
	firstWindow = 512
)

// scanner reads text from an io.Reader through a window of at most
// windowSize bytes, and keeps track of lines for errors. Every token but a string is
// short (numbers and names are limited to maxWord bytes); strings are read
// in pieces.
type scanner struct {
	r    io.Reader
	buf  []byte
	pos  int   // the next byte, in buf
	base int64 // the input offset of buf[0]
	err  error // the reader's error, once it gave one
	line int   // 1-based line of the next byte
	bol  int64 // the input offset where that line begins
	word []byte
}

func (s *scanner) reset(r io.Reader) {
	*s = scanner{r: r, buf: s.buf[:0], line: 1, word: s.word[:0]}
}

// mark is a place in the input to read again from.
type mark struct {
	at, bol int64
	line    int
}

func (s *scanner) mark() mark { return mark{at: s.offset(), bol: s.bol, line: s.line} }

// restart makes s read from m, its reader having been sought back there.
func (s *scanner) restart(m mark) {
	s.buf, s.pos, s.err = s.buf[:0], 0, nil
	s.base, s.bol, s.line = m.at, m.bol, m.line
}

// offset returns the input offset of the next byte.
func (s *scanner) offset() int64 { return s.base + int64(s.pos) }

// fill reads more input; it reports false when there is none.
func (s *scanner) fill() bool {
	if s.err != nil {
		return false
	}
	if s.pos > 0 { // keep only what is not read yet
		n := copy(s.buf, s.buf[s.pos:])
		s.base += int64(s.pos)
		s.buf, s.pos = s.buf[:n], 0
	}
	if len(s.buf) == cap(s.buf) && cap(s.buf) < windowSize {
		s.buf = append(make([]byte, 0, min(windowSize, max(firstWindow, 2*cap(s.buf)))), s.buf...)
	}
	for range 100 { // as bufio does with readers that return nothing
		n, err := s.r.Read(s.buf[len(s.buf):cap(s.buf)])
		s.buf = s.buf[:len(s.buf)+n]
		if err != nil {
			s.err = err
		}
		if n > 0 || err != nil {
			return n > 0
		}
	}
	s.err = io.ErrNoProgress
	return false
}

// peek returns the next byte without reading it, or 0 at the end.
func (s *scanner) peek() byte {
	if s.pos < len(s.buf) || s.fill() {
		return s.buf[s.pos]
	}
	return 0
}

// peekAt returns the byte i bytes after the next one, or 0 past the end.
func (s *scanner) peekAt(i int) byte {
	for len(s.buf)-s.pos <= i {
		if !s.fill() {
			return 0
		}
	}
	return s.buf[s.pos+i]
}

// atEnd reports whether the input is over.
func (s *scanner) atEnd() bool { return s.pos >= len(s.buf) && !s.fill() }

// next reads a byte; at the end it returns 0.
func (s *scanner) next() byte {
	c := s.peek()
	if s.pos < len(s.buf) {
		s.pos++
		if c == '\n' {
			s.line++
			s.bol = s.offset()
		}
	}
	return c
}

// inputError returns the reader's error if it gave one other than io.EOF.
func (s *scanner) inputError() error {
	if s.err != nil && !errors.Is(s.err, io.EOF) {
		return s.err
	}
	return nil
}

// errorf returns a SyntaxError at the next byte, or the reader's error.
func (s *scanner) errorf(format string, args ...any) error {
	return s.errorAt(s.offset(), format, args...)
}

// errorAt returns a SyntaxError at an offset on the current line, or the
// reader's error.
func (s *scanner) errorAt(at int64, format string, args ...any) error {
	if err := s.inputError(); err != nil {
		return err
	}
	return &SyntaxError{Offset: at, Line: s.line, Column: int(at-s.bol) + 1, Msg: fmt.Sprintf(format, args...)}
}

// found describes the next byte or character, for errors.
func (s *scanner) found() string {
	if s.atEnd() {
		return "end of input"
	}
	if len(s.buf)-s.pos < utf8.UTFMax {
		s.fill()
	}
	r, _ := utf8.DecodeRune(s.buf[s.pos:])
	return strconv.QuoteRune(r)
}

// skipSpace skips white space and comments (";" to the end of the line, as
// in Godot's resource files), and a byte order mark that starts the input,
// which the engines' UTF-8 decoders drop.
func (s *scanner) skipSpace() {
	if s.base == 0 && s.pos == 0 && s.peekAt(2) == bom[2] && s.buf[0] == bom[0] && s.buf[1] == bom[1] {
		s.pos = len(bom)
	}
	if s.pos < len(s.buf) && !spaceStarts[s.buf[s.pos]] {
		return // the common case: a value or a separator next
	}
	comment := false
	for s.pos < len(s.buf) || s.fill() {
		switch c := s.buf[s.pos]; {
		case c == '\n':
			s.pos++
			s.line++
			s.bol = s.offset()
			comment = false
		case comment || c == ' ' || c == '\t' || c == '\r':
			s.pos++
		case c == ';':
			comment = true
			s.pos++
		default:
			return
		}
	}
}

// spaceStarts are the bytes skipSpace skips from.
var spaceStarts = [256]bool{' ': true, '\t': true, '\r': true, '\n': true, ';': true}

// maxWord bounds a number or a name.
const maxWord = 4096

// readWord reads the bytes for which in is true (never a newline) into
// s.word, which it returns.
func (s *scanner) readWord(in *[256]bool) ([]byte, error) {
	s.word = s.word[:0]
	for s.pos < len(s.buf) || s.fill() {
		i := s.pos
		for i < len(s.buf) && in[s.buf[i]] {
			i++
		}
		s.word = append(s.word, s.buf[s.pos:i]...)
		s.pos = i
		if len(s.word) > maxWord {
			return nil, s.errorf("a name or number longer than %d bytes", maxWord)
		}
		if i < len(s.buf) {
			break
		}
	}
	return s.word, nil
}
