package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/gdvar/gdvar"
)

// validate checks the first value (with -all, every value) and prints, for
// each, its size and type. Bytes after the first value are reported on
// stderr but do not fail without -all.
func validate(in io.Reader, cfg *config, stdout, stderr io.Writer) error {
	counted := &countingReader{r: in}
	head := int64(0) // bytes before each value: its frame's length
	if cfg.framing == "stream" {
		head = 4
	}
	var at int64 // where the next value (or its frame) starts
	err := eachValue(counted, cfg, func(dec *gdvar.Decoder) error {
		start := dec.InputOffset()
		typ, err := readValue(dec)
		if err != nil {
			return err
		}
		size := dec.InputOffset() - start
		if cfg.all {
			fmt.Fprintf(stdout, "%d bytes: valid %s at offset %d\n", size, typ, at)
			at += head + size
			return nil
		}
		if head > 0 {
			if err := frameEnd(dec); err != nil {
				return err
			}
		}
		fmt.Fprintf(stdout, "%d bytes: valid %s\n", size, typ)
		// What was read past the value, and what was not read yet.
		rest, err := io.Copy(io.Discard, in)
		if err != nil { // a save file's container broken after the value
			return err
		}
		hint := cfg.alsoGodot3(typ)
		if rest+counted.n > head+size {
			fmt.Fprintf(stderr, "gdvar validate: %d trailing bytes after the value (use -all to validate a sequence)\n", rest+counted.n-head-size)
			hint = cfg.hint()
		}
		if hint != "" {
			fmt.Fprintf(stderr, "gdvar validate: %s\n", hint)
		}
		return errFirstDone
	})
	if errors.Is(err, errFirstDone) {
		return nil
	}
	return err
}

// errFirstDone ends validate's reading after the first value without -all.
var errFirstDone = errors.New("the first value is valid")

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func validateFlags(fs *flag.FlagSet, cfg *config) {
	framingFlag(fs, cfg)
	fs.BoolVar(&cfg.all, "all", false, "validate a sequence of values up to the end of the input")
}

// readValue reads one whole value and returns its type.
func readValue(dec *gdvar.Decoder) (gdvar.Type, error) {
	tok, err := dec.ReadToken()
	if err != nil {
		return 0, err
	}
	for dec.Depth() > 0 {
		if _, err := dec.ReadToken(); err != nil {
			return 0, err
		}
	}
	return tok.Type(), nil
}
