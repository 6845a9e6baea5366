package fromproject_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/skeleton"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The skeleton of a corpus game, its TODOs filled with the game's own
// logic, serves Godot's clients as a fleet runs it: its metrics and
// probes on -metrics, JSON log lines; on SIGTERM /readyz answers 503
// within a second, a new client is refused, and the process exits once
// -drain has run out for the players still in the match.
func TestSkeletonServesAndDrains(t *testing.T) {
	bin, game := skeleton.Build(t)
	port, mport := godot.FreePort(t, "udp"), godot.FreePort(t, "tcp")
	metrics := "http://127.0.0.1:" + strconv.Itoa(mport)
	const drain = 3 * time.Second
	server := skeleton.Start(t, bin, "-project", game, "-addr", "127.0.0.1:"+strconv.Itoa(port),
		"-metrics", "127.0.0.1:"+strconv.Itoa(mport), "-drain", drain.String())
	require.Eventually(t, func() bool { code, _ := skeleton.Get(metrics + "/readyz"); return code == http.StatusOK },
		30*time.Second, 20*time.Millisecond, "the server's /readyz")

	p, err := project.Open(game)
	require.NoError(t, err)
	var clients []*multiplayer.Multiplayer
	for range 2 {
		c := multiplayer.MustNew()
		_, err := fromproject.Declare(c, p, skeleton.MainScene)
		require.NoError(t, err)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		require.NoError(t, c.ConnectENet(ctx, "127.0.0.1:"+strconv.Itoa(port)))
		cancel()
		t.Cleanup(func() { c.Close() })
		clients = append(clients, c)
	}
	require.Eventually(t, func() bool {
		_, body := skeleton.Get(metrics + "/metrics")
		return strings.Contains(body, `gdvar_multiplayer_peers{match=""} 2`) &&
			strings.Contains(body, `gdvar_multiplayer_joins_total{match=""} 2`)
	}, 20*time.Second, 50*time.Millisecond, "the metrics count the two players")
	_, body := skeleton.Get(metrics + "/metrics")
	assert.Contains(t, body, "go_goroutines", "the Go runtime's metrics")
	assert.Contains(t, body, "process_resident_memory_bytes")

	require.NoError(t, server.Cmd.Process.Signal(syscall.SIGTERM))
	signalled := time.Now()
	require.Eventually(t, func() bool {
		code, _ := skeleton.Get(metrics + "/readyz")
		return code == http.StatusServiceUnavailable
	},
		5*time.Second, 10*time.Millisecond)
	notReady := time.Since(signalled)
	assert.Less(t, notReady, time.Second, "not ready within a second of SIGTERM")
	t.Logf("/readyz answered 503 %v after SIGTERM", notReady.Round(time.Millisecond))
	code, body := skeleton.Get(metrics + "/readyz")
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Equal(t, "draining\n", body)

	late := multiplayer.MustNew()
	defer late.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if late.ConnectENet(ctx, "127.0.0.1:"+strconv.Itoa(port)) == nil {
		require.Eventually(t, func() bool { return late.ID() == 0 }, 5*time.Second, 10*time.Millisecond, "a client that joins a draining server is disconnected at once")
	}
	for _, c := range clients {
		assert.NotZero(t, c.ID(), "the players in the match play on")
	}

	select {
	case <-server.Done():
		require.NoError(t, server.Err(), "the server's exit")
	case <-time.After(drain + 10*time.Second):
		t.Fatalf("the server did not exit within its drain (%v) and 10 s", drain)
	}
	assert.GreaterOrEqual(t, time.Since(signalled), drain, "the match went on for the drain")
	t.Logf("exited %v after SIGTERM, with a drain of %v", time.Since(signalled).Round(time.Millisecond), drain)
	for _, c := range clients {
		require.Eventually(t, func() bool { return c.ID() == 0 }, 10*time.Second, 10*time.Millisecond, "the players closed")
	}

	var messages []string
	sc := bufio.NewScanner(strings.NewReader(server.Output()))
	for sc.Scan() {
		var line struct{ Msg string }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &line), "a JSON log line: %s", sc.Text())
		messages = append(messages, line.Msg)
	}
	for _, want := range []string{"multiplayer: peer joined", "server: draining", "multiplayer: draining: no new peer is taken", "multiplayer: drained: closing the peers left", "multiplayer: peer left"} {
		assert.Contains(t, messages, want)
	}
}
