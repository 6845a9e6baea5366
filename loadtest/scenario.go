package loadtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gdvar/gdvar/internal/textcut"
	"github.com/gdvar/gdvar/vartext"
)

// maxScenario bounds a scenario file: a few calls, not a program.
const maxScenario = 64 << 10

// The ranges of a scenario's rates, in Hz. Each is checked as a range
// that NaN fails, so that a Scenario made in Go is held to it too, and
// each makes an interval a ticker takes: above 0 and far from
// time.Duration's overflow (1e-10 Hz would be 317 years, past it).
const (
	minTickHz, maxTickHz = 1, 1000
	minRateHz, maxRateHz = 0.001, 1000 // a call every 1000 s, or every ms
)

// A Scenario is what each bot does, read from a small JSON file (see
// docs/load.md):
//
//	{
//	  "scene": "res://main.tscn",
//	  "tick_hz": 30,
//	  "auth": "hello",
//	  "own": "id",
//	  "calls": [{"node": "/root/Main", "method": "input", "rate_hz": 30,
//	             "args": ["$now_us", "Vector3(1, 0, 0)"],
//	             "answer": {"method": "moved", "arg": 1}}],
//	  "leave_after": "20s"
//	}
type Scenario struct {
	// Scene is the game's main scene (default: the project's).
	Scene string `json:"scene"`
	// TickHz is the bots' replication tick: how often they sync the
	// nodes they own, and the rate promised of a synchronizer whose
	// interval is 0 (every frame). From 1 to 1000; default 60, the
	// engine's.
	TickHz float64 `json:"tick_hz"`
	// Auth, if set, is sent to the server as the bot's authentication
	// message (send_auth), after which the bot completes its side; $bot
	// in it is the bot's number in the test ("player-$bot": player-0,
	// player-1, …), distinct across the test's segments.
	Auth string `json:"auth"`
	// Own says whose spawned nodes are: "id", a node named by a peer id
	// is that peer's, as a game's script says with
	// set_multiplayer_authority(name.to_int()), so a bot syncs its own
	// and takes its peers' syncs of theirs; "" the server's, all.
	Own string `json:"own"`
	// Set are values, in Godot's text form, a bot sets on each node it
	// owns, by property path (".:position": "Vector2(0, 0)"): a server
	// that hands a node over before it spawns it sends no state of it, so
	// the bot has no value to sync until it sets one.
	Set map[string]string `json:"set"`
	// Calls are the calls each bot makes, each at its rate.
	Calls []CallSpec `json:"calls"`
	// LeaveAfter, if set, is when each bot leaves (a Go duration); else
	// they stay to the end of the run.
	LeaveAfter string `json:"leave_after"`
	// Thresholds are what the run must hold to pass (Summary.Thresholds).
	Thresholds Thresholds `json:"thresholds"`
}

// A CallSpec is a call a bot makes to the server at a rate.
type CallSpec struct {
	Node   string  `json:"node"`    // absolute path, "/root/Main"
	Method string  `json:"method"`  // an @rpc method of its script
	RateHz float64 `json:"rate_hz"` // calls a second, from 0.001 to 1000
	// Args are the arguments, each in Godot's text form ("Vector3(1, 0,
	// 0)", "\"text\"", "7"), or "$now_us" (the bot's clock, µs since the
	// Unix epoch: an answer carrying it gives a latency), "$id" (the
	// bot's peer id) or "$seq" (the call's number). $bot in an argument
	// is the bot's number in the test, before the text is read: "$bot"
	// is an int, "\"bot-$bot\"" a name.
	Args []string `json:"args"`
	// Answer, if set, is the call the server makes in answer, with the
	// call's $now_us at argument Arg (from 0): its latency is measured.
	Answer *AnswerSpec `json:"answer"`
}

// An AnswerSpec names the server's call that answers a CallSpec.
type AnswerSpec struct {
	Node   string `json:"node"` // default: the CallSpec's
	Method string `json:"method"`
	Arg    int    `json:"arg"`
}

// ErrScenario is the error of a scenario that cannot be run.
var ErrScenario = errors.New("loadtest: bad scenario")

// ReadScenario reads and checks a scenario.
func ReadScenario(r io.Reader) (*Scenario, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxScenario+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxScenario {
		return nil, refuse("over %d bytes", maxScenario)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, refuse("empty: a JSON object, as docs/load.md shows")
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	var s Scenario
	if err := d.Decode(&s); err != nil {
		return nil, refuse("%v", err)
	}
	if rest := bytes.TrimSpace(b[d.InputOffset():]); len(rest) > 0 {
		return nil, refuse("one JSON object, with nothing after it: %.20q follows at byte %d", rest, len(b)-len(rest))
	}
	return &s, s.check()
}

// maxErrorBytes bounds a scenario error's text: what it quotes of the
// scenario (a value 30 000 deep, an unknown field of 60 000 bytes) is
// cut, where the whole of it made errors of 60 KB.
const maxErrorBytes = 256

// refuse returns an ErrScenario saying why, at most maxErrorBytes long.
func refuse(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if len(msg) > maxErrorBytes {
		msg = textcut.Prefix(msg, maxErrorBytes) + "…"
	}
	return fmt.Errorf("%w: %s", ErrScenario, msg)
}

// check checks what a run would find wrong only later.
func (s *Scenario) check() error {
	if s.TickHz == 0 {
		s.TickHz = 60
	}
	if !(s.TickHz >= minTickHz && s.TickHz <= maxTickHz) {
		return refuse("tick_hz %g: from %d to %d", s.TickHz, minTickHz, maxTickHz)
	}
	if s.Own != "" && s.Own != "id" {
		return refuse("own %q: \"id\" or none", s.Own)
	}
	if _, err := s.leaveAfter(); err != nil {
		return err
	}
	if _, err := s.values(); err != nil {
		return err
	}
	if err := s.Thresholds.check(); err != nil {
		return err
	}
	for i, c := range s.Calls {
		if c.Node == "" || c.Method == "" {
			return refuse("call %d: a node and a method", i)
		}
		if !(c.RateHz >= minRateHz && c.RateHz <= maxRateHz) {
			return refuse("call %d: rate_hz %g: from %g (a call every %v) to %d", i, c.RateHz, minRateHz, every(minRateHz), maxRateHz)
		}
		if _, err := c.args(0, 0, 0); err != nil {
			return refuse("call %d: %v", i, err)
		}
		if a := c.Answer; a != nil && (a.Method == "" || a.Arg < 0) {
			return refuse("call %d: an answer names its method and an argument from 0", i)
		}
	}
	return nil
}

// tick is the bots' replication tick, TickHz's interval.
func (s *Scenario) tick() time.Duration { return every(s.TickHz) }

// every is the interval of a rate in Hz, one that check has let through.
func every(hz float64) time.Duration { return time.Duration(float64(time.Second) / hz) }

// values returns Set's values, parsed.
func (s *Scenario) values() (map[string]any, error) {
	out := make(map[string]any, len(s.Set))
	for path, text := range s.Set {
		var v any
		if err := vartext.Unmarshal([]byte(text), &v); err != nil {
			return nil, refuse("set %q: %q: %v", path, text, err)
		}
		out[path] = v
	}
	return out, nil
}

// leaveAfter is LeaveAfter, 0 if unset.
func (s *Scenario) leaveAfter() (time.Duration, error) {
	if s.LeaveAfter == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(s.LeaveAfter)
	if err != nil || d <= 0 {
		return 0, refuse("leave_after %q: a positive duration (\"20s\")", s.LeaveAfter)
	}
	return d, nil
}

// botVar is what a bot's number replaces in Auth and in Args.
const botVar = "$bot"

// auth is Auth for the test's bot number.
func (s *Scenario) auth(number int) string {
	return strings.ReplaceAll(s.Auth, botVar, strconv.Itoa(number))
}

// args returns the call's arguments for the call number seq of the bot
// of peer id and number in the test.
func (c CallSpec) args(id int32, seq int64, number int) ([]any, error) {
	out := make([]any, len(c.Args))
	for i, a := range c.Args {
		switch a {
		case "$now_us", "$seq":
		case "$id":
			out[i] = int64(id)
		default:
			text := strings.ReplaceAll(a, botVar, strconv.Itoa(number))
			if err := vartext.Unmarshal([]byte(text), &out[i]); err != nil {
				return nil, fmt.Errorf("argument %d %q: %v", i, a, err)
			}
		}
	}
	c.vary(out, seq)
	return out, nil
}

// vary sets the arguments of args, the call's, that vary from one call to
// the next: its time and its number, seq.
func (c CallSpec) vary(args []any, seq int64) {
	for i, a := range c.Args {
		switch a {
		case "$now_us":
			args[i] = time.Now().UnixMicro()
		case "$seq":
			args[i] = seq
		}
	}
}
