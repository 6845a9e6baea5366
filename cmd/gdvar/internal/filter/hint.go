package filter

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/migrate"
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

// report writes a failed command's error on stderr: first, when a check
// can tell, the likely cause and its fix, then the error itself, which is
// the detail. An error of more than one line gives each its prefix.
func (c *config) report(stderr io.Writer, err error) {
	text := message(err)
	h := c.errorHint(err)
	if h == "" {
		h = c.hint()
	}
	if h == "" && (errors.Is(err, gdvar.ErrTruncated) || errors.Is(err, io.ErrUnexpectedEOF)) {
		h = "the input ends inside a value: the file is cut short (copied or saved in part?)"
	}
	if h != "" {
		text = h + "\n" + text
	}
	for line := range strings.Lines(text) {
		fmt.Fprintf(stderr, "gdvar %s: %s\n", c.cmd, strings.TrimSuffix(line, "\n"))
	}
}

// errorHint says what to try about an error, or "" when it does not tell.
func (c *config) errorHint(err error) string {
	var se *vartext.SyntaxError
	switch {
	case errors.Is(err, gdvar.ErrObjectsNotAllowed) && !c.objects:
		return "the input holds full objects, as store_var(value, true) writes them: if you trust it, add -objects"
	case errors.As(err, &se) && c.readConfig && c.engine == gdvar.Godot3 && c.head != nil && emptyValue(c.head.head):
		return fmt.Sprintf("if a key before line %d has nothing after \"=\", it held a RID, which Godot 3 writes as nothing and no engine reads back: remove that line", se.Line)
	case errors.Is(err, fileaccess.ErrChecksum):
		return "wrong password or key, or the file was changed: check -password (or $" + passwordEnv + ") or -key"
	case errors.Is(err, fileaccess.ErrContentTooLarge):
		return "the compressed file declares more content than -max-content-bytes allows: if you trust it, raise -max-content-bytes"
	case errors.Is(err, migrate.ErrNotGodot3):
		return "it is a Godot 4 file already: migrated already? It needs no migration"
	case c.cmd == "encode" && c.head != nil && bytes.IndexByte(c.head.head[:min(len(c.head.head), sniffLen)], 0) >= 0:
		return "it is binary, not JSON or text: encode writes binary from them; gdvar json and gdvar text read binary"
	case errors.Is(err, errNotConfig) && looksJSON(c.head):
		return "it is JSON, not a Godot file: gdvar encode reads the JSON gdvar json prints"
	case errors.Is(err, errNotConfig) && c.head != nil && bytes.HasPrefix(c.head.head, lfsPointer):
		return "it is a Git LFS pointer, not the file it stands for: fetch the file with git lfs pull, then read it"
	case errors.Is(err, errNotConfig):
		return "it is text, but no ConfigFile or resource: gdvar reads Godot's binary values, save files, ConfigFiles and resource files"
	}
	return ""
}

// lfsPointer starts a Git LFS pointer, the text a clone holds in a
// file's place until its content is fetched: public projects keep their
// scenes and resources so.
var lfsPointer = []byte("version https://git-lfs.github.com/spec/v1\n")

// looksJSON reports whether the input starts as JSON does, and not as a
// ConfigFile's [section].
func looksJSON(head *recorder) bool {
	if head == nil {
		return false
	}
	b := bytes.TrimSpace(head.head)
	return len(b) > 0 && (b[0] == '{' || b[0] == '"' || head.eof && json.Valid(b))
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
	if c.kind == kindValues && c.cmd == "convert" {
		return "it is binary values or a save file, not a resource: gdvar json and gdvar text read it"
	}
	if len(c.start) < 4 || c.engine == gdvar.Godot2 {
		return ""
	}
	if !c.startsAsValues(gdvar.Godot4) && !c.startsAsValues(gdvar.Godot3) {
		return fmt.Sprintf("it does not start as any file gdvar reads (binary values, a save file, a ConfigFile or a resource, of Godot 4 or 3): it starts with % x", c.start[:min(len(c.start), 8)])
	}
	if c.cmd == "migrate" { // whose errors say the rest
		return ""
	}
	own := c.readAs(c.engine)
	other, version, flag := gdvar.Godot3, "Godot 3", "-engine 3"
	if c.engine == gdvar.Godot3 {
		other, version, flag = gdvar.Godot4, "Godot 4", "-engine 4"
	}
	them := c.readAs(other)
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

// startsAsValues reports whether the input starts with a valid token of
// the engine, or with a frame holding one value as far as the input goes:
// what damaged binary values or a damaged save file still do.
func (c *config) startsAsValues(engine gdvar.Engine) bool {
	codec := c.codecWith(gdvar.WithEngine(engine), gdvar.AllowObjects(true))
	b := c.start
	if _, err := codec.NewDecoder(bytes.NewReader(b)).ReadToken(); err == nil || errors.Is(err, gdvar.ErrTruncated) {
		return true
	}
	size := int64(binary.LittleEndian.Uint32(b))
	switch {
	case size < 4 || size > c.limits.MaxValueBytes:
		return false
	case 4+size > int64(len(b)):
		return cutValue(b[4:], codec, nil)
	}
	return oneValue(b[4:4+size], true, codec)
}

// oneValue reports whether b starts with a value, which ends b if whole.
func oneValue(b []byte, whole bool, codec *gdvar.Codec) bool {
	_, ok := valueType(b, whole, codec)
	return ok
}

// valueType returns the type of the value b starts with, which ends b if
// whole.
func valueType(b []byte, whole bool, codec *gdvar.Codec) (gdvar.Type, bool) {
	dec := codec.NewDecoder(bytes.NewReader(b))
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
	t3, ok := valueType(b, true, c.codecWith(gdvar.WithEngine(gdvar.Godot3)))
	if !ok || t3 == typ || t3 != gdvar.TypeDictionary && t3 != gdvar.TypeArray {
		return "" // a Godot 4 value often reads as another Godot 3 one; a container rarely
	}
	return fmt.Sprintf("it is a Godot 3 %s too: if Godot 3 wrote it, try -engine 3", t3)
}
