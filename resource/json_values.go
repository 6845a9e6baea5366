package resource

import (
	"bytes"
	"fmt"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/varjson"
	"github.com/go-json-experiment/json/jsontext"
)

// jsonValues reads the values of a file's JSON form: the members of each
// properties object are read as they are met, their values gathered, and
// decoded at the end one after another by one varjson Decoder
// (varjson.Unmarshal makes one for each, which costs more than a short
// value).
type jsonValues struct {
	members *jsontext.Decoder // reads a properties object, reused
	in      bytes.Reader
	objects []valuesOf
	values  []byte     // the values of the objects, in turn, a space after each
	like    *likeIndex // the file the JSON was edited from (File.Like), or nil
}

// valuesOf is where the values of an object go: the properties in *dst,
// or (conn) the binds of connection i, named by its signal, in (*dst)[i];
// ref are the properties of the file edited from at the same place
// (File.Like).
type valuesOf struct {
	dst  *[]gdvar.Property
	conn bool
	i    int
	ref  []gdvar.Property
}

// properties reads a properties object into *dst, its values to come, ref
// the properties at its place in the file edited from.
func (j *jsonValues) properties(dst *[]gdvar.Property, raw jsontext.Value, ref []gdvar.Property) error {
	if len(raw) == 0 {
		return nil
	}
	j.in.Reset(raw)
	// The document was checked for names given twice where they matter.
	if j.members == nil {
		j.members = jsontext.NewDecoder(&j.in, jsontext.AllowDuplicateNames(true))
	} else {
		j.members.Reset(&j.in, jsontext.AllowDuplicateNames(true))
	}
	d := j.members
	if t, err := d.ReadToken(); err != nil || t.Kind() != '{' {
		return fmt.Errorf("resource: JSON: properties are not an object")
	}
	var out []gdvar.Property
	for d.PeekKind() != '}' {
		name, err := d.ReadToken()
		if err != nil {
			return fmt.Errorf("resource: JSON: %w", err)
		}
		out = append(reserve(out, 1), gdvar.Property{Name: name.String()})
		v, err := d.ReadValue()
		if err != nil {
			return fmt.Errorf("resource: JSON: %w", err)
		}
		j.value(v)
	}
	if name, twice := givenTwice(out); twice {
		return fmt.Errorf("resource: JSON: property %q given twice", name)
	}
	*dst = out
	j.objects = append(j.objects, valuesOf{dst: dst, ref: ref})
	return nil
}

// binds gathers the binds of connection i, into (*dst)[i], ref those at
// its place in the file edited from.
func (j *jsonValues) binds(dst *[]gdvar.Property, i int, raw jsontext.Value, ref []gdvar.Property) {
	j.value(raw)
	j.objects = append(j.objects, valuesOf{dst: dst, conn: true, i: i, ref: ref})
}

func (j *jsonValues) value(v []byte) {
	j.values = append(append(reserve(j.values, len(v)+1), v...), ' ')
}

// decode decodes the values gathered, of engine version e, as
// varjson.Unmarshal does, with the types of the file edited from if any.
func (j *jsonValues) decode(e gdvar.Engine) error {
	// Read as a stream, not a bytes.Reader, which the Decoder would seek
	// back to each value's start.
	codec := varjson.MustCodec(varjson.WithCodec(gdvar.MustCodec(gdvar.WithEngine(e), gdvar.AllowObjects(true))))
	dec := codec.NewDecoder(struct{ io.Reader }{bytes.NewReader(j.values)})
	if j.like != nil {
		refs, err := j.refValues()
		if err != nil {
			return err
		}
		dec.Like(codec.NewDecoder(struct{ io.Reader }{bytes.NewReader(refs)}))
	}
	for _, o := range j.objects {
		props := *o.dst
		if o.conn {
			props = props[o.i : o.i+1]
		}
		for i := range props {
			if err := dec.Decode(&props[i].Value); err != nil {
				if o.conn {
					return fmt.Errorf("resource: connection %s: %w", props[i].Name, err)
				}
				return fmt.Errorf("resource: property %s: %w", props[i].Name, err)
			}
		}
	}
	return nil
}
