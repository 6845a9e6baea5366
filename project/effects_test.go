package project

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A body's effects: the names it assigns (the last outside brackets; its
// own members alone or through self, never its parameters' or locals'),
// and the RPCs it sends, named by the callable or by the first string;
// a one-line body, an inner class's method, an override that runs.
func TestEffects(t *testing.T) {
	p, err := Open(writeProject(t, map[string]string{
		"base.gd": "extends Node\n@rpc(\"any_peer\")\nfunc over() -> void:\n\tscore = 1\n",
		"main.gd": `extends "res://base.gd"

var score := 0
var health := 100

@rpc("any_peer")
func hit(amount: int, who := Vector2(1, 2), ...rest) -> void:
	var left: int = health - amount
	left = max(left, 0)
	amount = 0
	for p in rest:
		p = null
	health = left
	self.score += 1
	players[who].player_score += amount
	$HUD/Label.text = str(score) # a comment: x = 1
	if left == 0: lives -= 1
	turn_of[who] = 2
	while turn < 3: turn += 1
	report.rpc(health)
	report.rpc(health)
	rpc_id(2, "tell", health)
	rpc(&"shout")
	get_node("Other").ping.rpc_id(1)

@rpc("any_peer")
func one(): score = 2

func over() -> void:
	self.health = 1
	get_parent().health = 2

class Inner:
	extends Node
	@rpc("any_peer")
	func inner(x) -> void:
		x = 1
		hp = x
	func after() -> void:
		mana = 1
`,
	}))
	require.NoError(t, err)
	e := rpcOf(t, p, "res://main.gd", "hit").Effects()
	assert.Equal(t, []Assign{
		{"health", true, 13}, {"score", true, 14}, {"player_score", false, 15}, {"text", false, 16},
		{"lives", true, 17}, {"turn_of", false, 18}, {"turn", true, 19},
	}, e.Assigns)
	assert.Equal(t, []Send{
		{"report", true, 20}, {"tell", false, 22}, {"shout", true, 23}, {"ping", false, 24},
	}, e.Sends)
	assert.Equal(t, Effects{Assigns: []Assign{{"score", true, 27}}}, rpcOf(t, p, "res://main.gd", "one").Effects())
	assert.Equal(t, Effects{Assigns: []Assign{{"health", true, 30}, {"health", false, 31}}}, rpcOf(t, p, "res://main.gd", "over").Effects(),
		"the override runs")

	s, err := p.Script("res://main.gd")
	require.NoError(t, err)
	inner := &s.Classes[0].Methods[0]
	assert.Equal(t, Effects{Assigns: []Assign{{"hp", true, 38}}}, named(inner, *inner.RPC, ClassRef{s, s.Classes[0]}).Effects(),
		"to the end of the inner class's method")
}
