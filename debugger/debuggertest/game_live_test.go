package debuggertest_test

import (
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/internal/testrig/tbrecorder"
	"github.com/stretchr/testify/assert"
)

// main is the root of debugger/testdata/game's scene, which keeps the
// input that reaches it in inputs, a line an event.
const main = "/root/Main"

// A Game's methods act on the game and check it, each failing the test
// (here a recorder) when it should, and only then.
func TestLiveGame(t *testing.T) {
	g := debuggertest.Start(t, debuggertest.Project(t, filepath.Join("..", "testdata", "game")))
	g.WaitNode(main + "/Added")

	assert.True(t, g.AssertProperty(main, "speed", 1.5))
	assert.Equal(t, 1.5, g.Number(main, "speed"))
	g.Set(main, "speed", 4.0)
	assert.Equal(t, 4.0, g.Number(main, "speed"))
	g.Eventually("frames to pass", func() bool { return g.Number(main, "counter") > 2 }) // an int
	assert.Equal(t, int64(5), g.Call(main, "add", int64(2), int64(3)))
	assert.Equal(t, int64(3), g.Evaluate("1 + 2"))

	g.Key("A", debugger.Tap)
	g.MouseMove(gdvar.Vector2{X: 10, Y: 20})
	g.MouseClick(gdvar.Vector2{X: 10, Y: 20}, debugger.MouseRight, debugger.Down)
	g.MouseWheel(gdvar.Vector2{X: 1, Y: 2}, debugger.WheelUp)
	g.Action("jump", debugger.Up)
	g.Text("q")
	want := []any{"key A physical A true", "key A physical A false", "motion (10.0, 20.0) relative (10.0, 20.0) mask 0",
		"button 2 true at (10.0, 20.0) factor 1.0 mask 2", "button 4 true at (1.0, 2.0) factor 1.0 mask 10",
		"button 4 false at (1.0, 2.0) factor 1.0 mask 2", "action jump false 0.0 is_pressed false", "char q true", "char q false"}
	g.WaitProperty(main, "inputs", func(v any) bool { l, _ := v.([]any); return len(l) >= len(want) })
	g.AssertProperty(main, "inputs", want)

	for _, c := range []struct {
		name string
		do   func(g *debuggertest.Game)
		says string
	}{
		{"a property of another value", func(g *debuggertest.Game) { g.AssertProperty(main, "speed", 4) },
			"speed of /root/Main is 4 (float64), not 4 (int)"},
		{"a property that is not a number", func(g *debuggertest.Game) { g.Number(main, "label_text") },
			`label_text of /root/Main is "" (string), not a number`},
		{"an action not in the Input Map", func(g *debuggertest.Game) { g.Action("fly", debugger.Tap) },
			"action fly: debugger: the game refused the input: no action fly in the Input Map"},
		{"a node that is not there", func(g *debuggertest.Game) { g.Call(main+"/Nope", "add") },
			"calling add of /root/Main/Nope: debugger: no such node: /root/Main/Nope"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &tbrecorder.Recorder{TB: t}
			r.Run(func() { c.do(g.On(r)) })
			assert.True(t, r.Failed())
			assert.Contains(t, r.Text(), c.says)
		})
	}
}
