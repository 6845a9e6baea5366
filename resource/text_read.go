package resource

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// The text formats: Godot 3 writes 2, Godot 4 3, or 4 when a file holds a
// PackedByteArray of more than 64 bytes (then written in base64) or a
// PackedVector4Array. An engine refuses a file of a later format.
const (
	format3     = 2
	format4     = 3
	format4Wide = 4
	base64After = 64 // the longest PackedByteArray of a format 3 file
	digits42    = 6  // JSON's "float_digits" of Godot 4.0 to 4.2's floats (File.floats42)
	utf8BOM     = "\ufeff"
	tagResource = "gd_resource"
	tagScene    = "gd_scene"
	tagExternal = "ext_resource"
	tagSub      = "sub_resource"
	tagMain     = "resource"
	tagNode     = "node"
	tagConnect  = "connection"
	tagEditable = "editable"
	sceneClass  = "PackedScene"
	noIndex     = -1
)

// textReader reads a text file's sections in order.
type textReader struct {
	data []byte
	d    *vartext.Decoder
	f    *File
	exts map[string]bool // the IDs of the external resources read
	// pathScripts are the scripts registered by their path (pathscripts.go).
	pathScripts map[string]bool
	subs        map[string]bool // the IDs of the sub-resources read
	props       *[]gdvar.Property
	seen        nameIndex        // the section's properties read, once it has many
	section     string           // the tag of the section being read
	class       *class           // the class of the resource being read, if known (Godot 4)
	printed     []byte           // a float's text, printed by float
	value       any              // the value read, kept here so that reading it allocates nothing more
	nameOf      func(int) string // propertyName, made once
	head        fileHeader       // the first tag's attributes, read into the reader, which is on the heap already
	// layout gathers what a Godot 3 file's layout shows (layout3.go),
	// where layoutOn.
	layout   layoutSeen
	layoutOn bool
}

// readText reads a text resource or scene as the engine's loader does.
func readText(data []byte, cfg *config) (*File, error) {
	if bytes.HasPrefix(data, []byte(utf8BOM)) {
		return nil, errors.New("resource: the file starts with a byte order mark, which the engines refuse")
	}
	r := &textReader{data: data, exts: map[string]bool{}, subs: map[string]bool{}}
	r.nameOf = r.propertyName
	// The header says which engine's syntax follows; it holds only
	// strings and numbers, which read alike in every dialect.
	if err := r.start(cfg.text, format4); err != nil {
		return nil, err
	}
	f, format, err := r.header()
	if err != nil {
		return nil, err
	}
	switch given, set := cfg.text.Dialect(); {
	case !set && format <= format3:
		f.dialect = vartext.Godot3
	case !set:
		f.dialect = vartext.Godot4
	case given != vartext.Godot4 && format > format3:
		return nil, fmt.Errorf("resource: format=%d is Godot 4's, which %s does not read", format, given)
	default:
		f.dialect = given
	}
	if f.text, err = cfg.textOf(f.dialect); err != nil {
		return nil, err
	}
	f.decimalBytes = f.dialect == vartext.Godot4 && format == format4
	r.f = f
	if err := r.start(f.text, format); err != nil {
		return nil, err
	}
	if _, _, err := r.header(); err != nil {
		return nil, err
	}
	if r.layoutOn = f.dialect == vartext.Godot3 || f.dialect == vartext.Godot32; r.layoutOn {
		r.layout.end = r.d.InputOffset()
	}
	if err := r.sections(); err != nil {
		return nil, err
	}
	f.floats42 = f.dialect == vartext.Godot4 && r.d.ReadGodot42Floats()
	if r.layoutOn {
		if l := r.layout.layout(data); l != layoutOwn && !(l == layout32 && f.dialect == vartext.Godot32) {
			f.layout3 = l
		}
	}
	for _, res := range append(f.Resources, f.Main) {
		textNulls(f.dialect, res)
	}
	f.ownOrder = true
	f.crlf = crlfThroughout(data)
	f.endBreaks = endBreaks(data, f.crlf)
	return f, nil
}

// start reads data from its start with text's settings, in the syntax of
// a resource file of the format.
func (r *textReader) start(text *vartext.Codec, format int) error {
	c, err := text.With(vartext.WithResourceFormat(format))
	if err != nil {
		return err
	}
	r.d = c.NewDecoder(bytes.NewReader(r.data))
	return nil
}

// header reads the first tag: [gd_resource …] or [gd_scene …].
func (r *textReader) header() (*File, int, error) {
	e, err := r.d.NextEntry()
	if err == io.EOF {
		return nil, 0, errors.New("resource: an empty file")
	}
	if err != nil {
		return nil, 0, err
	}
	if !e.Section || e.Name != tagResource && e.Name != tagScene {
		return nil, 0, r.errorf("want [%s] or [%s] first, found %q", tagResource, tagScene, e.Name)
	}
	r.head = fileHeader{&File{Scene: e.Name == tagScene, UID: NoUID, Main: &Resource{}}, format4Wide}
	if err := headerAttrs.read(r, e, &r.head); err != nil {
		return nil, 0, err
	}
	f, format := r.head.f, r.head.format
	switch {
	case format > format4Wide:
		return nil, 0, r.errorf("format=%d is newer than the engines read", format)
	case f.Scene:
		f.Type = sceneClass
	case f.Type == "":
		return nil, 0, r.errorf("[%s] has no type", tagResource)
	}
	f.Main.Type = f.Type
	return f, format, nil
}

// fileHeader is what the first tag says.
type fileHeader struct {
	f      *File
	format int
}

// headerAttrs are those of [gd_resource] and [gd_scene].
var headerAttrs = attrTable[*fileHeader]{
	"type":         field((*textReader).text, func(h *fileHeader) *string { return &h.f.Type }),
	"script_class": field((*textReader).text, func(h *fileHeader) *string { return &h.f.ScriptClass }),
	"uid":          uidField(func(h *fileHeader) (*UID, *string) { return &h.f.UID, &h.f.uidText }),
	"format":       intField(func(h *fileHeader) *int { return &h.format }),
	"load_steps": func(r *textReader, e vartext.Entry, a vartext.Attribute, h *fileHeader) error {
		n, err := r.integer(e, a)
		h.f.LoadSteps, h.f.LoadStepsZero = int(n), n == 0
		return err
	},
}

// sections reads the sections after the header, which come in the
// engine's order: external resources, sub-resources, then the main
// resource, or a scene's nodes, connections and editable instances.
func (r *textReader) sections() error {
	f := r.f
	stage := 0 // 0 externals, 1 sub-resources, 2 the rest
	for {
		e, err := r.d.NextEntry()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if !e.Section {
			if err := r.property(e.Name); err != nil {
				return err
			}
			if r.layoutOn {
				r.layout.property(r.d.InputOffset())
			}
			continue
		}
		if r.layoutOn {
			r.layout.tag(r.data, e.Name, r.d.InputOffset())
		}
		next := 2
		switch e.Name {
		case tagExternal:
			next = 0
		case tagSub:
			next = 1
		}
		if next < stage || stage == 2 && !f.Scene {
			return r.errorf("[%s] after [%s]", e.Name, r.last())
		}
		r.props, r.section, stage, r.seen, r.class = nil, e.Name, next, nameIndex{}, nil
		switch e.Name {
		case tagExternal:
			err = r.external(e)
		case tagSub:
			err = r.sub(e)
		case tagMain:
			if f.Scene {
				return r.errorf("[%s] in a scene", tagMain)
			}
			r.props = &f.Main.Properties
			r.class = r.classOf(f.Type)
		case tagNode, tagConnect, tagEditable:
			if !f.Scene {
				return r.errorf("[%s] in a resource", e.Name)
			}
			err = r.sceneTag(e)
		default:
			return r.errorf("unknown tag [%s]", e.Name)
		}
		if err != nil {
			return err
		}
	}
	if !f.Scene && r.section != tagMain {
		return r.errorf("no [%s] before the end of the file", tagMain)
	}
	return nil
}

// last names the section before, for errors.
func (r *textReader) last() string {
	if r.section == "" {
		return "the header"
	}
	return r.section
}

// property reads a property of the section being read.
func (r *textReader) property(name string) error {
	start := r.d.InputOffset()
	if err := r.d.Decode(&r.value); err != nil {
		if err == io.EOF {
			err = r.errorf("%s: no value before the end of the file", name)
		}
		return err
	}
	v := r.value
	r.value = nil
	if r.props == nil {
		return r.errorf("%s: a property outside [%s], [%s] or [%s]", name, tagSub, tagMain, tagNode)
	}
	if x, ok := v.(float64); ok {
		if y := r.float(name, x, r.data[start:r.d.InputOffset()]); y != x {
			v = y // boxed anew only when another
		}
	}
	if err := r.checkRefs(v); err != nil {
		return fmt.Errorf("%w (property %s)", err, name)
	}
	r.registerPathScripts(v)
	// A property given twice keeps its place and the last value.
	if i := r.given(name); i >= 0 {
		(*r.props)[i].Value = v
		return nil
	}
	*r.props = append(reserve(*r.props, 1), gdvar.Property{Name: name, Value: v})
	if r.seen.n > 0 {
		r.seen.add(name, len(*r.props)-1, r.nameOf)
	}
	return nil
}

// classOf returns the Godot 4 class called name, or nil.
func (r *textReader) classOf(name string) *class {
	if r.f.dialect != vartext.Godot4 {
		return nil
	}
	return classesOf(r.f.dialect)[name]
}

// float returns the float x of the property name, whose text is text,
// as the file holds it. The 64-bit float nearest the digits is x, and
// the engine prints most back as they were; but where an editor wrote a
// float it held in 32 bits (a class's, or an older editor's node
// property), the digits are that float's, and the 64-bit float nearest
// them may print otherwise: -26.359985 is read as a float Godot 4 prints
// -26.359985000000002. The 32-bit float is then the one read, so that
// the text comes back as it was; the engine's re-save, which holds the
// 64-bit float where the class does not hold 32 bits, gets it back
// (digitsRead). A class's 32-bit float is read as 32 bits whenever its
// digits are that float's (the engine holds it so). Other digits, a
// hand's, are kept as they are (the engine rounds them when it loads
// them: see loaded).
func (r *textReader) float(name string, x float64, text []byte) float64 {
	f := float64(float32(x))
	if f == x || r.f.dialect != vartext.Godot4 {
		return x
	}
	text = bytes.TrimSpace(bytes.TrimPrefix(bytes.TrimSpace(text), []byte("=")))
	if !r.single(name) {
		if len(text) > maxFloat32Text {
			return x // more digits than a 32-bit float's
		}
		if r.printed = appendEngineFloat(r.printed[:0], x); bytes.Equal(r.printed, text) {
			return x
		}
	}
	if r.printed = appendEngineFloat(r.printed[:0], f); bytes.Equal(r.printed, text) {
		return f
	}
	return x
}

// maxFloat32Text is the longest text Godot 4 prints a 32-bit float with:
// a sign, 9 digits, a point and an exponent (-1.2345678e-38).
const maxFloat32Text = 16

// single reports whether the section's class keeps its property name in
// 32 bits.
func (r *textReader) single(name string) bool { return r.class.single(name) }

// given returns where the section's property name is, or -1: a few
// properties are looked through, more by an index.
func (r *textReader) given(name string) int {
	props := *r.props
	if r.seen.n == 0 && len(props) < 8 {
		for i, p := range props {
			if p.Name == name {
				return i
			}
		}
		return -1
	}
	if r.seen.n == 0 {
		for i, p := range props {
			r.seen.add(p.Name, i, r.nameOf)
		}
	}
	return r.seen.find(name, r.nameOf)
}

// propertyName is the name of the section's property i.
func (r *textReader) propertyName(i int) string { return (*r.props)[i].Name }

// checkRefs fails a reference to a resource not read before, as the
// engine's loader does.
func (r *textReader) checkRefs(v any) error {
	var err error
	visitValue(v, func(x any) bool {
		switch kind, id := RefOf(x); {
		case kind == ExtRef && !r.exts[id]:
			err = r.errorf("ExtResource(%s) before its [%s]", id, tagExternal)
		case kind == SubRef && !r.subs[id]:
			err = r.errorf("SubResource(%s) before its [%s]", id, tagSub)
		case kind != NotRef:
			return false
		}
		return err == nil
	})
	return err
}

// externalAttrs are those of [ext_resource].
var externalAttrs = attrTable[*External]{
	"type": field((*textReader).text, func(x *External) *string { return &x.Type }),
	"path": field((*textReader).text, func(x *External) *string { return &x.Path }),
	"uid":  uidField(func(x *External) (*UID, *string) { return &x.UID, &x.uidText }),
	"id":   field((*textReader).id, func(x *External) *string { return &x.ID }),
}

func (r *textReader) external(e vartext.Entry) error {
	x := &External{UID: NoUID}
	if err := externalAttrs.read(r, e, x); err != nil {
		return err
	}
	if x.Path == "" || x.Type == "" || x.ID == "" {
		return r.errorf("[%s] needs a path, a type and an id", tagExternal)
	}
	r.exts[x.ID] = true
	r.f.External = append(r.f.External, x)
	return nil
}

// subAttrs are those of [sub_resource].
var subAttrs = attrTable[*Resource]{
	"type": field((*textReader).text, func(s *Resource) *string { return &s.Type }),
	"id":   field((*textReader).id, func(s *Resource) *string { return &s.ID }),
}

func (r *textReader) sub(e vartext.Entry) error {
	s := &Resource{}
	if err := subAttrs.read(r, e, s); err != nil {
		return err
	}
	if s.Type == "" || s.ID == "" {
		return r.errorf("[%s] needs a type and an id", tagSub)
	}
	r.subs[s.ID] = true
	r.f.Resources = append(r.f.Resources, s)
	r.props = &s.Properties
	r.class = r.classOf(s.Type)
	return nil
}

// sceneTag reads a [node], [connection] or [editable] tag.
func (r *textReader) sceneTag(e vartext.Entry) error {
	switch e.Name {
	case tagNode:
		n, err := r.node(e)
		if err != nil {
			return err
		}
		r.f.Nodes = append(r.f.Nodes, n)
		r.props = &n.Properties
	case tagConnect:
		c, err := r.connection(e)
		if err != nil {
			return err
		}
		r.f.Connections = append(r.f.Connections, c)
	case tagEditable:
		return editableAttrs.read(r, e, r.f)
	}
	return nil
}

// editableAttrs are those of [editable]: each path= is one.
var editableAttrs = attrTable[*File]{
	"path": func(r *textReader, e vartext.Entry, a vartext.Attribute, f *File) error {
		p, err := r.text(e, a)
		if err == nil {
			f.Editable = append(f.Editable, p)
		}
		return err
	},
}

// nodeAttrs are those of [node].
var nodeAttrs = attrTable[*Node]{
	"name":                 field((*textReader).text, func(n *Node) *string { return &n.Name }),
	"type":                 field((*textReader).text, func(n *Node) *string { return &n.Type }),
	"parent":               field((*textReader).text, func(n *Node) *string { return &n.Parent }),
	"parent_id_path":       field((*textReader).ints, func(n *Node) *[]int32 { return &n.ParentIDPath }),
	"owner":                field((*textReader).text, func(n *Node) *string { return &n.Owner }),
	"owner_uid_path":       field((*textReader).ints, func(n *Node) *[]int32 { return &n.OwnerUIDPath }),
	"index":                field((*textReader).index, func(n *Node) *int { return &n.Index }),
	"unique_id":            intField(func(n *Node) *int32 { return &n.UniqueID }),
	"node_paths":           field((*textReader).strings, func(n *Node) *[]string { return &n.NodePaths }),
	"groups":               field((*textReader).strings, func(n *Node) *[]string { return &n.Groups }),
	"instance_placeholder": field((*textReader).text, func(n *Node) *string { return &n.InstancePlaceholder }),
	"instance":             field((*textReader).instance, func(n *Node) *string { return &n.Instance }),
}

func (r *textReader) node(e vartext.Entry) (*Node, error) {
	n := &Node{Index: noIndex}
	if err := nodeAttrs.read(r, e, n); err != nil {
		return nil, err
	}
	if n.Name == "" {
		return nil, r.errorf("[%s] has no name", tagNode)
	}
	return n, nil
}

// connectionAttrs are those of [connection].
var connectionAttrs = attrTable[*Connection]{
	"signal":        field((*textReader).text, func(c *Connection) *string { return &c.Signal }),
	"from":          field((*textReader).text, func(c *Connection) *string { return &c.From }),
	"to":            field((*textReader).text, func(c *Connection) *string { return &c.To }),
	"method":        field((*textReader).text, func(c *Connection) *string { return &c.Method }),
	"flags":         intField(func(c *Connection) *int { return &c.Flags }),
	"from_uid_path": field((*textReader).ints, func(c *Connection) *[]int32 { return &c.FromUIDPath }),
	"to_uid_path":   field((*textReader).ints, func(c *Connection) *[]int32 { return &c.ToUIDPath }),
	"unbinds":       intField(func(c *Connection) *int { return &c.Unbinds }),
	"binds":         field((*textReader).array, func(c *Connection) *[]any { return &c.Binds }),
}

func (r *textReader) connection(e vartext.Entry) (*Connection, error) {
	c := &Connection{Flags: DefaultConnectFlags}
	if err := connectionAttrs.read(r, e, c); err != nil {
		return nil, err
	}
	if c.Signal == "" || c.From == "" || c.To == "" || c.Method == "" {
		return nil, r.errorf("[%s] needs a signal, from, to and a method", tagConnect)
	}
	return c, nil
}

// A tag's attributes are read by a table: for each attribute the tag may
// have, what sets it on the thing the tag makes, a T. The attributes are
// read in their order, until one fails; one the table does not name is
// ignored, as the engine ignores it.

// setAttr reads attribute a of tag e into what the tag makes.
type setAttr[T any] func(r *textReader, e vartext.Entry, a vartext.Attribute, into T) error

// attrTable is a tag's attributes, by name.
type attrTable[T any] map[string]setAttr[T]

// read reads e's attributes into into.
func (t attrTable[T]) read(r *textReader, e vartext.Entry, into T) error {
	for _, a := range e.Attrs {
		if set := t[a.Name]; set != nil {
			if err := set(r, e, a, into); err != nil {
				return err
			}
		}
	}
	return nil
}

// field sets the field of a T that at points to, to the value read reads.
func field[T, V any](read func(*textReader, vartext.Entry, vartext.Attribute) (V, error), at func(T) *V) setAttr[T] {
	return func(r *textReader, e vartext.Entry, a vartext.Attribute, into T) error {
		v, err := read(r, e, a)
		*at(into) = v
		return err
	}
}

// intField sets an integer field of a T, at, to an int attribute.
func intField[T any, I int | int32](at func(T) *I) setAttr[T] {
	return func(r *textReader, e vartext.Entry, a vartext.Attribute, into T) error {
		n, err := r.integer(e, a)
		*at(into) = I(n)
		return err
	}
}

// uidField sets a UID of a T and the text kept of it, at, to a uid=
// attribute, as the engine reads it (readUID).
func uidField[T any](at func(T) (*UID, *string)) setAttr[T] {
	return func(r *textReader, e vartext.Entry, a vartext.Attribute, into T) error {
		s, err := r.text(e, a)
		u, kept := at(into)
		*u, *kept = readUID(s)
		return err
	}
}

// The attributes' values, of the types the engine reads them as.

func (r *textReader) text(e vartext.Entry, a vartext.Attribute) (string, error) {
	if s, ok := a.Value.(string); ok {
		return s, nil
	}
	return "", r.attrError(e, a, "a String")
}

func (r *textReader) integer(e vartext.Entry, a vartext.Attribute) (int64, error) {
	if n, ok := a.Value.(int64); ok {
		return n, nil
	}
	return 0, r.attrError(e, a, "an int")
}

// id reads an id, a string or (Godot 3) a number.
func (r *textReader) id(e vartext.Entry, a vartext.Attribute) (string, error) {
	switch v := a.Value.(type) {
	case string:
		return v, nil
	case int64:
		return strconv.FormatInt(v, 10), nil
	}
	return "", r.attrError(e, a, "a String or an int")
}

// index reads a node's index, a String of a number.
func (r *textReader) index(e vartext.Entry, a vartext.Attribute) (int, error) {
	s, err := r.text(e, a)
	if err != nil {
		return 0, err
	}
	i, err := strconv.ParseInt(s, 10, 32)
	return int(i), err
}

// instance reads the scene a node instances: an ExtResource read before.
func (r *textReader) instance(e vartext.Entry, a vartext.Attribute) (string, error) {
	kind, id := RefOf(a.Value)
	if kind != ExtRef || !r.exts[id] {
		return id, r.errorf("[%s] instance= is not an ExtResource read before", tagNode)
	}
	return id, nil
}

func (r *textReader) array(e vartext.Entry, a vartext.Attribute) ([]any, error) {
	if v, ok := a.Value.([]any); ok {
		return v, nil
	}
	return nil, r.attrError(e, a, "an Array")
}

func (r *textReader) ints(e vartext.Entry, a vartext.Attribute) ([]int32, error) {
	if v, ok := a.Value.([]int32); ok {
		return v, nil
	}
	return nil, r.attrError(e, a, "a PackedInt32Array")
}

// strings reads an Array of Strings or a PackedStringArray.
func (r *textReader) strings(e vartext.Entry, a vartext.Attribute) ([]string, error) {
	switch v := a.Value.(type) {
	case []string:
		return v, nil
	case []any:
		out := make([]string, len(v))
		for i, x := range v {
			s, ok := x.(string)
			if !ok {
				return nil, r.attrError(e, a, "an Array of Strings")
			}
			out[i] = s
		}
		return out, nil
	}
	return nil, r.attrError(e, a, "an Array of Strings")
}

func (r *textReader) attrError(e vartext.Entry, a vartext.Attribute, want string) error {
	return r.errorf("[%s] %s= is not %s", e.Name, a.Name, want)
}

// errorf returns an error at the line the reading has reached.
func (r *textReader) errorf(format string, args ...any) error {
	at := min(int(r.d.InputOffset()), len(r.data))
	line := bytes.Count(r.data[:at], []byte("\n")) + 1
	return fmt.Errorf("resource: line %d: %s", line, fmt.Sprintf(format, args...))
}
