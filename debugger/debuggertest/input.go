package debuggertest

import (
	"context"
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
)

// The input methods send the game input as a player would, through the
// input helper that debugger.Launch installs in a Godot 4 game: each
// returns once the game has parsed the event, which its nodes see in the
// frame that follows.

// Action presses an action of the project's Input Map (strength 1), or
// releases it, or both ([debugger.Tap]).
func (g *Game) Action(name string, how debugger.Press) {
	g.t.Helper()
	g.do("action "+name, func(ctx context.Context) error { return g.Game.Action(ctx, name, 1, how) })
}

// Key presses a key as Godot names it ("A", "Space", "Ctrl+S"), or
// releases it, or both.
func (g *Game) Key(name string, how debugger.Press) {
	g.t.Helper()
	g.do("key "+name, func(ctx context.Context) error { return g.Game.Key(ctx, name, how) })
}

// MouseMove moves the mouse to a position in the root viewport.
func (g *Game) MouseMove(to gdvar.Vector2) {
	g.t.Helper()
	g.do(fmt.Sprintf("moving the mouse to %v", to), func(ctx context.Context) error { return g.Game.MouseMove(ctx, to) })
}

// MouseClick presses a mouse button at a position, or releases it, or
// both.
func (g *Game) MouseClick(at gdvar.Vector2, button debugger.MouseButton, how debugger.Press) {
	g.t.Helper()
	g.do(fmt.Sprintf("clicking button %d at %v", button, at), func(ctx context.Context) error {
		return g.Game.MouseClick(ctx, at, button, how)
	})
}

// MouseWheel turns the mouse wheel one notch ([debugger.WheelUp], …) at a
// position.
func (g *Game) MouseWheel(at gdvar.Vector2, wheel debugger.MouseButton) {
	g.t.Helper()
	g.do(fmt.Sprintf("turning wheel %d at %v", wheel, at), func(ctx context.Context) error {
		return g.Game.MouseWheel(ctx, at, wheel, 1)
	})
}

// Text types text, a key event a character.
func (g *Game) Text(text string) {
	g.t.Helper()
	g.do(fmt.Sprintf("typing %q", text), func(ctx context.Context) error { return g.Game.Text(ctx, text) })
}
