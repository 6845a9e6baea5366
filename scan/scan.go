package scan

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/stream"
	"github.com/gdvar/gdvar/vartext"
)

// Kind is what a [Finding] makes the engine do.
type Kind uint8

const (
	Object   Kind = iota + 1 // an object of a class is made
	Script                   // a script is made or loaded
	Resource                 // a resource is loaded from a path
)

func (k Kind) String() string {
	switch k {
	case Object:
		return "object"
	case Script:
		return "script"
	case Resource:
		return "resource"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// MaxDetail is the most bytes of a path kept in Finding.Detail and
// Finding.Path.
const MaxDetail = 256

// PathLevels is the most levels of nesting Finding.Path shows.
const PathLevels = 16

// Finding is one object, script or resource found.
type Finding struct {
	Kind Kind
	// Where is the value's place in the file: "value 1" (the first value
	// of a binary file or save), "[section] key" of a ConfigFile, or a
	// resource file's section and property ("[sub_resource] Gradient_x0
	// colors", "[node] Player script", "[ext_resource] 1_ab3cd").
	Where string
	// Path is the place within the value, as gdvar's errors give it (empty
	// for a resource file's section itself):
	// $ for the value itself, $["player"].script for a property. Past
	// PathLevels levels it shows the outermost and innermost around
	// …(n)…, and it is cut to MaxDetail bytes, so that deep input does not
	// make long paths.
	Path string
	// Class is the object's class; empty for a typed container.
	Class string
	// Detail says what is loaded: a script's or a resource's path, or
	// "embedded source".
	Detail string
}

// String returns the finding as one line: where, what and what it loads.
func (f Finding) String() string {
	var b strings.Builder
	b.WriteString(f.Where)
	if f.Path != "" {
		b.WriteString(" " + f.Path)
	}
	fmt.Fprintf(&b, ": %s", f.Kind)
	if f.Class != "" {
		fmt.Fprintf(&b, " %s", f.Class)
	}
	if f.Detail != "" {
		fmt.Fprintf(&b, " (%s)", f.Detail)
	}
	return b.String()
}

// Values scans binary values one after another, as var_to_bytes writes
// them, to the end of r. Full objects are read whatever the codec says
// ([WithCodec]).
func Values(r io.Reader, opts ...Option) ([]Finding, error) {
	_, codec, err := binaryValues(opts)
	if err != nil {
		return nil, err
	}
	dec := codec.NewDecoder(r)
	var s scanner
	for n := 1; ; n++ {
		if dec.PeekKind() == gdvar.KindInvalid {
			if _, err := dec.ReadToken(); err != io.EOF {
				return s.found, err
			}
			return s.found, nil
		}
		if err := s.value(dec, n); err != nil {
			return s.found, err
		}
	}
}

// Save scans a save file: values each after its length, as store_var and
// put_var write them. Open an encrypted or compressed one with package
// fileaccess first. [WithMaxFrame] bounds a record.
func Save(r io.Reader, opts ...Option) ([]Finding, error) {
	o, codec, err := binaryValues(opts)
	if err != nil {
		return nil, err
	}
	frames, err := stream.NewReader(r, o.frames(codec)...)
	if err != nil {
		return nil, err
	}
	var s scanner
	for n := 1; ; n++ {
		dec, err := frames.NextFrame()
		if err == io.EOF {
			return s.found, nil
		}
		if err != nil {
			return s.found, err
		}
		if err := s.value(dec, n); err != nil {
			return s.found, err
		}
	}
}

// ConfigFile scans a ConfigFile's values, read as [configfile.Read] reads
// them ([WithText]'s [vartext.WithDialect] chooses the engine version).
func ConfigFile(r io.Reader, opts ...Option) ([]Finding, error) {
	o, err := newOptions(opts)
	if err != nil {
		return nil, err
	}
	f, err := configfile.Read(r, configfile.WithText(o.text...))
	if err != nil {
		return nil, err
	}
	s := scanner{}
	if s.codec, err = o.fileValues(f.Dialect().Engine()); err != nil {
		return nil, err
	}
	for k, v := range f.All() {
		s.place = [2]string{k.Section, k.Name}
		if err := s.generic(v); err != nil {
			return s.found, fmt.Errorf("scan: [%s] %s: %w", k.Section, k.Name, err)
		}
	}
	return s.found, nil
}

// scanner collects the findings of values.
type scanner struct {
	found []Finding
	n     int // the value's number in a sequence, or 0 for
	// a file's value: a ConfigFile's section and key, or a resource
	// file's section and property, put together for a finding only
	place [2]string
	// objects holds, for each open object, the index of its finding, or
	// -1 for a reference to a resource file's own resource.
	objects []int
	refs    bool // objects of classes ExtResource and SubResource are references
	// A file's values in the generic form are marshalled into buf and
	// read back by dec, both kept for the next value, with codec: a buffer
	// and a Decoder made for each value took 84 bytes a byte of a
	// resource of empty Dictionaries.
	codec *gdvar.Codec
	buf   []byte
	dec   *gdvar.Decoder
}

// generic scans a file's value in the generic form, at s.place.
func (s *scanner) generic(v any) error {
	var err error
	if s.buf, err = s.codec.AppendMarshal(s.buf[:0], v); err != nil {
		return err
	}
	if s.dec == nil {
		s.dec = s.codec.NewDecoderBytes(s.buf)
	} else {
		s.codec.ResetDecoderBytes(s.dec, s.buf)
	}
	return s.value(s.dec, 0)
}

// value scans the value dec reads next: the nth of a sequence, or a file's
// value at s.place.
func (s *scanner) value(dec *gdvar.Decoder, n int) error {
	s.n, s.objects = n, s.objects[:0]
	base := dec.Depth()
	for {
		t, err := dec.ReadToken()
		if err != nil {
			if err == io.EOF && dec.Depth() > base {
				err = io.ErrUnexpectedEOF
			}
			return err
		}
		switch t.Kind() {
		case gdvar.KindObjectStart:
			if s.refs && (t.Name() == vartext.ExtResourceClass || t.Name() == vartext.SubResourceClass) {
				s.objects = append(s.objects, -1) // what it refers to is found on its own
				break
			}
			kind := Object
			if isScriptClass(t.Name()) {
				kind = Script
			}
			s.objects = append(s.objects, len(s.found))
			s.add(kind, pathOf(dec), t.Name(), "")
		case gdvar.KindObjectEnd:
			s.objects = s.objects[:len(s.objects)-1]
		case gdvar.KindObjectProperty:
			if err := s.property(dec, t.Name()); err != nil {
				return err
			}
		case gdvar.KindArrayStart:
			s.typed(dec, t.ElemType())
		case gdvar.KindDictStart:
			s.typed(dec, t.KeyType())
			s.typed(dec, t.ValueType())
		}
		if dec.Depth() == base {
			return nil
		}
	}
}

// property looks at an object's property whose name was just read: a
// script's source, an object's script by path, a resource's path.
func (s *scanner) property(dec *gdvar.Decoder, name string) error {
	at := s.objects[len(s.objects)-1]
	if at < 0 {
		return nil
	}
	obj := &s.found[at]
	switch {
	case name == "script/source":
		obj.Kind, obj.Detail = Script, "embedded source"
	case name == "script" && dec.PeekKind() == gdvar.KindString:
		path, err := readString(dec)
		if err != nil {
			return err
		}
		s.add(Script, pathOf(dec), "", "loads "+path)
	case name == "resource_path" && obj.Class == "Resource" && dec.PeekKind() == gdvar.KindString:
		path, err := readString(dec)
		if err != nil {
			return err
		}
		obj.Kind, obj.Class, obj.Detail = Resource, "", "loads "+path
	}
	return nil
}

// typed reports a container typed with a script, which the engine loads
// (in a resource file, the script is an external resource, found on its
// own).
func (s *scanner) typed(dec *gdvar.Decoder, t gdvar.ContainerType) {
	if t.Kind == gdvar.TypedScript && !s.refs {
		s.add(Script, pathOf(dec), "", "typed with "+cut(t.Name))
	}
}

func (s *scanner) add(k Kind, path, class, detail string) {
	var where string
	switch {
	case s.n > 0:
		where = fmt.Sprintf("value %d", s.n)
	case s.refs: // a resource file's section, and a property
		where = s.place[0] + " " + cut(s.place[1])
	default:
		where = "[" + s.place[0] + "] " + s.place[1]
	}
	s.found = append(s.found, Finding{Kind: k, Where: where, Path: path, Class: class, Detail: detail})
}

// readString reads a String value's first MaxDetail bytes, skipping the
// rest.
func readString(dec *gdvar.Decoder) (string, error) {
	var b []byte
	long := false
	for {
		t, err := dec.ReadToken()
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return "", err
		}
		if t.Kind() != gdvar.KindString {
			return "", errors.New("scan: a string broken off")
		}
		n := min(len(t.Bytes()), MaxDetail-len(b))
		b = append(b, t.Bytes()[:n]...)
		long = long || n < len(t.Bytes())
		if t.IsLast() && long {
			return string(b) + "…", nil
		}
		if t.IsLast() {
			return string(b), nil
		}
	}
}

// pathOf returns the path of the last token dec read, shortened (see
// Finding.Path) at a cost that does not grow with the depth.
func pathOf(dec *gdvar.Decoder) string {
	b, _ := dec.AppendCutPath(nil, PathLevels, MaxDetail)
	return string(b)
}

// cut shortens s to MaxDetail bytes.
func cut(s string) string {
	if len(s) > MaxDetail {
		return s[:MaxDetail] + "…"
	}
	return s
}

// isScriptClass reports whether objects of a class are scripts: Script
// and its subclasses, which the engines name …Script (GDScript,
// CSharpScript, VisualScript, NativeScript, PluginScript).
func isScriptClass(class string) bool {
	return strings.HasSuffix(class, "Script")
}
