package multiplayer

import (
	"errors"
	"fmt"

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
