package resource

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/internal/mathwalk"
	"github.com/gdvar/gdvar/vartext"
)

// AppendBinary appends the file in binary form (.res, .scn) to dst, as the
// dialect's ResourceSaver writes it. A [File] read from a binary file is
// written with that file's version and names, so that it comes back as it
// was.
func (f *File) AppendBinary(dst []byte) ([]byte, error) {
	w, err := newBinWriter(f, len(dst))
	if err != nil {
		return dst, err
	}
	w.b = dst
	b, err := w.file(nil)
	if err != nil {
		return dst, err
	}
	return b, nil
}

// WriteBinary writes the file in binary form (see [File.AppendBinary]).
// To an io.WriteSeeker (a file) it writes the resources as they are made,
// then the header's offsets to them, holding only the header and what it
// has not written: the binary form may be many times what was read (a nil
// for each unset sampler of each ShaderMaterial).
func (f *File) WriteBinary(w io.Writer) error {
	if ws, ok := w.(io.WriteSeeker); ok {
		if start, err := ws.Seek(0, io.SeekCurrent); err == nil {
			bw, err := newBinWriter(f, 0)
			if err != nil {
				return err
			}
			_, err = bw.file(&streamed{w: ws, start: start})
			return err
		}
	}
	b, err := f.AppendBinary(nil)
	if err == nil {
		_, err = w.Write(b)
	}
	return err
}

// streamed is where WriteBinary writes a file as it is made: the bytes
// past the header go to w as they pass flushAt, and the header, whose
// offsets are known last, is written again at start at the end.
type streamed struct {
	w       io.WriteSeeker
	start   int64
	head    int // the header's bytes, at the start of the writer's buffer
	written int // the bytes written past the header
}

// flushAt is how much the writer holds past the header before it writes.
const flushAt = 64 << 10

// WriteCompressed writes the file in binary form in the compressed
// container, as ResourceSaver's FLAG_COMPRESS does (with Zstd; the engines'
// own compressor makes other bytes of the same content).
func (f *File) WriteCompressed(w io.Writer) error {
	bw, err := newBinWriter(f, len(magicPlain))
	if err != nil {
		return err
	}
	b, err := bw.file(nil)
	if err != nil {
		return err
	}
	cw, err := fileaccess.NewCompressedResourceWriter(w, fileaccess.Zstd)
	if err != nil {
		return err
	}
	if _, err := cw.Write(b[len(magicPlain):]); err != nil {
		cw.Abort()
		return err
	}
	return cw.Close()
}

type binWriter struct {
	f      *File
	b      []byte
	l      binaryLayout
	shift  int // subtracted from offsets: what b held before the file, and 4 in the compressed container
	godot4 bool
	real8  bool
	names  nameIndex // of l.names
	nameOf func(int) string
	exts   map[string]uint32 // external IDs by position
	subs   map[string]uint32 // internal IDs by what references give
	// main is the main resource as the write stores it (index), and out
	// the properties of the resource being written (stored), reused from
	// one to the next: a resource's list, with the null Objects the form
	// writes, is made as it is written, so that the lists are not all
	// held at once (150 ShaderMaterials of a shader of 800 samplers: 3.8
	// MB of them for 30 KB read).
	main *Resource
	out  []gdvar.Property
	// find finds what the resources share, once the write.
	find *finder
	// listed are what the write knows of the properties of each class
	// and script met.
	listed map[listedKey]*listed
	// placeMarks are stored's marks of the places a resource sets, past
	// those it keeps itself.
	placeMarks []uint64
}

func newBinWriter(f *File, shift int) (*binWriter, error) {
	w := &binWriter{f: f, shift: shift, godot4: f.dialect == vartext.Godot4, find: f.finder()}
	switch f.dialect {
	case vartext.Godot4:
		w.l = binaryLayout{major: 4, minor: 6, format: binaryFormat4, flags: flagNamedSceneIDs | flagUIDs}
	case vartext.Godot3:
		w.l = binaryLayout{major: 3, minor: 6, format: binaryFormat3}
	case vartext.Godot32:
		w.l = binaryLayout{major: 3, minor: 2, format: binaryFormat3}
	default:
		return nil, fmt.Errorf("resource: no binary form for %s", f.dialect)
	}
	if l := f.bin; l != nil && (l.major >= 4) == w.godot4 { // written back as read
		w.l.major, w.l.minor, w.l.format, w.l.flags = l.major, l.minor, l.format, l.flags
		w.l.names = l.names
	}
	if w.godot4 {
		w.l.flags &^= flagScriptClass
		if f.ScriptClass != "" {
			w.l.flags |= flagScriptClass
		}
	}
	w.real8 = w.l.flags&flagRealIsDouble != 0
	return w, nil
}

// file writes the file to w.b, whole, or, with out, through it (see
// streamed).
func (w *binWriter) file(out *streamed) ([]byte, error) {
	f, l := w.f, &w.l
	subs, exts, err := w.index()
	if err != nil {
		return nil, err
	}
	w.s(magicPlain)
	for _, v := range []uint32{0, 0, l.major, l.minor, l.format} {
		w.u32(v)
	}
	w.str(f.Type)
	w.u64(0)
	reserved := reserved3
	if w.godot4 {
		w.u32(l.flags)
		w.u64(uint64(f.UID))
		if l.flags&flagScriptClass != 0 {
			w.str(f.ScriptClass)
		}
		reserved = reserved4
	}
	for range reserved {
		w.u32(0)
	}
	w.u32(uint32(len(l.names)))
	for _, n := range l.names {
		w.str(n)
	}
	w.u32(uint32(len(exts)))
	for _, x := range exts {
		w.str(x.Type)
		w.str(x.Path)
		if l.flags&flagUIDs != 0 {
			w.u64(uint64(x.UID))
		}
	}
	w.u32(uint32(len(subs) + 1))
	offsets := make([]int, len(subs)+1)
	for i, r := range subs {
		w.str(localPrefix + r.ID)
		offsets[i] = len(w.b)
		w.u64(0)
	}
	if f.Path != "" { // a main resource loaded from a file keeps its path
		w.str(f.Path)
	} else {
		w.str(localPrefix + f.Main.ID)
	}
	offsets[len(subs)] = len(w.b)
	w.u64(0)
	if out != nil {
		out.head = len(w.b)
	}
	for i, r := range append(subs, w.main) {
		at := len(w.b) - w.shift
		if out != nil {
			at += out.written
		}
		binary.LittleEndian.PutUint64(w.b[offsets[i]:], uint64(at))
		w.str(r.Type)
		props := w.stored(r)
		w.u32(uint32(len(props)))
		for _, p := range props {
			w.u32(uint32(w.names.find(p.Name, w.nameOf)))
			if err := w.value(p.Value, 0); err != nil {
				return nil, fmt.Errorf("resource: %s %s: %w", r.Type, p.Name, err)
			}
		}
		if out != nil && len(w.b)-out.head >= flushAt {
			if err := w.flush(out); err != nil {
				return nil, err
			}
		}
	}
	w.s(magicPlain)
	if out != nil {
		return w.b, w.finish(out)
	}
	return w.b, nil
}

// flush writes what the writer holds past the header, and the header
// too the first time, with the offsets known so far.
func (w *binWriter) flush(out *streamed) error {
	from := out.head
	if out.written == 0 {
		from = 0
	}
	if _, err := out.w.Write(w.b[from:]); err != nil {
		return err
	}
	out.written += len(w.b) - out.head
	w.b = w.b[:out.head]
	return nil
}

// finish writes the rest, then the header again with every offset.
func (w *binWriter) finish(out *streamed) error {
	if out.written == 0 { // all held: written once
		_, err := out.w.Write(w.b)
		return err
	}
	if err := w.flush(out); err != nil {
		return err
	}
	if _, err := out.w.Seek(out.start, io.SeekStart); err != nil {
		return err
	}
	if _, err := out.w.Write(w.b[:out.head]); err != nil {
		return err
	}
	_, err := out.w.Seek(out.start+int64(out.head+out.written), io.SeekStart)
	return err
}

// index finds what the file holds as the binary saver does (see walker):
// the sub-resources in the order saved and the external resources, each
// numbered as references give them, and the names: those of the file read,
// then the parts of NodePaths as the walk meets them, then every stored
// property's name, resource by resource. A File read from a binary file
// keeps its order.
func (w *binWriter) index() (subs []*Resource, exts []*External, err error) {
	f := w.f
	if f.Main.ID == "" && f.Path == "" {
		return nil, nil, errors.New("resource: the main resource has neither an ID nor a path, one of which the binary form needs (see SavedAs)")
	}
	// As many names as stored properties, or more.
	count := len(w.l.names) + len(f.Main.Properties)
	for _, r := range f.Resources {
		count += len(r.Properties)
	}
	w.l.names = reserve(w.l.names[:len(w.l.names):len(w.l.names)], count-len(w.l.names)) // a copy: f.bin's are the file's
	w.nameOf = func(i int) string { return w.l.names[i] }
	for i, n := range w.l.names {
		if w.names.find(n, w.nameOf) < 0 {
			w.names.add(n, i, w.nameOf)
		}
	}
	found := newWalker(f, false)
	found.nodePath = func(p gdvar.NodePath) {
		for _, n := range p.Names {
			w.name(n)
		}
		for _, n := range p.SubNames {
			w.name(n)
		}
	}
	if err := found.walk(); err != nil {
		return nil, nil, err
	}
	subs, exts = found.found, found.external
	if f.bin != nil {
		subs, exts = f.Resources, f.External
	} else {
		for _, x := range f.External {
			if !found.seenX[x] { // perhaps the script of a typed container left out as a default
				exts = append(exts, x)
			}
		}
	}
	w.exts = make(map[string]uint32, len(exts))
	for i, x := range exts {
		w.exts[x.key()] = uint32(i)
	}
	w.subs = make(map[string]uint32, len(subs))
	for i, r := range subs {
		n := uint32(i)
		if w.l.flags&flagNamedSceneIDs == 0 { // Godot 3 finds them by the number in their path
			id, err := strconv.ParseUint(r.ID, 10, 32)
			if err != nil {
				return nil, nil, fmt.Errorf("resource: the id %q is not a number, which Godot 3 needs", r.ID)
			}
			n = uint32(id)
		}
		w.subs[r.ID] = n
	}
	// Every stored property's name, resource by resource; the lists are
	// made again as the resources are written.
	w.main = &Resource{Type: f.Main.Type, Properties: found.main}
	for _, r := range append(subs[:len(subs):len(subs)], w.main) {
		w.stored(r)
	}
	return subs, exts, nil
}

// name adds a name to the names, if it is not there.
func (w *binWriter) name(n string) {
	if w.names.find(n, w.nameOf) < 0 {
		w.l.names = append(reserve(w.l.names, 1), n)
		w.names.add(n, len(w.l.names)-1, w.nameOf)
	}
}

func (w *binWriter) s(s string)   { w.b = append(reserve(w.b, len(s)), s...) }
func (w *binWriter) u32(v uint32) { w.b = binary.LittleEndian.AppendUint32(reserve(w.b, 4), v) }
func (w *binWriter) u64(v uint64) { w.b = binary.LittleEndian.AppendUint64(reserve(w.b, 8), v) }

// str writes a string: u32 length+1, the bytes, a NUL.
func (w *binWriter) str(s string) {
	w.b = reserve(w.b, len(s)+5)
	w.u32(uint32(len(s) + 1))
	w.s(s)
	w.b = append(w.b, 0)
}

func (w *binWriter) value(v any, depth int) error {
	if depth > maxValueDepth {
		return fmt.Errorf("nested deeper than %d", maxValueDepth)
	}
	switch x := v.(type) {
	case nil:
		w.u32(vNil)
	case bool:
		w.u32(vBool)
		if x {
			w.u32(1)
		} else {
			w.u32(0)
		}
	case int64:
		if x == int64(int32(x)) {
			w.u32(vInt)
			w.u32(uint32(x))
		} else {
			w.u32(vInt64)
			w.u64(uint64(x))
		}
	case float64:
		if float64(float32(x)) == x {
			w.u32(vFloat)
			w.u32(math.Float32bits(float32(x)))
		} else {
			w.u32(vDouble)
			w.u64(math.Float64bits(x))
		}
	case string:
		w.u32(vString)
		w.str(x)
	case gdvar.StringName:
		return w.godot4Only(vStringName, func() { w.str(string(x)) })
	case gdvar.NodePath:
		w.u32(vNodePath)
		subs := uint32(len(x.SubNames))
		if x.Absolute {
			subs |= absolutePath
		}
		w.u32(uint32(len(x.Names)) | subs<<16)
		for _, n := range append(x.Names[:len(x.Names):len(x.Names)], x.SubNames...) {
			i := w.names.find(n, w.nameOf)
			if i < 0 { // not met walking the resources: in place
				w.b = reserve(w.b, len(n)+5)
				w.u32(uint32(len(n)+1) | inlineName)
				w.s(n)
				w.b = append(w.b, 0)
				continue
			}
			w.u32(uint32(i))
		}
	case gdvar.RID:
		w.u32(vRID)
		w.u32(uint32(x))
	case gdvar.Callable:
		return w.godot4Only(vCallable, nil)
	case gdvar.Signal:
		return w.godot4Only(vSignal, nil)
	case *gdvar.Object:
		return w.object(x)
	case []any:
		w.u32(vArray)
		return w.elems(x, depth)
	case gdvar.Array:
		w.u32(vArray)
		return w.elems(x.Values, depth)
	case *gdvar.Dictionary:
		w.u32(vDictionary)
		w.u32(uint32(x.Len()))
		for i := range x.Len() {
			k, val := x.At(i)
			if err := w.value(k, depth+1); err != nil {
				return err
			}
			if err := w.value(val, depth+1); err != nil {
				return err
			}
		}
	case []byte:
		w.u32(vBytes)
		w.u32(uint32(len(x)))
		w.b = append(reserve(w.b, len(x)+3), x...)
		w.b = append(w.b, make([]byte, pad4(len(x)))...)
	default:
		return w.numbers(v)
	}
	return nil
}

// godot4Only writes a Godot 4 tag and its payload, or fails in Godot 3.
func (w *binWriter) godot4Only(tag uint32, payload func()) error {
	if !w.godot4 {
		return fmt.Errorf("%w: tag %d is Godot 4's", errNoGodot3Form, tag)
	}
	w.u32(tag)
	if payload != nil {
		payload()
	}
	return nil
}

// errNoGodot3Form is the error for a value Godot 3 has no type for.
var errNoGodot3Form = errors.New("resource: no Godot 3 form")

func (w *binWriter) elems(a []any, depth int) error {
	w.u32(uint32(len(a)))
	for _, v := range a {
		if err := w.value(v, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func (w *binWriter) object(o *gdvar.Object) error {
	w.u32(vObject)
	kind, id := RefOf(o)
	switch {
	case kind == ExtRef:
		i, ok := w.exts[id]
		if !ok {
			return fmt.Errorf("resource: ExtResource(%q) is not an external resource of the file", id)
		}
		w.u32(objectExt)
		w.u32(i)
	case kind == SubRef:
		i, ok := w.subs[id]
		if !ok {
			return fmt.Errorf("resource: SubResource(%q) is not a sub-resource of the file", id)
		}
		w.u32(objectSub)
		w.u32(i)
	case o.Class == "Resource" && len(o.Properties) == 1 && o.Properties[0].Name == "resource_path":
		path, ok := o.Properties[0].Value.(string)
		if !ok {
			w.u32(objectEmpty)
			return nil
		}
		w.u32(objectPath)
		w.str("Resource")
		w.str(path)
	default: // null, or an object that is not a resource: the engine saves nothing of it
		w.u32(objectEmpty)
	}
	return nil
}

// numbers writes a math value or a packed array.
func (w *binWriter) numbers(v any) error {
	rv := reflect.ValueOf(v)
	if tag, ok := mathTagOf[rv.Type()]; ok {
		if tag >= firstGodot4 && !w.godot4 {
			return fmt.Errorf("%w: %T", errNoGodot3Form, v)
		}
		w.u32(tag)
		w.math(rv)
		return nil
	}
	tag, ok := packedTagOf[rv.Type()]
	if !ok {
		return fmt.Errorf("resource: %T has no binary resource form", v)
	}
	if tag >= firstGodot4 && !w.godot4 {
		return fmt.Errorf("%w: %T", errNoGodot3Form, v)
	}
	w.u32(tag)
	w.u32(uint32(rv.Len()))
	switch x := v.(type) {
	case []string:
		for _, s := range x {
			w.str(s)
		}
	case []int32:
		for _, n := range x {
			w.u32(uint32(n))
		}
	case []int64:
		for _, n := range x {
			w.u64(uint64(n))
		}
	case []float32:
		for _, n := range x {
			w.u32(math.Float32bits(n))
		}
	case []float64:
		for _, n := range x {
			w.u64(math.Float64bits(n))
		}
	default:
		for i := range rv.Len() {
			w.math(rv.Index(i))
		}
	}
	return nil
}

// math writes a math value's numbers in wire order: reals as the file
// says, Color's channels and integers in 32 bits.
func (w *binWriter) math(v reflect.Value) {
	mathwalk.Walk(v, func(x reflect.Value) {
		switch x.Kind() {
		case reflect.Int32:
			w.u32(uint32(x.Int()))
		case reflect.Float32:
			w.u32(math.Float32bits(float32(x.Float())))
		default:
			if w.real8 {
				w.u64(math.Float64bits(x.Float()))
			} else {
				w.u32(math.Float32bits(float32(x.Float())))
			}
		}
	})
}

// mathTagOf and packedTagOf map Go types back to tags.
var mathTagOf, packedTagOf = func() (m, p map[reflect.Type]uint32) {
	m, p = map[reflect.Type]uint32{}, map[reflect.Type]uint32{}
	for tag, t := range mathTags {
		m[t] = tag
	}
	for tag, t := range packedTags {
		p[t] = tag
	}
	return m, p
}()
