package filter

import (
	"bufio"
	"io"

	"github.com/gdvar/gdvar"
)

// copyValues decodes every value of the input and writes it back through the
// Encoder. Memory stays bounded however large the values are; on an error
// the output holds what was copied so far and the command fails. With
// -framing stream each value is written in a frame whose length is known
// only once the value is written: the frames go through a temporary file,
// as the conversions' output does, and nothing is written on an error.
func copyValues(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	if cfg.framing == "stream" {
		return spooled(stdout, func(s *spool) error {
			enc := cfg.codecWith().NewEncoder(s)
			return eachValue(in, cfg, func(dec *gdvar.Decoder) error {
				return s.frame(func() error {
					if err := gdvar.CopyValue(enc, dec); err != nil {
						return err
					}
					return enc.Flush()
				})
			})
		})
	}
	out := bufio.NewWriter(stdout)
	codec := cfg.codecWith()
	dec := codec.NewDecoder(in)
	enc := codec.NewEncoder(out)
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
