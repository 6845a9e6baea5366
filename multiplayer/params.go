package multiplayer

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/gdvar/gdvar"
)

// Params are the parameters of the game's function that a Method's calls
// run, which a peer's call must fit before the method's handler runs: the
// engine's GDScript fails the call of a function with too few or too many
// arguments, or with one of a type its parameter does not take (a String
// for an int, an untyped Array for an Array[int], an object for a Node
// that is not one), and runs nothing of it; the peer stays connected
// (see Method.Params).
type Params struct {
	// Fixed are the parameters, in order.
	Fixed []Param
	// Vararg says the function takes any further arguments (GDScript
	// 4.5's func f(a, ...rest)), of any type.
	Vararg bool
}

// Param is a parameter of a function.
type Param struct {
	Name string
	// Type is the parameter's declared type as GDScript writes it: a
	// built-in type ("int", "Vector2", "PackedByteArray"; an enum is
	// "int"), a typed container ("Array[int]", "Dictionary[String, int]"),
	// an engine class ("Node", "Object"), or a script class as its res://
	// path, quoted as Go quotes a string (`"res://player.gd"`), alone or in
	// a container. "" or "Variant" take any value, as an untyped
	// parameter does.
	Type string
	// Default says the parameter has a default value: a call may leave it
	// out, and those after it. Only the last parameters may have one.
	Default bool
}

// signature is a method's Params, checked and compiled once, when its
// MethodSet is made.
type signature struct {
	types    []*argType // each fixed parameter's, nil for any value
	required int        // the parameters without a default
	vararg   bool
}

// newSignature compiles a method's Params, or says why they are not
// parameters a function can have.
func newSignature(p *Params) (*signature, error) {
	s := &signature{vararg: p.Vararg}
	if len(p.Fixed) == 0 {
		return s, nil
	}
	s.types = make([]*argType, len(p.Fixed))
	seen := map[string]*argType{} // a type written twice is compiled once
	for i, par := range p.Fixed {
		switch {
		case par.Default:
		case s.required < i:
			return nil, fmt.Errorf("parameter %d (%s) has no default after one that has", i, par.Name)
		default:
			s.required++
		}
		t, ok := seen[par.Type]
		if !ok {
			var err error
			if t, err = parseArgType(par.Type); err != nil {
				return nil, fmt.Errorf("parameter %d (%s): %w", i, par.Name, err)
			}
			seen[par.Type] = t
		}
		s.types[i] = t
	}
	return s, nil
}

// checkArgs checks a peer's call of a method that declares its
// parameters, as the engine's GDScript checks a call's arguments
// (GDScriptFunction::call), and converts an argument the engine converts
// (an int for a float, a String for a StringName, …) where the
// conversion is one convertArg makes. A call they do not fit is an
// *ArgError wrapping ErrArguments, with the engine's words.
func (s *signature) checkArgs(c *Call, objects bool) error {
	n := len(c.args)
	switch {
	case n < s.required:
		return s.refuse(c, n, func() string { return fmt.Sprintf("Method expected %d argument(s), but called with %d", s.required, n) })
	case n > len(s.types) && !s.vararg:
		return s.refuse(c, len(s.types), func() string {
			return fmt.Sprintf("Method expected %d argument(s), but called with %d", len(s.types), n)
		})
	}
	d, codec := &c.conn.args, c.Node.r.cfg.codec
	for i, t := range s.types[:min(n, len(s.types))] {
		if t == nil {
			continue
		}
		codec.ResetDecoderBytes(&d.dec, c.args[i])
		tok, err := d.dec.ReadToken()
		if err != nil {
			return &ArgError{Node: c.Node.Path(), Method: c.Method, Index: i, Err: err}
		}
		from := tok.Type()
		if !t.takes(tok, objects) {
			return s.refuse(c, i, func() string {
				return fmt.Sprintf("Cannot convert argument %d from %s to %s", i+1, from, t.variantName())
			})
		}
		if t.kind == builtinArg && from != t.builtin {
			c.args[i] = d.convertArg(c.args[i], t.builtin, codec)
		}
	}
	return nil
}

// refuse is the error of a call the parameters do not take, at argument
// index, with the engine's message, made only if it is to be reported
// (Call.errs).
func (s *signature) refuse(c *Call, index int, msg func() string) error {
	return c.errs.refuse(errArguments, func() error {
		return &ArgError{Node: c.Node.Path(), Method: c.Method, Index: index, Err: fmt.Errorf("%w: %s", ErrArguments, msg())}
	})
}

// objectsAllowed says a Codec decodes full objects (gdvar.AllowObjects),
// as the engine's allow_object_decoding: without it, the engine types
// each Array of objects it decodes by EncodedObjectAsID, the class of the
// objects it makes of their ids.
func objectsAllowed(codec *gdvar.Codec) bool {
	var v any
	return !errors.Is(codec.Unmarshal(nullObject, &v), gdvar.ErrObjectsNotAllowed)
}

// nullObject is a null object written whole: the header of an Object and
// a class name of no bytes.
var nullObject = []byte{byte(gdvar.TypeObject), 0, 0, 0, 0, 0, 0, 0}

// ErrHandlerParams: a handler whose parameters do not take what the calls
// of its method bring, as the method's Params declare them: a parameter of
// a Go type that an argument of its declared type does not decode into (a
// bool for an int, an integer for a float), none for a parameter without
// a default, one that no declared parameter fills, or none for a rest
// parameter's arguments. Each call would fail (an *ArgError), or the
// parameter never receive anything: SetHandler returns this instead
// (Handle and Handle0–3 panic with its message), naming the parameter,
// its declared type, the Go type given and one that fits.
var ErrHandlerParams = errors.New("multiplayer: handler parameters that do not take the method's declared parameters")

// fit checks that h takes what the calls of meth bring, if meth declares
// its Params: the handler's parameter i takes argument i, a variadic one
// the arguments after them (see Handle). A handler may leave out
// parameters with a default, as a game's calls often do: a call that
// gives them is refused then, an *ArgError, as before. at names the
// node (or a spawned scene's) in the error.
func (r *rpcLayer) fit(at string, meth *method, h *handler) error {
	p := meth.Params
	if p == nil {
		return nil
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s.%s: %s", ErrHandlerParams, at, meth.Name, fmt.Sprintf(format, args...))
	}
	fixed := h.fixed()
	for i, par := range p.Fixed {
		t := meth.sig.types[i]
		var given reflect.Type
		switch {
		case i < fixed:
			given = h.params[i]
		case h.variadic:
			given = h.params[fixed].Elem()
		case par.Default:
			continue
		default:
			return fail("parameter %d (%s) is declared %s without a default, the handler has no parameter for it (it takes %d); %s fits",
				i, par.Name, declaredType(par), fixed, goTypeName(t.goType(r.objects)))
		}
		if !r.holds(t, given) {
			return fail("parameter %d (%s) is declared %s, the handler takes it as %s; %s fits",
				i, par.Name, declaredType(par), goTypeName(given), goTypeName(t.goType(r.objects)))
		}
	}
	switch {
	case p.Vararg && !h.variadic:
		return fail("the method takes further arguments (a rest parameter), the handler has no variadic parameter for them; ...any fits")
	case !p.Vararg && fixed > len(p.Fixed):
		return fail("the handler takes %d argument(s), the method declares %d parameter(s): no call fills the handler's parameter %d (%s)",
			fixed, len(p.Fixed), len(p.Fixed), goTypeName(h.params[len(p.Fixed)]))
	}
	return nil
}

// HandlerType returns the type of a handler of the node's method name that
// SetHandler takes whatever the method's Params declare:
// func(*Call, T0, T1, …) error, each T the Go type an argument of its
// parameter's declared type arrives as (int64 for an int, gdvar.Vector2
// for a Vector2, []int64 for an Array[int]: see docs/multiplayer.md), any
// for an untyped one, and ...any last for a rest parameter;
// func(*Call, ...any) error for a method without Params. A program that
// handles methods it does not know in advance (a load test) makes one with
// reflect.MakeFunc. It fails if the node declares no method name.
func (n *Node) HandlerType(name string) (reflect.Type, error) {
	meth := n.byName(name)
	if meth == nil {
		return nil, n.noMethod(name)
	}
	in := []reflect.Type{callType}
	variadic := meth.Params == nil || meth.Params.Vararg
	if meth.sig != nil {
		for _, t := range meth.sig.types {
			in = append(in, t.goType(n.r.objects))
		}
	}
	if variadic {
		in = append(in, reflect.TypeFor[[]any]())
	}
	return reflect.FuncOf(in, []reflect.Type{errorType}, variadic), nil
}

// holds says an argument of type t (nil: any value) decodes into a Go
// value of type goType, as a handler's call decodes it: tried on a sample
// of t. An error other than an *UnmarshalTypeError comes from the Go
// type's own decoding (UnmarshalText, UnmarshalGodot), which judges a
// value, not a type: it holds. A codec that cannot write the sample (an
// older engine's) cannot tell: it holds too.
func (r *rpcLayer) holds(t *argType, goType reflect.Type) bool {
	if t == nil {
		return true
	}
	b, err := r.cfg.codec.Marshal(t.sample(r.objects))
	if err != nil {
		return true
	}
	err = r.cfg.codec.Unmarshal(b, reflect.New(goType).Interface())
	_, mismatch := errors.AsType[*gdvar.UnmarshalTypeError](err)
	return !mismatch
}

// declaredType is a parameter's type as ErrHandlerParams' message gives it.
func declaredType(p Param) string {
	if p.Type == "" {
		return "Variant"
	}
	return p.Type
}

// goTypeName is a Go type as a program writes it: any, not interface {}.
func goTypeName(t reflect.Type) string {
	return strings.ReplaceAll(t.String(), "interface {}", "any")
}
