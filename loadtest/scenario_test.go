package loadtest

import (
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadScenario(t *testing.T) {
	sc, err := ReadScenario(strings.NewReader(playersScenario))
	require.NoError(t, err)
	assert.Equal(t, 30.0, sc.TickHz)
	require.Len(t, sc.Calls, 1)
	args, err := sc.Calls[0].args(7, 3)
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
		{"an unknown field", `{"bots": 3}`, `unknown field "bots"`},
		{"a tick of 0.5 Hz", `{"tick_hz": 0.5}`, "tick_hz"},
		{"own of another kind", `{"own": "name"}`, "own"},
		{"a bad leave_after", `{"leave_after": "soon"}`, "leave_after"},
		{"a call without a method", `{"calls": [{"node": "/root/Main", "rate_hz": 1}]}`, "a node and a method"},
		{"a call at no rate", call(`"rate_hz": 0`), "rate_hz"},
		{"an argument Godot would not read", call(`"rate_hz": 1, "args": ["Vector3(1,"]`), "argument 0"},
		{"an answer without its method", call(`"rate_hz": 1, "answer": {"arg": 1}`), "answer"},
		{"a value Godot would not read", `{"set": {".:position": "Vector2(0,"}}`, "set"},
		{"too long", `{"scene": "` + strings.Repeat("a", maxScenario) + `"}`, "over"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadScenario(strings.NewReader(tc.json))
			assert.ErrorIs(t, err, ErrScenario)
			assert.ErrorContains(t, err, tc.err)
			assert.Less(t, len(err.Error()), 300, "bounded")
		})
	}
}
