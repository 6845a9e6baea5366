package resource

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// AppendText appends the file in text form (.tres, .tscn) to dst, as the
// dialect's ResourceSaver writes it: the header, the external resources
// sorted by ID, the sub-resources, then the main resource or the scene's
// nodes, connections and editable instances, each property as var_to_str
// prints its value. Godot 3 needs number IDs.
func (f *File) AppendText(dst []byte) ([]byte, error) {
	w := textWriter{f: f, b: dst, godot4: f.dialect == vartext.Godot4, layout: f.layout(), find: f.finder()}
	err := w.file()
	if f.endBreaks != 0 && err == nil {
		w.b = appendEndBreaks(w.b, f.endBreaks)
	}
	if f.crlf && err == nil {
		text := w.b[len(dst):]
		out := make([]byte, len(dst), len(w.b)+bytes.Count(text, []byte("\n"))) // one a line at most
		copy(out, dst)
		return appendCRLF(out, text), nil
	}
	return w.b, err
}

// WriteText writes the file in text form (see [File.AppendText]).
func (f *File) WriteText(w io.Writer) error {
	b, err := f.AppendText(nil)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

type textWriter struct {
	f      *File
	b      []byte
	godot4 bool
	layout textLayout   // Godot 3's: its blank lines and groups
	values *textPrinter // vartext's, for values
	// renamed are the sub-resources' IDs as written, where they are not
	// the File's.
	renamed renames
	// pathScripts are the paths of the scripts with no ID (pathscripts.go).
	pathScripts map[string]bool
	// find finds what the resources share, once the write.
	find *finder
}

func (w *textWriter) file() error {
	f := w.f
	format := format3
	if w.godot4 {
		format = f.textFormat()
	}
	// Values as the engine holds them read from text, unless they are a
	// binary file's; a text file's Dictionaries in its order, where a
	// re-save's sort would reorder keys it finds equal, and its floats in
	// Godot 4.0-4.2's digits if it was read in them.
	text, err := f.text.With(vartext.WithResourceFormat(format), vartext.AsReadFromText(!f.binaryRead),
		vartext.KeepSortedKeys(f.ownOrder), vartext.WithGodot42Floats(f.floats42))
	if err != nil {
		return err
	}
	w.values = newTextPrinter(text)
	w.pathScripts = f.pathScripts()
	found := newWalker(f, true)
	if err := found.walk(); err != nil {
		return err
	}
	w.header(format, len(found.external)+len(found.found)+1)
	exts := found.external
	if w.godot4 {
		slices.SortStableFunc(exts, func(a, b *External) int { return naturalNoCase(a.ID, b.ID) })
	} else {
		slices.SortStableFunc(exts, func(a, b *External) int { return compareNumbers(a.ID, b.ID) })
	}
	exts = slices.DeleteFunc(exts, func(x *External) bool { return x.ID == "" })
	for _, x := range exts {
		if err := w.external(x); err != nil {
			return err
		}
	}
	if len(exts) > 0 {
		w.s("\n")
	}
	subs := f.inFileOrder(found.found)
	if f.dialect == vartext.Godot32 && !f.binaryRead { // Godot 3.2 numbers anew at each save those it read from text
		w.renamed.sub = map[string]string{}
		for i, r := range subs {
			w.renamed.sub[r.ID] = strconv.Itoa(i + 1)
		}
	}
	for _, r := range subs {
		w.s(`[sub_resource type="`)
		w.s(r.Type)
		w.s(`" id=`)
		id := w.renamed.of(SubRef, r.ID)
		if err := w.id(id); err != nil {
			return err
		}
		w.s("]\n")
		w.blank30()
		if err := w.resourceProperties(r); err != nil {
			return fmt.Errorf("resource: [sub_resource] %s: %w", r.ID, err)
		}
		w.s("\n")
	}
	if !f.Scene {
		w.s("[resource]\n")
		w.blank30()
		if err := w.resourceProperties(f.Main); err != nil {
			return fmt.Errorf("resource: [resource]: %w", err)
		}
		w.blank30()
		return nil
	}
	return w.scene()
}

// header writes the first tag, with the load_steps it was read with, if
// any, whatever its value (File.LoadSteps, File.LoadStepsZero); else
// Godot 3 counts the resources saved in it (steps), written where over
// one, and Godot 4 (4.6) writes none.
func (w *textWriter) header(format, steps int) {
	f := w.f
	if f.Scene {
		w.s("[gd_scene")
	} else {
		w.s(`[gd_resource type="`)
		w.s(f.Type)
		w.s(`"`)
		if w.godot4 && f.ScriptClass != "" {
			w.s(` script_class="`)
			w.s(f.ScriptClass)
			w.s(`"`)
		}
	}
	given := f.LoadSteps != 0 || f.LoadStepsZero
	if given || !w.godot4 && steps > 1 {
		if given {
			steps = f.LoadSteps
		}
		w.s(" load_steps=")
		w.b = strconv.AppendInt(w.b, int64(steps), 10)
	}
	w.s(" format=")
	w.b = strconv.AppendInt(w.b, int64(format), 10)
	if uid := writtenUID(f.UID, f.uidText); w.godot4 && uid != "" {
		w.s(` uid="`)
		w.s(uid)
		w.s(`"`)
	}
	w.s("]\n\n")
}

func (w *textWriter) external(x *External) error {
	if w.godot4 {
		w.s(`[ext_resource type="`)
		w.s(x.Type)
		if uid := writtenUID(x.UID, x.uidText); uid != "" {
			w.s(`" uid="`)
			w.s(uid)
		}
		w.s(`" path="`)
		w.s(x.Path)
		w.s(`" id=`)
	} else {
		w.s(`[ext_resource path="`)
		w.s(x.Path)
		w.s(`" type="`)
		w.s(x.Type)
		w.s(`" id=`)
	}
	if err := w.id(x.ID); err != nil {
		return err
	}
	w.s("]\n")
	return nil
}

// id writes an id: Godot 4's quoted, Godot 3's a number.
func (w *textWriter) id(id string) error {
	if w.godot4 {
		w.s(`"`)
		w.s(id)
		w.s(`"`)
		return nil
	}
	if _, err := strconv.ParseInt(id, 10, 64); err != nil {
		return fmt.Errorf("resource: the id %q is not a number, which Godot 3 needs", id)
	}
	w.s(id)
	return nil
}

// resourceProperties writes a resource's properties but those the text
// saver leaves out: a null Object property (see storesNull, objectTyped),
// and a null script variable declared an Object, which the binary form
// writes. One the class stores null is written null.
func (w *textWriter) resourceProperties(r *Resource) error {
	vars := w.find.scriptOf(r)
	d := w.f.dialect
	props, cloned := r.Properties, false
	for i, p := range props {
		if isNullObject(p.Value) && storesNull(d, r.Type, p.Name) {
			if !cloned {
				props, cloned = slices.Clone(r.Properties), true // r's stay as they are
			}
			props[i].Value = nil
		}
	}
	return w.properties(props, func(p gdvar.Property) bool {
		switch {
		case storesNull(d, r.Type, p.Name):
			return false
		case isNullObject(p.Value):
			return true
		}
		return p.Value == nil && (objectTyped(d, r.Type, p.Name) ||
			vars.object(p.Name))
	})
}

// properties writes the properties but those leftOut says to leave out.
func (w *textWriter) properties(props []gdvar.Property, leftOut func(gdvar.Property) bool) error {
	d := w.f.dialect
	for _, p := range props {
		if leftOut != nil && leftOut(p) {
			continue
		}
		w.b = d.AppendPropertyName(reserve(w.b, len(p.Name)+3), p.Name)
		w.s(" = ")
		v, _ := withRefs(p.Value, w.renamed)
		done, err := w.appendPathTyped(v)
		if !done {
			w.b, err = w.values.append(w.b, v)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", p.Name, err)
		}
		w.s("\n")
	}
	return nil
}

func (w *textWriter) scene() error {
	f := w.f
	// Godot 3.0 follows each tag of a node with a blank line, and its
	// properties, if any, and each connection; then one more.
	l30 := w.layout == layout30
	for i, n := range f.Nodes {
		if i > 0 && !l30 {
			w.s("\n")
		}
		if err := w.node(n); err != nil {
			return err
		}
		if len(n.Properties) > 0 {
			w.blank30()
		}
	}
	if len(f.Connections) > 0 && w.layout == layoutOwn { // Godot 3.0 to 3.2 write no blank line before them
		w.s("\n")
	}
	for _, c := range f.Connections {
		if err := w.connection(c); err != nil {
			return err
		}
		w.blank30()
	}
	if len(f.Editable) > 0 || l30 {
		w.s("\n")
	}
	for _, p := range f.Editable {
		w.s(`[editable path="`)
		w.escaped(p)
		w.s("\"]\n")
	}
	return nil
}

func (w *textWriter) node(n *Node) error {
	w.s(`[node name="`)
	w.b = w.f.dialect.AppendCEscaped(w.b, n.Name)
	w.s(`"`)
	if n.Type != "" {
		w.s(` type="`)
		w.s(n.Type)
		w.s(`"`)
	}
	// Paths are written as the engine holds them, simplified: a parent
	// as names from the root ("./A/../B" is "B"), an owner but the root.
	if n.Parent != "" {
		p := withPeriod(gdvar.ParseNodePath(n.Parent))
		w.s(` parent="`)
		w.b = w.f.dialect.AppendCEscaped(w.b, simplified(gdvar.NodePath{Names: p.Names}).String())
		w.s(`"`)
		if err := w.value(" parent_id_path=", n.ParentIDPath, len(n.ParentIDPath) > 0); err != nil {
			return err
		}
	}
	if owner := gdvar.ParseNodePath(n.Owner); n.Owner != "" && owner.String() != "" && owner.String() != "." {
		w.s(` owner="`)
		w.b = w.f.dialect.AppendCEscaped(w.b, simplified(owner).String())
		w.s(`"`)
		if err := w.value(" owner_uid_path=", n.OwnerUIDPath, len(n.OwnerUIDPath) > 0); err != nil {
			return err
		}
	}
	if n.Index >= 0 {
		w.s(` index="`)
		w.b = strconv.AppendInt(w.b, int64(n.Index), 10)
		w.s(`"`)
	}
	if n.UniqueID != 0 {
		w.s(" unique_id=")
		w.b = strconv.AppendInt(w.b, int64(n.UniqueID), 10)
	}
	if err := w.value(" node_paths=", n.NodePaths, len(n.NodePaths) > 0); err != nil {
		return err
	}
	if len(n.Groups) > 0 {
		w.groups(n.Groups)
	}
	if err := w.value(" instance_placeholder=", n.InstancePlaceholder, n.InstancePlaceholder != ""); err != nil {
		return err
	}
	if n.Instance != "" {
		w.s(" instance=")
		if w.godot4 {
			w.s(`ExtResource("`)
			w.s(n.Instance)
			w.s(`")`)
		} else {
			w.s("ExtResource( ")
			w.s(n.Instance)
			w.s(" )")
		}
	}
	w.s("]\n")
	w.blank30()
	if err := w.properties(n.Properties, nil); err != nil {
		return fmt.Errorf("resource: [node] %s: %w", n.Name, err)
	}
	return nil
}

// groups writes a node's groups, sorted, each c_escape'd: on one line, or
// (Godot 3.0 to 3.2) each on its own with a comma after it.
func (w *textWriter) groups(groups []string) {
	sorted := slices.Clone(groups)
	slices.Sort(sorted) // byte order is code point order in UTF-8
	w.s(" groups=[")
	old := w.layout != layoutOwn
	for i, g := range sorted {
		switch {
		case old:
			w.s("\n")
		case i > 0:
			w.s(", ")
		}
		w.s(`"`)
		w.b = w.f.dialect.AppendCEscaped(w.b, g)
		w.s(`"`)
		if old {
			w.s(",")
		}
	}
	if old {
		w.s("\n")
	}
	w.s("]")
}

func (w *textWriter) connection(c *Connection) error {
	w.s(`[connection signal="`)
	w.escaped(c.Signal)
	w.s(`" from="`)
	w.escaped(simplified(gdvar.ParseNodePath(c.From)).String())
	w.s(`" to="`)
	w.escaped(simplified(gdvar.ParseNodePath(c.To)).String())
	w.s(`" method="`)
	w.escaped(c.Method)
	w.s(`"`)
	if c.Flags != DefaultConnectFlags {
		w.s(" flags=")
		w.b = strconv.AppendInt(w.b, int64(c.Flags), 10)
	}
	// Godot 4.6.3 reads from_uid_path and to_uid_path, but never writes
	// them: its getter compares the wrong number.
	if w.godot4 && c.Unbinds > 0 {
		w.s(" unbinds=")
		w.b = strconv.AppendInt(w.b, int64(c.Unbinds), 10)
	}
	if err := w.value(" binds= ", c.Binds, len(c.Binds) > 0); err != nil {
		return err
	}
	w.s("]\n")
	return nil
}

// escaped writes a connection's or an editable instance's path: Godot 4
// c_escapes them, Godot 3 writes them as they are (and cannot read a
// backslash back).
func (w *textWriter) escaped(s string) {
	if w.godot4 {
		w.b = w.f.dialect.AppendCEscaped(w.b, s)
	} else {
		w.s(s)
	}
}

// value writes an attribute's value, as var_to_str prints it, if present.
func (w *textWriter) value(attr string, v any, present bool) error {
	if !present {
		return nil
	}
	w.s(attr)
	v, _ = withRefs(v, w.renamed)
	var err error
	w.b, err = w.values.append(w.b, v)
	return err
}

// blank30 writes a blank line where Godot 3.0's layout has one that later
// engines' do not.
func (w *textWriter) blank30() {
	if w.layout == layout30 {
		w.s("\n")
	}
}

func (w *textWriter) s(s string) { w.b = append(reserve(w.b, len(s)), s...) }

// textFormat returns the format Godot 4 writes the file in: 4 when a value
// holds a PackedVector4Array, or a PackedByteArray of more than 64 bytes
// unless the file was read as format 3 (Godot 4.0 to 4.2 wrote those in
// decimal), else 3.
func (f *File) textFormat() int {
	if long, vectors := f.wideValues(); vectors || long && !f.decimalBytes {
		return format4Wide
	}
	return format4
}

// wideValues says whether a value holds a PackedByteArray of more than 64
// bytes, and whether one holds a PackedVector4Array: either makes Godot
// 4.3 and later write format 4. The values of a resource the class makes
// anew are not looked at.
func (f *File) wideValues() (long, vectors bool) {
	anew := f.madeAnew()
	visit := func(v any) bool {
		switch x := v.(type) {
		case []byte:
			long = long || len(x) > base64After
		case []gdvar.Vector4:
			vectors = true
		}
		return !vectors
	}
	check := func(props []gdvar.Property) {
		for _, p := range props {
			visitValue(p.Value, visit)
		}
	}
	for _, r := range f.Resources {
		if !anew[r.ID] {
			check(r.Properties)
		}
	}
	check(f.Main.Properties)
	for _, n := range f.Nodes {
		check(n.Properties)
	}
	for _, c := range f.Connections {
		for _, v := range c.Binds {
			visitValue(v, visit)
		}
	}
	return long, vectors
}
