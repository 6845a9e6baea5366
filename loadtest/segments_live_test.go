package loadtest

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/playersgame"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A run's results merged alone are its report: the same figures, table,
// CSV, plot and summary, byte for byte.
func TestLiveMergeOfOneRunIsItsReport(t *testing.T) {
	if testing.Short() {
		t.Skip("3 s against a server")
	}
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	addr := goPlayersServer(t, p)
	sc, err := ReadScenario(strings.NewReader(playersScenario))
	require.NoError(t, err)
	var results bytes.Buffer
	rep, err := Run(context.Background(), Config{Project: p, Scenario: sc, Addr: addr, Net: &fromproject.Net{Transport: multiplayer.WebSocket},
		Bots: 3, Duration: 3 * time.Second, Results: &results})
	require.NoError(t, err)
	require.Equal(t, 3, rep.Joined, "joined: %v", rep.JoinErrors)
	require.Positive(t, rep.latency.count(), "answers timed")

	var m merger
	require.NoError(t, m.add("run.jsonl", &results))
	merged, err := m.report()
	require.NoError(t, err)
	assert.Equal(t, rep, merged)
	for _, write := range []func(*Report, *bytes.Buffer) error{
		func(r *Report, b *bytes.Buffer) error { r.WriteTable(b); return nil },
		func(r *Report, b *bytes.Buffer) error { return r.WriteCSV(b) },
		func(r *Report, b *bytes.Buffer) error { return r.WritePlot(b) },
		func(r *Report, b *bytes.Buffer) error { return r.WriteSummary(b) },
	} {
		var a, b bytes.Buffer
		require.NoError(t, write(rep, &a))
		require.NoError(t, write(merged, &b))
		assert.Equal(t, a.String(), b.String())
	}
}

// authServer serves the synced-player game with the Go server, and
// keeps each bot's authentication message.
func authServer(t *testing.T, p *project.Project) (addr string, auths func() []string) {
	m := multiplayer.MustNew()
	require.NoError(t, playersgame.Declare(m, p))
	auths = playersgame.KeepAuths(t, m)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	serveUntilEnd(t, func(ctx context.Context) error { return m.Serve(ctx, ln) })
	return ln.Addr().String(), auths
}

// A test of 12 bots split in 3 segments, run side by side from a shared
// start: each segment runs its share, bots numbered apart (their
// authentication messages, "bot-$bot", are bot-0 to bot-11, each once),
// and the merged report has every bot, joined and kept.
func TestLiveSegmentsNumberTheirBotsApart(t *testing.T) {
	if testing.Short() {
		t.Skip("4 s against a server")
	}
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	addr, auths := authServer(t, p)
	const bots, segments = 12, 3
	start := time.Now().Add(time.Second)
	files := make([]bytes.Buffer, segments)
	reports := make([]*Report, segments)
	var wg sync.WaitGroup
	for i := range segments {
		wg.Go(func() {
			sc, err := ReadScenario(strings.NewReader(`{"tick_hz": 30, "own": "id", "auth": "bot-$bot"}`))
			if !assert.NoError(t, err) {
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			reports[i], err = Run(ctx, Config{Project: p, Scenario: sc, Addr: addr, Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: bots,
				Duration: 4 * time.Second, Segment: Segment{i, segments}, Start: start, Results: &files[i]})
			assert.NoError(t, err)
		})
	}
	wg.Wait()
	var want []string
	for n := range bots {
		want = append(want, fmt.Sprintf("bot-%d", n))
	}
	assert.ElementsMatch(t, want, auths(), "each bot's number once")
	var m merger
	for i := range segments {
		require.NotNil(t, reports[i])
		assert.Equal(t, bots/segments, reports[i].Bots, "segment %d's share", i)
		require.NoError(t, m.add(fmt.Sprintf("seg%d.jsonl", i), &files[i]))
	}
	rep, err := m.report()
	require.NoError(t, err)
	assert.Equal(t, bots, rep.Joined, "joined: %v", rep.JoinErrors)
	assert.Equal(t, bots, rep.Kept, "kept: %v", rep.Disconnects)
	r := steadyRates(t, rep, bots)
	assert.InDelta(t, bots*(bots-1)*30, r.MostPromised, 1, "each bot is promised its 11 peers' 30 a second, whichever segment they are in")
	var table bytes.Buffer
	rep.WriteTable(&table)
	t.Log("\n" + table.String())
}
