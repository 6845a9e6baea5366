package resource

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
	"github.com/gdvar/gdvar/vartext"
)

// errCorrupt is matched by every error of a binary file that is not as the
// engines write it.
var errCorrupt = errors.New("resource: corrupt binary file")

// binReader reads a binary file's content, every offset checked.
type binReader struct {
	binInput
	f     *File
	l     *binaryLayout
	real8 bool                // reals are 64-bit
	subs  []string            // the internal resources' IDs, by position
	ids   map[string]struct{} // subs, made when Godot 3's references look them up
	depth int
}

// readBinary reads a binary resource file, plain or compressed, whole.
func readBinary(data []byte, cfg *config) (*File, error) {
	r := &binReader{binInput: plainInput(data), l: &binaryLayout{}}
	if bytes.HasPrefix(data, []byte(magicCompressed)) {
		// The content of the container is the file without "RSRC"; its
		// offsets count from there.
		var err error
		if r.binInput, err = compressedInput(data, cfg.container()); err != nil {
			return nil, err
		}
		r.l.compressed = true
	}
	if err := r.header(); err != nil {
		return nil, err
	}
	f := r.f
	given, set := cfg.text.Dialect()
	switch {
	case set:
		f.dialect = given
	case r.l.major < 4 && r.l.minor <= 2:
		f.dialect = vartext.Godot32
	case r.l.major < 4:
		f.dialect = vartext.Godot3
	}
	var err error
	if f.text, err = cfg.textOf(f.dialect); err != nil {
		return nil, err
	}
	if err := r.tables(); err != nil {
		return nil, err
	}
	if err := r.rest(); err != nil {
		return nil, err
	}
	if f.Type == sceneClass {
		if err := unbundle(f, 8*r.size+1<<20); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func (r *binReader) fail(format string, args ...any) error {
	return fmt.Errorf("%w: offset %d: %s", errCorrupt, r.pos, fmt.Sprintf(format, args...))
}

// need makes the next n bytes, which the bytes left must hold, ready.
func (r *binReader) need(n int) error {
	if n < 0 || n > r.end-r.pos {
		return r.fail("%d bytes past the end", n-(r.end-r.pos))
	}
	return r.fill(r.pos + n)
}

func (r *binReader) u32() (uint32, error) {
	if err := r.need(4); err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(r.take(4)), nil
}

func (r *binReader) u64() (uint64, error) {
	if err := r.need(8); err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(r.take(8)), nil
}

// count reads a count of items of at least size bytes each, which the
// bytes left must hold, and makes their bytes ready: nothing is made for
// them before they are there.
func (r *binReader) count(size int) (int, error) {
	n, err := r.u32()
	if err != nil {
		return 0, err
	}
	return int(n), r.counted(uint64(n), size)
}

// counted checks a count of n items of at least size bytes each, and makes
// their bytes ready.
func (r *binReader) counted(n uint64, size int) error {
	if n*uint64(size) > uint64(r.end-r.pos) {
		return r.fail("a count of %d, more than the bytes left hold", n)
	}
	return r.fill(r.pos + int(n)*size)
}

// str reads a string: u32 length, the bytes, up to the first NUL.
func (r *binReader) str() (string, error) {
	n, err := r.count(1)
	if err != nil {
		return "", err
	}
	b := r.take(n)
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b), nil
}

func (r *binReader) header() error {
	var words [5]uint32
	for i := range words {
		w, err := r.u32()
		if err != nil {
			return err
		}
		words[i] = w
	}
	l := r.l
	l.major, l.minor, l.format = words[2], words[3], words[4]
	switch {
	case words[0] != 0:
		return r.fail("a big-endian file, which gdvar does not read")
	case l.format < binaryFormat3 || l.major < 3:
		return r.fail("format %d of Godot %d, older than Godot 3's", l.format, l.major)
	case l.format > binaryFormat4:
		return r.fail("format %d, newer than Godot 4.6's", l.format)
	}
	typ, err := r.str()
	if err != nil {
		return err
	}
	if _, err := r.u64(); err != nil { // import metadata, Godot 2's
		return err
	}
	f := &File{Type: typ, UID: NoUID, Main: &Resource{Type: typ}, binaryRead: true}
	r.f, f.bin = f, l
	reserved := reserved3
	if l.format > binaryFormat3 {
		if l.flags, err = r.u32(); err != nil {
			return err
		}
		uid, err := r.u64()
		if err != nil {
			return err
		}
		if l.flags&flagUIDs != 0 {
			f.UID = UID(uid)
		}
		if l.flags&flagScriptClass != 0 {
			if f.ScriptClass, err = r.str(); err != nil {
				return err
			}
		}
		reserved = reserved4
	}
	r.real8 = l.flags&flagRealIsDouble != 0
	return r.need(reserved * 4)
}

// tables reads the names, the external and internal resources, and the
// bodies.
func (r *binReader) tables() error {
	r.pos += reserved(r.l) * 4
	f, l := r.f, r.l
	n, err := r.count(4)
	if err != nil {
		return err
	}
	l.names = make([]string, n)
	for i := range l.names {
		if l.names[i], err = r.str(); err != nil {
			return err
		}
	}
	if n, err = r.count(8); err != nil {
		return err
	}
	for i := range n {
		x := &External{UID: NoUID, ID: strconv.Itoa(i + 1)}
		if x.Type, err = r.str(); err != nil {
			return err
		}
		if x.Path, err = r.str(); err != nil {
			return err
		}
		if l.flags&flagUIDs != 0 {
			uid, err := r.u64()
			if err != nil {
				return err
			}
			x.UID = UID(uid)
		}
		f.External = append(f.External, x)
	}
	if n, err = r.count(12); err != nil {
		return err
	}
	if n == 0 {
		return r.fail("no resources")
	}
	type entry struct {
		path string
		at   uint64
		res  *Resource
	}
	entries := make([]entry, n)
	for i := range entries {
		if entries[i].path, err = r.str(); err != nil {
			return err
		}
		if entries[i].at, err = r.u64(); err != nil {
			return err
		}
	}
	r.subs = make([]string, n)
	for i := range entries {
		r.subs[i] = strings.TrimPrefix(entries[i].path, localPrefix)
		if i < n-1 {
			entries[i].res = &Resource{ID: r.subs[i]}
			f.Resources = append(f.Resources, entries[i].res)
		}
	}
	main := &entries[n-1]
	main.res = f.Main
	if strings.HasPrefix(main.path, localPrefix) {
		f.Main.ID = r.subs[n-1]
	} else { // a main resource loaded from a file is named by its path
		f.Path = main.path
	}
	// Bodies may come in any order, but not overlapping: reading each up
	// to the next one's start reads the file once.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Compare(entries[a].at, entries[b].at)
	})
	for k, i := range order {
		end := uint64(r.size)
		if k+1 < n {
			end = min(end, entries[order[k+1]].at)
		}
		e := &entries[i]
		if e.at < uint64(r.pos) || e.at >= end {
			return r.fail("resource %d's body at %d, outside the file or on another's", i, e.at)
		}
		r.pos, r.end = int(e.at), int(end)
		err := r.body(e.res)
		r.end = r.size
		if err != nil {
			return fmt.Errorf("resource %q: %w", e.path, err)
		}
	}
	return nil
}

// reserved is how many reserved words the header has.
func reserved(l *binaryLayout) int {
	if l.format > binaryFormat3 {
		return reserved4
	}
	return reserved3
}

func (r *binReader) body(res *Resource) error {
	var err error
	if res.Type, err = r.str(); err != nil {
		return err
	}
	n, err := r.count(8)
	if err != nil {
		return err
	}
	res.Properties = make([]gdvar.Property, 0, n)
	for range n {
		var p gdvar.Property
		if p.Name, err = r.name(); err != nil {
			return err
		}
		if p.Value, err = r.value(); err != nil {
			return fmt.Errorf("property %s: %w", p.Name, err)
		}
		res.Properties = append(res.Properties, p)
	}
	return nil
}

// name reads a name: its index in the names, or (bit 31) the name itself.
func (r *binReader) name() (string, error) {
	i, err := r.u32()
	if err != nil {
		return "", err
	}
	if i&inlineName != 0 {
		n := int(i &^ inlineName)
		if err := r.need(n); err != nil {
			return "", err
		}
		b := r.take(n)
		if j := bytes.IndexByte(b, 0); j >= 0 {
			b = b[:j]
		}
		return string(b), nil
	}
	if int(i) >= len(r.l.names) {
		return "", r.fail("name %d of %d", i, len(r.l.names))
	}
	return r.l.names[i], nil
}

func (r *binReader) real() (float64, error) {
	if r.real8 {
		v, err := r.u64()
		return math.Float64frombits(v), err
	}
	v, err := r.u32()
	return float64(math.Float32frombits(v)), err
}

func (r *binReader) value() (any, error) {
	tag, err := r.u32()
	if err != nil {
		return nil, err
	}
	switch tag {
	case vNil:
		return nil, nil
	case vBool:
		v, err := r.u32()
		return v != 0, err
	case vInt:
		v, err := r.u32()
		return int64(int32(v)), err
	case vInt64:
		v, err := r.u64()
		return int64(v), err
	case vFloat:
		v, err := r.u32()
		return float64(math.Float32frombits(v)), err
	case vDouble:
		v, err := r.u64()
		return math.Float64frombits(v), err
	case vString:
		return r.str()
	case vStringName:
		s, err := r.str()
		return gdvar.StringName(s), err
	case vNodePath:
		return r.nodePath()
	case vRID:
		v, err := r.u32()
		return gdvar.RID(v), err
	case vCallable:
		return gdvar.Callable{}, nil
	case vSignal:
		return gdvar.Signal{}, nil
	case vObject:
		return r.object()
	case vDictionary, vArray:
		return r.container(tag)
	case vBytes:
		n, err := r.count(1)
		if err != nil {
			return nil, err
		}
		b := r.takeOwned(n)
		if err := r.need(pad4(n)); err != nil {
			return nil, err
		}
		r.pos += pad4(n)
		return b, nil
	}
	if t, ok := mathTags[tag]; ok {
		v := reflect.New(t).Elem()
		if err := r.math(v); err != nil {
			return nil, err
		}
		return v.Interface(), nil
	}
	if t, ok := packedTags[tag]; ok {
		return r.packed(t)
	}
	return nil, r.fail("unknown value tag %d", tag)
}

// pad4 is the padding after n bytes, to a multiple of 4; it is skipped as
// need checks it.
func pad4(n int) int { return (4 - n%4) % 4 }

// math reads a math value's numbers into v, in wire order.
func (r *binReader) math(v reflect.Value) error {
	var err error
	mathwalk.Walk(v, func(x reflect.Value) {
		if err != nil {
			return
		}
		switch x.Kind() {
		case reflect.Int32:
			var n uint32
			n, err = r.u32()
			x.SetInt(int64(int32(n)))
		case reflect.Float32: // Color: always 32-bit
			var n uint32
			n, err = r.u32()
			x.SetFloat(float64(math.Float32frombits(n)))
		default:
			var f float64
			f, err = r.real()
			x.SetFloat(f)
		}
	})
	return err
}

// packed reads a packed array into a slice of type t.
func (r *binReader) packed(t reflect.Type) (any, error) {
	elem := t.Elem()
	n, err := r.count(packedSize(elem, r.real8))
	if err != nil {
		return nil, err
	}
	switch elem.Kind() {
	case reflect.String:
		out := make([]string, n)
		for i := range out {
			if out[i], err = r.str(); err != nil {
				return nil, err
			}
		}
		return out, nil
	case reflect.Int32:
		out := make([]int32, n)
		for i := range out {
			out[i] = int32(binary.LittleEndian.Uint32(r.take(4)))
		}
		return out, nil
	case reflect.Int64:
		out := make([]int64, n)
		for i := range out {
			out[i] = int64(binary.LittleEndian.Uint64(r.take(8)))
		}
		return out, nil
	case reflect.Float32:
		out := make([]float32, n)
		for i := range out {
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(r.take(4)))
		}
		return out, nil
	case reflect.Float64:
		out := make([]float64, n)
		for i := range out {
			out[i] = math.Float64frombits(binary.LittleEndian.Uint64(r.take(8)))
		}
		return out, nil
	}
	s := reflect.MakeSlice(t, n, n)
	for i := range n {
		if err := r.math(s.Index(i)); err != nil {
			return nil, err
		}
	}
	return s.Interface(), nil
}

// packedSize is the bytes an element of a packed array of elem takes (the
// fewest, for a string): vectors' reals follow the file, Colors and the
// number arrays have their own size.
func packedSize(elem reflect.Type, real8 bool) int {
	switch elem.Kind() {
	case reflect.String, reflect.Int32, reflect.Float32:
		return 4
	case reflect.Int64, reflect.Float64:
		return 8
	}
	size := 0
	mathwalk.Walk(reflect.New(elem).Elem(), func(x reflect.Value) {
		if x.Kind() == reflect.Float64 && real8 {
			size += 8
		} else {
			size += 4
		}
	})
	return size
}

func (r *binReader) nodePath() (gdvar.NodePath, error) {
	w, err := r.u32()
	if err != nil {
		return gdvar.NodePath{}, err
	}
	names, subs := int(w&0xffff), int(w>>16)
	p := gdvar.NodePath{Absolute: subs&absolutePath != 0}
	subs &^= absolutePath
	if err := r.need((names + subs) * 4); err != nil {
		return p, err
	}
	read := func(n int) ([]string, error) {
		if n == 0 {
			return nil, nil
		}
		out := make([]string, n)
		for i := range out {
			if out[i], err = r.name(); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	if p.Names, err = read(names); err != nil {
		return p, err
	}
	p.SubNames, err = read(subs)
	return p, err
}

func (r *binReader) object() (any, error) {
	kind, err := r.u32()
	if err != nil {
		return nil, err
	}
	switch kind {
	case objectEmpty:
		return &gdvar.Object{}, nil
	case objectPath:
		if _, err := r.str(); err != nil { // its type
			return nil, err
		}
		path, err := r.str()
		if err != nil {
			return nil, err
		}
		return &gdvar.Object{Class: "Resource", Properties: []gdvar.Property{{Name: "resource_path", Value: path}}}, nil
	case objectSub:
		i, err := r.u32()
		if err != nil {
			return nil, err
		}
		if r.l.flags&flagNamedSceneIDs == 0 { // Godot 3: local://i
			id := strconv.FormatUint(uint64(i), 10)
			if r.ids == nil {
				r.ids = make(map[string]struct{}, len(r.subs))
				for _, s := range r.subs {
					r.ids[s] = struct{}{}
				}
			}
			if _, ok := r.ids[id]; !ok {
				return nil, r.fail("no internal resource %d", i)
			}
			return Sub(id), nil
		}
		if int(i) >= len(r.subs)-1 {
			return nil, r.fail("internal resource %d of %d", i, len(r.subs)-1)
		}
		return Sub(r.subs[i]), nil
	case objectExt:
		i, err := r.u32()
		if err != nil {
			return nil, err
		}
		if int(i) >= len(r.f.External) { // the engine loads null, and so writes FLAG_BUNDLE_RESOURCES
			return nil, nil
		}
		return Ext(r.f.External[i].ID), nil
	}
	return nil, r.fail("unknown object kind %d", kind)
}

func (r *binReader) container(tag uint32) (any, error) {
	if r.depth++; r.depth > maxValueDepth {
		return nil, r.fail("nested deeper than %d", maxValueDepth)
	}
	defer func() { r.depth-- }()
	w, err := r.u32()
	if err != nil {
		return nil, err
	}
	w &^= 1 << 31 // the old shared flag
	size := 4
	if tag == vDictionary {
		size = 8
	}
	if err := r.counted(uint64(w), size); err != nil {
		return nil, err
	}
	n := int(w)
	if tag == vArray {
		a := make([]any, n)
		for i := range a {
			if a[i], err = r.value(); err != nil {
				return nil, err
			}
		}
		return a, nil
	}
	d := &gdvar.Dictionary{}
	d.Grow(n)
	for range n {
		k, err := r.value()
		if err != nil {
			return nil, err
		}
		v, err := r.value()
		if err != nil {
			return nil, err
		}
		d.Append(k, v)
	}
	return d, nil
}

// mathTags and packedTags map the tags of math values and packed arrays to
// their Go types.
var (
	mathTags = map[uint32]reflect.Type{
		vVector2: reflect.TypeFor[gdvar.Vector2](), vVector2i: reflect.TypeFor[gdvar.Vector2i](),
		vRect2: reflect.TypeFor[gdvar.Rect2](), vRect2i: reflect.TypeFor[gdvar.Rect2i](),
		vVector3: reflect.TypeFor[gdvar.Vector3](), vVector3i: reflect.TypeFor[gdvar.Vector3i](),
		vTransform2D: reflect.TypeFor[gdvar.Transform2D](), vVector4: reflect.TypeFor[gdvar.Vector4](),
		vVector4i: reflect.TypeFor[gdvar.Vector4i](), vPlane: reflect.TypeFor[gdvar.Plane](),
		vQuaternion: reflect.TypeFor[gdvar.Quaternion](), vAABB: reflect.TypeFor[gdvar.AABB](),
		vBasis: reflect.TypeFor[gdvar.Basis](), vTransform3D: reflect.TypeFor[gdvar.Transform3D](),
		vProjection: reflect.TypeFor[gdvar.Projection](), vColor: reflect.TypeFor[gdvar.Color](),
	}
	packedTags = map[uint32]reflect.Type{
		vInt32s: reflect.TypeFor[[]int32](), vInt64s: reflect.TypeFor[[]int64](),
		vFloat32s: reflect.TypeFor[[]float32](), vFloat64s: reflect.TypeFor[[]float64](),
		vStrings: reflect.TypeFor[[]string](), vVector2s: reflect.TypeFor[[]gdvar.Vector2](),
		vVector3s: reflect.TypeFor[[]gdvar.Vector3](), vColors: reflect.TypeFor[[]gdvar.Color](),
		vVector4s: reflect.TypeFor[[]gdvar.Vector4](),
	}
)
