package filter

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/internal/infile"
	"github.com/gdvar/gdvar/stream"
	"github.com/gdvar/gdvar/varjson"
	"github.com/gdvar/gdvar/vartext"
)

func textFlags(fs *flag.FlagSet, cfg *config) {
	framingFlag(fs, cfg)
	asSavedFlag(fs, cfg)
}

func jsonFlags(fs *flag.FlagSet, cfg *config) {
	framingFlag(fs, cfg)
	fs.BoolVar(&cfg.pretty, "pretty", false, "indent the JSON (otherwise one value per line: JSON Lines)")
	asSavedFlag(fs, cfg)
}

func encodeFlags(fs *flag.FlagSet, cfg *config) {
	keyFlags(fs, cfg)
	fs.StringVar(&cfg.framing, "framing", "none", "what to write: none, values one after another, as var_to_bytes writes them; stream, each value after a u32 length, as FileAccess.store_var writes them (a save file)")
	compressFlag(fs, cfg)
	fs.StringVar(&cfg.from, "from", "json", "the form of FILE: json (from gdvar json) or text (Godot's var_to_str text, or a ConfigFile's with -to cfg)")
	fs.StringVar(&cfg.to, "to", "bin", "what to write: bin (binary values, a save file with -framing stream), cfg (a ConfigFile, from the JSON gdvar json prints for one, or from its text), tres or res (a resource or scene as text or binary, from its JSON, or from a resource file with -from text; tscn and scn alike)")
	resourceFlags(fs, cfg)
	asSavedFlag(fs, cfg)
	fs.StringVar(&cfg.like, "like", "", "with -from json, the JSON FILE was edited from (gdvar json's output), or with -to cfg, tres or res that JSON or the file itself (settings.cfg, level.tres): each number takes the type, int or float, of the number at its place there (the same key, or the same property of the same section), which jq before 1.7 loses (it prints 100.0 as 100)")
	fs.BoolVar(&cfg.double, "double", false, "with -from text, write math types with 64-bit reals, as double-precision builds of Godot do (default: 32-bit, as the standard builds)")
}

// valueCodec returns the codec of the flags: -engine, the limits and -objects.
func (c *config) valueCodec() (*gdvar.Codec, error) { return gdvar.NewCodec(c.options()...) }

// codecWith returns the codec of the flags, then opts: check, which runs
// before any command, has found the flags valid, and opts (an engine
// version, objects allowed) are.
func (c *config) codecWith(opts ...gdvar.Option) *gdvar.Codec {
	return gdvar.MustCodec(append(c.options(), opts...)...)
}

// frames returns a Reader of the frames in in, with the flags' codec, each
// frame of at most -max-value-bytes.
func (c *config) frames(in io.Reader) (*stream.Reader, error) {
	codec, err := c.valueCodec()
	if err != nil {
		return nil, err
	}
	return stream.NewReader(in, stream.WithCodec(codec), stream.WithMaxFrame(c.limits.MaxValueBytes))
}

// eachValue calls each with a Decoder at each value of the input in turn;
// each reads that one value from it, and may return errStop to end after
// it. With -framing stream the Decoder is bounded to the value's frame, so
// a value of any size streams, and the frame is checked to hold that value
// only and to be whole before eachValue goes on (or returns errStop).
func eachValue(in io.Reader, cfg *config, each func(dec *gdvar.Decoder) error) error {
	var frames *stream.Reader
	dec := cfg.codecWith().NewDecoder(in)
	counted := &countingReader{r: in} // where the input ends, when a frame is cut
	if cfg.framing == "stream" {
		var err error
		if frames, err = cfg.frames(counted); err != nil {
			return err
		}
	}
	for n := 0; ; n++ {
		var err error
		if frames != nil {
			if dec, err = frames.NextFrame(); err != nil {
				return endOfValues(n, err)
			}
		}
		err = each(dec)
		if err == io.EOF && frames == nil {
			return endOfValues(n, err)
		}
		if frames != nil {
			err = frameDone(dec, frames, counted, err)
		}
		switch {
		case err == errStop:
			return err
		case err != nil:
			return valueError(n, err)
		}
	}
}

// errStop, from eachValue's each, ends the reading after the value it read.
var errStop = errors.New("stop after this value")

// frameDone checks a frame once each has read its value, with err: that it
// held that one value, and that the input's end does not cut it. A cut
// frame is the error, whatever else went wrong in it: on an error the
// frame is read to its end (by starting the next) to tell.
func frameDone(dec *gdvar.Decoder, frames *stream.Reader, counted *countingReader, err error) error {
	switch err {
	case io.EOF:
		err = errors.New("an empty frame")
	case nil, errStop:
		if end := frameEnd(dec); end != nil {
			err = end
		}
	}
	at, declared := frames.Offset(), frames.FrameLen()
	if err != nil && err != errStop {
		frames.NextFrame() // its error is this frame's, or the next one's: counted tells
	}
	if counted.eof && counted.n < at+4+declared {
		return &cutFrameError{offset: at, declared: declared, held: counted.n - at - 4}
	}
	return err
}

// frameEnd checks that a frame's Decoder has read the frame's one value.
func frameEnd(dec *gdvar.Decoder) error {
	switch _, rest := dec.ReadToken(); rest {
	case io.EOF:
		return nil
	case nil:
		return errors.New("the frame holds more than one value")
	default:
		return fmt.Errorf("the frame holds more than one value, the second broken (%w)", rest)
	}
}

// valueError says which value failed, unless err already says where in the
// input it is (a decoding error's offset and path).
func valueError(n int, err error) error {
	var de *gdvar.DecodeError
	var fe *stream.FrameError
	var ce *cutFrameError
	if errors.As(err, &de) || errors.As(err, &fe) || errors.As(err, &ce) {
		return err
	}
	return fmt.Errorf("value %d: %w", n+1, err)
}

// endOfValues is what eachValue returns when no value follows value n: none at
// all is an error, as is a failure to read.
func endOfValues(n int, err error) error {
	switch {
	case err != io.EOF:
		return err
	case n == 0:
		return errors.New("no value: the input is empty")
	}
	return nil
}

// errAsSaved is the error of -as-saved given for what is no resource file.
var errAsSaved = errors.New("-as-saved: only for a resource file (.tres, .tscn, .res, .scn); leave it out")

func printText(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	switch {
	case cfg.asSaved && !cfg.kind.isResource():
		return errAsSaved
	case cfg.kind == kindConfig:
		return printConfigText(in, cfg, stdout)
	case cfg.kind.isResource():
		return printResourceText(in, cfg, stdout)
	}
	return spooled(stdout, func(s *spool) error {
		text, err := vartext.NewCodec(vartext.WithDialect(cfg.dialect))
		if err != nil {
			return err
		}
		enc := text.NewEncoder(s)
		return eachValue(in, cfg, func(dec *gdvar.Decoder) error {
			if err := enc.CopyValue(dec); err != nil {
				return err
			}
			_, err := s.Write([]byte{'\n'})
			return err
		})
	})
}

func printJSON(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	switch {
	case cfg.asSaved && !cfg.kind.isResource():
		return errAsSaved
	case cfg.kind == kindConfig:
		return printConfigJSON(in, cfg, stdout)
	case cfg.kind.isResource():
		return printResourceJSON(in, cfg, stdout)
	}
	return spooled(jsonWriter(cfg, stdout), func(s *spool) error {
		return writeJSON(in, cfg, s)
	})
}

// writeJSON converts each value of the input to JSON as it streams, with
// varjson.FromBinary, which owns the rare second reading of a value.
func writeJSON(in io.Reader, cfg *config, s *spool) error {
	codec, err := cfg.valueCodec()
	if err != nil {
		return err
	}
	return eachSeekable(in, cfg, func(v io.ReadSeeker) error {
		if err := varjson.FromBinary(s, v, varjson.WithCodec(codec)); err != nil {
			return err
		}
		_, err := s.Write([]byte{'\n'})
		return err
	})
}

// eachSeekable calls each with the input, made seekable, at each of its
// values in turn; each leaves it after the value (varjson.FromBinary). A
// frame's value is given as a reader of the frame alone, which must hold
// that one value.
func eachSeekable(in io.Reader, cfg *config, each func(io.ReadSeeker) error) error {
	rs, cleanup, err := seekable(in)
	if err != nil {
		return err
	}
	defer cleanup()
	if cfg.framing != "stream" {
		for n := 0; ; n++ {
			if err := each(rs); err == io.EOF {
				return endOfValues(n, err)
			} else if err != nil {
				return valueError(n, err)
			}
		}
	}
	start, err := rs.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	end, err := rs.Seek(0, io.SeekEnd) // where a frame the input's end cuts is cut
	if err != nil {
		return err
	}
	ra, ok := rs.(io.ReaderAt)
	if !ok {
		ra = readerAt{rs}
	}
	frames, err := cfg.frames(io.NewSectionReader(ra, start, math.MaxInt64-start))
	if err != nil {
		return err
	}
	for n := 0; ; n++ {
		if _, err := frames.NextFrame(); err != nil { // the value is read from ra; the Reader skips it
			return endOfValues(n, err)
		}
		at, size := frames.Offset(), frames.FrameLen()
		if held := end - start - at - 4; held < size {
			return &cutFrameError{offset: at, declared: size, held: held}
		}
		frame := io.NewSectionReader(ra, start+at+4, size)
		err = each(frame)
		if err == io.EOF {
			err = errors.New("an empty frame")
		} else if read, _ := frame.Seek(0, io.SeekCurrent); err == nil && read < size {
			err = errors.New("the frame holds more than one value")
		}
		if err != nil {
			return valueError(n, err)
		}
	}
}

// readerAt reads an io.ReadSeeker at offsets, seeking before each read.
type readerAt struct{ rs io.ReadSeeker }

func (r readerAt) ReadAt(p []byte, off int64) (int, error) {
	if _, err := r.rs.Seek(off, io.SeekStart); err != nil {
		return 0, err
	}
	n, err := io.ReadFull(r.rs, p)
	if err == io.ErrUnexpectedEOF {
		err = io.EOF
	}
	return n, err
}

// jsonWriter returns stdout, indenting the JSON written to it with
// -pretty. The conversions spool compact JSON and indent it as they copy
// it out, so that the spool can take back what it wrote.
func jsonWriter(cfg *config, stdout io.Writer) io.Writer {
	if cfg.pretty {
		return &indenter{w: stdout}
	}
	return stdout
}

func encode(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	switch cfg.to {
	case "cfg":
		return encodeConfig(in, cfg, stdout)
	case "tres", "tscn", "res", "scn":
		return encodeResource(in, cfg, stdout)
	}
	write := encodeValues
	if cfg.like != "" {
		write = encodeLike
	}
	return contained(cfg, false, stdout, func(s *spool) error { return write(in, cfg, s) })
}

// encodeValues writes the binary form of each JSON or text value of in to
// s. Each value is read once, the counts filled in as they come, and again
// in two passes if it holds what one pass cannot write (a Dictionary with
// a key twice in text, a member after the content it modifies in JSON):
// varjson.ToBinary and vartext.ToBinary own that.
func encodeValues(in io.Reader, cfg *config, s *spool) error {
	toBinary := func(rs io.ReadSeeker) error {
		return varjson.ToBinary(s, rs, varjson.WithCodec(engineCodec(cfg.engine)))
	}
	if cfg.from != "json" {
		p := gdvar.Single
		if cfg.double {
			p = gdvar.Double
		}
		text, err := vartext.NewCodec(vartext.WithDialect(cfg.dialect), vartext.WithMathPrecision(p))
		if err != nil {
			return err
		}
		toBinary = func(rs io.ReadSeeker) error { return text.ToBinary(s, rs) }
	}
	rs, cleanup, err := seekable(in)
	if err != nil {
		return err
	}
	defer cleanup()
	return eachOutput(cfg, s, func() error { return toBinary(rs) })
}

// engineCodec returns the codec of engine version e, and gdvar's other
// defaults.
func engineCodec(e gdvar.Engine) *gdvar.Codec { return gdvar.MustCodec(gdvar.WithEngine(e)) }

// encodeLike writes the binary form of each JSON value of in to s, taking
// the forms JSON leaves open from the values of the -like file, in turn.
func encodeLike(in io.Reader, cfg *config, s *spool) error {
	f, err := infile.Open(cfg.like, cli.FlagFileWait)
	if err != nil {
		return err
	}
	defer f.Close()
	codec := engineCodec(cfg.engine)
	jc := varjson.MustCodec(varjson.WithCodec(codec))
	dec := jc.NewDecoder(in)
	dec.Like(jc.NewDecoder(f))
	enc := codec.NewEncoder(s)
	return eachOutput(cfg, s, func() error {
		if err := dec.DecodeTo(enc); err != nil {
			return err
		}
		return enc.Flush()
	})
}

// eachOutput calls write until it finds no more values, each value in a
// frame of its own with -framing stream.
func eachOutput(cfg *config, s *spool, write func() error) error {
	return eachInput(func() error {
		if cfg.framing == "stream" {
			return s.frame(write)
		}
		return write()
	})
}

// eachInput calls next until it returns io.EOF: once per value of a JSON or
// text input.
func eachInput(next func() error) error {
	for n := 0; ; n++ {
		err := next()
		if err == io.EOF {
			return endOfValues(n, err)
		}
		if err != nil {
			return fmt.Errorf("value %d: %w", n+1, err)
		}
	}
}
