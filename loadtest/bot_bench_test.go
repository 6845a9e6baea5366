package loadtest

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/procstat"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/playersgame"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/require"
)

// syncsScenario is the synced-player game with syncs alone, as the
// players benchmark's clients play it (bench/players, -mode sync): each
// bot syncs its own player at 30 Hz and takes every other's.
const syncsScenario = `{"tick_hz": 30, "own": "id"}`

// BenchmarkBot measures what a bot costs: n bots in this process play the
// synced-player game against its Go server in a process of its own (this
// test binary run again), syncs alone (syncs, as the players benchmark's
// clients) or the load test's scenario (players: syncs, and input at
// 10 Hz answered with moved to every bot), each reading its socket as
// `gdvar load`'s bots do, once a tick but at once while it awaits an
// answer (Config.FrameReads off). Once every bot sees every
// player, each iteration is 100 ms of play; cpu-ns/sync is this
// process's CPU (every thread's: the bots' reads, decoding, replication,
// calls and sends, the runtime's) for each sync the bots received,
// delivered-% those received of those the game promises, server-cpu-%
// and machine-cpu-% the server's and this machine's over the same time
// (200% is both cores).
//
//	go test -run '^$' -bench 'Bot/syncs' -benchtime 50x ./loadtest
func BenchmarkBot(b *testing.B) {
	p, err := project.Open(playersProject)
	require.NoError(b, err)
	for _, sc := range []struct{ name, json string }{{"syncs", syncsScenario}, {"players", playersScenario}} {
		for _, n := range []int{30, 60, 120} {
			b.Run(fmt.Sprintf("%s/bots=%d", sc.name, n), func(b *testing.B) {
				scenario, err := ReadScenario(strings.NewReader(sc.json))
				require.NoError(b, err)
				addr, pid := playersServerProcess(b)
				cfg, err := Config{Project: p, Scenario: scenario, Addr: addr, Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: n, Duration: time.Hour}.Check()
				require.NoError(b, err) // the scene: the project's main
				scenario = cfg.Scenario
				var t tally
				f := joinBots(b, p, scenario, &t, n, addr)
				promised := float64(n * (n - 1) * 30)
				f.waitPromised(b, promised)
				time.Sleep(time.Second) // the joins' burst settles

				c0 := t.counts()
				server0, _ := procstat.ReadUsage(pid)
				busy0, total0, _ := procstat.Machine()
				start, cpu0 := time.Now(), cputime.Process()
				for b.Loop() {
					time.Sleep(100 * time.Millisecond)
				}
				cpu, elapsed := cputime.Process()-cpu0, time.Since(start)
				c1 := t.counts()
				syncs, calls := c1.syncs-c0.syncs, c1.calls-c0.calls
				server1, _ := procstat.ReadUsage(pid)
				busy1, total1, _ := procstat.Machine()
				require.Positive(b, syncs)
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(syncs), "cpu-ns/sync")
				b.ReportMetric(100*float64(syncs)/elapsed.Seconds()/promised, "delivered-%")
				b.ReportMetric(float64(calls)/elapsed.Seconds(), "calls/s")
				b.ReportMetric(100*cpu.Seconds()/elapsed.Seconds(), "bots-cpu-%")
				b.ReportMetric(100*server1.Since(server0).Seconds()/elapsed.Seconds(), "server-cpu-%")
				if total1 > total0 {
					b.ReportMetric(200*float64(busy1-busy0)/float64(total1-total0), "machine-cpu-%")
				}
				b.ReportMetric(0, "ns/op") // an iteration is 100 ms of play
				f.stop()
			})
		}
	}
}

// fleet is a benchmark's bots, playing until stop.
type fleet struct {
	bots   []*bot
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// joinBots joins n bots of scenario sc to the server at addr, a few at a
// time, counting into t, and has them play until the benchmark ends.
func joinBots(b *testing.B, p *project.Project, sc *Scenario, t *tally, n int, addr string) *fleet {
	ctx, cancel := context.WithCancel(context.Background())
	f := &fleet{cancel: cancel}
	b.Cleanup(f.stop)
	for i := range n {
		bt, err := newBot(p, sc, &fromproject.Net{Transport: multiplayer.WebSocket}, t, i, (&Config{Scenario: sc}).readPace())
		require.NoError(b, err)
		joinCtx, cancelJoin := context.WithTimeout(ctx, 20*time.Second)
		err = bt.connect(joinCtx, addr)
		cancelJoin()
		require.NoError(b, err)
		f.bots = append(f.bots, bt)
		t.add(bt)
		f.wg.Go(func() { bt.play(ctx, 0) })
	}
	return f
}

// waitPromised waits, a minute at most, until the bots' peers promise
// them hz syncs a second: every bot sees every player.
func (f *fleet) waitPromised(b *testing.B, hz float64) {
	var got float64
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		got = 0
		for _, bt := range f.bots {
			hz, _, _ := bt.promised(0)
			got += hz
		}
		if got >= hz {
			return
		}
	}
	b.Fatalf("the bots are promised %g syncs a second, not %g", got, hz)
}

func (f *fleet) stop() {
	f.cancel()
	f.wg.Wait()
}

// playersServerEnv, set to a port, makes the test binary serve the
// synced-player game with the Go server there instead of testing (see
// TestMain).
const playersServerEnv = "GDVAR_LOADTEST_PLAYERS_SERVER"

// playersServerProcess runs the synced-player game's Go server in a
// process of its own, until the benchmark ends, and returns its address
// and pid.
func playersServerProcess(b *testing.B) (string, int) {
	port := godot.FreePort(b, "tcp")
	addr := "127.0.0.1:" + strconv.Itoa(port)
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = []string{playersServerEnv + "=" + strconv.Itoa(port)} // GOMAXPROCS too is the server's own
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOMAXPROCS=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(b, cmd.Start())
	b.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return addr, cmd.Process.Pid
		}
		if time.Now().After(deadline) {
			b.Fatalf("the players server did not come up: %v\n%s", err, out.String())
		}
	}
}

// TestMain serves the synced-player game when playersServerEnv is set
// (see playersServerProcess), until killed; it tests otherwise.
func TestMain(m *testing.M) {
	if port := os.Getenv(playersServerEnv); port != "" {
		fmt.Fprintln(os.Stderr, servePlayers("127.0.0.1:"+port))
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// servePlayers serves the synced-player game's Go server at addr.
func servePlayers(addr string) error {
	p, err := project.Open(playersProject)
	if err != nil {
		return err
	}
	m := multiplayer.MustNew()
	if err := playersgame.Declare(m, p); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return m.Serve(context.Background(), ln)
}
