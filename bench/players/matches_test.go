package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMissed(t *testing.T) {
	for _, tc := range []struct {
		name     string
		worstPct float64
		p99      time.Duration
		missed   bool
	}{
		{"all delivered in time", 100, 20 * time.Millisecond, false},
		{"a tick exactly", 100, time.Second / 30, false},
		{"a sync lost in a match", 99.99, time.Millisecond, true},
		{"p99 over a tick", 100, 34 * time.Millisecond, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := result{runSpec: runSpec{hz: 30, matches: 2}, worstPct: tc.worstPct, p99: tc.p99}
			assert.Equal(t, tc.missed, r.missed())
		})
	}
}

// matchRun is a run of m matches of n players at 30 Hz for 10 s that
// delivered worst % in its worst match, the server using cpu.
func matchRun(server string, n, m int, worst float64, cpu time.Duration) result {
	sent := int64(n * m * 300)
	expected := sent * int64(n-1)
	return result{runSpec: runSpec{server: server, transport: multiplayer.WebSocket, mode: modeSync, n: n, matches: m, hz: 30,
		idle: 2 * time.Second, seconds: 10 * time.Second},
		sent: sent, expected: expected, delivered: expected, worstPct: worst, p99: time.Millisecond,
		serverCPU: cpu, idleCPU: 20 * time.Millisecond * time.Duration(m), serverRSS: int64(m) << 20,
		elapsed: 10 * time.Second}
}

func TestWriteCarriedTakesTheMostMatchesThatDelivered(t *testing.T) {
	results := []result{
		matchRun("go", 2, 1, 100, time.Second),
		matchRun("go", 2, 2, 100, time.Second),
		matchRun("go", 2, 4, 99, time.Second),
		matchRun("godot-sleep", 2, 1, 98, time.Second),
	}
	var b bytes.Buffer
	writeCarried(&b, results)
	lines := bytes.Split(bytes.TrimSpace(b.Bytes()), []byte("\n"))
	require.Len(t, lines, 4)
	// 2 matches: 2·2·300 syncs of 1 peer each delivered, 1 s of CPU.
	assert.Equal(t, "| go | ws | sync | 2 | 2 | 833.33 | 1.0 | 1.000 | 0.00 |", string(lines[2]))
	assert.Equal(t, "| godot-sleep | ws | sync | 2 | 0 | | | | |", string(lines[3]), "not one match carried")
}

func TestPlotOfMatchesDrawsByM(t *testing.T) {
	results := []result{
		matchRun("go", 2, 1, 100, time.Second), matchRun("go", 2, 4, 100, 3*time.Second),
		matchRun("go", 4, 1, 100, time.Second), matchRun("godot-sleep", 2, 2, 90, 2*time.Second),
	}
	var csv bytes.Buffer
	require.NoError(t, writeCSV(&csv, results))
	_, fig := plot(t, csv.String())
	assert.Equal(t, "matches per machine: mode sync, 30 Hz", fig.Title)
	require.Len(t, fig.Groups, 3)
	assert.Equal(t, []string{"go ws N=2", "go ws N=4", "godot-sleep ws N=2"}, fig.Groups[2].Texts)
	assert.Contains(t, fig.Groups[0].Texts, "server CPU, µs per delivered sync")
	assert.Contains(t, fig.Groups[0].Texts, "matches (M) of N players")
	assert.Contains(t, fig.Groups[1].Texts, "syncs delivered, % (worst match)")
	assert.Contains(t, fig.Groups[1].Texts, "90", "the worst match's 90% on its axis")
	for _, m := range []string{"1", "2", "4"} {
		assert.Contains(t, fig.Groups[0].Texts, m, "M by powers of two")
	}
	assert.NotContains(t, fig.Groups[0].Texts, "3", "no tick between 2 and 4")
}

// -listen gives the Go server's host and, over ENet, its matches' ports:
// a range, or as many as the matches from a port.
func TestParseListen(t *testing.T) {
	host, ports, err := parseListen("127.0.0.1:20000-20063", 8)
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1", host)
	assert.Equal(t, [2]int{20000, 20063}, ports)
	_, ports, err = parseListen("127.0.0.1:8910", 8)
	require.NoError(t, err)
	assert.Equal(t, [2]int{8910, 8917}, ports)
	for _, bad := range []string{"127.0.0.1", "127.0.0.1:x", "127.0.0.1:1-x"} {
		_, _, err := parseListen(bad, 1)
		assert.Error(t, err, bad)
	}
}
