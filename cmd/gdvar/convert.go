package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/stream"
	"github.com/gdvar/gdvar/varjson"
	"github.com/gdvar/gdvar/vartext"
)

func framingFlag(fs *flag.FlagSet, cfg *config) {
	keyFlags(fs, cfg)
	fs.StringVar(&cfg.framing, "framing", "none", "none: values one after another, as var_to_bytes writes them; stream: each value after a u32 length, as StreamPeer.put_var and FileAccess.store_var write them (a save file)")
}

func jsonFlags(fs *flag.FlagSet, cfg *config) {
	framingFlag(fs, cfg)
	fs.BoolVar(&cfg.pretty, "pretty", false, "indent the JSON (otherwise one value per line: JSON Lines)")
}

func encodeFlags(fs *flag.FlagSet, cfg *config) {
	framingFlag(fs, cfg)
	compressFlag(fs, cfg)
	fs.StringVar(&cfg.from, "from", "json", "the form of FILE: json (from gdvar json) or text (Godot's var_to_str text, or a ConfigFile's with -to cfg)")
	fs.StringVar(&cfg.to, "to", "bin", "what to write: bin (binary values, a save file with -framing stream), cfg (a ConfigFile, from the JSON gdvar json prints for one, or from its text), tres or res (a resource or scene as text or binary, from its JSON, or from a resource file with -from text; tscn and scn alike)")
	resourceFlags(fs, cfg)
	fs.StringVar(&cfg.like, "like", "", "with -from json, the JSON FILE was edited from (gdvar json's output): each number takes the type, int or float, of the number at its place there, which jq before 1.7 loses (it prints 100.0 as 100)")
	fs.BoolVar(&cfg.double, "double", false, "with -from text, write math types with 64-bit reals, as double-precision builds of Godot do (default: 32-bit, as the standard builds)")
}

// checkFraming validates -framing.
func (c *config) checkFraming() error {
	if c.framing != "none" && c.framing != "stream" {
		return fmt.Errorf("-framing %q: want none or stream", c.framing)
	}
	return nil
}

// eachValue calls each with a Decoder at each value of the input in turn;
// each reads that one value from it. With -framing stream the Decoder is
// bounded to the value's frame, so a value of any size streams.
func eachValue(in io.Reader, cfg *config, each func(dec *gdvar.Decoder) error) error {
	var frames *stream.Reader
	dec := gdvar.NewDecoder(in, cfg.options()...)
	if cfg.framing == "stream" {
		frames = stream.NewReader(in, append(cfg.options(), stream.WithMaxFrame(cfg.limits.MaxValueBytes))...)
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
		if err == io.EOF {
			err = errors.New("an empty frame")
		}
		if err == nil && frames != nil {
			err = frameEnd(dec)
		}
		if err != nil {
			return valueError(n, err)
		}
	}
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
	if errors.As(err, &de) || errors.As(err, &fe) {
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

func printText(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	switch {
	case cfg.kind == kindConfig:
		return printConfigText(in, cfg, stdout)
	case cfg.kind.isResource():
		return printResourceText(in, cfg, stdout)
	}
	return spooled(stdout, func(s *spool) error {
		enc := vartext.NewEncoder(s, vartext.WithDialect(cfg.dialect))
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
	case cfg.kind == kindConfig:
		return printConfigJSON(in, cfg, stdout)
	case cfg.kind.isResource():
		return printResourceJSON(in, cfg, stdout)
	}
	return spooled(stdout, func(s *spool) error {
		return writeJSON(in, cfg, s)
	})
}

// writeJSON converts each value of the input to JSON as it streams. Where
// a JSON form depends on what comes later in a value, the Encoder guesses
// the form values written by Godot take; on the rare input where a guess
// is wrong, the output is dropped and the input read again in two passes:
// the first records what the JSON forms depend on (varjson's LookAhead).
// Either way the input is made seekable first.
func writeJSON(in io.Reader, cfg *config, s *spool) error {
	rs, cleanup, err := seekable(in)
	if err != nil {
		return err
	}
	defer cleanup()
	start, err := rs.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	out, enc := jsonOutput(cfg, s)
	enc.Guess()
	err = eachValue(rs, cfg, jsonLines(enc, out))
	if !errors.Is(err, varjson.ErrWrongGuess) {
		return err
	}
	if err := s.truncate(0, nil); err != nil {
		return err
	}
	out, enc = jsonOutput(cfg, s)
	for _, each := range []func(*gdvar.Decoder) error{enc.LookAhead, jsonLines(enc, out)} {
		if _, err := rs.Seek(start, io.SeekStart); err != nil {
			return err
		}
		if err := eachValue(rs, cfg, each); err != nil {
			return err
		}
	}
	return nil
}

// jsonOutput returns the writer of JSON into s (indenting with -pretty)
// and an Encoder writing to it.
func jsonOutput(cfg *config, s *spool) (io.Writer, *varjson.Encoder) {
	out := jsonWriter(cfg, s)
	return out, varjson.NewEncoder(out, gdvar.WithEngine(cfg.engine))
}

// jsonWriter returns the writer of JSON into s, indenting with -pretty.
func jsonWriter(cfg *config, s *spool) io.Writer {
	if cfg.pretty {
		return &indenter{w: s}
	}
	return s
}

// jsonLines prints each value with enc, then a newline.
func jsonLines(enc *varjson.Encoder, out io.Writer) func(*gdvar.Decoder) error {
	return func(dec *gdvar.Decoder) error {
		if err := enc.CopyValue(dec); err != nil {
			return err
		}
		_, err := out.Write([]byte{'\n'})
		return err
	}
}

func encode(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	switch cfg.to {
	case "cfg":
		return encodeConfig(in, cfg, stdout)
	case "tres", "tscn", "res", "scn":
		return encodeResource(in, cfg, stdout)
	}
	// The input is read once, the counts filled in as they come, and again
	// in two passes (counts, then tokens) if it holds what one pass cannot
	// write: a Dictionary with a key twice in text, a member after the
	// content it modifies in JSON.
	rs, cleanup, err := seekable(in)
	if err != nil {
		return err
	}
	defer cleanup()
	start, err := rs.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	out, finish, drop, err := sealed(cfg, stdout)
	if err != nil {
		return err
	}
	err = spooled(out, func(s *spool) error {
		err := encodeValues(rs, cfg, s, true)
		if !errors.Is(err, vartext.ErrKeyTwice) && !errors.Is(err, varjson.ErrTwoPasses) {
			return err
		}
		if err := s.truncate(0, nil); err != nil {
			return err
		}
		if _, err := rs.Seek(start, io.SeekStart); err != nil {
			return err
		}
		return encodeValues(rs, cfg, s, false)
	})
	if err != nil {
		drop()
		return err
	}
	return finish()
}

// encodeValues writes the binary form of each JSON or text value of in to
// s, in one pass if once is set (OnePass: s can seek back to fill in the
// counts).
func encodeValues(in io.Reader, cfg *config, s *spool, once bool) error {
	var decodeTo func(*gdvar.Encoder) error
	opts := []gdvar.Option{gdvar.WithEngine(cfg.engine)}
	if cfg.from == "json" {
		dec := varjson.NewDecoder(in, opts...)
		if once {
			dec.OnePass()
		}
		if cfg.like != "" {
			f, err := os.Open(cfg.like)
			if err != nil {
				return err
			}
			defer f.Close()
			dec.Like(varjson.NewDecoder(f, opts...))
		}
		decodeTo = dec.DecodeTo
	} else {
		p := gdvar.Single
		if cfg.double {
			p = gdvar.Double
		}
		opts = append(opts, gdvar.WithMathPrecision(p))
		dec := vartext.NewDecoder(in, vartext.WithDialect(cfg.dialect), gdvar.WithMathPrecision(p))
		if once {
			dec.OnePass()
		}
		decodeTo = dec.DecodeTo
	}
	enc := gdvar.NewEncoder(s, opts...)
	return eachInput(func() error {
		write := func() error {
			if err := decodeTo(enc); err != nil {
				return err
			}
			return enc.Flush()
		}
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
