package project

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An RPC asks who called it, or whether it runs on the server, where a
// function it calls does, however deep: f(), self.f(), super.f() and
// super(), looked up in its class then down its bases; through cycles of
// calls. A call on another object, a lambda's name, a name in a string,
// or a function no call reaches asks nothing. Before, each RPC's own
// body alone was read: only "direct" asked.
func TestAskedThroughCalls(t *testing.T) {
	p, err := Open(writeProject(t, map[string]string{
		"base.gd": `extends Node
func _check_sender(id) -> bool:
	return multiplayer.get_remote_sender_id() == id
func _on_server() -> bool:
	return multiplayer.is_server()
func guard():
	pass
`,
		"main.gd": `extends "res://base.gd"
@rpc("any_peer")
func direct():
	var id := multiplayer.get_remote_sender_id()
@rpc("any_peer")
func helper():
	if not _allowed(): return
@rpc("any_peer")
func through_self():
	if !self._allowed():
		return
@rpc("any_peer")
func in_base(): if _check_sender(1): pass
@rpc("any_peer")
func server_only():
	if not _on_server(): return
@rpc("any_peer")
func through_super():
	super._check_sender(1)
@rpc("any_peer")
func guard():
	super()
@rpc("any_peer")
func cycle():
	_ping()
@rpc("any_peer")
func itself(n):
	itself(n - 1)
@rpc("any_peer")
func elsewhere():
	$Other._allowed()
	var f := func _allowed(): pass
	print("_allowed()")
	_unrelated()

func _allowed() -> bool:
	return _check_sender(1)
func _ping():
	_pong()
func _pong():
	_ping()
	_allowed()
func _unrelated():
	_unrelated()
	guard()

class Inner:
	extends Node
	@rpc("any_peer")
	func inner():
		_allowed()
	func _allowed():
		return multiplayer.get_remote_sender_id() == 1
`,
	}))
	require.NoError(t, err)
	rpcs, err := p.RPCs("res://main.gd")
	require.NoError(t, err)
	got := map[string][2]bool{}
	for _, r := range rpcs {
		got[r.Name] = [2]bool{r.AsksSender, r.AsksServer}
	}
	assert.Equal(t, map[string][2]bool{
		"direct": {true, false}, "helper": {true, false}, "through_self": {true, false}, "in_base": {true, false},
		"server_only": {false, true}, "through_super": {true, false},
		"guard": {false, false}, // super() runs base.gd's guard, which asks nothing
		"cycle": {true, false}, "itself": {false, false}, "elsewhere": {false, false},
	}, got)

	s, err := p.Script("res://main.gd")
	require.NoError(t, err)
	inner := &s.Classes[0].Methods[0]
	assert.True(t, named(inner, *inner.RPC, ClassRef{s, s.Classes[0]}).AsksSender, "an inner class's own function")
	assert.False(t, scriptFunction(t, s, "helper").AsksSender, "Method says its own body's")
}
