package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// When reading fails, or validate finds bytes after the value, the
// mistakes a new user makes most are checked on the input's first bytes: a
// save file read as values or the other way round, a Godot 3 file read as
// Godot 4 or the other way round. Each check decodes at most headMax bytes.

// headMax is how much of the input's start the checks look at.
const headMax = 64 << 10

// recorder keeps the first headMax bytes read through it.
type recorder struct {
	r    io.Reader
	head []byte
	off  int64 // the offset of the next read
	eof  bool  // the input ended within head
}

func (r *recorder) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if r.off == int64(len(r.head)) && len(r.head) < headMax {
		r.head = append(r.head, p[:min(n, headMax-len(r.head))]...)
		r.eof = err == io.EOF && len(r.head) < headMax
	}
	r.off += int64(n)
	return n, err
}

// Seek seeks the input, where it can (the conversions read it twice).
func (r *recorder) Seek(off int64, whence int) (int64, error) {
	s, ok := r.r.(io.Seeker)
	if !ok {
		return 0, errors.New("the input cannot seek")
	}
	at, err := s.Seek(off, whence)
	if err == nil {
		r.off = at
	}
	return at, err
}

// errorHint says what to try about an error, or "" when it does not tell.
func (c *config) errorHint(err error) string {
	var se *vartext.SyntaxError
	switch {
	case errors.Is(err, gdvar.ErrObjectsNotAllowed) && !c.objects:
		return "the input holds full objects, as store_var(value, true) writes them: if you trust it, add -objects"
	case errors.As(err, &se) && c.readConfig && c.engine == gdvar.Godot3 && c.head != nil && emptyValue(c.head.head):
		return fmt.Sprintf("if a key before line %d has nothing after \"=\", it held a RID, which Godot 3 writes as nothing and no engine reads back: remove that line", se.Line)
	}
	return ""
}

// emptyValue reports whether a ConfigFile's text has a key with nothing
// after its "=", as Godot 3 writes a RID.
func emptyValue(text []byte) bool {
	for line := range bytes.Lines(text) {
		line = bytes.TrimRight(line, " \t\r\n")
		if len(line) > 1 && line[len(line)-1] == '=' && line[0] != ';' && line[0] != '[' {
			return true
		}
	}
	return false
}

// hint says what to try when the input did not read as the flags say, or
// "" when no check tells: the framing it reads in, or the other engine's
// (Godot 3's when reading as Godot 4, and Godot 4's when reading as 3).
func (c *config) hint() string {
	if c.kind == kindConfig && !c.readConfig {
		return "it is text, as a ConfigFile (.cfg) is: gdvar json and gdvar text read one"
	}
	if c.kind.isResource() && !c.readResource {
		return resourceHint
	}
	if len(c.start) < 4 || c.engine == gdvar.Godot2 || c.cmd == "migrate" { // whose errors say it
		return ""
	}
	own := readingsOf(c.start, c.whole, c.options())
	other, version, flag := gdvar.Godot3, "Godot 3", "-engine 3"
	if c.engine == gdvar.Godot3 {
		other, version, flag = gdvar.Godot4, "Godot 4", "-engine 4"
	}
	them := readingsOf(c.start, c.whole, append(c.options(), gdvar.WithEngine(other)))
	switch {
	case c.framing == "none" && own.stream && !c.framingAuto:
		return "it is a save file (store_var: each value after its length): use -framing stream, or leave -framing out"
	case c.framing == "stream" && own.none && !own.stream:
		return "it is values one after another (var_to_bytes), not a save file: use -framing none, or leave -framing out"
	case c.framingOf(own):
		return "" // it reads as the flags say: damaged further on, or not this
	case them.stream && (c.framingAuto || c.framing == "stream"):
		return fmt.Sprintf("it is a %s save file: add %s", version, flag)
	case them.stream:
		return fmt.Sprintf("it is a %s save file: use -framing stream %s", version, flag)
	case them.none && c.framing != "stream":
		return fmt.Sprintf("it is %s data: add %s", version, flag)
	}
	return ""
}

// oneValue reports whether b starts with a value, which ends b if whole.
func oneValue(b []byte, whole bool, opts []gdvar.Option) bool {
	_, ok := valueType(b, whole, opts)
	return ok
}

// valueType returns the type of the value b starts with, which ends b if
// whole.
func valueType(b []byte, whole bool, opts []gdvar.Option) (gdvar.Type, bool) {
	dec := gdvar.NewDecoder(bytes.NewReader(b), opts...)
	typ, err := readValue(dec)
	return typ, err == nil && (!whole || dec.InputOffset() == int64(len(b)))
}

// alsoGodot3 says so when the first value, valid as Godot 4's typ, is a
// whole Dictionary or Array in Godot 3 too: a Godot 3 Dictionary of 52
// bytes is a valid Transform3D. Checked after validate found it valid.
func (c *config) alsoGodot3(typ gdvar.Type) string {
	if c.engine != gdvar.Godot4 || !c.whole {
		return ""
	}
	b := c.start
	if c.framing == "stream" {
		if len(b) < 4 || int64(binary.LittleEndian.Uint32(b)) > int64(len(b)-4) {
			return ""
		}
		b = b[4 : 4+binary.LittleEndian.Uint32(b)]
	}
	t3, ok := valueType(b, true, append(c.options(), gdvar.WithEngine(gdvar.Godot3)))
	if !ok || t3 == typ || t3 != gdvar.TypeDictionary && t3 != gdvar.TypeArray {
		return "" // a Godot 4 value often reads as another Godot 3 one; a container rarely
	}
	return fmt.Sprintf("it is a Godot 3 %s too: if Godot 3 wrote it, try -engine 3", t3)
}
