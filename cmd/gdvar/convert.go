package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/stream"
	"github.com/gdvar/gdvar/varjson"
	"github.com/gdvar/gdvar/vartext"
)

// The conversions (text, json, encode) build their whole output in memory
// and write it only when every value converted, so that a failure leaves
// no output that looks complete.

func framingFlag(fs *flag.FlagSet, cfg *config) {
	fs.StringVar(&cfg.framing, "framing", "none", "none: values one after another, as var_to_bytes writes them; stream: each value after a u32 length, as StreamPeer.put_var and FileAccess.store_var write them (a save file)")
}

func jsonFlags(fs *flag.FlagSet, cfg *config) {
	framingFlag(fs, cfg)
	fs.BoolVar(&cfg.pretty, "pretty", false, "indent the JSON (otherwise one value per line: JSON Lines)")
}

func encodeFlags(fs *flag.FlagSet, cfg *config) {
	framingFlag(fs, cfg)
	fs.StringVar(&cfg.from, "from", "json", "the form of FILE: json (from gdvar json) or text (Godot's var_to_str text)")
	fs.BoolVar(&cfg.double, "double", false, "with -from text, write math types with 64-bit reals, as double-precision builds of Godot do (default: 32-bit, as the standard builds)")
}

// checkFraming validates -framing.
func (c *config) checkFraming() error {
	if c.framing != "none" && c.framing != "stream" {
		return fmt.Errorf("-framing %q: want none or stream", c.framing)
	}
	return nil
}

// readValues decodes every value of the input, in the generic form, and
// calls each with it.
func readValues(in io.Reader, cfg *config, each func(v any) error) error {
	if err := cfg.checkFraming(); err != nil {
		return err
	}
	next := gdvar.NewDecoder(in, cfg.options()...).Decode
	if cfg.framing == "stream" {
		r := stream.NewReader(in, append(cfg.options(), stream.WithMaxFrame(cfg.limits.MaxValueBytes))...)
		next = r.GetVar
	}
	for n := 0; ; n++ {
		var v any
		err := next(&v)
		if err == io.EOF && n > 0 {
			return nil
		}
		if err == io.EOF {
			return errors.New("no value: the input is empty")
		}
		if err != nil {
			return err
		}
		if err := each(v); err != nil {
			return fmt.Errorf("value %d: %w", n+1, err)
		}
	}
}

func printText(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	var out []byte
	err := readValues(in, cfg, func(v any) (err error) {
		out, err = vartext.Append(out, v, vartext.WithDialect(cfg.dialect))
		out = append(out, '\n')
		return err
	})
	if err != nil {
		return err
	}
	_, err = stdout.Write(out)
	return err
}

func printJSON(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	var out bytes.Buffer
	var line []byte
	err := readValues(in, cfg, func(v any) (err error) {
		line, err = varjson.Append(line[:0], v, gdvar.WithEngine(cfg.engine))
		if err != nil {
			return err
		}
		if cfg.pretty {
			if err := json.Indent(&out, line, "", "  "); err != nil {
				return err
			}
		} else {
			out.Write(line)
		}
		out.WriteByte('\n')
		return nil
	})
	if err != nil {
		return err
	}
	_, err = out.WriteTo(stdout)
	return err
}

// valueDecoder is varjson's or vartext's Decoder.
type valueDecoder interface{ Decode(v any) error }

func encode(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	if err := cfg.checkFraming(); err != nil {
		return err
	}
	data, err := io.ReadAll(in)
	if err != nil {
		return err
	}
	opts := []gdvar.Option{gdvar.WithEngine(cfg.engine)}
	var dec valueDecoder
	switch cfg.from {
	case "json":
		dec = varjson.NewDecoder(data, gdvar.WithEngine(cfg.engine))
	case "text":
		dec = vartext.NewDecoder(bytes.NewReader(data), vartext.WithDialect(cfg.dialect))
		p := gdvar.Single
		if cfg.double {
			p = gdvar.Double
		}
		opts = append(opts, gdvar.WithMathPrecision(p))
	default:
		return fmt.Errorf("-from %q: want json or text", cfg.from)
	}
	var out []byte
	var framed bytes.Buffer
	w := stream.NewWriter(&framed, opts...)
	for n := 0; ; n++ {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF && n > 0 {
			break
		}
		if err == io.EOF {
			return errors.New("no value: the input is empty")
		}
		if err == nil && cfg.framing == "stream" {
			err = w.PutVar(v)
		} else if err == nil {
			out, err = gdvar.AppendMarshal(out, v, opts...)
		}
		if err != nil {
			return fmt.Errorf("value %d: %w", n+1, err)
		}
	}
	if cfg.framing == "stream" {
		out = framed.Bytes()
	}
	_, err = stdout.Write(out)
	return err
}
