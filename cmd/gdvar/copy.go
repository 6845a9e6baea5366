package main

import (
	"bufio"
	"io"

	"github.com/gdvar/gdvar"
)

// copyValues decodes every value of the input and writes it back through the
// Encoder. Memory stays bounded however large the values are; on an error
// the output holds what was copied so far and the command fails.
func copyValues(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	out := bufio.NewWriter(stdout)
	dec := gdvar.NewDecoder(in, cfg.options()...)
	enc := gdvar.NewEncoder(out, cfg.options()...)
	for {
		err := gdvar.CopyValue(enc, dec)
		if err == io.EOF {
			break
		}
		if err != nil {
			enc.Flush()
			out.Flush()
			return err
		}
	}
	if err := enc.Flush(); err != nil {
		return err
	}
	return out.Flush()
}
