package debugger

import (
	"context"
	_ "embed" // inputAutoload
	"errors"
	"fmt"
	"strings"

	"github.com/gdvar/gdvar"
)

// inputAutoload is gdvar_input.gd, unexported so that nothing can change
// it: InputAutoload gives it.
//
//go:embed autoload/gdvar_input.gd
var inputAutoload string

// InputAutoload returns gdvar_input.gd, the input helper: [Launch]
// installs it at run time in a Godot 4 game (see [Session.InstallInput]),
// and a game that gives no script frame to install it from takes it as an
// autoload: write it into the game's project and add it under [autoload]
// in project.godot (GdvarInput="*res://gdvar_input.gd"). It lets Key,
// MouseMove, MouseClick, MouseWheel, Action and Text send the game input,
// runs Call and Evaluate without stopping the game, and says whether its
// tree is paused. It registers one debugger message capture, "gdvar", and
// does nothing without a debugger. See docs/debugger.md for exactly what
// it adds.
func InputAutoload() string { return inputAutoload }

// ErrNoInputAutoload is what the input methods return from a game without
// the input helper, with why: it could not be installed (why, in the
// game's words), or the game is Godot 3, which has no message captures
// (then it matches [ErrUnsupported] too).
var ErrNoInputAutoload = errors.New("debugger: no input helper (gdvar_input.gd) in the game")

// ErrInputRefused is an input the helper did not make: an unknown key,
// an action not in the project's Input Map. The game's reason follows it.
var ErrInputRefused = errors.New("debugger: the game refused the input")

// Press says what an input does: press then release (Tap), or one of them.
type Press int

const (
	Tap  Press = iota // press, then release, a frame or more apart
	Down              // press and hold
	Up                // release
)

// MouseButton is Godot's MouseButton enum.
type MouseButton int64

// The buttons and wheel directions, as Godot numbers them.
const (
	MouseLeft MouseButton = iota + 1
	MouseRight
	MouseMiddle
	WheelUp
	WheelDown
	WheelLeft
	WheelRight
)

// Key presses or releases the key Godot names name, as
// OS.find_keycode_from_string reads it ("A", "Enter", "Space", "F1",
// "Ctrl+Shift+S": modifiers held with it). The event carries the key as
// both its keycode and its physical keycode, and the keyboard's device id.
func (s *Session) Key(ctx context.Context, name string, how Press) error {
	return s.press(ctx, "gdvar:key", keyboard, how, func(down bool) []any { return []any{name, down} })
}

// MouseMove moves the mouse to a position in the root viewport, with the
// buttons held as earlier MouseClick calls left them.
func (s *Session) MouseMove(ctx context.Context, to gdvar.Vector2) error {
	return s.input(ctx, "gdvar:mouse_motion", mouse, to)
}

// MouseClick presses or releases a mouse button at a position in the root
// viewport.
func (s *Session) MouseClick(ctx context.Context, at gdvar.Vector2, button MouseButton, how Press) error {
	return s.press(ctx, "gdvar:mouse_button", mouse, how, func(down bool) []any { return []any{at, int64(button), down} })
}

// MouseWheel turns the wheel ([WheelUp], [WheelDown], [WheelLeft] or
// [WheelRight]) by factor notches (1 if 0) at a position: a press and a
// release, as a mouse sends.
func (s *Session) MouseWheel(ctx context.Context, at gdvar.Vector2, wheel MouseButton, factor float64) error {
	if wheel < WheelUp || wheel > WheelRight {
		return fmt.Errorf("debugger: mouse button %d is not a wheel", wheel)
	}
	if factor == 0 {
		factor = 1
	}
	return s.input(ctx, "gdvar:mouse_wheel", mouse, at, int64(wheel), factor)
}

// Action presses an action of the project's Input Map with a strength
// (0–1; 1 if 0), or releases it, as an InputEventAction: the game's
// _input and Input.is_action_pressed see it.
func (s *Session) Action(ctx context.Context, name string, strength float64, how Press) error {
	if strength == 0 {
		strength = 1
	}
	return s.press(ctx, "gdvar:action", noDevice, how, func(down bool) []any { return []any{name, down, strength} })
}

// Text types text: a key press and release carrying each character's
// code point, as a keyboard layout sends them to a LineEdit.
func (s *Session) Text(ctx context.Context, text string) error {
	return s.input(ctx, "gdvar:text", keyboard, text)
}

// HasInput says whether the game has the input autoload: nil, or
// [ErrNoInputAutoload] after a bounded wait for its answer.
func (s *Session) HasInput(ctx context.Context) error {
	if s.Engine() == gdvar.Godot3 {
		return ErrNoInputAutoload
	}
	if err := s.turn(ctx); err != nil {
		return err
	}
	defer s.endTurn()
	return s.hello(ctx)
}

// press sends the message name with data(down) for a press, a release,
// or both in turn.
func (s *Session) press(ctx context.Context, name string, dev device, how Press, data func(down bool) []any) error {
	downs := []bool{true, false}
	switch how {
	case Down:
		downs = downs[:1]
	case Up:
		downs = downs[1:]
	}
	for _, down := range downs {
		if err := s.input(ctx, name, dev, data(down)...); err != nil {
			return err
		}
	}
	return nil
}

// ErrSuspended is an input sent to a game the engine's suspend holds
// ([Session.Suspend]): the engine drops it.
var ErrSuspended = errors.New("debugger: the game is suspended, and its engine drops input: end the suspend first (Suspend(false); gdvar debug: suspend off), or advance it")

// input sends one of the helper's messages and waits for its answer, by
// which time the game has parsed the event: nodes see it in the frame that
// follows. The data of an event from a device ends in the device's id,
// which a helper of version 1 does not take.
func (s *Session) input(ctx context.Context, name string, dev device, data ...any) error {
	if err := s.turn(ctx); err != nil {
		return err
	}
	defer s.endTurn()
	s.mu.Lock()
	suspended := s.suspended
	s.mu.Unlock()
	if suspended {
		return ErrSuspended
	}
	if err := s.helper(ctx, 1); err != nil {
		return err
	}
	s.mu.Lock()
	version := s.helperVersion
	s.mu.Unlock()
	s.act()
	sent := data
	if dev != noDevice && version >= helperCalls {
		sent = append(data[:len(data):len(data)], s.deviceID(dev))
	}
	m, err := s.request(ctx, name, sent, named("gdvar:done"), droppedLate)
	if err != nil {
		return err
	}
	var why string
	if !fields(m.Data, &why) {
		return fmt.Errorf("%w: gdvar:done %s", ErrMalformed, shown(m.Data))
	}
	s.notePaused(m.Data[1:])
	if why != "" {
		return fmt.Errorf("%w: %s", ErrInputRefused, cutText(why))
	}
	if s.recording() { // the data without the device, which a replay's engine gives
		s.note(ReplayStep{Op: ReplayOp(strings.TrimPrefix(name, "gdvar:")), Data: s.recordText(data)})
	}
	return nil
}

// device is where an input event comes from, for its device id.
type device int

// The devices.
const (
	noDevice device = iota // an action
	keyboard
	mouse
)

// deviceID returns the id the game's engine gives the keyboard or the
// mouse: 0 before Godot 4.7, InputEvent.DEVICE_ID_KEYBOARD (16) and
// DEVICE_ID_MOUSE (32) from 4.7 (godotengine/godot#116274), where an
// action mapped to a key saved by 4.7 matches the keyboard's id alone.
func (s *Session) deviceID(dev device) int64 {
	major, minor := s.Version()
	switch {
	case major < 4 || major == 4 && minor < 7:
		return 0
	case dev == keyboard:
		return 16
	}
	return 32
}
