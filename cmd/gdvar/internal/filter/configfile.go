package filter

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/vartext"
)

// A ConfigFile is read whole (configfile.Read holds what its text holds,
// within the limits), so its conversions are not streamed.

// readConfig reads a ConfigFile as the engine version's load does. Text
// with no key in it is refused, though the engine would load it as an
// empty file: it is more likely something else (JSON, say).
func readConfig(in io.Reader, cfg *config) (*configfile.File, error) {
	cfg.readConfig = true
	r := &blankReader{r: in, blank: true}
	f, err := configfile.Read(r, cfg.configOptions()...)
	if err == nil && empty(f) && !r.blank {
		err = errNotConfig
	}
	return f, err
}

// errNotConfig is readConfig's error for text that holds no key.
var errNotConfig = errors.New("the text holds no key=value: it does not look like a ConfigFile")

// empty reports whether f holds no key.
func empty(f *configfile.File) bool {
	for range f.All() {
		return false
	}
	return true
}

// blankReader tells whether what was read through it is only white space.
type blankReader struct {
	r     io.Reader
	blank bool
}

func (b *blankReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if b.blank && len(bytes.TrimSpace(p[:n])) > 0 {
		b.blank = false
	}
	return n, err
}

// configOptions are the options of a ConfigFile of the engine version.
func (c *config) configOptions() []configfile.Option {
	return []configfile.Option{configfile.WithText(vartext.WithDialect(c.dialect))}
}

// printConfigText prints a ConfigFile as the engine's save writes it.
func printConfigText(in io.Reader, cfg *config, stdout io.Writer) error {
	f, err := readConfig(in, cfg)
	if err != nil {
		return err
	}
	return spooled(stdout, func(s *spool) error {
		_, err := f.WriteTo(s)
		return err
	})
}

// printConfigJSON prints a ConfigFile as {"section": {"key": value}}.
func printConfigJSON(in io.Reader, cfg *config, stdout io.Writer) error {
	f, err := readConfig(in, cfg)
	if err != nil {
		return err
	}
	return printMarshaled(f, cfg, stdout)
}

// printMarshaled prints a file's JSON form, indented with -pretty.
func printMarshaled(f json.Marshaler, cfg *config, stdout io.Writer) error {
	js, err := f.MarshalJSON()
	if err != nil {
		return err
	}
	return spooled(jsonWriter(cfg, stdout), func(s *spool) error {
		_, err := s.Write(append(js, '\n'))
		return err
	})
}

// readJSON reads the JSON form of a file whole, at most -max-value-bytes.
func readJSON(in io.Reader, cfg *config) ([]byte, error) {
	js, err := io.ReadAll(io.LimitReader(in, cfg.limits.MaxValueBytes+1))
	if err == nil && int64(len(js)) > cfg.limits.MaxValueBytes {
		err = errors.New("the JSON is larger than -max-value-bytes")
	}
	return js, err
}

// encodeConfig writes the ConfigFile of the input, JSON as printConfigJSON
// prints it (with -like each number of the type at its place in the
// original) or a ConfigFile's text, as the engine's save writes it (in an
// encrypted container with -password or -key, as save_encrypted_pass and
// save_encrypted write it).
func encodeConfig(in io.Reader, cfg *config, stdout io.Writer) error {
	var f *configfile.File
	if cfg.from == "json" {
		js, err := readJSON(in, cfg)
		if err != nil {
			return err
		}
		if f, err = configfile.New(cfg.configOptions()...); err != nil {
			return err
		}
		if cfg.like != "" {
			orig, err := likeConfig(cfg)
			if err != nil {
				return err
			}
			f.Like(orig)
		}
		if err := f.UnmarshalJSON(js); err != nil {
			return err
		}
	} else {
		var err error
		if f, err = readConfig(in, cfg); err != nil {
			return err
		}
	}
	text, err := f.Bytes()
	if err != nil {
		return err
	}
	out, finish, drop, err := sealed(cfg, stdout)
	if err != nil {
		return err
	}
	if _, err := out.Write(text); err != nil {
		drop()
		return err
	}
	return finish()
}
