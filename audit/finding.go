package audit

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Kind names what a finding found. docs/audit.md explains each, with
// its fix in GDScript.
type Kind string

// The kinds found from the project alone.
const (
	// UntypedParam: a parameter of an any_peer method has no type (or
	// Variant): it takes any value a peer sends, an Object, a
	// Dictionary or a 60 KiB String where the code expects an int.
	UntypedParam Kind = "untyped-param"
	// NoSenderCheck: an any_peer method whose body never asks
	// multiplayer.get_remote_sender_id(): any peer can act through it,
	// for itself or for another.
	NoSenderCheck Kind = "no-sender-check"
	// NoSenderCheckShared: a NoSenderCheck method whose body changes what
	// other peers see: it assigns a property a MultiplayerSynchronizer
	// replicates from its node, or a name that holds what players play
	// for (a score, health, a turn, a win), or sends an RPC to other
	// peers. Any peer wins, hurts or speaks for another through it.
	NoSenderCheckShared Kind = "no-sender-check-shared"
	// CallLocalRemote: an any_peer method with call_local: code written
	// to run where it is called runs on any peer's call too.
	CallLocalRemote Kind = "call-local-remote"
	// ObjectDecoding: a script turns allow_object_decoding on: a peer's
	// arguments may be whole objects, built on the server.
	ObjectDecoding Kind = "object-decoding"
	// NotChecked: what the audit could not check, and why: a script the
	// engine would refuse, a parameter typed by a class the reader does
	// not resolve, a C# method's parameters, a node the server lacks, a
	// method left when the time ran out.
	NotChecked Kind = "not-checked"
	// NotReached: a scene holding @rpc methods, spawners or synchronizers
	// that nothing the audit reads reaches (no main scene, autoload,
	// spawner, script or scene names it), or a script of @rpc methods on
	// no node of a scene read: its static findings are reported, but
	// where the game runs it, and whether it does, the audit could not
	// judge; -scene reaches a scene.
	NotReached Kind = "not-reached"
)

// The kinds found by calling the server.
const (
	// AcceptsWrongType: the handler ran with an argument of a type other
	// than the parameter's name or default suggest (an untyped
	// parameter given a Dictionary).
	AcceptsWrongType Kind = "accepts-wrong-type"
	// AcceptsObject: the handler ran with a whole Object as an argument.
	AcceptsObject Kind = "accepts-object"
	// AcceptsHuge: the handler ran with a String or Array as large as the
	// server's packet limit allows.
	AcceptsHuge Kind = "accepts-huge"
	// AcceptsDeep: the handler ran with Arrays nested hundreds deep.
	AcceptsDeep Kind = "accepts-deep"
	// AcceptsNaN: the handler ran with NaN or an infinity for a float.
	AcceptsNaN Kind = "accepts-nan"
	// AcceptsExtremeInt: the handler ran with a negative or the largest
	// int.
	AcceptsExtremeInt Kind = "accepts-extreme-int"
	// ScriptError: a peer's call made the handler fail with a script
	// error (its file and line).
	ScriptError Kind = "script-error"
	// Crash: the server's process ended after a peer's call.
	Crash Kind = "crash"
	// Disconnected: the server dropped the calling peer after its call.
	Disconnected Kind = "disconnected"
	// AuthorityBypass: an authority method ran on the call of a peer that
	// is not the node's authority.
	AuthorityBypass Kind = "authority-bypass"
	// SyncAccepted: the server took a sync for a node the peer does not
	// own: its state changed.
	SyncAccepted Kind = "sync-accepted"
	// SpawnAccepted: the server took a spawn from a peer that is not the
	// spawner's authority: the node is in its tree.
	SpawnAccepted Kind = "spawn-accepted"
	// WatchedChanged: a property the audit was told must not change
	// (another player's health) changed after a peer's call.
	WatchedChanged Kind = "watched-changed"
	// Stall: the server stopped answering (a fence did not come back
	// within the wait) after a burst of a peer's syncs, or after a peer
	// left or joined.
	Stall Kind = "stall"
	// Freezes: the server answered a peer's call later than
	// Config.FreezeAfter (1 s), twice, or not within the call's wait:
	// every player's game stood still meanwhile (a 1 MiB String appended
	// to a Label, a loop a peer's argument bounds).
	Freezes Kind = "freezes"
)

// The kinds of the attacks through what a peer legitimately does: sync
// state it owns, send a String others receive, join and leave.
const (
	// OwnedKept: the server holds a hostile value (NaN, ±Inf, huge, a
	// position far away, a value of another type) a peer synced into a
	// property of a synchronizer it owns: its player, its input.
	OwnedKept Kind = "owned-state-kept"
	// OwnedScaled: a direction the attacker owns, held at 100 times a
	// unit's length, made the server move its node at least 5 times as
	// fast as at length 1: the server scales it unbounded (a speed hack).
	OwnedScaled Kind = "owned-scaled"
	// OwnedHeld: a bool the attacker owns, held true, made the server
	// make a node every other frame: it acts on every frame the bool
	// stays true (full-auto fire of a button held).
	OwnedHeld Kind = "owned-held"
	// SyncRelayed: the server relayed the attacker's syncs of state it
	// owns to the other peer as fast as it sent them (200 a second, past
	// a Godot client's 60): every other player receives them all.
	SyncRelayed Kind = "sync-relayed"
	// OwnedRelayed: another peer received such a value: the property
	// itself, or what the server made of it (a position it moved by a
	// NaN input).
	OwnedRelayed Kind = "owned-state-relayed"
	// Relayed: the server sent another peer a String or Array a peer's
	// call gave it, as large: each player costs the server what the
	// peer sent once.
	Relayed Kind = "relayed"
	// Amplification: the server sent another peer at least twice the
	// bytes a peer's call cost it: a String or Array it stored and sends
	// again on later calls, or sends several times.
	Amplification Kind = "amplification"
	// LeaveError: a script error on the server after a peer left (or
	// joined a running game) at a point of the game, or in the next
	// calls of the peers there.
	LeaveError Kind = "leave-error"
	// MatchEnded: after a peer left at a point of the game, the other
	// peer was dropped, or the match stopped running (Scenario.Running).
	MatchEnded Kind = "match-ended"
	// ChangesScene: a peer's call made the server change its scene
	// (change_scene_to_file): the nodes of the scene it ran, a lobby or
	// a match, were gone for every player.
	ChangesScene Kind = "changes-scene"
	// KeepsFailing: after a peer's call, the server failed on its own,
	// between calls, again and again (a value the call left that
	// _process reads every frame): one call broke the game for every
	// player until the server restarts.
	KeepsFailing Kind = "keeps-failing"
)

// kindLevels are each kind's level, by what a peer gains: high, it
// changes what other peers see or hold (another's state, a score, the
// server's process or tree); medium, it may, by a use the audit cannot
// tell from a harmless one; low, it costs the server or reaches code it
// should not; info, nothing seen.
var kindLevels = map[Kind]Level{
	UntypedParam: Medium, NoSenderCheck: Medium, NoSenderCheckShared: High, CallLocalRemote: Low, ObjectDecoding: High, NotChecked: Info,
	AcceptsWrongType: Medium, AcceptsObject: High, AcceptsHuge: Low, AcceptsDeep: Low, AcceptsNaN: Low,
	AcceptsExtremeInt: Info, ScriptError: Medium, Crash: High, Disconnected: Low, AuthorityBypass: High,
	SyncAccepted: High, SpawnAccepted: High, WatchedChanged: High,
	NotReached: Medium, // not judged, not a weakness shown: the default -fail-on high passes it (docs/audit.md)
	Stall:      High, Freezes: High, OwnedKept: Medium, OwnedScaled: High, OwnedHeld: Medium, SyncRelayed: Low, OwnedRelayed: High, Relayed: Medium, Amplification: High,
	LeaveError: Medium, MatchEnded: High, ChangesScene: High, KeepsFailing: High,
}

// Level returns the kind's level.
func (k Kind) Level() Level { return kindLevels[k] }

// Finding is one thing found: of a method (its node, script and line), a
// spawner or synchronizer, or of the project.
type Finding struct {
	Kind  Kind  `json:"kind"`
	Level Level `json:"level"`
	// Node is the node's absolute path in the running game
	// ("/root/Main"); a spawned scene's node is under its spawn path,
	// named "*" ("/root/Main/Players/*/Weapon"). Empty for the project.
	Node   string `json:"node,omitempty"`
	Method string `json:"method,omitempty"`
	// Param is the parameter the finding is of, if one.
	Param  string `json:"param,omitempty"`
	Script string `json:"script,omitempty"` // res:// path
	Line   int    `json:"line,omitempty"`   // in Script; of a script error, where it was raised
	// Message says what was seen: the engine's or the script's error,
	// the attacks the handler took.
	Message string `json:"message"`
}

// Key is the finding in one line, for tests and comparisons: level,
// kind, node, method and param, and the script where the node's path
// names no one node ("*", a spawned scene's).
func (f Finding) Key() string {
	where := f.Node
	if where == "" {
		where = f.Script // the project's, of a script
	}
	s := fmt.Sprintf("%s %s %s", f.Level, f.Kind, where)
	if f.Method != "" {
		s += "." + f.Method
	}
	if f.Param != "" {
		s += "(" + f.Param + ")"
	}
	if strings.Contains(f.Node, "*") && f.Script != "" {
		s += " " + f.Script
	}
	return s
}

// sortFindings orders findings by level (highest first), node, method,
// kind and param.
func sortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(b.Level, a.Level), cmp.Compare(a.Node, b.Node), cmp.Compare(a.Method, b.Method),
			cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Param, b.Param), cmp.Compare(a.Script, b.Script))
	})
}
