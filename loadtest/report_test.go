package loadtest

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// twoBots is a report of 2 bots over 3 s, the second joining in the
// first second; each sends 10 calls a second.
func twoBots() *Report {
	return &Report{Bots: 2, Joined: 2, Kept: 1, Disconnects: map[string]int{"EOF": 1}, JoinErrors: map[string]int{},
		BotsCPU: 30 * time.Millisecond,
		seconds: []snapshot{
			{At: time.Second, Joined: 1, Connected: 1, Syncs: 10, Promised: 30, Delivered: 10, Sent: 10},
			{At: 2 * time.Second, Joined: 2, Connected: 2, Syncs: 50, Promised: 60, Delivered: 50, Calls: 40, Sent: 20, P99: 3 * time.Millisecond},
			{At: 3 * time.Second, Joined: 2, Connected: 2, Syncs: 60, Promised: 60, Delivered: 60, Calls: 40, Sent: 20, P99: 2 * time.Millisecond, ServerCPU: 12, ServerRSS: 64 << 20},
		}}
}

// A summary's syncs are every second's, its rate over its length, from
// the run's start: the count of the whole run.
func TestSummarySyncsOfTheWholeRun(t *testing.T) {
	rep := twoBots()
	assert.EqualValues(t, 10+50+60, rep.Summary().Syncs)
	rep.seconds[2].At = 2500 * time.Millisecond // a last part of a second, of a driven run
	assert.EqualValues(t, 10+50+30, rep.Summary().Syncs)
}

func TestWriteTableOverTheSteadySeconds(t *testing.T) {
	var b bytes.Buffer
	twoBots().WriteTable(&b)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	require.GreaterOrEqual(t, len(lines), 4)
	// The seconds after the one both had joined in: the third alone.
	assert.Equal(t, "| 2 | 2 | 1 | 0 | 60 | 60 | 100.0 | 40 | 20 | 2.0 | 0.0 | 12.0 | 64.0 | 0.0 | 5000 |", lines[2])
	assert.Equal(t, "1 disconnected: EOF", lines[len(lines)-1])
}

func TestWriteCSVARowASecond(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, twoBots().WriteCSV(&b))
	rows, err := csv.NewReader(&b).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 4)
	assert.Equal(t, []string{"2.0", "2", "2", "50.0", "60.0", "40.0", "20.0", "0.0", "3.0", "0.0", "0.0", "0.0", "0", "0.0", "0.0", "0"}, rows[2])
}

func TestWritePlot(t *testing.T) {
	var a, b bytes.Buffer
	require.NoError(t, twoBots().WritePlot(&a))
	require.NoError(t, twoBots().WritePlot(&b))
	assert.Equal(t, a.Bytes(), b.Bytes(), "the same report, the same bytes")
	var fig struct {
		Lines []struct {
			Series string `xml:"data-series,attr"`
			Points string `xml:"points,attr"`
		} `xml:"polyline"`
	}
	require.NoError(t, xml.Unmarshal(a.Bytes(), &fig), "the SVG is XML")
	require.Len(t, fig.Lines, 4)
	for _, l := range fig.Lines {
		assert.Len(t, strings.Fields(l.Points), 3, "%s: a point a second", l.Series)
	}
}

func TestMachineLimit(t *testing.T) {
	sc := &Scenario{Calls: []CallSpec{{RateHz: 10}}}
	for _, tc := range []struct {
		name    string
		cpu     time.Duration
		sent    float64
		machine float64 // % busy, each second
		says    string
	}{
		{"the server's limit", 10 * time.Millisecond, 20, 60, ""},
		{"the bots behind", 10 * time.Millisecond, 15, 60, "sent 75% of the calls due"},
		{"the cores taken", time.Duration(runtime.NumCPU()) * 3 * time.Second, 20, 60, "the bots used"},
		{"the machine busy", 10 * time.Millisecond, 20, 95, "cores were 95% busy, 0.50 of them the bots', 0.90 the server's"},
		{"the machine just under", 10 * time.Millisecond, 20, 89, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			second := snapshot{Joined: 2, Connected: 2, Sent: tc.sent, MachineCPU: tc.machine, BotsCPU: 50, ServerCPU: 90}
			rep := &Report{Bots: 2, BotsCPU: tc.cpu, seconds: []snapshot{second, second, second}}
			got := machineLimit(rep, Config{Scenario: sc, Bots: 2, ServerPID: 1}, 3*time.Second, 3)
			if tc.says == "" {
				assert.Empty(t, got)
			} else {
				assert.Contains(t, got, tc.says)
			}
		})
	}
}

// The advice of a busy machine is what would free its cores: fewer bots
// where they took them, the server elsewhere where it shares them, and
// neither where other processes took most of them.
func TestMachineLimitAdvice(t *testing.T) {
	for _, tc := range []struct {
		name              string
		bots, server, pid float64
		says              string
	}{
		{"the bots took most", 150, 0, 0, "run fewer bots, or on a machine with more cores"},
		{"the bots and the server", 100, 60, 1, "run the bots on another machine than the server's"},
		{"other processes took most", 50, 0, 0, "other processes took most of them; run it when they are done"},
		{"others, beside a server", 40, 30, 1, "other processes took most of them"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			second := snapshot{Joined: 2, Connected: 2, MachineCPU: 100, BotsCPU: tc.bots, ServerCPU: tc.server}
			rep := &Report{Bots: 2, BotsCPU: time.Millisecond, seconds: []snapshot{second, second}}
			cfg := Config{Scenario: &Scenario{}, Bots: 2, ServerPID: int(tc.pid)}
			got := machineLimit(rep, cfg, 2*time.Second, 2)
			assert.Contains(t, got, tc.says)
		})
	}
}

// The calls due are counted over the seconds after every bot had joined:
// a bot that joins within a second sends part of that second's calls,
// and a bot's ticker sends one call fewer in a window than its rate, at
// most. A run of 2 bots at 10 Hz for 3 s, joined 0.15 s in, sending all
// they should, was said to have fallen behind (91.7% of the calls due).
func TestMachineLimitCallsOfJoiningSeconds(t *testing.T) {
	sc := &Scenario{Calls: []CallSpec{{RateHz: 10}}}
	joining := snapshot{Joined: 2, Connected: 2, Sent: 16} // from 0.15 s: 8 calls each, one fewer by the tickers' phase
	second := snapshot{Joined: 2, Connected: 2, Sent: 20}
	behind := snapshot{Joined: 2, Connected: 2, Sent: 15}
	rep := &Report{Bots: 2, BotsCPU: time.Millisecond, seconds: []snapshot{joining, second, second}}
	assert.Empty(t, machineLimit(rep, Config{Scenario: sc, Bots: 2}, 3*time.Second, 3))
	rep.seconds = []snapshot{joining, {Joined: 2, Connected: 2, Sent: 19}, second}
	assert.Empty(t, machineLimit(rep, Config{Scenario: sc, Bots: 2}, 3*time.Second, 3), "a call fewer by a ticker's phase")
	rep.seconds = []snapshot{joining, behind, behind}
	assert.Contains(t, machineLimit(rep, Config{Scenario: sc, Bots: 2}, 3*time.Second, 3), "the bots sent 75% of the calls due")
}
