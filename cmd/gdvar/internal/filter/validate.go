package filter

import (
	"flag"
	"fmt"
	"io"

	"github.com/gdvar/gdvar"
)

// validate checks the first value (with -all, every value) and prints, for
// each, its size and type. Bytes after the first value are reported on
// stderr but do not fail without -all. A value's line is printed once its
// frame is known whole: a cut-short frame is never valid.
func validate(in io.Reader, cfg *config, stdout, stderr io.Writer) error {
	counted := &countingReader{r: in}
	head := int64(0) // bytes before each value: its frame's length
	if cfg.framing == "stream" {
		head = 4
	}
	var at int64 // where the next value (or its frame) starts
	var typ gdvar.Type
	var size int64
	line := "" // -all: the last value's, printed when the next frame starts or the input ends
	err := eachValue(counted, cfg, func(dec *gdvar.Decoder) error {
		io.WriteString(stdout, line)
		line = ""
		start := dec.InputOffset()
		t, err := readValue(dec)
		if err != nil {
			return err
		}
		typ, size = t, dec.InputOffset()-start
		if !cfg.all {
			return errStop
		}
		line = fmt.Sprintf("%d bytes: valid %s at offset %d\n", size, typ, at)
		at += head + size
		return nil
	})
	if err == nil {
		_, err = io.WriteString(stdout, line)
	}
	if err != errStop {
		return err
	}
	// What was read past the first value, and what was not read yet.
	rest, err := io.Copy(io.Discard, in)
	if err != nil { // a save file's container broken after the value
		return err
	}
	fmt.Fprintf(stdout, "%d bytes: valid %s\n", size, typ)
	hint := cfg.alsoGodot3(typ)
	if rest+counted.n > head+size {
		fmt.Fprintf(stderr, "gdvar validate: %d trailing bytes after the value (use -all to validate a sequence)\n", rest+counted.n-head-size)
		hint = cfg.hint()
	}
	if hint != "" {
		fmt.Fprintf(stderr, "gdvar validate: %s\n", hint)
	}
	return nil
}

// countingReader counts the bytes read through it, and notes the input's
// end.
type countingReader struct {
	r   io.Reader
	n   int64
	eof bool
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	c.eof = c.eof || err == io.EOF
	return n, err
}

func validateFlags(fs *flag.FlagSet, cfg *config) {
	framingFlag(fs, cfg)
	fs.BoolVar(&cfg.all, "all", false, "validate a sequence of values up to the end of the input")
}

// readValue reads one whole value and returns its type.
func readValue(dec *gdvar.Decoder) (gdvar.Type, error) { return scoreValue(dec, nil) }

// scoreValue reads one whole value and returns its type; odd, if not nil,
// counts the value's oddities.
func scoreValue(dec *gdvar.Decoder, odd *oddities) (gdvar.Type, error) {
	tok, err := dec.ReadToken()
	for first := tok; err == nil; tok, err = dec.ReadToken() {
		if odd != nil {
			odd.add(tok)
		}
		if dec.Depth() == 0 {
			return first.Type(), nil
		}
	}
	return 0, err
}
