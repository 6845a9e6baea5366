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
	dec := gdvar.NewDecoder(in, cfg.options()...)
	for n := 0; ; n++ {
		start := dec.InputOffset()
		typ, err := readValue(dec)
		if err == io.EOF && n > 0 {
			return nil
		}
		if err == io.EOF {
			return errors.New("no value: the input is empty")
		}
		if err != nil {
			return err
		}
		size := dec.InputOffset() - start
		if cfg.all {
			fmt.Fprintf(stdout, "%d bytes: valid %s at offset %d\n", size, typ, start)
			continue
		}
		fmt.Fprintf(stdout, "%d bytes: valid %s\n", size, typ)
		if rest, err := io.Copy(io.Discard, io.MultiReader(dec.Buffered(), in)); err == nil && rest > 0 {
			fmt.Fprintf(stderr, "gdvar validate: %d trailing bytes after the value (use -all to validate a sequence)\n", rest)
		}
		return nil
	}
}

func validateFlags(fs *flag.FlagSet, cfg *config) {
	keyFlags(fs, cfg)
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
