package main

import (
	"bytes"
	"context"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/childproc"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/promserver"
	"github.com/gdvar/gdvar/internal/testrig/skeleton"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A fleet's view of a match, as an operator has it: the skeleton of the
// corpus game serves 8 bots of gdvar load, both with -metrics, and a real
// Prometheus scrapes the two every second. It sees the server's 8 peers
// and the bots' 8 connected, and the syncs the server relays a second
// are those the bots receive, within 2 %. On SIGTERM the server's
// /readyz answers 503 within a second, and it exits once its drain has
// run out.
func TestLivePrometheusScrapesAFleet(t *testing.T) {
	if testing.Short() {
		t.Skip("20 s of a server, its bots and Prometheus")
	}
	bin, game := skeleton.Build(t)
	port, mport, lport := godot.FreePort(t, "udp"), godot.FreePort(t, "tcp"), godot.FreePort(t, "tcp")
	serverMetrics, loadMetrics := "127.0.0.1:"+strconv.Itoa(mport), "127.0.0.1:"+strconv.Itoa(lport)
	prom := promserver.Start(t, promserver.Target{Job: "server", Addr: serverMetrics}, promserver.Target{Job: "load", Addr: loadMetrics})
	const drain = 3 * time.Second
	server := skeleton.Start(t, bin, "-project", game, "-addr", "127.0.0.1:"+strconv.Itoa(port),
		"-metrics", serverMetrics, "-drain", drain.String())
	require.Eventually(t, func() bool {
		code, _ := skeleton.Get("http://" + serverMetrics + "/readyz")
		return code == http.StatusOK
	},
		30*time.Second, 20*time.Millisecond, "the server's /readyz")

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	load := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	load.Env = append(os.Environ(), "GDVAR_TEST_MAIN=load -q -project "+game+" -addr 127.0.0.1:"+strconv.Itoa(port)+
		" -transport enet -scenario "+filepath.Join("..", "..", "loadtest", "testdata", "multiplayer-example.json")+
		" -bots 8 -duration 2m -metrics "+loadMetrics)
	var loadOut bytes.Buffer
	load.Stdout, load.Stderr = &loadOut, &loadOut
	load.WaitDelay = 10 * time.Second
	childproc.DieWithParent(load)
	require.NoError(t, load.Start())
	loadDone := make(chan struct{})
	go func() { load.Wait(); close(loadDone) }()
	defer func() {
		load.Process.Kill()
		<-loadDone
		if t.Failed() {
			t.Logf("gdvar load printed:\n%s", loadOut.String())
		}
	}()

	value := func(expr string) float64 {
		v, ok := prom.Value(expr)
		if !ok {
			return math.NaN()
		}
		return v
	}
	require.Eventually(t, func() bool {
		return value(`gdvar_multiplayer_peers{job="server"}`) == 8 && value(`gdvar_load_bots_connected{job="load"}`) == 8
	}, 60*time.Second, 250*time.Millisecond, "Prometheus sees the server's 8 peers and the 8 bots connected")

	// The rates over the same 10 s, once the 10 s before hold no join.
	time.Sleep(11 * time.Second)
	const relayed = `sum(rate(gdvar_multiplayer_packets_relayed_total{job="server",kind="sync"}[10s]))`
	const received = `sum(rate(gdvar_load_syncs_received_total{job="load"}[10s]))`
	var r, b float64
	agree := func() bool {
		r, b = value(relayed), value(received)
		return r > 0 && math.Abs(r-b) <= 0.02*r
	}
	if !agree() { // a scrape late on a busy machine: the next windows
		assert.Eventually(t, agree, 10*time.Second, time.Second, "syncs relayed a second %.1f, received by the bots %.1f", r, b)
	}
	t.Logf("syncs relayed a second %.1f, received by the bots %.1f (%+.2f %%)", r, b, 100*(b-r)/r)
	assert.Equal(t, 8.0, value(`gdvar_multiplayer_joins_total{job="server"}`), "8 joins, none refused")
	assert.Equal(t, 8.0, value(`sum(gdvar_load_joins_total{job="load",outcome="joined"})`))
	assert.Greater(t, value(`histogram_quantile(0.5, rate(gdvar_load_sync_age_seconds_bucket{job="load"}[10s]))`), 0.0,
		"the median age of the bots' syncs")

	require.NoError(t, server.Cmd.Process.Signal(syscall.SIGTERM))
	signalled := time.Now()
	require.Eventually(t, func() bool {
		code, _ := skeleton.Get("http://" + serverMetrics + "/readyz")
		return code == http.StatusServiceUnavailable
	}, 5*time.Second, 10*time.Millisecond)
	notReady := time.Since(signalled)
	assert.Less(t, notReady, time.Second, "/readyz 503 within a second of SIGTERM")
	select {
	case <-server.Done():
		require.NoError(t, server.Err(), "the server's exit")
	case <-time.After(drain + 10*time.Second):
		t.Fatalf("the server did not exit within its drain (%v) and 10 s", drain)
	}
	took := time.Since(signalled)
	assert.GreaterOrEqual(t, took, drain, "the match went on for the drain")
	t.Logf("/readyz 503 %v after SIGTERM; exit %v after, with a drain of %v", notReady.Round(time.Millisecond), took.Round(time.Millisecond), drain)

	require.NoError(t, load.Process.Signal(syscall.SIGTERM))
	select {
	case <-loadDone:
	case <-time.After(30 * time.Second):
		t.Fatal("gdvar load did not end within 30 s of SIGTERM")
	}
}
