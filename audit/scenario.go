package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gdvar/gdvar/internal/textcut"
	"github.com/gdvar/gdvar/vartext"
)

// A Scenario says how a game's match goes, which its project cannot:
// how it starts, how to tell it runs, whose turn it is, and the calls its
// players make. The lifecycle attack leaves at each of its points (after
// its start, after each of its calls) in a game started anew, then the
// peers there call again. Read from a small JSON file (ReadScenario; see
// docs/audit.md):
//
//	{
//	  "start": [{"call": "/root/Lobby:start_game"}],
//	  "running": {"node": "/root/Match"},
//	  "turn": {"node": "/root/Match", "property": "turn_peer", "value": "$attacker"},
//	  "calls": [{"call": "/root/Match:play", "args": ["3"], "by": "victim"},
//	            {"call": "/root/Match:play", "args": ["4"], "by": "attacker"}]
//	}
type Scenario struct {
	// Start are the steps that start the game, once the clients joined.
	Start []Step `json:"start,omitempty"`
	// Running, if set, tells that the match runs; a peer's leaving that
	// ends it is a match-ended finding.
	Running *Probe `json:"running,omitempty"`
	// Turn, if set, tells that it is the attacker's turn: a point where
	// it holds is said to be during its turn.
	Turn *Probe `json:"turn,omitempty"`
	// Calls are the calls the players make in the match, in order.
	Calls []Step `json:"calls,omitempty"`
}

// A Step is one thing a player does: a call a client sends, an input
// pressed on the server, a property set on the server; and a pause
// after it. Values are in Godot's text form ("3", "\"name\"",
// "Vector2(1, 2)"); "$attacker" and "$victim" in them are the clients'
// peer ids.
type Step struct {
	// Call is an @rpc method of a node of the scene the clients declare,
	// "/root/Main:method", which the client By ("victim", the default, or
	// "attacker") calls on the server with Args.
	Call string   `json:"call,omitempty"`
	Args []string `json:"args,omitempty"`
	By   string   `json:"by,omitempty"`
	// Input is an action of the project's Input Map, pressed and released
	// on the server.
	Input string `json:"input,omitempty"`
	// Set is a property of a node on the server, "/root/Main:started",
	// set to Value.
	Set   string `json:"set,omitempty"`
	Value string `json:"value,omitempty"`
	// Wait is a pause after the step, a Go duration of at most a minute.
	Wait string `json:"wait,omitempty"`
}

// A Probe tells something of the server's game: that the node at Node
// exists, or, with a Property, that it holds Value.
type Probe struct {
	Node     string `json:"node"`
	Property string `json:"property,omitempty"`
	Value    string `json:"value,omitempty"`
}

// ErrScenario is a scenario that cannot be run.
var ErrScenario = errors.New("audit: bad scenario")

// The bounds of a scenario.
const (
	maxScenario      = 64 << 10 // its file: a few steps, not a program
	maxSteps         = 64       // of Start, of Calls
	maxArgs          = 16       // of a call
	maxWait          = time.Minute
	maxScenarioError = 256 // an error's bytes, whatever it quotes
)

// ReadScenario reads and checks a scenario: one JSON object of at most
// 64 KiB, with no field it does not know.
func ReadScenario(r io.Reader) (*Scenario, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxScenario+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxScenario {
		return nil, badScenario("over %d bytes", maxScenario)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	var s Scenario
	if err := d.Decode(&s); err != nil {
		return nil, badScenario("%v", err)
	}
	if rest := bytes.TrimSpace(b[d.InputOffset():]); len(rest) > 0 {
		return nil, badScenario("one JSON object, with nothing after it: %.20q follows", rest)
	}
	return &s, s.Check()
}

// ParseStep reads a step of gdvar audit's -start: "call:/root/Lobby:start_game"
// (by the victim, with no argument), "input:ui_accept", or
// "set:/root/Main:started=true".
func ParseStep(s string) (Step, error) {
	kind, rest, _ := strings.Cut(s, ":")
	var st Step
	switch kind {
	case "call":
		st.Call = rest
	case "input":
		st.Input = rest
	case "set":
		st.Set, st.Value, _ = strings.Cut(rest, "=")
	default:
		return st, badScenario("a step %.80q: call:/root/Node:method, input:action or set:/root/Node:property=value", s)
	}
	if err := st.check(); err != nil {
		return st, badScenario("%v", err)
	}
	return st, nil
}

// Check checks what a run would find wrong only later.
func (s *Scenario) Check() error {
	if len(s.Start) > maxSteps || len(s.Calls) > maxSteps {
		return badScenario("at most %d steps to start, and %d calls", maxSteps, maxSteps)
	}
	for i, st := range s.Start {
		if err := st.check(); err != nil {
			return badScenario("start %d: %v", i, err)
		}
	}
	for i, st := range s.Calls {
		if err := st.check(); err != nil {
			return badScenario("call %d: %v", i, err)
		}
	}
	for _, p := range []*Probe{s.Running, s.Turn} {
		if err := p.check(); err != nil {
			return badScenario("%v", err)
		}
	}
	return nil
}

// check checks a step: one thing done, its names and values readable.
func (st Step) check() error {
	done := 0
	for _, s := range []string{st.Call, st.Input, st.Set} {
		if s != "" {
			done++
		}
	}
	switch {
	case done > 1:
		return errors.New("a step is one of call, input and set")
	case st.Call != "" && !isNodeMember(st.Call):
		return fmt.Errorf("call %.80q: /root/Node:method", st.Call)
	case st.Set != "" && !isNodeMember(st.Set):
		return fmt.Errorf("set %.80q: /root/Node:property", st.Set)
	case st.Call == "" && (len(st.Args) > 0 || st.By != ""):
		return errors.New("args and by are a call's")
	case st.By != "" && st.By != "victim" && st.By != "attacker":
		return fmt.Errorf("by %.20q: victim or attacker", st.By)
	case len(st.Args) > maxArgs:
		return fmt.Errorf("at most %d args", maxArgs)
	case st.Set == "" && st.Value != "":
		return errors.New("a value is a set's")
	case done == 0 && st.Wait == "":
		return errors.New("an empty step")
	}
	if _, err := st.pause(); err != nil {
		return err
	}
	for _, text := range append(append([]string(nil), st.Args...), st.Value) {
		if text == "" && st.Set == "" {
			continue
		}
		if _, err := valueOf(text, 1, 1); err != nil {
			return err
		}
	}
	return nil
}

// pause is the step's Wait.
func (st Step) pause() (time.Duration, error) {
	if st.Wait == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(st.Wait)
	if err != nil || d < 0 || d > maxWait {
		return 0, fmt.Errorf("wait %.40q: a duration of at most %s", st.Wait, maxWait)
	}
	return d, nil
}

// check checks a probe, if there is one.
func (p *Probe) check() error {
	switch {
	case p == nil:
		return nil
	case !strings.HasPrefix(p.Node, "/"):
		return fmt.Errorf("a probe's node %.80q: an absolute path", p.Node)
	case p.Property == "" && p.Value != "":
		return errors.New("a probe's value is its property's")
	case p.Property != "":
		_, err := valueOf(p.Value, 1, 1)
		return err
	}
	return nil
}

// isNodeMember says s is "/path:member".
func isNodeMember(s string) bool {
	node, member, ok := strings.Cut(s, ":")
	return ok && strings.HasPrefix(node, "/") && member != "" && !strings.ContainsAny(member, ":/")
}

// valueOf reads a value in Godot's text form, "$attacker" and "$victim"
// in it the peer ids given.
func valueOf(text string, attacker, victim int64) (any, error) {
	text = strings.NewReplacer("$attacker", fmt.Sprint(attacker), "$victim", fmt.Sprint(victim)).Replace(text)
	var v any
	if err := vartext.Unmarshal([]byte(text), &v); err != nil {
		return nil, fmt.Errorf("the value %.80q: %v", text, err)
	}
	return v, nil
}

// badScenario returns an ErrScenario saying why, at most
// maxScenarioError bytes of it.
func badScenario(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if len(msg) > maxScenarioError {
		msg = textcut.Prefix(msg, maxScenarioError) + "…"
	}
	return fmt.Errorf("%w: %s", ErrScenario, msg)
}
