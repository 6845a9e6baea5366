package configfile

import (
	"bytes"
	"fmt"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/varjson"
	"github.com/go-json-experiment/json/jsontext"
)

// MarshalJSON returns the file as a JSON object of sections, each an object
// of keys, in their order: {"section": {"key": value}}, each value in
// package varjson's lossless form. [File.UnmarshalJSON] of it gives back a [File]
// that writes the same text.
func (f *File) MarshalJSON() ([]byte, error) {
	w := appendWriter{b: []byte{'{'}}
	values := newJSONValues(&w, f.dialect.Engine())
	var err error
	for name, sec := range f.sections() {
		if w.b, err = appendName(w.b, name); err != nil {
			return nil, fmt.Errorf("configfile: section %q: %w", name, err)
		}
		w.b = append(w.b, ":{"...)
		for k, v := range f.s.keys(sec) {
			if w.b, err = appendName(w.b, k); err != nil {
				return nil, fmt.Errorf("configfile: [%s] key %q: %w", name, k, err)
			}
			w.b = append(w.b, ':')
			if err := values.write(v); err != nil {
				return nil, fmt.Errorf("configfile: [%s] %s: %w", name, k, err)
			}
			w.b = append(w.b, ',')
		}
		w.b = append(bytes.TrimSuffix(w.b, []byte{','}), "},"...)
	}
	return append(bytes.TrimSuffix(w.b, []byte{','}), '}'), nil
}

// jsonValues writes values' JSON forms one after another, each as
// varjson.Append writes it, with one varjson.Encoder, one buffer for the
// binary encoding and one Decoder, which reads it twice (LookAhead, then
// CopyValue): varjson.Append made all of them anew for each value, with a
// read buffer of 64 KiB, 8 KB a key of a file of small ones.
type jsonValues struct {
	enc   *varjson.Encoder
	dec   *gdvar.Decoder // reads the binary encoding back (codec's Unbounded)
	bin   []byte
	codec *gdvar.Codec // of the binary encoding
}

// newJSONValues returns a jsonValues writing to w the values of engine
// version e.
func newJSONValues(w io.Writer, e gdvar.Engine) *jsonValues {
	codec := gdvar.MustCodec(gdvar.WithEngine(e), gdvar.AllowObjects(true))
	return &jsonValues{enc: varjson.MustCodec(varjson.WithCodec(codec)).NewEncoder(w), dec: codec.Unbounded().NewDecoderBytes(nil), codec: codec}
}

// write writes v's JSON form.
func (j *jsonValues) write(v any) error {
	var err error
	if j.bin, err = j.codec.AppendMarshal(j.bin[:0], v); err != nil {
		return err
	}
	j.dec.ResetBytes(j.bin)
	if err := j.enc.LookAhead(j.dec); err != nil {
		return err
	}
	j.dec.ResetBytes(j.bin)
	return j.enc.CopyValue(j.dec)
}

// appendName appends a section's or key's name as a JSON string.
func appendName(dst []byte, name string) ([]byte, error) {
	b, err := jsontext.AppendQuote(dst, name)
	if err != nil {
		return dst, fmt.Errorf("no JSON form: %w", err)
	}
	return b, nil
}

// UnmarshalJSON sets the sections and keys of JSON in [File.MarshalJSON]'s form,
// in their order, as [File.Set] does: a null value erases its key. After
// [File.Like], each number takes its type from the file edited from. The
// file keeps its dialect ([New] chooses it), which says what engine
// version the values are for. JSON that is not of that form sets nothing;
// a value that does not read sets the keys before it.
func (f *File) UnmarshalJSON(data []byte) error {
	// The values are gathered a line each and read by one varjson.Decoder,
	// as JSON Lines: varjson.Unmarshal made a Decoder for each, about
	// 1.7 KB, 216 bytes a byte of JSON of small values.
	values := bytes.NewBuffer(make([]byte, 0, len(data)))
	var keys blocks[Key]
	d := jsontext.NewDecoder(bytes.NewReader(data))
	if err := wantObject(d); err != nil {
		return err
	}
	for d.PeekKind() != '}' {
		name, err := readName(d)
		if err != nil {
			return err
		}
		if err := wantObject(d); err != nil {
			return fmt.Errorf("%w (section %q)", err, name)
		}
		for d.PeekKind() != '}' {
			key, err := readName(d)
			if err != nil {
				return err
			}
			raw, err := d.ReadValue()
			if err != nil {
				return fmt.Errorf("configfile: JSON: %w", err)
			}
			values.Write(raw)
			values.WriteByte('\n')
			keys.add(Key{name, key})
		}
		if _, err := d.ReadToken(); err != nil {
			return fmt.Errorf("configfile: JSON: %w", err)
		}
	}
	if _, err := d.ReadToken(); err != nil {
		return fmt.Errorf("configfile: JSON: %w", err)
	}
	if _, err := d.ReadToken(); err != io.EOF {
		return fmt.Errorf("configfile: JSON: text after the object at offset %d", d.InputOffset())
	}
	// A stream, not a bytes.Reader, which the Decoder would seek back to
	// each value's start, its JSON reader made anew.
	codec := varjson.MustCodec(varjson.WithCodec(gdvar.MustCodec(gdvar.WithEngine(f.dialect.Engine()), gdvar.AllowObjects(true))))
	vd := codec.NewDecoder(struct{ io.Reader }{bytes.NewReader(values.Bytes())})
	if f.like != nil {
		refs, err := f.like.refValues(&keys)
		if err != nil {
			return err
		}
		vd.Like(codec.NewDecoder(struct{ io.Reader }{bytes.NewReader(refs)}))
	}
	var v any
	for i := range keys.n {
		k := keys.at(i)
		if err := vd.Decode(&v); err != nil {
			return fmt.Errorf("configfile: [%s] %s: %w", k.Section, k.Name, err)
		}
		f.Set(k.Section, k.Name, v)
	}
	return nil
}

// wantObject reads the start of a JSON object.
func wantObject(d *jsontext.Decoder) error {
	t, err := d.ReadToken()
	if err != nil {
		return fmt.Errorf("configfile: JSON: %w", err)
	}
	if t.Kind() != '{' {
		return fmt.Errorf("configfile: JSON: want an object of sections, each an object of keys, not %v", t.Kind())
	}
	return nil
}

// readName reads a section's or key's name.
func readName(d *jsontext.Decoder) (string, error) {
	t, err := d.ReadToken()
	if err != nil {
		return "", fmt.Errorf("configfile: JSON: %w", err)
	}
	return t.String(), nil
}
