package project

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/resource"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// arrayLiteral is a script whose one stored variable is an Array of the
// literal elements elem(i), of about size bytes.
func arrayLiteral(size int, elem func(i int) string) map[string]string {
	return map[string]string{"a.gd": string(fill("extends Resource\n@export var a: Array = [", size, elem)) + "0]\n"}
}

// foldedChain is n scripts, each extending the next, each with a stored
// variable whose default folds to a string of 32 KiB, each of its
// constants eight of the one before.
func foldedChain(n int) map[string]string {
	return chainOf(n, false, func(int) string {
		return "const A = \"abcdefgh\"\nconst B = A+A+A+A+A+A+A+A\nconst C = B+B+B+B+B+B+B+B\nconst D = C+C+C+C+C+C+C+C\nconst E = D+D+D+D+D+D+D+D\n@export var v = E\n"
	})
}

// preloads is a script of n stored variables, each defaulting to a
// preload of one scene.
func preloads(n int) map[string]string {
	var b strings.Builder
	b.WriteString("extends Resource\n")
	for i := range n {
		fmt.Fprintf(&b, "@export var %s = preload(\"s.tscn\")\n", n36(i))
	}
	return map[string]string{"a.gd": b.String(), "s.tscn": "[gd_scene format=3]\n[node name=\"R\" type=\"Node\"]\n"}
}

func storedOf(script string) func(p *Project) (any, error) {
	return func(p *Project) (any, error) { return p.StoredProperties(script) }
}

// defaultAttacks are scripts whose stored variables' defaults make much
// of few bytes: Array literals of 128 KiB of the smallest elements, a
// chain of scripts each folding a default of 32 KiB, preloads by the
// thousand.
func defaultAttacks() []expansion {
	const size = 128 << 10
	array := func(elem string) expansion {
		return expansion{"an Array literal of " + elem, arrayLiteral(size, func(int) string { return elem + "," }), storedOf("res://a.gd"), nil}
	}
	return []expansion{
		array("0"), array("-0"), array("1.5"), array(`""`), array(`"ab"`), array("PI"), array("Vector4(1,2,3,4)"),
		{"150 scripts of defaults folded to 32 KiB", foldedChain(150), storedOf("res://0.gd"), ErrBudget},
		{"5000 preloads", preloads(5000), storedOf("res://a.gd"), nil},
	}
}

// A stored variable's default is folded and kept, as the editor's build
// holds it: what the defaults of a project make is held to the budget of
// what the Project keeps (ErrBudget past it), an Array literal's
// elements are folded by one parser into an Array made to their count,
// and preloads of one file share what they refer to. Before: a 128 KiB
// Array literal cost 58–109 B/B, 150 scripts of defaults folded to
// 32 KiB 275 B/B allocated and 253 held, 5 000 preloads 32.5.
func TestHostileDefaults(t *testing.T) {
	for _, e := range defaultAttacks() {
		checkExpansion(t, e, 1)
	}
}

// The variables that preload one file, by any path, share one External.
func TestPreloadsShared(t *testing.T) {
	p, err := Open(writeProject(t, map[string]string{"a.gd": "extends Resource\n" +
		"@export var c = preload(\"s.tscn\")\n@export var d: PackedScene = preload(\"res://x/../s.tscn\")\n",
		"s.tscn": "[gd_scene format=3]\n[node name=\"R\" type=\"Node\"]\n"}))
	require.NoError(t, err)
	props, err := p.StoredProperties("res://a.gd")
	require.NoError(t, err)
	require.Len(t, props, 2)
	assert.Equal(t, &resource.External{Type: "PackedScene", Path: "res://s.tscn"}, props[0].Default)
	assert.Same(t, props[0].Default, props[1].Default)
}
