package loadtest

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadScenario(t *testing.T) {
	sc, err := ReadScenario(strings.NewReader(playersScenario))
	require.NoError(t, err)
	assert.Equal(t, 30.0, sc.TickHz)
	require.Len(t, sc.Calls, 1)
	args, err := sc.Calls[0].args(7, 3, 0)
	require.NoError(t, err)
	require.Len(t, args, 2)
	assert.IsType(t, int64(0), args[0], "$now_us")
	assert.Equal(t, gdvar.Vector3{X: 1}, args[1])

	sc, err = ReadScenario(strings.NewReader(`{"set": {".:position": "Vector2(1, 2)"}}`))
	require.NoError(t, err)
	values, err := sc.values()
	require.NoError(t, err)
	assert.Equal(t, map[string]any{".:position": gdvar.Vector2{X: 1, Y: 2}}, values)

	sc, err = ReadScenario(strings.NewReader(`{}`))
	require.NoError(t, err)
	assert.Equal(t, 60.0, sc.TickHz, "the engine's by default")
}

func TestReadScenarioRejects(t *testing.T) {
	call := func(fields string) string {
		return `{"calls": [{"node": "/root/Main", "method": "m", ` + fields + `}]}`
	}
	for _, tc := range []struct{ name, json, err string }{
		{"not JSON", `{`, "unexpected EOF"},
		{"empty", " \n", "empty: a JSON object"},
		{"an unknown field", `{"bots": 3}`, `unknown field "bots"`},
		{"a tick of 0.5 Hz", `{"tick_hz": 0.5}`, "tick_hz"},
		{"own of another kind", `{"own": "name"}`, "own"},
		{"a bad leave_after", `{"leave_after": "soon"}`, "leave_after"},
		{"a call without a method", `{"calls": [{"node": "/root/Main", "rate_hz": 1}]}`, "a node and a method"},
		{"a call at no rate", call(`"rate_hz": 0`), "rate_hz"},
		// 1e-10 Hz is an interval past time.Duration's range: it once
		// passed, and the run died in NewTicker.
		{"a call every 317 years", call(`"rate_hz": 1e-10`), "rate_hz 1e-10"},
		{"a call under the slowest rate", call(`"rate_hz": 0.0009`), "rate_hz"},
		{"a call at a negative rate", call(`"rate_hz": -1`), "rate_hz"},
		{"a call at 1 GHz", call(`"rate_hz": 1e9`), "rate_hz"},
		{"a tick of 1 GHz", `{"tick_hz": 1e9}`, "tick_hz"},
		{"a tick of 1e-300 Hz", `{"tick_hz": 1e-300}`, "tick_hz"},
		{"leave_after below 0", `{"leave_after": "-5s"}`, "leave_after"},
		{"an argument Godot would not read", call(`"rate_hz": 1, "args": ["Vector3(1,"]`), "argument 0"},
		{"an answer without its method", call(`"rate_hz": 1, "answer": {"arg": 1}`), "answer"},
		{"a value Godot would not read", `{"set": {".:position": "Vector2(0,"}}`, "set"},
		{"too long", `{"scene": "` + strings.Repeat("a", maxScenario) + `"}`, "over"},
		// The scenario's own text was quoted whole in its errors: 60 KB.
		{"a value 30 000 deep", `{"set": {".:x": "` + strings.Repeat("[", 30000) + `"}}`, "set"},
		{"an argument 30 000 deep", call(`"rate_hz": 1, "args": ["` + strings.Repeat("[", 30000) + `"]`), "argument 0"},
		{"a long unknown field", `{"` + strings.Repeat("x", 60000) + `": 1}`, "unknown field"},
		{"a long property path", `{"set": {"` + strings.Repeat("x", 60000) + `": "Vector2(0,"}}`, "set"},
		// A second document was ignored.
		{"two documents", `{"tick_hz": 30} {"tick_hz": 5}`, "one JSON object"},
		{"trailing text", `{"tick_hz": 30} ]`, "one JSON object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadScenario(strings.NewReader(tc.json))
			assert.ErrorIs(t, err, ErrScenario)
			assert.ErrorContains(t, err, tc.err)
			assert.Less(t, len(err.Error()), 300, "bounded")
		})
	}
}

// What check lets through makes intervals a ticker takes: the slowest and
// fastest rates of each range, as the bots make their tickers.
func TestScenarioRangesRun(t *testing.T) {
	for _, hz := range []float64{minRateHz, maxRateHz, minTickHz, maxTickHz} {
		d := every(hz)
		assert.Positive(t, d, "%g Hz", hz)
		assert.NotPanics(t, func() { time.NewTicker(d).Stop() }, "%g Hz", hz)
	}
	assert.GreaterOrEqual(t, every(maxTickHz), time.Millisecond, "WithReplicationTick's least")
}

// A Scenario or Config made in Go, which ReadScenario has not read, is held
// to the same ranges by Run, NaN included, before any bot starts.
func TestRunRefusesRatesThatCannotRun(t *testing.T) {
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	scenario := func(tick, rate float64) *Scenario {
		return &Scenario{TickHz: tick, Calls: []CallSpec{{Node: "/root/Main", Method: "input", RateHz: rate}}}
	}
	nan := math.NaN()
	for _, tc := range []struct {
		name     string
		sc       *Scenario
		joinRate float64
		err      error
		says     string
	}{
		{"a NaN tick", scenario(nan, 1), 0, ErrScenario, "tick_hz NaN"},
		{"a NaN rate", scenario(30, nan), 0, ErrScenario, "rate_hz NaN"},
		{"an infinite rate", scenario(30, math.Inf(1)), 0, ErrScenario, "rate_hz +Inf"},
		{"a rate of 1e-10", scenario(30, 1e-10), 0, ErrScenario, "rate_hz 1e-10"},
		{"joins at 1e-10 a second", scenario(30, 1), 1e-10, ErrConfig, "join rate 1e-10"},
		{"joins at NaN a second", scenario(30, 1), nan, ErrConfig, "join rate NaN"},
		{"joins at -1 a second", scenario(30, 1), -1, ErrConfig, "join rate -1"},
		{"joins at 1e9 a second", scenario(30, 1), 1e9, ErrConfig, "join rate 1e+09"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			rep, err := Run(ctx, Config{Project: p, Scenario: tc.sc, Addr: "127.0.0.1:1", Net: &fromproject.Net{Transport: multiplayer.WebSocket},
				Bots: 1, Duration: time.Second, JoinRate: tc.joinRate})
			assert.ErrorIs(t, err, tc.err)
			assert.ErrorContains(t, err, tc.says)
			assert.Nil(t, rep)
		})
	}
}

// Bots joining at once declare the game from one Project, which is for one
// goroutine at a time: under -race, a join that declared alongside
// another was a data race on the Project's caches (CI runs this with
// -race). Every bot gets as far as its connection, refused here.
func TestConcurrentJoinsShareTheProject(t *testing.T) {
	p, err := project.Open(playersProject) // nothing read yet: the first joins fill its caches
	require.NoError(t, err)
	const bots = 8
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rep, err := Run(ctx, Config{Project: p, Scenario: &Scenario{}, Addr: "127.0.0.1:1", Net: &fromproject.Net{Transport: multiplayer.WebSocket},
		Bots: bots, Duration: 3 * time.Second, JoinRate: maxJoinRate})
	require.NoError(t, err)
	assert.Equal(t, bots, rep.Failed)
	for why := range rep.JoinErrors {
		assert.Contains(t, why, "refused", "no bot failed before its connection")
	}
}
