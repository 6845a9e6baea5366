package multiplayer

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar"
)

// ErrArguments: a peer's call whose arguments do not fit its method's
// declared parameters (Method.Params): too few, too many, or one of a
// type the parameter does not take, refused before its handler as the
// engine refuses it. It comes inside an *ArgError.
var ErrArguments = errors.New("multiplayer: arguments that do not fit the method's parameters (Method.Params), refused as the engine refuses them")

// argType is a parameter's type (Param.Type), compiled: what the engine's
// GDScriptDataType holds of it.
type argType struct {
	kind    argKind
	builtin gdvar.Type // of builtinArg
	name    string     // the class of classArg, the script's path of scriptArg
	// elem are a typed container's element types: an Array's one, a
	// Dictionary's key and value, either of which may be anyArg; nil for
	// an untyped one (Array[Variant] is an Array).
	elem []*argType
}

// argKind is what kind of type an argType is.
type argKind uint8

const (
	anyArg     argKind = iota // any value: no type, or Variant
	builtinArg                // a built-in type
	classArg                  // an engine class
	scriptArg                 // a script class
)

// anyType is the type of a container's element of any value.
var anyType = &argType{}

// builtinNames are the built-in types by GDScript's names: Godot 4's but
// Nil and Object (an engine class).
var builtinNames = func() map[string]gdvar.Type {
	m := map[string]gdvar.Type{}
	for t := gdvar.TypeBool; t <= gdvar.TypePackedVector4Array; t++ {
		if t != gdvar.TypeObject {
			m[t.String()] = t
		}
	}
	return m
}()

// parseArgType compiles a Param.Type; nil is any value.
func parseArgType(s string) (*argType, error) {
	p := typeParser{s: s}
	t, err := p.parse(0)
	if err == nil && strings.TrimSpace(p.s[p.at:]) != "" {
		err = fmt.Errorf("%q after the type", p.s[p.at:])
	}
	if err != nil {
		return nil, fmt.Errorf("type %q: %w", s, err)
	}
	if t.kind == anyArg {
		return nil, nil
	}
	return t, nil
}

// typeParser reads a Param.Type: a name, a name with element types in
// brackets, or a quoted script path.
type typeParser struct {
	s  string
	at int
}

// maxTypeDepth is how deeply a Param.Type's containers may nest: GDScript
// nests none (Array[Array[int]] is refused), so two is plenty.
const maxTypeDepth = 2

func (p *typeParser) skipSpace() {
	for p.at < len(p.s) && p.s[p.at] == ' ' {
		p.at++
	}
}

func (p *typeParser) parse(depth int) (*argType, error) {
	p.skipSpace()
	if p.at == len(p.s) && depth == 0 {
		return anyType, nil
	}
	if p.at < len(p.s) && p.s[p.at] == '"' {
		q, err := strconv.QuotedPrefix(p.s[p.at:])
		if err != nil {
			return nil, fmt.Errorf("a script path not quoted as Go quotes a string: %w", err)
		}
		p.at += len(q)
		path, _ := strconv.Unquote(q)
		return &argType{kind: scriptArg, name: path}, nil
	}
	start := p.at
	for p.at < len(p.s) && (isNameByte(p.s[p.at]) || p.at > start && p.s[p.at] >= '0' && p.s[p.at] <= '9') {
		p.at++
	}
	name := p.s[start:p.at]
	if name == "" {
		return nil, fmt.Errorf("no type name at byte %d", start)
	}
	t := &argType{kind: classArg, name: name}
	switch b, ok := builtinNames[name]; {
	case name == "Variant":
		t = anyType
	case name == "Nil":
		return nil, errors.New("no parameter has the type Nil")
	case ok:
		t = &argType{kind: builtinArg, builtin: b}
	}
	p.skipSpace()
	if p.at == len(p.s) || p.s[p.at] != '[' {
		return t, nil
	}
	want := map[gdvar.Type]int{gdvar.TypeArray: 1, gdvar.TypeDictionary: 2}[t.builtin]
	if t.kind != builtinArg || want == 0 {
		return nil, fmt.Errorf("%s takes no element types", name)
	}
	if depth == maxTypeDepth {
		return nil, fmt.Errorf("containers nested more than %d deep", maxTypeDepth)
	}
	p.at++
	var elem []*argType
	for {
		e, err := p.parse(depth + 1)
		if err != nil {
			return nil, err
		}
		elem = append(elem, e)
		p.skipSpace()
		if p.at < len(p.s) && p.s[p.at] == ',' && len(elem) < want {
			p.at++
			continue
		}
		break
	}
	if p.at == len(p.s) || p.s[p.at] != ']' || len(elem) != want {
		return nil, fmt.Errorf("%s takes %d element type(s) in brackets", name, want)
	}
	p.at++
	for _, e := range elem {
		if e.kind != anyArg {
			t.elem = elem // Array[Variant] and Dictionary[Variant, Variant] are untyped
		}
	}
	return t, nil
}

func isNameByte(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// variantName is the name of the type's Variant type, as the engine's
// messages give it: Object for a class.
func (t *argType) variantName() string {
	if t.kind == builtinArg {
		return t.builtin.String()
	}
	return gdvar.TypeObject.String()
}

// encodedObjectClasses are EncodedObjectAsID and its bases: the classes of
// the objects a peer sends by their ids, when objects are not decoded.
var encodedObjectClasses = map[string]bool{"EncodedObjectAsID": true, "RefCounted": true, "Object": true}

// takes says an argument whose first token is tok fits the type, as the
// engine's GDScriptDataType::is_type says it, allowing the conversions
// Variant::can_convert_strict allows (convertible). With objects false,
// as the engine without allow_object_decoding, an object sent by its id
// is an EncodedObjectAsID, and an Array of objects of any class or script
// is an Array[EncodedObjectAsID]. With objects, the class of a whole
// object is not looked up among the engine's: one of another class than
// the parameter's passes.
func (t *argType) takes(tok gdvar.Token, objects bool) bool {
	from := tok.Type()
	switch t.kind {
	case anyArg:
		return true
	case classArg, scriptArg:
		switch {
		case from == gdvar.TypeNil:
			return true
		case from != gdvar.TypeObject:
			return false
		case tok.Kind() == gdvar.KindObjectID:
			return tok.ID() == 0 || t.kind == classArg && encodedObjectClasses[t.name]
		}
		return true // a whole object, null or of a class not looked up
	}
	if from == t.builtin {
		switch {
		case t.elem == nil:
			return true
		case from == gdvar.TypeArray:
			return t.elem[0].sameAs(tok.ElemType(), objects)
		}
		key, value := tok.KeyType(), tok.ValueType()
		if key.Kind == gdvar.Untyped && value.Kind == gdvar.Untyped {
			return false
		}
		return (key.Kind == gdvar.Untyped || t.elem[0].sameAs(key, objects)) &&
			(value.Kind == gdvar.Untyped || t.elem[1].sameAs(value, objects))
	}
	switch {
	case t.builtin == gdvar.TypeArray && t.elem != nil:
		return from.IsPacked()
	case t.builtin == gdvar.TypeDictionary && t.elem != nil:
		return false
	}
	return convertible(from, t.builtin)
}

// sameAs says a typed container's element type, as it came, is the
// element type t: the same built-in type, class or script, as the
// engine compares them.
func (t *argType) sameAs(c gdvar.ContainerType, objects bool) bool {
	if !objects && (c.Kind == gdvar.TypedClass || c.Kind == gdvar.TypedScript) {
		c = gdvar.ContainerType{Kind: gdvar.TypedClass, Name: "EncodedObjectAsID"}
	}
	switch t.kind {
	case builtinArg:
		return c.Kind == gdvar.TypedBuiltin && c.Builtin == t.builtin
	case classArg:
		return c.Kind == gdvar.TypedClass && c.Name == t.name
	case scriptArg:
		return c.Kind == gdvar.TypedScript && c.Name == t.name
	}
	return false
}

// sample returns a value of type t, in the generic form, that a Go type
// able to hold some of its values but not all does not hold: a float of
// 0.5, which no Go integer takes; a packed array or a typed container of
// one element (an empty one goes into a slice of any element type); an
// untyped container empty, as its elements may be anything. An object is
// whole if the codec decodes whole objects (objects), else its id.
func (t *argType) sample(objects bool) any {
	switch t.kind {
	case anyArg:
		return nil
	case classArg, scriptArg:
		if objects {
			return &gdvar.Object{Class: "Object"}
		}
		return gdvar.ObjectID(1)
	}
	switch t.builtin {
	case gdvar.TypeArray:
		if t.elem == nil {
			return []any{}
		}
		return []any{t.elem[0].sample(objects)}
	case gdvar.TypeDictionary:
		if t.elem == nil {
			return &gdvar.Dictionary{}
		}
		return gdvar.NewDictionary(t.elem[0].sample(objects), t.elem[1].sample(objects))
	}
	v := reflect.New(t.builtin.GoType()).Elem()
	e := v
	if t.builtin.IsPacked() {
		v = reflect.MakeSlice(v.Type(), 1, 1)
		e = v.Index(0)
	}
	if e.CanFloat() {
		e.SetFloat(0.5)
	}
	return v.Interface()
}

// goType returns the Go type an argument of type t (nil: any value)
// arrives as: the generic form's (gdvar.Type.GoType), but a typed
// container's, a slice or map of its elements' (a Dictionary keyed by a
// type Go cannot key a map by, or by any value, stays a *gdvar.Dictionary),
// and an object's, gdvar.ObjectID or, if the codec decodes whole objects
// (objects), *gdvar.Object.
func (t *argType) goType(objects bool) reflect.Type {
	switch {
	case t == nil || t.kind == anyArg:
		return reflect.TypeFor[any]()
	case t.kind != builtinArg && objects:
		return reflect.TypeFor[*gdvar.Object]()
	case t.kind != builtinArg:
		return reflect.TypeFor[gdvar.ObjectID]()
	case t.elem == nil:
		return t.builtin.GoType()
	case t.builtin == gdvar.TypeArray:
		return reflect.SliceOf(t.elem[0].goType(objects))
	}
	key := t.elem[0].goType(objects)
	if !key.Comparable() || key.Kind() == reflect.Interface || key.Kind() == reflect.Pointer {
		return t.builtin.GoType()
	}
	return reflect.MapOf(key, t.elem[1].goType(objects))
}
