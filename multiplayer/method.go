package multiplayer

import (
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gdvar/gdvar/multiplayer/mode"
)

// Method declares one RPC method of a node as the game declares it: with
// @rpc in the node's script, or with Node.rpc_config (Config), as
// GDExtension nodes (godot-cpp, godot-rust) declare theirs. A bare @rpc,
// and an rpc_config dictionary with only "rpc_mode", is authority,
// call_remote, reliable, channel 0: Method{Name: name, Transfer:
// mode.Reliable}. The zero Transfer is mode.Unreliable, the value of
// MultiplayerPeer.TransferMode it mirrors, so a Method must say Reliable
// to match them (package fromproject sets what the script's @rpc says).
type Method struct {
	Name string
	// Mode says who may call it (@rpc's "authority" or "any_peer"): the
	// node's authority alone (mode.Authority, the server unless
	// Node.SetAuthority says otherwise), any peer, or none (mode.Disabled,
	// which C#'s [Rpc] can set: the method keeps its place among the
	// node's, and every peer's call is refused, as the engine refuses it).
	Mode mode.RPC
	// CallLocal is @rpc's "call_local": a Call to every peer, to every
	// peer but another, or to this side's own id runs this side's handler
	// too, in the caller's goroutine, after the packets are queued, with
	// Call.From this side's id (the authority is not checked, as the
	// engine does not). Without it, a Call to this side's own id fails.
	CallLocal bool
	// Transfer and Channel (@rpc's transfer_channel) are how this side
	// sends the method's calls. Over WebSocket every packet arrives, in
	// order, whatever the mode; over ENet the mode and channel choose the
	// ENet channel and flags, as ENetMultiplayerPeer does.
	Transfer mode.Transfer
	Channel  uint8
	// Config says the method is declared with Node.rpc_config rather than
	// @rpc. The engine numbers the two kinds apart: a node's rpc_config
	// methods, sorted, are 0x8000 | their place; its script's, sorted,
	// their place.
	Config bool
	// Params, if set, are the parameters of the game's function, which a
	// peer's call must fit: one that does not (too few or too many
	// arguments, one of a type its parameter does not take) is refused
	// before the handler, as the engine refuses it, with an *ArgError
	// wrapping ErrArguments, which goes to the method's HandleArgError
	// function if it has one, else to OnError, limited as the other
	// errors of a peer's packets (WithErrorInterval). An argument the
	// engine converts (an int for a float, a String for a StringName, a
	// Vector2i for a Vector2) reaches the handler converted. nil: the
	// arguments are not checked, and reach the handler as they came.
	// Package fromproject sets what the script declares.
	Params *Params
}

// MethodSet is a node's RPC methods, checked and numbered as the engine
// numbers them, with their checksum. It never changes once made, so the
// nodes that declare the same methods share one (DeclareNode): a scene
// may set one script on thousands of nodes, and a spawner makes its
// scene's nodes again and again.
type MethodSet struct {
	script   []*method // @rpc methods, sorted as the engine sorts them: by code point
	config   []*method // rpc_config methods, sorted so too
	checksum string
}

// noMethods is the set of a node that declares no method.
var noMethods = &MethodSet{checksum: checksum(nil)}

// method is a declared method with its wire id, and its Params compiled.
type method struct {
	Method
	id  uint16
	sig *signature
}

// configFlag marks the ids of rpc_config methods.
const configFlag = 1 << 15

// NewMethodSet checks a node's methods and numbers them as the engine
// does: it fails on a method without a name or given twice, with a mode
// or transfer mode out of range or a channel past MaxChannel, or with
// Params no function has (a Type that is not one, a parameter without a
// default after one with).
func NewMethodSet(methods ...Method) (*MethodSet, error) {
	t, err := newMethodSet(methods)
	if err != nil {
		return nil, fmt.Errorf("multiplayer: %w", err)
	}
	return t, nil
}

// newMethodSet is NewMethodSet, its errors for the caller to say whose
// methods they are.
func newMethodSet(methods []Method) (*MethodSet, error) {
	t := &MethodSet{}
	for _, meth := range methods {
		if meth.Name == "" {
			return nil, errors.New("a method without a name")
		}
		if meth.Mode > mode.Disabled || meth.Transfer > mode.Reliable || meth.Channel > MaxChannel {
			return nil, fmt.Errorf("method %s: mode %d, transfer mode %d, channel %d (at most %d)",
				meth.Name, meth.Mode, meth.Transfer, meth.Channel, MaxChannel)
		}
		m := &method{Method: meth}
		if meth.Params != nil {
			sig, err := newSignature(meth.Params)
			if err != nil {
				return nil, fmt.Errorf("method %s: %w", meth.Name, err)
			}
			m.sig = sig
		}
		if meth.Config {
			t.config = append(t.config, m)
		} else {
			t.script = append(t.script, m)
		}
	}
	var names []string
	for k, list := range [][]*method{t.config, t.script} {
		slices.SortFunc(list, func(a, b *method) int { return strings.Compare(a.Name, b.Name) })
		if len(list) > configFlag {
			return nil, fmt.Errorf("%d methods", len(list))
		}
		for i, meth := range list {
			if i > 0 && list[i-1].Name == meth.Name {
				return nil, fmt.Errorf("method %q given twice", meth.Name)
			}
			meth.id = uint16(i)
			if k == 0 {
				meth.id |= configFlag
			}
			names = append(names, meth.Name)
		}
	}
	t.checksum = checksum(names)
	return t, nil
}

// Methods returns the set's methods in the order the engine numbers and
// checksums them: the rpc_config ones, then the script's, each sorted by
// name.
func (t *MethodSet) Methods() []Method {
	out := make([]Method, 0, len(t.config)+len(t.script))
	for _, meth := range slices.Concat(t.config, t.script) {
		out = append(out, meth.Method)
	}
	return out
}

// Checksum returns the checksum the engine computes over the methods'
// names (see Checksum).
func (t *MethodSet) Checksum() string { return t.checksum }

// Checksum returns the checksum the engine computes over the names of a
// node's @rpc methods (SceneRPCInterface::get_rpc_md5): the hex MD5 of the
// names, sorted by code point, one after another. A node with rpc_config
// methods too puts those first, sorted apart.
func Checksum(names []string) string {
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	return checksum(sorted)
}

// checksum is the hex MD5 of names in the order given, as the engine
// walks a node's methods: rpc_config ones, then the script's.
func checksum(names []string) string {
	sum := md5.Sum([]byte(strings.Join(names, "")))
	return hex.EncodeToString(sum[:])
}

// delivery is how the method's calls travel.
func (m *method) delivery() delivery { return delivery{transfer: m.Transfer, channel: m.Channel} }

// ChecksumError is a node whose checksum of its RPC method names differs
// between this side and a peer (ErrChecksum, which it wraps): the two do
// not declare the same methods. Only the MD5 travels, so the peer's names
// are not known here: compare Methods with the @rpc and rpc_config
// methods of the peer's node at Node.
type ChecksumError struct {
	Node string // the node's path
	// Methods are this side's, in the order the checksum takes them:
	// the rpc_config ones, then the script's, each sorted by name.
	Methods []Method
	// Checksum is this side's; PeerChecksum the peer's, "" when it was
	// the peer that found they differ (it sends a verdict, not its MD5).
	Checksum, PeerChecksum string
}

func (e *ChecksumError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v: %s declares here", ErrChecksum, e.Node)
	for i, meth := range e.Methods {
		sep := ", "
		if i == 0 {
			sep = " "
		}
		kind := "@rpc"
		if meth.Config {
			kind = "rpc_config"
		}
		fmt.Fprintf(&b, "%s%s (%s %s, %s, %s, channel %d)", sep, meth.Name, kind, meth.Mode, callMode(meth.CallLocal), meth.Transfer, meth.Channel)
	}
	if len(e.Methods) == 0 {
		b.WriteString(" no RPC methods")
	}
	fmt.Fprintf(&b, ", MD5 %s; ", e.Checksum)
	if e.PeerChecksum != "" {
		fmt.Fprintf(&b, "the peer's MD5 is %s", e.PeerChecksum)
	} else {
		b.WriteString("the peer found its MD5 differs")
	}
	return b.String()
}

func (e *ChecksumError) Unwrap() error { return ErrChecksum }

// callMode is @rpc's word for CallLocal.
func callMode(local bool) string {
	if local {
		return "call_local"
	}
	return "call_remote"
}
