package project

import (
	"fmt"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// RPC is a method's @rpc annotation, its modes those package multiplayer
// declares methods with. Its zero value is not @rpc's defaults: a bare
// @rpc is [mode.Authority] and [mode.Reliable] (the engine's
// SceneRPCInterface fills what the annotation leaves out so), where the zero
// Transfer is [mode.Unreliable].
type RPC struct {
	Mode      mode.RPC
	CallLocal bool
	Transfer  mode.Transfer
	Channel   int64 // any int; SceneMultiplayer's channels are 0 and up
	given     rpcKeys
}

// rpcKeys are the keys an annotation names, besides "rpc_mode", which it
// always sets.
type rpcKeys uint8

const (
	givenCallLocal rpcKeys = 1 << iota
	givenTransfer
	givenChannel
	// csharpRPC marks an RPC read from a C# [Rpc]: the engine keeps every
	// key of its config, and its method's name as a String
	// (ScriptManagerBridge.UpdateScriptClassInfo).
	csharpRPC rpcKeys = 1 << 7
)

// Config returns the Dictionary the engine keeps for the annotation
// (GDScriptParser::rpc_annotation): "rpc_mode", and only the keys the
// annotation names, in that order.
func (r *RPC) Config() *gdvar.Dictionary {
	d := gdvar.NewDictionary("rpc_mode", r.Mode.EngineValue())
	if r.given&givenCallLocal != 0 {
		d.Set("call_local", r.CallLocal)
	}
	if r.given&givenTransfer != 0 {
		d.Set("transfer_mode", int64(r.Transfer))
	}
	if r.given&givenChannel != 0 {
		d.Set("channel", r.Channel)
	}
	return d
}

// rpcKeywords are the strings @rpc takes at its first three places: the
// axis each sets, and how.
var rpcKeywords = map[string]struct {
	axis rpcKeys // givenCallLocal, givenTransfer, or 0 for the mode
	set  func(*RPC)
}{
	"call_local":         {givenCallLocal, func(r *RPC) { r.CallLocal = true }},
	"call_remote":        {givenCallLocal, func(r *RPC) { r.CallLocal = false }},
	"any_peer":           {0, func(r *RPC) { r.Mode = mode.AnyPeer }},
	"authority":          {0, func(r *RPC) { r.Mode = mode.Authority }},
	"reliable":           {givenTransfer, func(r *RPC) { r.Transfer = mode.Reliable }},
	"unreliable":         {givenTransfer, func(r *RPC) { r.Transfer = mode.Unreliable }},
	"unreliable_ordered": {givenTransfer, func(r *RPC) { r.Transfer = mode.UnreliableOrdered }},
}

// pendingRPC is a method's @rpc annotation, read but not evaluated.
type pendingRPC struct {
	class      *Class
	method     int // its place in class.Methods
	annotation annotation
}

// evalRPCs evaluates the @rpc of every method, in declaration order; the
// first error of each class is its fault.
func (p *parser) evalRPCs() {
	f := newFolder(p.script, p.limits)
	for _, pr := range p.rpcs {
		c, a := pr.class, pr.annotation
		if c.fault != nil {
			continue
		}
		if a.again != 0 {
			c.fault = &ScriptError{Path: p.script.Path, Line: a.again, Message: "RPC annotations can only be used once per function."}
			continue
		}
		r, err := f.evalRPC(c, a)
		if err != nil {
			err.Path = p.script.Path
			c.fault = err
			continue
		}
		c.Methods[pr.method].RPC = r
	}
}

// evalRPC computes an @rpc from its arguments, as the analyzer's
// resolve_annotation and the parser's rpc_annotation do, or returns the
// first error the engine reports for it.
func (f *folder) evalRPC(c *Class, a annotation) (*RPC, *ScriptError) {
	r := &RPC{Mode: mode.Authority, Transfer: mode.Reliable}
	fail := func(msg string) *ScriptError { return &ScriptError{Line: a.line, Message: msg} }
	var values [4]any
	for i, arg := range a.args[:a.n] {
		v, ferr := f.fold(c, arg)
		if ferr != nil {
			if ferr.err != nil {
				return nil, &ScriptError{Line: a.line, Message: fmt.Sprintf("argument %d of @rpc %s", i+1, ferr.msg), Err: ferr.err}
			}
			if ferr.unsupported {
				return nil, &ScriptError{Line: a.line, Message: fmt.Sprintf("argument %d of @rpc %s", i+1, ferr.msg), Unsupported: true}
			}
			if ferr == errNotConstant {
				return nil, fail(fmt.Sprintf(`Argument %d of annotation "@rpc" isn't a constant expression.`, i+1))
			}
			return nil, fail(ferr.msg)
		}
		if i == 3 {
			switch n := v.(type) {
			case int64:
			case float64:
				v = int64(n)
			case bool:
				v = int64(0)
				if n {
					v = int64(1)
				}
			default:
				return nil, fail(fmt.Sprintf(`Invalid argument for annotation "@rpc": argument 4 should be "int" but is "%s".`, typeName(v)))
			}
		} else {
			s, ok := stringOf(v)
			if np, isPath := v.(nodePath); isPath {
				s, ok = string(np), true
			}
			if !ok {
				return nil, fail(fmt.Sprintf(`Invalid argument for annotation "@rpc": argument %d should be "String" but is "%s".`, i+1, typeName(v)))
			}
			v = s
		}
		values[i] = v
	}
	var seen [3]int // how often each axis is given: locality, permission, transfer
	for i, v := range values[:a.n] {
		if i == 3 {
			r.Channel, r.given = v.(int64), r.given|givenChannel
			continue
		}
		k, ok := rpcKeywords[v.(string)]
		if !ok {
			return nil, fail(`Invalid RPC argument. Must be one of: "call_local"/"call_remote" (local calls), "any_peer"/"authority" (permission), "reliable"/"unreliable"/"unreliable_ordered" (transfer mode).`)
		}
		k.set(r)
		r.given |= k.axis
		switch k.axis {
		case givenCallLocal:
			seen[0]++
		case 0:
			seen[1]++
		case givenTransfer:
			seen[2]++
		}
	}
	for i, axis := range []string{`locality ("call_local"/"call_remote")`, `permission ("any_peer"/"authority")`, `transfer mode ("reliable"/"unreliable"/"unreliable_ordered")`} {
		if seen[i] > 1 {
			return nil, fail("Invalid RPC config. The " + axis + " must be specified no more than once.")
		}
	}
	return r, nil
}

// typeName is Variant::get_type_name of a folded value.
func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "bool"
	case int64:
		return "int"
	case float64:
		return "float"
	case string:
		return "String"
	case gdvar.StringName:
		return "StringName"
	case nodePath:
		return "NodePath"
	}
	return strings.TrimPrefix(fmt.Sprintf("%T", v), "gdvar.")
}
