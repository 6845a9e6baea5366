package game

import (
	"bufio"
	"context"
	"fmt"
	"strconv"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
)

// presses, clickButtons and wheels are the words of the input commands
// and tools (which need the input helper in the game: see
// debugger.InputAutoload).
var (
	presses      = map[string]debugger.Press{"tap": debugger.Tap, "down": debugger.Down, "up": debugger.Up}
	clickButtons = map[string]debugger.MouseButton{"left": debugger.MouseLeft, "right": debugger.MouseRight, "middle": debugger.MouseMiddle}
	wheels       = map[string]debugger.MouseButton{"up": debugger.WheelUp, "down": debugger.WheelDown, "left": debugger.WheelLeft, "right": debugger.WheelRight}
)

func debugKey(ctx context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
	how, err := press(args[1:])
	if err != nil {
		return err
	}
	return s.Key(ctx, args[0], how)
}

func debugMove(ctx context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
	at, err := position(args)
	if err != nil {
		return err
	}
	return s.MouseMove(ctx, at)
}

func debugClick(ctx context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
	at, err := position(args)
	if err != nil {
		return err
	}
	button, rest := debugger.MouseLeft, args[2:]
	if len(rest) > 0 {
		if b, ok := clickButtons[rest[0]]; ok {
			button, rest = b, rest[1:]
		}
	}
	how, err := press(rest)
	if err != nil {
		return err
	}
	return s.MouseClick(ctx, at, button, how)
}

func debugWheel(ctx context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
	at, err := position(args)
	if err != nil {
		return err
	}
	wheel, err := word(wheels, args[2], "up, down, left or right")
	if err != nil {
		return err
	}
	factor := 1.0
	if len(args) > 3 {
		if factor, err = strconv.ParseFloat(args[3], 64); err != nil {
			return fmt.Errorf("factor %s: %w", shown(args[3]), err)
		}
	}
	return s.MouseWheel(ctx, at, wheel, factor)
}

func debugAction(ctx context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
	strength, rest := 1.0, args[1:]
	if len(rest) > 0 {
		if v, err := strconv.ParseFloat(rest[0], 64); err == nil {
			strength, rest = v, rest[1:]
		}
	}
	how, err := press(rest)
	if err != nil {
		return err
	}
	return s.Action(ctx, args[0], strength, how)
}

func debugText(ctx context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
	text, err := unquote(args[0])
	if err != nil {
		return err
	}
	return s.Text(ctx, text)
}

// press reads an optional down or up: a tap without one.
func press(args []string) (debugger.Press, error) {
	if len(args) > 1 {
		return 0, fmt.Errorf("%s: want tap, down or up", shown(fmt.Sprint(args[1:])))
	}
	if len(args) == 0 {
		return debugger.Tap, nil
	}
	return pressOf(args[0])
}

// pressOf reads down or up, or "" for a tap.
func pressOf(w string) (debugger.Press, error) {
	if w == "" {
		return debugger.Tap, nil
	}
	return word(presses, w, "tap, down or up")
}

// word looks a word up in a table of the values a command takes.
func word[V any](table map[string]V, w, want string) (V, error) {
	v, ok := table[w]
	if !ok {
		return v, fmt.Errorf("%s: want %s", shown(w), want)
	}
	return v, nil
}

// position reads X Y, a position in the root viewport.
func position(args []string) (gdvar.Vector2, error) {
	var xy [2]float64
	for i := range xy {
		v, err := strconv.ParseFloat(args[i], 64)
		if err != nil {
			return gdvar.Vector2{}, fmt.Errorf("position %s: want a number", shown(args[i]))
		}
		xy[i] = v
	}
	return gdvar.Vector2{X: xy[0], Y: xy[1]}, nil
}
