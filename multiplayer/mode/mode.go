// Package mode holds the modes of Godot's high-level multiplayer: who may
// call a method (RPC, MultiplayerAPI.RPCMode), how a packet travels
// (Transfer, MultiplayerPeer.TransferMode), and when a synchronizer sends
// a property (Replication, SceneReplicationConfig.ReplicationMode).
//
// They are the one set of names for these that package project reads
// from a game's scripts and scenes and package multiplayer serves, so
// that a method or a property read from a project is declared as it is.
// The package imports nothing but strconv: the file formats and the
// network build on it alike. It lives under multiplayer/ because its
// names are that package's API (multiplayer.Method's Mode), though it is
// a leaf of the module's lowest layer (docs/internals.md).
package mode

import "strconv"

// RPC says who may call a method: @rpc's first axis ("authority",
// "any_peer"). Its zero value is Authority, @rpc's default.
type RPC uint8

// The RPC modes.
const (
	// Authority: only the node's authority, the server unless the game
	// hands the node to a peer ("authority", @rpc's default).
	Authority RPC = iota
	// AnyPeer: any peer ("any_peer").
	AnyPeer
	// Disabled: no peer, not even the authority (RPC_MODE_DISABLED, which
	// @rpc cannot set and C#'s [Rpc(MultiplayerApi.RpcMode.Disabled)]
	// can).
	Disabled
)

// RPCFromEngine returns the mode MultiplayerAPI.RPCMode numbers n, and
// false for a number that is none.
func RPCFromEngine(n int64) (RPC, bool) {
	switch n {
	case 0:
		return Disabled, true
	case 1:
		return AnyPeer, true
	case 2:
		return Authority, true
	}
	return 0, false
}

// String returns the mode as @rpc names it: "authority" or "any_peer"
// (and "disabled").
func (m RPC) String() string {
	switch m {
	case Authority:
		return "authority"
	case AnyPeer:
		return "any_peer"
	case Disabled:
		return "disabled"
	}
	return "RPC(" + strconv.Itoa(int(m)) + ")"
}

// EngineValue returns the mode as MultiplayerAPI.RPCMode numbers it, as an
// rpc_config Dictionary's "rpc_mode" holds it: 1 for AnyPeer, 2 for
// Authority, 0 for Disabled (and for a number that is no mode).
func (m RPC) EngineValue() int64 {
	switch m {
	case Authority:
		return 2
	case AnyPeer:
		return 1
	}
	return 0
}

// Transfer is how a method's calls, or a packet, travel: @rpc's
// transfer_mode, with the values of MultiplayerPeer.TransferMode. Its
// zero value, Unreliable, is the engine's, not @rpc's default (Reliable).
type Transfer uint8

// The transfer modes.
const (
	// Unreliable packets may be lost or arrive out of order
	// ("unreliable").
	Unreliable Transfer = iota
	// UnreliableOrdered packets may be lost; none arrives after a later
	// one ("unreliable_ordered").
	UnreliableOrdered
	// Reliable packets arrive, once and in order ("reliable", the default
	// of @rpc and of an rpc_config Dictionary).
	Reliable
)

// String returns the mode as @rpc names it: "unreliable",
// "unreliable_ordered" or "reliable".
func (t Transfer) String() string {
	switch t {
	case Unreliable:
		return "unreliable"
	case UnreliableOrdered:
		return "unreliable_ordered"
	case Reliable:
		return "reliable"
	}
	return "Transfer(" + strconv.Itoa(int(t)) + ")"
}

// Replication is when a synchronizer sends a property after the spawn,
// with the values a scene's replication config saves
// ("properties/0/replication_mode").
type Replication uint8

// The replication modes.
const (
	// ReplicateNever (0): only with the spawn, if the property is a
	// spawn one.
	ReplicateNever Replication = iota
	// ReplicateAlways (1): in every sync (SYNC, unreliable).
	ReplicateAlways
	// ReplicateOnChange (2): when it changes (DELTA, reliable).
	ReplicateOnChange
)

// String returns the mode as the engine's editor names it: "never",
// "always" or "on_change".
func (r Replication) String() string {
	switch r {
	case ReplicateNever:
		return "never"
	case ReplicateAlways:
		return "always"
	case ReplicateOnChange:
		return "on_change"
	}
	return "Replication(" + strconv.Itoa(int(r)) + ")"
}
