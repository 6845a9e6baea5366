package audit

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
)

// A scenario as docs/audit.md writes one is read whole; each mistake a
// run would meet only later is refused as it is read, saying where.
func TestReadScenario(t *testing.T) {
	sc, err := ReadScenario(strings.NewReader(turnsScenario))
	require.NoError(t, err)
	assert.Equal(t, &Scenario{
		Start:   []Step{{Call: "/root/Main:start"}},
		Running: &Probe{Node: "/root/Main", Property: "started", Value: "true"},
		Turn:    &Probe{Node: "/root/Main", Property: "current", Value: "$attacker"},
		Calls:   []Step{{Call: "/root/Main:play", Args: []string{"1"}, By: "victim"}, {Call: "/root/Main:play", Args: []string{"2"}, By: "attacker"}},
	}, sc)
	for _, c := range []struct{ text, want string }{
		{``, "EOF"},
		{`{"start": [{"call": "/root/Main:start"}]} {}`, "one JSON object, with nothing after it"},
		{`{"begin": []}`, `unknown field "begin"`},
		{`{"start": [{}]}`, "start 0: an empty step"},
		{`{"start": [{"call": "/root/Main:start", "input": "ui_accept"}]}`, "start 0: a step is one of call, input and set"},
		{`{"calls": [{"call": "Main:play"}]}`, `call 0: call "Main:play": /root/Node:method`},
		{`{"calls": [{"call": "/root/Main:play", "by": "host"}]}`, `call 0: by "host": victim or attacker`},
		{`{"calls": [{"call": "/root/Main:play", "args": ["Vector2(1,"]}]}`, `call 0: the value "Vector2(1,"`},
		{`{"calls": [{"input": "ui_accept", "args": ["1"]}]}`, "call 0: args and by are a call's"},
		{`{"calls": [{"set": "/root/Main:started"}]}`, `call 0: the value ""`},
		{`{"calls": [{"input": "ui_accept", "value": "1"}]}`, "call 0: a value is a set's"},
		{`{"calls": [{"wait": "2h"}]}`, `call 0: wait "2h": a duration of at most 1m0s`},
		{`{"calls": [{"wait": "-1s"}]}`, `call 0: wait "-1s"`},
		{`{"running": {"node": "Main"}}`, `a probe's node "Main": an absolute path`},
		{`{"turn": {"node": "/root/Main", "value": "1"}}`, "a probe's value is its property's"},
		{`{"calls": [` + strings.Repeat(`{"wait": "1s"},`, 64) + `{"wait": "1s"}]}`, "at most 64 steps to start, and 64 calls"},
		{`{"calls": [{"call": "/root/Main:play", "args": [` + strings.Repeat(`"1",`, 16) + `"1"]}]}`, "call 0: at most 16 args"},
		{`{"running": {"node": "/` + strings.Repeat("a", maxScenario) + `"}}`, "over 65536 bytes"},
	} {
		_, err := ReadScenario(strings.NewReader(c.text))
		assert.ErrorIs(t, err, ErrScenario, c.text)
		assert.Contains(t, err.Error(), c.want)
		assert.LessOrEqual(t, len(err.Error()), len("audit: bad scenario: ")+maxScenarioError+len("…"))
	}
}

// gdvar audit's -start is one step in short.
func TestParseStep(t *testing.T) {
	for text, want := range map[string]Step{
		"call:/root/Multiplayer:start_game": {Call: "/root/Multiplayer:start_game"},
		"input:ui_accept":                   {Input: "ui_accept"},
		"set:/root/Main:started=true":       {Set: "/root/Main:started", Value: "true"},
		"set:/root/Main:who=$victim":        {Set: "/root/Main:who", Value: "$victim"},
	} {
		st, err := ParseStep(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, st, text)
	}
	for _, text := range []string{"", "press:start", "call:start_game", "set:/root/Main:started", "set:/root/Main:started=Vector2("} {
		_, err := ParseStep(text)
		assert.ErrorIs(t, err, ErrScenario, text)
	}
}

// A scenario file at its bound, of a value nested as deep as its bytes
// allow, of the most steps and arguments, is read within the hostile
// bound of its bytes and what parsing each of its values costs (package
// vartext's parser, made for each: valueCost), at most a thousand; and
// refused or taken whole.
func TestHostileScenario(t *testing.T) {
	const valueCost = 5 << 10
	deep := `{"calls": [{"call": "/root/Main:play", "args": ["` + strings.Repeat("[", 30000) + strings.Repeat("]", 30000) + `"]}]}`
	args := `"\"` + strings.Repeat("A", 3000) + `\""`
	wide := `{"calls": [{"call": "/root/Main:play", "args": [` + strings.Repeat(args+",", 15) + args + `]}]}`
	steps := `{"start": [` + strings.Repeat(`{"set": "/root/Main:x", "value": "Vector3(1, 2, 3)", "wait": "1ms"},`, 63) +
		`{"input": "ui_accept"}], "calls": [` + strings.Repeat(`{"call": "/root/Main:play", "args": [`+strings.Repeat(`"1",`, 15)+`"1"]},`, 63) +
		`{"wait": "1s"}]}`
	for name, c := range map[string]struct {
		text   string
		values int
	}{"deep": {deep, 1}, "wide": {wide, 16}, "steps": {steps, 63 + 63*16}} {
		t.Run(name, func(t *testing.T) {
			text := c.text
			require.LessOrEqual(t, len(text), maxScenario)
			var err error
			start := time.Now()
			alloc := hostile.Allocated(func() { _, err = ReadScenario(strings.NewReader(text)) })
			assert.LessOrEqual(t, alloc, hostile.Bound(len(text))+uint64(c.values*valueCost))
			assert.Less(t, time.Since(start), 5*time.Second)
			t.Logf("%d bytes: %v, %.1f bytes allocated a byte", len(text), err, float64(alloc)/float64(len(text)))
		})
	}
}

// FuzzAuditScenario: any file is read within its bound, and is either a
// scenario that checks, or an ErrScenario (or the JSON decoder's end of
// input) of bounded text.
func FuzzAuditScenario(f *testing.F) {
	f.Add(turnsScenario)
	f.Add(`{"start": [{"input": "ui_accept", "wait": "500ms"}], "running": {"node": "/root/Match"}}`)
	f.Add(`{"calls": [{"set": "/root/Main:turn", "value": "$attacker"}]}`)
	f.Add(`{"start": [{"call": "/root/Main:x", "args": ["[[{\"a\": 1}]]"]}]}`)
	f.Fuzz(func(t *testing.T, text string) {
		sc, err := ReadScenario(strings.NewReader(text))
		if err != nil {
			if errors.Is(err, ErrScenario) {
				assert.LessOrEqual(t, len(err.Error()), len("audit: bad scenario: ")+maxScenarioError+len("…"))
			}
			return
		}
		require.NoError(t, sc.Check())
		assert.LessOrEqual(t, len(sc.Start), maxSteps)
		assert.LessOrEqual(t, len(sc.Calls), maxSteps)
		for _, st := range append(append([]Step(nil), sc.Start...), sc.Calls...) {
			d, err := st.pause()
			require.NoError(t, err)
			assert.LessOrEqual(t, d, maxWait)
		}
	})
}
