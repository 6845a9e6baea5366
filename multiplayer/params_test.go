package multiplayer

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// Param.Type is read as GDScript writes a type; what no function's
// parameter has is refused.
func TestParseArgType(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "any"}, {"Variant", "any"}, {" int ", "builtin int"}, {"PackedVector4Array", "builtin PackedVector4Array"},
		{"Node", "class Node"}, {"Object", "class Object"}, {"Node2D", "class Node2D"},
		{`"res://a b,[c].gd"`, "script res://a b,[c].gd"},
		{"Array", "builtin Array"}, {"Array[Variant]", "builtin Array"}, {"Array[ int ]", "builtin Array [builtin int]"},
		{`Array["res://p.gd"]`, "builtin Array [script res://p.gd]"}, {"Dictionary[String, Variant]", "builtin Dictionary [builtin String any]"},
		{"Dictionary[Variant,Variant]", "builtin Dictionary"}, {"Dictionary[Variant, Node]", "builtin Dictionary [any class Node]"},
	} {
		at, err := parseArgType(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, describe(at), tc.in)
	}
	for _, in := range []string{"Nil", "int[int]", "Array[int", "Array[int, int]", "Dictionary[int]", "Dictionary[int, int, int]",
		"Array[Array[Array[int]]]", "Node]", "1int", `"res://unclosed.gd`, "Array[]", "int int", "Node.Mode"} {
		_, err := parseArgType(in)
		assert.Error(t, err, in)
	}
}

// describe writes a compiled type, for comparing.
func describe(t *argType) string {
	if t == nil || t.kind == anyArg {
		return "any"
	}
	s := [...]string{"", "builtin " + t.builtin.String(), "class " + t.name, "script " + t.name}[t.kind]
	if t.elem != nil {
		s += " ["
		for i, e := range t.elem {
			if i > 0 {
				s += " "
			}
			s += describe(e)
		}
		s += "]"
	}
	return s
}

// Params no function has are refused when the method set is made.
func TestNewMethodSetParams(t *testing.T) {
	_, err := NewMethodSet(Method{Name: "f", Params: &Params{Fixed: []Param{{Name: "a", Default: true}, {Name: "b"}}}})
	assert.ErrorContains(t, err, "method f: parameter 1 (b) has no default after one that has")
	_, err = NewMethodSet(Method{Name: "f", Params: &Params{Fixed: []Param{{Name: "a", Type: "Array[int"}}}})
	assert.ErrorContains(t, err, `method f: parameter 0 (a): type "Array[int"`)
	s, err := NewMethodSet(Method{Name: "f", Params: &Params{Fixed: []Param{{Name: "a", Type: "int"}, {Name: "b", Type: "int", Default: true}}, Vararg: true}})
	require.NoError(t, err)
	sig := s.byName("f").sig
	assert.Equal(t, 1, sig.required)
	assert.Same(t, sig.types[0], sig.types[1], "a type written twice is compiled once")
	assert.Equal(t, "f", s.Methods()[0].Name)
}

// checkedMethods are methods with the parameters of GDScript functions.
var checkedMethods = []Method{
	{Name: "count", Mode: mode.AnyPeer, Transfer: mode.Reliable, Params: &Params{Fixed: []Param{{Name: "n", Type: "int"}}}},
	{Name: "move", Mode: mode.AnyPeer, Transfer: mode.Reliable, Params: &Params{Fixed: []Param{
		{Name: "to", Type: "Vector2"}, {Name: "speed", Type: "float", Default: true}, {Name: "tag", Default: true}}}},
	{Name: "rest", Mode: mode.AnyPeer, Transfer: mode.Reliable, Params: &Params{Fixed: []Param{{Name: "a", Type: "StringName"}}, Vararg: true}},
	{Name: "none", Mode: mode.AnyPeer, Transfer: mode.Reliable, Params: &Params{}},
	{Name: "ints", Mode: mode.AnyPeer, Transfer: mode.Reliable, Params: &Params{Fixed: []Param{{Name: "a", Type: "Array[int]"}}}},
	{Name: "who", Mode: mode.AnyPeer, Transfer: mode.Reliable, Params: &Params{Fixed: []Param{{Name: "a", Type: "Node"}}}},
	{Name: "free", Mode: mode.AnyPeer, Transfer: mode.Reliable},
}

// callPacket is a peer's call of method id (its place in checkedMethods,
// sorted) of /root/Main, its arguments as Call sends them.
func callPacket(t *testing.T, id uint16, args ...any) []byte {
	if b, ok := singleBytes(args); ok {
		return appendCall(nil, 0, "Main", id, true, 1, b)
	}
	var enc []byte
	for _, a := range args {
		var err error
		enc, err = AppendArg(enc, a, nil)
		require.NoError(t, err)
	}
	return appendCall(nil, 0, "Main", id, false, len(args), enc)
}

// A peer's call of a method with Params runs its handler when its
// arguments fit, converted as the engine converts them; otherwise it is
// refused before the handler with an *ArgError wrapping ErrArguments,
// in the engine's words. A method without Params is not checked.
func TestCheckArgs(t *testing.T) {
	for _, tc := range []struct {
		method string
		args   []any
		want   []any  // what the handler got
		err    string // the refusal, "" for none
		index  int
	}{
		{"count", []any{int64(3)}, []any{int64(3)}, "", 0},
		{"count", []any{-3.9}, []any{int64(-3)}, "", 0},
		{"count", []any{true}, []any{int64(1)}, "", 0},
		{"count", []any{math.NaN()}, []any{int64(math.MinInt64)}, "", 0},
		{"count", []any{1e300}, []any{int64(math.MinInt64)}, "", 0},
		{"count", []any{"3"}, nil, "Cannot convert argument 1 from String to int", 0},
		{"count", []any{nil}, nil, "Cannot convert argument 1 from Nil to int", 0},
		{"count", []any{[]byte{3}}, nil, "Cannot convert argument 1 from PackedByteArray to int", 0},
		{"count", nil, nil, "Method expected 1 argument(s), but called with 0", 0},
		{"count", []any{int64(1), int64(2)}, nil, "Method expected 1 argument(s), but called with 2", 1},
		{"move", []any{gdvar.Vector2i{X: 1, Y: -2}}, []any{gdvar.Vector2{X: 1, Y: -2}}, "", 0},
		{"move", []any{gdvar.Vector2{X: 1}, int64(2), "x"}, []any{gdvar.Vector2{X: 1}, 2.0, "x"}, "", 0},
		{"move", []any{gdvar.Vector2{}, "fast"}, nil, "Cannot convert argument 2 from String to float", 1},
		{"move", []any{gdvar.Vector2{}, 1.0, nil, nil}, nil, "Method expected 3 argument(s), but called with 4", 3},
		{"rest", []any{"a", int64(1), nil, gdvar.ObjectID(3)}, []any{gdvar.StringName("a"), int64(1), nil, gdvar.ObjectID(3)}, "", 0},
		{"rest", nil, nil, "Method expected 1 argument(s), but called with 0", 0},
		{"rest", []any{gdvar.ParseNodePath("a")}, nil, "Cannot convert argument 1 from NodePath to StringName", 0},
		{"none", nil, []any{}, "", 0},
		{"none", []any{[]byte{}}, []any{}, "", 0}, // an empty raw PackedByteArray is no argument
		{"none", []any{[]byte{1}}, nil, "Method expected 0 argument(s), but called with 1", 0},
		{"ints", []any{gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeInt}, Values: []any{int64(1)}}},
			[]any{gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeInt}, Values: []any{int64(1)}}}, "", 0},
		{"ints", []any{[]any{int64(1)}}, nil, "Cannot convert argument 1 from Array to Array", 0},
		{"ints", []any{[]string{"a"}}, []any{[]string{"a"}}, "", 0}, // converted by the engine, not here
		{"who", []any{gdvar.ObjectID(0)}, []any{gdvar.ObjectID(0)}, "", 0},
		{"who", []any{gdvar.ObjectID(9)}, nil, "Cannot convert argument 1 from Object to Object", 0},
		{"free", []any{"anything", nil, int64(1)}, []any{"anything", nil, int64(1)}, "", 0},
	} {
		m := MustNew()
		n := m.Node("/root/Main", checkedMethods...)
		var got []any
		ran := false
		n.Handle(tc.method, func(c *Call, args ...any) { ran, got = true, args })
		c := fakeConn(m)
		err := m.route(c, callPacket(t, n.byName(tc.method).id, tc.args...), reliably)
		if tc.err == "" {
			require.NoError(t, err, "%s%v", tc.method, tc.args)
			assert.True(t, ran, "%s%v", tc.method, tc.args)
			assert.Equal(t, tc.want, got, "%s%v", tc.method, tc.args)
			continue
		}
		assert.False(t, ran, "%s%v: the handler does not run", tc.method, tc.args)
		require.ErrorIs(t, err, ErrArguments, "%s%v", tc.method, tc.args)
		var ae *ArgError
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, ArgError{Node: "/root/Main", Method: tc.method, Index: tc.index, Err: ae.Err}, *ae)
		assert.Equal(t, ErrArguments.Error()+": "+tc.err, ae.Err.Error())
	}
}

// A refused call goes to the method's HandleArgError function, if it
// has one, instead of OnError.
func TestCheckArgsHandleArgError(t *testing.T) {
	m := MustNew()
	n := m.Node("/root/Main", checkedMethods...)
	n.Handle("count", func(c *Call, k int64) { t.Error("the handler ran") })
	var got *ArgError
	n.HandleArgError("count", func(c *Call, ae *ArgError) {
		got = ae
		var s string
		assert.NoError(t, c.Decode(0, &s), "the arguments as they came")
		assert.Equal(t, "x", s)
	})
	require.NoError(t, m.route(fakeConn(m), callPacket(t, n.byName("count").id, "x"), reliably))
	require.NotNil(t, got)
	assert.ErrorIs(t, got, ErrArguments)
}

// A peer calling with arguments the parameters refuse, again and again,
// makes one error of its own a WithErrorInterval, then their count, as
// its other refused packets; it stays connected, and its good calls are
// answered.
func TestCheckArgsLimited(t *testing.T) {
	methods := append([]Method{{Name: "echo_reply", Mode: mode.Authority, Transfer: mode.Reliable}}, checkedMethods...)
	m := MustNew(WithErrorInterval(time.Hour))
	main := m.Node("/root/Main", methods...)
	main.Handle("count", func(c *Call, n int64) error { return c.Reply("echo_reply", n) })
	errs := &errorLog{}
	m.OnError(errs.add)
	port := serve(t, m)

	client := MustNew()
	cmain := client.Node("/root/Main", methods...)
	replies := make(chan []any, 1)
	cmain.Handle("echo_reply", func(c *Call, args ...any) { replies <- args })
	ctx, cancel := context.WithTimeout(context.Background(), liveWait)
	defer cancel()
	require.NoError(t, client.Connect(ctx, "ws://127.0.0.1:"+port))
	defer client.Close()
	for range 50 {
		require.NoError(t, cmain.Call(ServerID, "count", "not an int"))
	}
	require.NoError(t, cmain.Call(ServerID, "count", int64(5)))
	select {
	case got := <-replies:
		assert.Equal(t, []any{int64(5)}, got)
	case <-time.After(liveWait):
		t.Fatal("the good call was not answered")
	}
	require.Len(t, errs.get(), 1, "one error an interval")
	assert.ErrorIs(t, errs.get()[0], ErrArguments)
	var pe *PeerError
	require.ErrorAs(t, errs.get()[0], &pe)
	assert.Equal(t, client.ID(), pe.Peer)
	m.Close()
	all := errs.get()
	require.Len(t, all, 2)
	var re *RepeatedError
	require.ErrorAs(t, all[1], &re)
	assert.Equal(t, 49, re.Count)
	assert.ErrorIs(t, re, ErrArguments)
}

// The engine's conversions that a handler's Go types take are made;
// what does not convert is left as it came.
func TestConverted(t *testing.T) {
	for _, tc := range []struct {
		v    any
		to   gdvar.Type
		want any
	}{
		{int64(2), gdvar.TypeBool, true}, {0.0, gdvar.TypeBool, false}, {math.NaN(), gdvar.TypeBool, true},
		{true, gdvar.TypeInt, int64(1)}, {2.999, gdvar.TypeInt, int64(2)}, {-0.5, gdvar.TypeInt, int64(0)},
		{math.Inf(-1), gdvar.TypeInt, int64(math.MinInt64)}, {false, gdvar.TypeFloat, 0.0}, {int64(-7), gdvar.TypeFloat, -7.0},
		{gdvar.StringName("s"), gdvar.TypeString, "s"}, {gdvar.ParseNodePath("/root/a:b"), gdvar.TypeString, "/root/a:b"},
		{"a/b", gdvar.TypeStringName, gdvar.StringName("a/b")}, {"a/b:c", gdvar.TypeNodePath, gdvar.ParseNodePath("a/b:c")},
		{gdvar.Vector2{X: 1.9, Y: -1.9}, gdvar.TypeVector2i, gdvar.Vector2i{X: 1, Y: -1}},
		{gdvar.Vector2{X: 3e9, Y: math.NaN()}, gdvar.TypeVector2i, gdvar.Vector2i{X: math.MinInt32, Y: math.MinInt32}},
		{gdvar.Rect2i{Size: gdvar.Vector2i{X: 2, Y: 3}}, gdvar.TypeRect2, gdvar.Rect2{Size: gdvar.Vector2{X: 2, Y: 3}}},
		{gdvar.Rect2{Position: gdvar.Vector2{X: 0.5}}, gdvar.TypeRect2i, gdvar.Rect2i{}},
		{gdvar.Vector3i{X: 1, Y: 2, Z: 3}, gdvar.TypeVector3, gdvar.Vector3{X: 1, Y: 2, Z: 3}},
		{gdvar.Vector3{X: -1.5}, gdvar.TypeVector3i, gdvar.Vector3i{X: -1}},
		{gdvar.Vector4i{W: 4}, gdvar.TypeVector4, gdvar.Vector4{W: 4}}, {gdvar.Vector4{W: 4.5}, gdvar.TypeVector4i, gdvar.Vector4i{W: 4}},
	} {
		got, ok := converted(tc.v, tc.to)
		assert.True(t, ok, "%v to %v", tc.v, tc.to)
		assert.Equal(t, tc.want, got, "%v to %v", tc.v, tc.to)
	}
	for _, tc := range []struct {
		v  any
		to gdvar.Type
	}{{gdvar.Basis{}, gdvar.TypeQuaternion}, {int64(1), gdvar.TypeColor}, {"red", gdvar.TypeColor}, {[]any{}, gdvar.TypePackedByteArray}} {
		_, ok := converted(tc.v, tc.to)
		assert.False(t, ok, "%v to %v", tc.v, tc.to)
	}
}

// With objects decoded (gdvar.AllowObjects), an Array typed by a class
// comes with its class, as the engine with allow_object_decoding keeps
// it; without, it is an Array of EncodedObjectAsID, whatever it says.
func TestCheckArgsObjects(t *testing.T) {
	nodes := gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedClass, Name: "Node"}}
	for _, objects := range []bool{false, true} {
		codec := gdvar.MustCodec(gdvar.AllowObjects(objects))
		m := MustNew(WithCodec(codec))
		assert.Equal(t, objects, m.rpc.objects)
		n := m.Node("/root/Main", Method{Name: "f", Mode: mode.AnyPeer, Params: &Params{Fixed: []Param{{Name: "a", Type: "Array[Node]"}}}})
		n.Handle("f", func(*Call, ...any) {})
		b, err := AppendArg(nil, nodes, codec)
		require.NoError(t, err)
		err = m.route(fakeConn(m), appendCall(nil, 0, "Main", 0, false, 1, b), reliably)
		if objects {
			assert.NoError(t, err)
		} else {
			assert.ErrorIs(t, err, ErrArguments)
		}
	}
}

// The errors of refused arguments are limited as the others of a peer's
// packets are, as the kind of every *ArgError.
func TestArgumentsLimited(t *testing.T) {
	err := &PeerError{Peer: 2, Err: &ArgError{Err: errors.Join(ErrArguments)}}
	assert.Equal(t, bareKind(errArguments), kindOf(err))
}

// A peer's calls of methods with Params, checked and converted, cost
// within hostile.Bound of what it sent, refused or run: 255 floats each
// converted to an int, 255 arguments for none, Arrays and Dictionaries
// typed as the parameters want, objects for classes.
func TestHostileCheckedCalls(t *testing.T) {
	var ints, classes []Param
	for i := range 255 {
		ints = append(ints, Param{Name: fmt.Sprint("p", i), Type: "int"})
		classes = append(classes, Param{Name: fmt.Sprint("p", i), Type: `Dictionary[String, Array["res://p.gd"]]`})
	}
	methods := []Method{
		{Name: "ints", Mode: mode.AnyPeer, Params: &Params{Fixed: ints}},
		{Name: "none", Mode: mode.AnyPeer, Params: &Params{}},
		{Name: "typed", Mode: mode.AnyPeer, Params: &Params{Fixed: classes}},
	}
	floats, nils, dicts := make([]any, 255), make([]any, 255), make([]any, 255)
	for i := range 255 {
		floats[i], nils[i] = float64(i)+0.5, nil
		d := gdvar.NewDictionary()
		d.KeyType = gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeString}
		dicts[i] = d
	}
	for _, tc := range []struct {
		name   string
		method string
		args   []any
	}{
		{"255 floats for ints, converted", "ints", floats},
		{"255 nulls for ints, refused", "ints", nils},
		{"255 arguments for none, refused", "none", floats},
		{"255 Dictionaries typed by key", "typed", dicts},
	} {
		m := MustNew()
		n := m.Node("/root/Main", methods...)
		for _, meth := range methods {
			n.Handle(meth.Name, func(*Call, ...any) {})
		}
		c := fakeConn(m)
		packet := callPacket(t, n.byName(tc.method).id, tc.args...)
		flood(t, tc.name, m, c, 1<<20, func(uint32) []byte { return packet })
	}
}

// FuzzCheckedCall declares a method of two parameters of any Param.Type
// (the second with a default) and a rest, and hands a server any call of
// it: no panic; a type that parses and a call either runs the handler,
// with between one and 255 arguments, or fails with one of the package's
// errors.
func FuzzCheckedCall(f *testing.F) {
	for _, seed := range []struct {
		typ  string
		argc byte
		args []any
	}{
		{"int", 1, []any{2.5}}, {"Array[int]", 1, []any{[]int32{1}}}, {`Dictionary[String, Array["res://a.gd"]]`, 2, []any{typedDict(elemString, gdvar.ContainerType{}), nil}},
		{"Node", 1, []any{gdvar.ObjectID(3)}}, {"Vector2i", 3, []any{gdvar.Vector2{X: 1e300}, int64(1), "x"}}, {"StringName", 0, nil},
	} {
		var enc []byte
		for _, a := range seed.args {
			var err error
			enc, err = AppendArg(enc, a, nil)
			require.NoError(f, err)
		}
		f.Add(seed.typ, seed.argc, enc)
	}
	f.Fuzz(func(t *testing.T, typ string, argc byte, args []byte) {
		set, err := NewMethodSet(Method{Name: "f", Mode: mode.AnyPeer,
			Params: &Params{Fixed: []Param{{Name: "a", Type: typ}, {Name: "b", Type: typ, Default: true}}, Vararg: argc%2 == 0}})
		if err != nil {
			return // a type no parameter has
		}
		m := MustNew()
		n, err := m.DeclareNode("/root/Main", set)
		require.NoError(t, err)
		ran := -1
		n.Handle("f", func(c *Call, got ...any) { ran = c.NumArgs() })
		err = m.route(fakeConn(m), appendCall(nil, 0, "Main", 0, false, int(argc), args), reliably)
		if err != nil {
			assert.True(t, isPackageError(err), "%T: %v", err, err)
			return
		}
		assert.GreaterOrEqual(t, ran, 1)
		assert.LessOrEqual(t, ran, 255)
	})
}
