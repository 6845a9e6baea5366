package csharp

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/project/internal/source"
)

// RPC is an [Rpc] attribute's settings: every one is the config's,
// given or not, as the engine keeps them
// (ScriptManagerBridge.UpdateScriptClassInfo).
type RPC struct {
	Mode      mode.RPC
	CallLocal bool
	Transfer  mode.Transfer
	// Channel is TransferChannel, an int: 8 bytes an RPC, so that a
	// Method takes 48.
	Channel int32
}

// godotEnum is an enum of GodotSharp that [Rpc] takes: its full name and
// its members.
type godotEnum struct {
	path    []string
	members map[string]int64
}

var (
	rpcModeEnum      = godotEnum{[]string{"Godot", "MultiplayerApi", "RpcMode"}, map[string]int64{"Disabled": 0, "AnyPeer": 1, "Authority": 2}}
	transferModeEnum = godotEnum{[]string{"Godot", "MultiplayerPeer", "TransferModeEnum"}, map[string]int64{"Unreliable": 0, "UnreliableOrdered": 1, "Reliable": 2}}
)

// evalRPC computes an [Rpc] as GodotSharp's RpcAttribute does: Mode from
// its one constructor argument (Authority without it), CallLocal (false),
// TransferMode (Reliable) and TransferChannel (0) from its properties.
// Where the compiler refuses the attribute, the error has its message;
// an argument the reader does not fold (a constant) is Unsupported.
func (p *parser) evalRPC(a attr) (RPC, *Fault) {
	r := RPC{Mode: mode.Authority, Transfer: mode.Reliable}
	fail := func(msg string) (RPC, *Fault) { return RPC{}, &Fault{Line: a.line, Message: msg} }
	unsupported := func(what string, v argValue) (RPC, *Fault) { return RPC{}, notFolded(what, v) }
	positional, named := 0, false
	for _, arg := range a.args {
		v := arg.value
		switch {
		case arg.property == "" && arg.param == "":
			if named {
				return fail("CS1738: Named argument specifications must appear after all fixed arguments have been specified")
			}
			positional++
			fallthrough
		case arg.param == "mode":
			n, err := p.enumValue(v, rpcModeEnum, "argument mode", a.line)
			if err != nil {
				return RPC{}, err
			}
			r.Mode, _ = mode.RPCFromEngine(n) // n is a member of RpcMode
		case arg.param != "":
			return fail(fmt.Sprintf("CS1739: The best overload for 'RpcAttribute' does not have a parameter named '%s'", source.Shown(arg.param)))
		case arg.property == "Mode":
			return fail("CS0200: Property or indexer 'RpcAttribute.Mode' cannot be assigned to -- it is read only")
		case arg.property == "CallLocal":
			named = true
			if v.kind != valBool {
				return unsupported("CallLocal", v)
			}
			r.CallLocal = v.boolean
		case arg.property == "TransferMode":
			named = true
			n, err := p.enumValue(v, transferModeEnum, "TransferMode", a.line)
			if err != nil {
				return RPC{}, err
			}
			r.Transfer = mode.Transfer(n)
		case arg.property == "TransferChannel":
			named = true
			if v.kind != valInt {
				return unsupported("TransferChannel", v)
			}
			if v.num < math.MinInt32 || v.num > math.MaxInt32 {
				return fail(fmt.Sprintf("CS0266: Cannot implicitly convert type 'long' to 'int' (%d)", v.num))
			}
			r.Channel = int32(v.num)
		default:
			return fail(fmt.Sprintf("CS0117: 'RpcAttribute' does not contain a definition for '%s'", source.Shown(arg.property)))
		}
	}
	if positional > 1 || a.more > 0 {
		return fail(fmt.Sprintf("CS1729: 'RpcAttribute' does not contain a constructor that takes %d arguments", positional+a.more))
	}
	return r, nil
}

// notFolded is the error of an [Rpc] argument the reader does not fold.
func notFolded(what string, v argValue) *Fault {
	return &Fault{Line: v.line, Unsupported: true,
		Message: fmt.Sprintf("%s of [Rpc]: only literals and the members of RpcMode and TransferModeEnum are read", what)}
}

// enumValue folds a value given for an enum (the argument what, of the
// attribute at line): one of its members (as
// MultiplayerApi.RpcMode.AnyPeer, Godot.…, an alias, or after using
// static), or an int (a cast, or 0) that is one of them. What the reader
// does not fold is Unsupported; a member the enum does not have is the
// compiler's error.
func (p *parser) enumValue(v argValue, e godotEnum, what string, line int) (int64, *Fault) {
	switch v.kind {
	case valInt:
		for _, m := range e.members {
			if m == v.num {
				return v.num, nil
			}
		}
	case valName:
		names := partNames(p.file.expand(TypeRef{parts: namesToParts(v.name)}))
		if len(names) > 1 && names[0] == "Godot" {
			names = names[1:]
		}
		member, of := names[len(names)-1], names[:len(names)-1]
		if len(of) >= len(e.path) || !slices.Equal(of, e.path[len(e.path)-len(of):]) {
			break
		}
		n, ok := e.members[member]
		if !ok {
			return 0, &Fault{Line: line, Message: fmt.Sprintf("CS0117: '%s' does not contain a definition for '%s'", strings.Join(e.path[1:], "."), source.Shown(member))}
		}
		return n, nil
	}
	return 0, notFolded(what, v)
}

// namesToParts makes the parts of a dotted name.
func namesToParts(names []string) []namePart {
	parts := make([]namePart, len(names))
	for i, n := range names {
		parts[i].name = n
	}
	return parts
}
