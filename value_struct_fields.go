package gdvar

import (
	"reflect"
	"strings"
	"sync"
	"unicode"
)

// structField is one field of a Go struct as the value layer sees it.
type structField struct {
	name      string // the Dictionary key Marshal writes
	goName    string // "Type.Field", for errors
	index     []int  // for reflect.Value.FieldByIndex (embedded structs)
	typ       reflect.Type
	omitEmpty bool
	asArray   bool   // write a slice as an untyped Array, not a packed array
	key       []byte // name as a whole String value on the wire, for Marshal
}

// structInfo is a struct type's fields and how keys find them.
type structInfo struct {
	fields []structField
	exact  map[string]int // tag name, snake_case name and Go name → field
	folded map[string]int // the same, lower-cased without underscores
}

var structCache sync.Map // reflect.Type → *structInfo

// structFields returns the fields of struct type t, cached.
func structFields(t reflect.Type) *structInfo {
	if si, ok := structCache.Load(t); ok {
		return si.(*structInfo)
	}
	si := &structInfo{exact: map[string]int{}, folded: map[string]int{}}
	collectFields(t, nil, si)
	for i := range si.fields {
		f := &si.fields[i]
		goName := t.FieldByIndex(f.index).Name
		f.goName = t.Name() + "." + goName
		for _, n := range []string{f.name, goName, snakeCase(goName)} {
			if _, taken := si.exact[n]; !taken {
				si.exact[n] = i
			}
			if k := foldName(n); si.folded[k] == 0 {
				si.folded[k] = i + 1 // +1: 0 means absent
			}
		}
	}
	actual, _ := structCache.LoadOrStore(t, si)
	return actual.(*structInfo)
}

// collectFields adds t's exported fields, flattening untagged embedded
// structs as encoding/json does.
func collectFields(t reflect.Type, index []int, si *structInfo) {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag, hasTag := sf.Tag.Lookup("gdvar")
		if tag == "-" {
			continue
		}
		idx := append(append([]int(nil), index...), i)
		ft := sf.Type
		if sf.Anonymous && !hasTag {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct && sf.Type.Kind() != reflect.Pointer {
				collectFields(ft, idx, si)
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = snakeCase(sf.Name)
		}
		f := structField{name: name, index: idx, typ: sf.Type, key: stringValueBytes(name)}
		for _, o := range strings.Split(opts, ",") {
			switch o {
			case "omitempty":
				f.omitEmpty = true
			case "array":
				f.asArray = true
			}
		}
		si.fields = append(si.fields, f)
	}
}

// lookup finds the field a Dictionary key names: exactly (the tag, the Go
// name or its snake_case), else ignoring case and underscores.
func (si *structInfo) lookup(key []byte) (*structField, bool) {
	if i, ok := si.exact[string(key)]; ok {
		return &si.fields[i], true
	}
	if i := si.folded[foldName(string(key))]; i > 0 {
		return &si.fields[i-1], true
	}
	return nil, false
}

// snakeCase turns a Go name into the snake_case Godot users write:
// "HitPoints" → "hit_points", "ID" → "id", "HTTPServer" → "http_server".
func snakeCase(s string) string {
	var b strings.Builder
	runes := []rune(s)
	for i, r := range runes {
		if unicode.IsUpper(r) {
			nextLower := i+1 < len(runes) && unicode.IsLower(runes[i+1])
			if i > 0 && (!unicode.IsUpper(runes[i-1]) || nextLower) && runes[i-1] != '_' {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// foldName lower-cases s and drops underscores, so that "hitPoints",
// "hit_points" and "HitPoints" meet.
func foldName(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), "_", "")
}

// stringValueBytes is s as a whole String value: header, length, bytes and
// zero padding (the String type is 4 in every engine version).
func stringValueBytes(s string) []byte {
	return appendStringValue(nil, stringType, stringBytes(s), 0)
}
