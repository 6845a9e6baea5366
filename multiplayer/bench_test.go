package multiplayer

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/require"
)

// BenchmarkRPC measures remote calls a second through a server: N Go
// clients each call echo(id, "name", Vector3) and wait for its
// echo_reply, over and over, on loopback. The server is this package's
// (go) or Godot 4.6's (scripts/multiplayer/server.gd, skipped without the
// engine) on the same machine: as a headless engine runs, sleeping 6.9 ms
// between frames (godot), or without the sleep, spinning a core
// (godot-nosleep). rpc/s counts round trips; cpu-ns/op is this process's
// CPU time per round trip (both sides' with the go server, the clients'
// alone with the engine's): on a busy machine, the work without the wait
// for a core.
func BenchmarkRPC(b *testing.B) {
	for _, server := range []string{"go", "godot", "godot-nosleep"} {
		for _, n := range []int{1, 4, 16} {
			b.Run(fmt.Sprintf("%s/clients=%d", server, n), func(b *testing.B) {
				url := benchServer(b, server)
				clients := make([]*benchClient, n)
				for i := range clients {
					clients[i] = newBenchClient(b, url)
				}
				b.ReportAllocs()
				b.ResetTimer()
				start, cpu := time.Now(), cputime.Process()
				var wg sync.WaitGroup
				for i, c := range clients {
					calls := b.N / n
					if i < b.N%n {
						calls++
					}
					wg.Add(1)
					go func() {
						defer wg.Done()
						c.run(b, calls)
					}()
				}
				wg.Wait()
				b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "rpc/s")
				b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// BenchmarkEchoRate compares, in one run, one Go client's echo round
// trips a second against this package's server in this process (go-rpc/s),
// the same server in a process of its own (go-proc-rpc/s), and Godot 4.6's
// without its frame sleep (godot-rpc/s; skipped without the engine): each
// iteration makes 2000 calls, each waiting for its reply, to each server
// in turn, the order rotating. The engine, which spins a core even when
// idle, is stopped while the others are measured (where signals stop
// processes). x-godot and x-godot-proc are the Go rates over the engine's:
// the second compares two servers in processes of their own, as deployed;
// in one process, client and server hand packets to each other without
// waking another thread.
func BenchmarkEchoRate(b *testing.B) {
	const calls = 2000
	url, engine := godotServer(b, true)
	clients := []*benchClient{
		newBenchClient(b, benchServer(b, "go")),
		newBenchClient(b, echoProcess(b, "websocket", 4)),
		newBenchClient(b, url),
	}
	defer resume(engine)
	var took [3]time.Duration
	i := 0
	for b.Loop() {
		for j := range clients {
			k := (i + j) % len(clients)
			if k != 2 {
				pause(engine)
			}
			start := time.Now()
			clients[k].run(b, calls)
			took[k] += time.Since(start)
			resume(engine)
		}
		i++
	}
	n := float64(calls * i)
	b.ReportMetric(n/took[0].Seconds(), "go-rpc/s")
	b.ReportMetric(n/took[1].Seconds(), "go-proc-rpc/s")
	b.ReportMetric(n/took[2].Seconds(), "godot-rpc/s")
	b.ReportMetric(took[2].Seconds()/took[0].Seconds(), "x-godot")
	b.ReportMetric(took[2].Seconds()/took[1].Seconds(), "x-godot-proc")
	b.ReportMetric(0, "ns/op") // an iteration is every server's calls: its time says nothing
}

// echoServerEnv, set to "transport port peers", makes the test binary
// serve newEchoServer's echo instead of testing (see TestMain).
const echoServerEnv = "GDVAR_ECHO_SERVER"

// echoProcess runs this package's echo server, for at most peers clients,
// in a process of its own (this test binary run again) over transport
// ("websocket", "enet", "enet-poll" with enet.WithBusyPoll, or
// "enet-poll-1p" with busy polling and GOMAXPROCS=1), and returns its
// address: a URL, or host:port.
func echoProcess(b *testing.B, transport string, peers int) string {
	addr, _ := echoServerProcess(b, transport, peers)
	return addr
}

// echoServerProcess is echoProcess, with the process's pid; transport may
// also be a floor's (see serveFloor), which serves no peer limit.
func echoServerProcess(b *testing.B, transport string, peers int) (string, int) {
	network, addr := "tcp", "ws://127.0.0.1:%d"
	if strings.HasPrefix(transport, "enet") {
		network, addr = "udp", "127.0.0.1:%d"
	}
	port := godot.FreePort(b, network)
	addr = fmt.Sprintf(addr, port)
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %d %d", echoServerEnv, transport, port, peers))
	if strings.HasSuffix(transport, "-1p") {
		cmd.Env = append(cmd.Env, "GOMAXPROCS=1")
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(b, cmd.Start())
	b.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		probe := MustNew()
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		var err error
		switch {
		case strings.HasSuffix(transport, "-floor"):
			err = probeFloor(ctx, transport, addr)
		case strings.HasPrefix(transport, "enet"):
			err = probe.ConnectENet(ctx, addr)
		default:
			err = probe.Connect(ctx, addr)
		}
		cancel()
		probe.Close()
		if err == nil {
			return addr, cmd.Process.Pid
		}
		if time.Now().After(deadline) {
			b.Fatalf("the echo server process did not come up: %v\n%s", err, out.String())
		}
	}
}

// TestMain serves the echo of newEchoServer when echoServerEnv is set
// (see echoProcess), until killed; it tests otherwise.
func TestMain(m *testing.M) {
	if env := os.Getenv(echoServerEnv); env != "" {
		var transport string
		var port, peers int
		if _, err := fmt.Sscan(env, &transport, &port, &peers); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Fprintln(os.Stderr, serveEcho(transport, port, peers))
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// serveEcho serves newEchoServer's echo on a loopback port until it fails.
func serveEcho(transport string, port, peers int) error {
	addr := "127.0.0.1:" + strconv.Itoa(port)
	if strings.HasSuffix(transport, "-floor") {
		return serveFloor(transport, addr)
	}
	m := newEchoServer(WithMaxPeers(peers))
	if strings.HasPrefix(transport, "enet") {
		var opts []enet.Option
		if strings.HasPrefix(transport, "enet-poll") {
			opts = append(opts, enet.WithBusyPoll(benchBusyPoll))
		}
		h, err := enet.Listen("udp", addr, m.enetOptions(opts)...)
		if err != nil {
			return err
		}
		return m.ServeENet(context.Background(), h)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return m.Serve(context.Background(), ln)
}

// benchServer starts the named server and returns its URL.
func benchServer(b *testing.B, server string) string {
	if server != "go" {
		url, _ := godotServer(b, server == "godot-nosleep")
		return url
	}
	return "ws://127.0.0.1:" + serve(b, newEchoServer())
}

// newEchoServer returns a server whose Main node answers echo with
// echo_reply.
func newEchoServer(opts ...Option) *Multiplayer {
	m := MustNew(append([]Option{WithRateLimit(1e9, 1<<30)}, opts...)...)
	main := m.Node("/root/Main", echoMethods...)
	main.Handle("echo", func(c *Call, id int64, name string, pos gdvar.Vector3) error {
		return c.Reply("echo_reply", id, name, pos)
	})
	return m
}

// godotServer starts Godot 4.6's server, without its frame sleep if
// nosleep, and returns its URL and process.
func godotServer(b *testing.B, nosleep bool) (string, *godot.Process) {
	engine := godot.Require(b, godot.Godot4)
	port := godot.FreePort(b, "tcp")
	args := []string{strconv.Itoa(port), "quiet"}
	if nosleep {
		args = append(args, "nosleep")
	}
	p := godot.Start(b, engine, "scripts/multiplayer/server.gd", args...)
	url := fmt.Sprintf("ws://127.0.0.1:%d", port)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		probe := MustNew()
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := probe.Connect(ctx, url)
		cancel()
		probe.Close()
		if err == nil {
			return url, p
		}
		if time.Now().After(deadline) {
			b.Fatalf("the engine's server did not come up: %v", err)
		}
	}
}

// benchClient is a Go client making calls one after another.
type benchClient struct {
	m       *Multiplayer
	main    *Node
	replies chan struct{}
}

func newBenchClient(b *testing.B, url string) *benchClient {
	c := &benchClient{m: MustNew(), replies: make(chan struct{}, 1)}
	c.main = c.m.Node("/root/Main", echoMethods...)
	c.main.Handle("echo_reply", func(*Call, int64, string, gdvar.Vector3) { c.replies <- struct{}{} })
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.m.Connect(ctx, url); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { c.m.Close() })
	return c
}

// run makes calls one after another. Its wait for each reply reuses one
// timer: a time.After each would add the benchmark's own 3 allocations to
// every call's.
func (c *benchClient) run(b testing.TB, calls int) {
	pos := gdvar.Vector3{X: 1, Y: 2, Z: 3}
	wait := time.NewTimer(time.Hour)
	defer wait.Stop()
	for i := range calls {
		if err := c.main.Call(ServerID, "echo", int64(i), "player", pos); err != nil {
			b.Error(err)
			return
		}
		wait.Reset(10 * time.Second)
		select {
		case <-c.replies:
		case <-wait.C:
			b.Error("no reply")
			return
		}
	}
}

// BenchmarkRelayFanOut has one client relay b.N packets of 7 bytes (the
// smallest) to 59 others, which read and drop them as fast as they can,
// and reports what the server allocates and the most it holds (the heap
// in use, sampled every 10 ms, over its level before) per byte it
// received: the fan-out's cost against hostile.Bound's 32 bytes. It
// reports too the process's CPU time and write(2) calls (Linux) per
// packet relayed, which the server's writes to its 59 peers are most of.
func BenchmarkRelayFanOut(b *testing.B) {
	const receivers = 59
	m := MustNew(WithRateLimit(1e12, 1<<30), WithWriteTimeout(time.Minute))
	m.Node("/root/Main", echoMethods...)
	port := serve(b, m)
	for range receivers {
		nc := upgraded(b, port)
		go io.Copy(io.Discard, nc)
	}
	sender := rawConn(b, port)
	pkt := append(appendSys(nil, sysRelay, -1), cmdRaw) // to every client
	for deadline := time.Now().Add(10 * time.Second); len(m.Peers()) < receivers+1; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			b.Fatal("the clients did not all join")
		}
	}
	hostile.Collect()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
			}
			runtime.ReadMemStats(&ms)
			peak.Store(max(peak.Load(), ms.HeapAlloc))
		}
	}()
	b.ResetTimer()
	cpu, writes := cputime.Process(), writeCalls()
	for range b.N {
		if err := sender.Write(context.Background(), websocket.MessageBinary, pkt); err != nil {
			b.Fatal(err)
		}
	}
	for deadline := time.Now().Add(60 * time.Second); queued(m) > 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			b.Fatal("the queues did not drain")
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(writeCalls()-writes)/float64(b.N), "writes/op")
	close(stop)
	<-sampled
	runtime.ReadMemStats(&after)
	in := float64(b.N * len(pkt))
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/in, "alloc-B/in-byte")
	b.ReportMetric(float64(peak.Load()-min(peak.Load(), before.HeapAlloc))/in, "peak-heap-B/in-byte")
}

// writeCalls is how many write system calls this process has made
// (syscw of /proc/self/io; 0 where there is none).
func writeCalls() int {
	io, _ := os.ReadFile("/proc/self/io")
	for line := range strings.Lines(string(io)) {
		if n, ok := strings.CutPrefix(line, "syscw: "); ok {
			w, _ := strconv.Atoi(strings.TrimSpace(n))
			return w
		}
	}
	return 0
}

// queued is the cost of what waits in every peer's send queue.
func queued(m *Multiplayer) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	var n int64
	for _, c := range m.conns {
		l := c.link.(*wsLink)
		l.mu.Lock()
		n += l.queued
		l.mu.Unlock()
	}
	return n
}
