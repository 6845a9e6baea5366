package project

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A function's body starts at its first statement: on the next lines
// past comments and blank lines, or on the func line itself; where an
// override without @rpc runs, Where names the override.
func TestRPCWhere(t *testing.T) {
	p, err := Open(writeProject(t, map[string]string{
		"project.godot": "config_version=5\n",
		"base.gd":       "extends Node\n@rpc(\"any_peer\")\nfunc over(x: int) -> void:\n\tpass\n",
		"main.gd": `extends "res://base.gd"

@rpc("any_peer")
func spread(a: int,
		b: String) -> void:

	# a comment first
	print(a)

@rpc
func one(): pass

func over(x: int) -> void:
	if x:
		return
`,
	}))
	require.NoError(t, err)
	where := func(name string) []any {
		s, l, b := rpcOf(t, p, "res://main.gd", name).Where()
		return []any{s, l, b}
	}
	assert.Equal(t, []any{"res://main.gd", 4, 8}, where("spread"))
	assert.Equal(t, []any{"res://main.gd", 11, 11}, where("one"))
	assert.Equal(t, []any{"res://main.gd", 13, 14}, where("over"), "the override runs")
	s, l, b := rpcOf(t, p, "res://base.gd", "over").Where()
	assert.Equal(t, []any{"res://base.gd", 3, 4}, []any{s, l, b})
}
