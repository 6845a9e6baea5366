package resource

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/optset"
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

// resourceSyntax makes vartext read and write the syntax of a resource
// file of the given format.
func resourceSyntax(format int) gdvar.Option {
	return optset.Option(optset.TextKey, "resourceSyntax", nil, func(t *optset.Text) { t.Resource = int8(format) }).(gdvar.Option)
}

// textReader reads a text file's sections in order.
type textReader struct {
	data    []byte
	d       *vartext.Decoder
	f       *File
	exts    map[string]bool // the IDs of the external resources read
	subs    map[string]bool // the IDs of the sub-resources read
	props   *[]gdvar.Property
	seen    nameIndex        // the section's properties read, once it has many
	section string           // the tag of the section being read
	value   any              // the value read, kept here so that reading it allocates nothing more
	nameOf  func(int) string // propertyName, made once
}

// readText reads a text resource or scene as the engine's loader does.
func readText(data []byte, opts []gdvar.Option) (*File, error) {
	if bytes.HasPrefix(data, []byte(utf8BOM)) {
		return nil, errors.New("resource: the file starts with a byte order mark, which the engines refuse")
	}
	text, _, err := optset.Read(opts, optset.TextKey, "resource")
	if err != nil {
		return nil, err
	}
	r := &textReader{data: data, exts: map[string]bool{}, subs: map[string]bool{}}
	r.nameOf = r.propertyName
	// The header says which engine's syntax follows; it holds only
	// strings and numbers, which read alike in every dialect.
	r.d = vartext.NewDecoder(bytes.NewReader(data), append(opts, resourceSyntax(format4))...)
	f, format, err := r.header()
	if err != nil {
		return nil, err
	}
	switch given := vartext.Dialect(text.Dialect - 1); {
	case text.Dialect == 0 && format <= format3:
		f.dialect = vartext.Godot3
	case text.Dialect == 0:
		f.dialect = vartext.Godot4
	case given != vartext.Godot4 && format > format3:
		return nil, fmt.Errorf("resource: format=%d is Godot 4's, which %s does not read", format, given)
	default:
		f.dialect = given
	}
	f.opts = optset.Forward(append(opts[:len(opts):len(opts)], vartext.WithDialect(f.dialect))).([]gdvar.Option)
	r.f = f
	r.d = vartext.NewDecoder(bytes.NewReader(data), append(f.opts, resourceSyntax(format))...)
	if _, _, err := r.header(); err != nil {
		return nil, err
	}
	if err := r.sections(); err != nil {
		return nil, err
	}
	for _, res := range append(f.Resources, f.Main) {
		settle(f.dialect, res)
	}
	return f, nil
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
	f := &File{Scene: e.Name == tagScene, UID: NoUID, Main: &Resource{}}
	format := format4Wide
	for _, a := range e.Attrs {
		switch a.Name {
		case "type":
			f.Type, err = r.text(e, a)
		case "script_class":
			f.ScriptClass, err = r.text(e, a)
		case "uid":
			f.UID, err = r.uid(e, a)
		case "format":
			var n int64
			n, err = r.integer(e, a)
			format = int(n)
		}
		if err != nil {
			return nil, 0, err
		}
	}
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
			continue
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
		r.props, r.section, stage, r.seen = nil, e.Name, next, nameIndex{}
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
	if err := r.checkRefs(v); err != nil {
		return fmt.Errorf("%w (property %s)", err, name)
	}
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

func (r *textReader) external(e vartext.Entry) error {
	x := &External{UID: NoUID}
	var err error
	for _, a := range e.Attrs {
		switch a.Name {
		case "type":
			x.Type, err = r.text(e, a)
		case "path":
			x.Path, err = r.text(e, a)
		case "uid":
			x.UID, err = r.uid(e, a)
		case "id":
			x.ID, err = r.id(e, a)
		}
		if err != nil {
			return err
		}
	}
	if x.Path == "" || x.Type == "" || x.ID == "" {
		return r.errorf("[%s] needs a path, a type and an id", tagExternal)
	}
	r.exts[x.ID] = true
	r.f.External = append(r.f.External, x)
	return nil
}

func (r *textReader) sub(e vartext.Entry) error {
	s := &Resource{}
	var err error
	for _, a := range e.Attrs {
		switch a.Name {
		case "type":
			s.Type, err = r.text(e, a)
		case "id":
			s.ID, err = r.id(e, a)
		}
		if err != nil {
			return err
		}
	}
	if s.Type == "" || s.ID == "" {
		return r.errorf("[%s] needs a type and an id", tagSub)
	}
	r.subs[s.ID] = true
	r.f.Resources = append(r.f.Resources, s)
	r.props = &s.Properties
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
		for _, a := range e.Attrs {
			if a.Name == "path" {
				p, err := r.text(e, a)
				if err != nil {
					return err
				}
				r.f.Editable = append(r.f.Editable, p)
			}
		}
	}
	return nil
}

func (r *textReader) node(e vartext.Entry) (*Node, error) {
	n := &Node{Index: noIndex}
	var err error
	for _, a := range e.Attrs {
		switch a.Name {
		case "name":
			n.Name, err = r.text(e, a)
		case "type":
			n.Type, err = r.text(e, a)
		case "parent":
			n.Parent, err = r.text(e, a)
		case "parent_id_path":
			n.ParentIDPath, err = r.ints(e, a)
		case "owner":
			n.Owner, err = r.text(e, a)
		case "owner_uid_path":
			n.OwnerUIDPath, err = r.ints(e, a)
		case "index":
			var s string
			if s, err = r.text(e, a); err == nil {
				var i int64
				i, err = strconv.ParseInt(s, 10, 32)
				n.Index = int(i)
			}
		case "unique_id":
			var i int64
			i, err = r.integer(e, a)
			n.UniqueID = int32(i)
		case "node_paths":
			n.NodePaths, err = r.strings(e, a)
		case "groups":
			n.Groups, err = r.strings(e, a)
		case "instance_placeholder":
			n.InstancePlaceholder, err = r.text(e, a)
		case "instance":
			kind, id := RefOf(a.Value)
			if kind != ExtRef || !r.exts[id] {
				err = r.errorf("[%s] instance= is not an ExtResource read before", tagNode)
			}
			n.Instance = id
		}
		if err != nil {
			return nil, err
		}
	}
	if n.Name == "" {
		return nil, r.errorf("[%s] has no name", tagNode)
	}
	return n, nil
}

func (r *textReader) connection(e vartext.Entry) (*Connection, error) {
	c := &Connection{Flags: DefaultConnectFlags}
	var err error
	var n int64
	for _, a := range e.Attrs {
		switch a.Name {
		case "signal":
			c.Signal, err = r.text(e, a)
		case "from":
			c.From, err = r.text(e, a)
		case "to":
			c.To, err = r.text(e, a)
		case "method":
			c.Method, err = r.text(e, a)
		case "flags":
			n, err = r.integer(e, a)
			c.Flags = int(n)
		case "from_uid_path":
			c.FromUIDPath, err = r.ints(e, a)
		case "to_uid_path":
			c.ToUIDPath, err = r.ints(e, a)
		case "unbinds":
			n, err = r.integer(e, a)
			c.Unbinds = int(n)
		case "binds":
			binds, ok := a.Value.([]any)
			if !ok {
				err = r.attrError(e, a, "an Array")
			}
			c.Binds = binds
		}
		if err != nil {
			return nil, err
		}
	}
	if c.Signal == "" || c.From == "" || c.To == "" || c.Method == "" {
		return nil, r.errorf("[%s] needs a signal, from, to and a method", tagConnect)
	}
	return c, nil
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

func (r *textReader) uid(e vartext.Entry, a vartext.Attribute) (UID, error) {
	s, err := r.text(e, a)
	if err != nil {
		return NoUID, err
	}
	return ParseUID(s)
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
