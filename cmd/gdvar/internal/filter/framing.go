package filter

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gdvar/gdvar"
)

// Binary values come in two framings: none, one value after another, as
// var_to_bytes and put_var without a length write them; stream, each value
// after its length (u32), as FileAccess.store_var and StreamPeer.put_var
// write them (a save file). -framing auto, the default of the commands that
// read binary values, tells which from the input's first headMax bytes,
// after any container, read with objects allowed (objects are a question
// of their own, not of the framing). This is the rule, as -h gives it:
const framingRule = `auto, none or stream. none: values one after another, as var_to_bytes writes them; stream: each value after a u32 length, as FileAccess.store_var and StreamPeer.put_var write them (a save file); auto: the first 64 KiB of the content (inside any encryption or compression) decide: stream if they read as frames, each a u32 length and exactly one value of that many bytes; none if they read as values one after another, the last ending the input or cut by the 64 KiB; if both, the one whose values are the more plausible (fewer denormal reals, as a small integer's bits read as a float are, NaNs or infinities, engine handles (RID, Callable, Signal, object ids), control characters in text, and tokens written as no engine writes them); if both are as plausible, the one the command read before auto (migrate stream, the others none), with a note; scan reads both and lists what either finds; if neither, stream if they read as frames but for the last, cut short by the end of the input (a damaged save), else none, and the error says what the input looks like`

// framingFlag adds -framing, and -password, -key and -max-content-bytes,
// to a command that reads binary values.
func framingFlag(fs *flag.FlagSet, cfg *config) {
	keyFlags(fs, cfg)
	cfg.framing = "auto"
	fs.StringVar(&cfg.framing, "framing", "auto", framingRule)
}

// checkFraming validates -framing: encode, which writes values, is told
// which framing to write.
func (c *config) checkFraming(cmd string) error {
	switch {
	case c.framing == "none" || c.framing == "stream":
		return nil
	case c.framing == "auto" && cmd != "encode":
		c.framingAuto = true
		return nil
	case cmd == "encode":
		return fmt.Errorf("-framing %q: want none or stream", c.framing)
	}
	return fmt.Errorf("-framing %q: want auto, none or stream", c.framing)
}

// readings says which framings the start of the input reads in, and how
// oddly (see oddities); cut, that it reads as frames of which the input's
// end cuts the last, as it cuts a damaged save file.
type readings struct {
	stream, none       bool
	streamOdd, noneOdd int
	cut                bool
}

// readAs tells how the start of the input, c.start, reads as the
// engine's values.
func (c *config) readAs(engine gdvar.Engine) readings {
	codec := c.codecWith(gdvar.WithEngine(engine), gdvar.AllowObjects(true))
	var r readings
	r.stream, r.streamOdd = readsAsFrames(c.start, c.whole, c.limits.MaxValueBytes, codec)
	r.none, r.noneOdd = readsAsValues(c.start, c.whole, codec)
	if c.whole && !r.stream {
		r.cut, _ = readsAsFrames(c.start, false, c.limits.MaxValueBytes, codec)
	}
	return r
}

// readsAsFrames reports whether b holds one frame or more, each exactly
// one value and at most maxFrame bytes, as the stream reader takes them,
// and how many oddities the values hold; the last frame may be cut by b's
// end unless b is the whole input.
func readsAsFrames(b []byte, whole bool, maxFrame int64, codec *gdvar.Codec) (bool, int) {
	var odd oddities
	n := 0
	for ; len(b) > 0; n++ {
		if len(b) < 4 {
			return !whole && n > 0, odd.n
		}
		size := int64(binary.LittleEndian.Uint32(b))
		switch {
		case size < 4 || size > maxFrame: // no value is shorter
			return false, odd.n
		case 4+size > int64(len(b)):
			return !whole && cutValue(b[4:], codec, &odd), odd.n
		}
		dec := codec.NewDecoder(bytes.NewReader(b[4 : 4+size]))
		if _, err := scoreValue(dec, &odd); err != nil || dec.InputOffset() != size {
			return false, odd.n
		}
		b = b[4+size:]
	}
	return n > 0, odd.n
}

// cutValue reports whether b, the start of a frame cut short, starts with
// a valid value that b's end cuts, or ends; odd, if not nil, counts the
// value's oddities.
func cutValue(b []byte, codec *gdvar.Codec, odd *oddities) bool {
	dec := codec.NewDecoder(bytes.NewReader(b))
	_, err := scoreValue(dec, odd)
	return errors.Is(err, gdvar.ErrTruncated) || err == nil && dec.InputOffset() == int64(len(b))
}

// firstType returns the type of the value b starts with.
func firstType(b []byte, codec *gdvar.Codec) gdvar.Type {
	tok, _ := codec.NewDecoder(bytes.NewReader(b)).ReadToken()
	return tok.Type()
}

// readsAsValues reports whether b holds values one after another, each
// valid, and how many oddities they hold; the last may be cut by b's end
// unless b is the whole input.
func readsAsValues(b []byte, whole bool, codec *gdvar.Codec) (bool, int) {
	var odd oddities
	dec := codec.NewDecoder(bytes.NewReader(b))
	for n := 0; ; n++ {
		_, err := scoreValue(dec, &odd)
		switch {
		case err == io.EOF:
			return n > 0, odd.n
		case err != nil:
			return !whole && errors.Is(err, gdvar.ErrTruncated), odd.n
		}
	}
}

// framingOf reports whether the input reads in the framing of the flags:
// in either with -framing auto.
func (c *config) framingOf(r readings) bool {
	switch {
	case c.framingAuto:
		return r.stream || r.none
	case c.framing == "stream":
		return r.stream
	}
	return r.none
}

// choose returns the framing -framing auto reads the input in, for cmd: the
// one it reads in; of both, the one whose values hold fewer oddities; of
// both equally odd, the one cmd read such input in before -framing auto
// existed (migrate stream, the others none), and tie. scan reads both. A
// save file the input's end cuts is read as one, to report where, unless
// the input reads as values.
func (r readings) choose(cmd string) (framing string, tie bool) {
	switch {
	case r.stream && r.none && cmd == "scan":
		return "both", false
	case r.stream && r.none && r.streamOdd != r.noneOdd:
		return map[bool]string{true: "stream", false: "none"}[r.streamOdd < r.noneOdd], false
	case r.stream && r.none && cmd == "migrate":
		return "stream", true
	case r.stream && r.none:
		return "none", true
	case r.stream, r.cut && !r.none:
		return "stream", false
	}
	return "none", false
}

// tieNote says that the input reads both ways equally plausibly, how it is
// read and how to read it the other way, naming the first value's type in
// each.
func tieNote(framing string, stream, none gdvar.Type) string {
	read, other := "values one after another (var_to_bytes)", "-framing stream reads it as a save file"
	if framing == "stream" {
		read, other = "a save file (store_var)", "-framing none reads it as values one after another"
	}
	return fmt.Sprintf("the input reads both as a save file (store_var: each value after its length) and as values one after another (var_to_bytes), equally plausibly: read as %s, as before -framing auto; %s\n"+
		"as a save file the first value is of type %s; as values, of type %s", read, other, stream, none)
}

// peekHead returns a reader of all of r and the first headMax bytes of it
// (all of it if whole), reading them again from r if it can seek.
func peekHead(r io.Reader) (io.Reader, []byte, bool, error) {
	if rs, ok := r.(io.ReadSeeker); ok {
		if start, err := rs.Seek(0, io.SeekCurrent); err == nil {
			head := make([]byte, headMax)
			n, err := io.ReadFull(rs, head)
			if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
				return nil, nil, false, err
			}
			if _, err := rs.Seek(start, io.SeekStart); err != nil {
				return nil, nil, false, err
			}
			return r, head[:n], n < headMax, nil
		}
	}
	br := bufio.NewReaderSize(r, headMax)
	head, err := br.Peek(headMax)
	if err != nil && err != io.EOF {
		return nil, nil, false, err
	}
	// A copy: the reader's buffer holds later bytes once they are read,
	// and the hints read head after a failure.
	return br, bytes.Clone(head), len(head) < headMax, nil
}

// resolveFraming reads the start of binary values from r, keeps it in
// c.start for the checks that follow, and with -framing auto sets the
// framing it reads in ("both" for scan, which reads either), writing on
// stderr a note when both read equally plausibly. It returns a reader of
// all of r.
func (c *config) resolveFraming(r io.Reader, cmd string, stderr io.Writer) (io.Reader, error) {
	r, head, whole, err := peekHead(r)
	if err != nil {
		return nil, err
	}
	c.start, c.whole = head, whole
	if !c.framingAuto {
		return r, nil
	}
	framing, tie := c.readAs(c.engine).choose(cmd)
	c.framing = framing
	if tie {
		codec := c.codecWith(gdvar.AllowObjects(true))
		note := tieNote(framing, firstType(head[4:], codec), firstType(head, codec))
		for line := range strings.Lines(note) {
			fmt.Fprintf(stderr, "gdvar %s: %s\n", cmd, strings.TrimSuffix(line, "\n"))
		}
	}
	return r, nil
}
