//go:build linux

package multiplayer

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// idleClients is how many clients BenchmarkENetIdle connects.
const idleClients = 1000

// idleServerEnv, when set to a peer count, makes
// TestENetIdleServerProcess a Go server for BenchmarkENetIdle.
const idleServerEnv = "GDVAR_ENET_IDLE_SERVER"

// BenchmarkENetIdle measures memory per connection with 1000 idle clients
// connected over ENet, to the Go server and to Godot 4.6's own
// (mp_server.gd without its frame sleep), in the same run and the same
// way: the server process's resident memory (VmRSS) once all are
// connected, every peer announced to every other (ADD_PEER) and idle for
// a few seconds, less what it was before the first, divided by 1000. The
// Go server runs in a process of its own, this test binary run again. It
// reports too how long each server took to announce every peer to every
// other.
//
//	go test -run XXX -bench ENetIdle -benchtime 1x ./multiplayer
func BenchmarkENetIdle(b *testing.B) {
	engine := godot.Require(b, godot.Godot4)
	script, err := filepath.Abs("../enet/testdata/godot/mp_server.gd")
	if err != nil {
		b.Fatal(err)
	}
	peers := strconv.Itoa(idleClients + 4)
	servers := []func() idleServer{
		func() idleServer { return startGoServer(b, "TestENetIdleServerProcess", idleServerEnv, peers) },
		func() idleServer {
			port := strconv.Itoa(godot.FreePort(b, "udp"))
			p := godot.Start(b, engine, script, "port="+port, "peers="+peers,
				"quiet=1", "nosleep=1", "stay=1", "timeout=600")
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			if !waitUntil(ctx, func() bool { return strings.Contains(p.Output(), "READY") }) {
				b.Fatal("the engine's server did not come up")
			}
			return idleServer{addr: "127.0.0.1:" + port, pid: childPID(b, "port="+port),
				stop: func() { p.Signal(os.Kill) }}
		},
	}
	var kib, settle, lost [2]float64
	runs := 0
	for b.Loop() {
		for k, start := range servers {
			grew, took, gone := idleGrowth(b, start())
			kib[k] += float64(grew) / idleClients
			settle[k] += took.Seconds()
			lost[k] += float64(gone)
		}
		runs++
	}
	b.ReportMetric(kib[0]/float64(runs), "go-KiB/conn")
	b.ReportMetric(kib[1]/float64(runs), "godot-KiB/conn")
	b.ReportMetric(kib[1]/kib[0], "x-godot")
	b.ReportMetric(settle[0]/float64(runs), "go-join-s")
	b.ReportMetric(settle[1]/float64(runs), "godot-join-s")
	b.ReportMetric(lost[0]/float64(runs), "go-lost")
	b.ReportMetric(lost[1]/float64(runs), "godot-lost")
	b.ReportMetric(0, "ns/op")
}

// idleServer is a server process under measure.
type idleServer struct {
	addr string
	pid  int
	stop func()
}

// idleGrowth connects idleClients raw ENet clients to s, one at a time,
// each with a peer id of its own, waits until every one has been told of
// every other and a few seconds more, and returns how much s's resident
// memory grew, in KiB, how long the joins took, and how many clients the
// server lost on the way (see joinIdle). It stops s.
func idleGrowth(b *testing.B, s idleServer) (kib int, took time.Duration, lost int) {
	defer s.stop()
	time.Sleep(time.Second) // the server's start-up settles
	before := vmRSS(b, s.pid)
	const hosts = 4
	var clients []*enet.Host
	defer func() {
		for _, h := range clients {
			h.Close()
		}
	}()
	for range hosts {
		h, err := enet.Listen("udp", "127.0.0.1:0", enet.WithMaxPeers(idleClients/hosts+8))
		if err != nil {
			b.Fatal(err)
		}
		clients = append(clients, h)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	start := time.Now()
	var announced atomic.Int64
	var wg sync.WaitGroup
	failed := make(chan error, 2*idleClients)
	id := uint32(2)
	// Clients come one at a time, each once the last is announced: every
	// join makes every client acknowledge an announcement at once, a burst
	// that overflows a server's socket buffer (both servers' on a busy
	// machine) and that ENet retransmits. What is measured is memory, not
	// how the servers take such storms.
	for n := int64(1); n <= idleClients; n++ {
		for !joinIdle(ctx, b, clients[n%hosts], s.addr, id, n, &announced, &wg, failed) {
			lost++
			id++
		}
		id++
	}
	took = time.Since(start)
	time.Sleep(3 * time.Second) // idle
	kib = vmRSS(b, s.pid) - before
	if len(failed) > 0 {
		b.Fatalf("%s: %d clients failed while idle, first: %v", s.addr, len(failed), firstErr(failed))
	}
	for _, h := range clients {
		h.Close()
	}
	wg.Wait()
	return kib, took, lost
}

// joinIdle connects the n-th client, with peer id id, from h, and waits
// until the announcements reach n(n-1), counting those it receives in
// announced. It returns false if the server lost the client: the client
// is connected, but for 10 s nothing was announced and it was told of
// nobody (the Go server forgets a client whose acknowledgement of the
// verify-connect was lost, and never answers it again).
func joinIdle(ctx context.Context, b *testing.B, h *enet.Host, addr string, id uint32, n int64,
	announced *atomic.Int64, wg *sync.WaitGroup, failed chan error) bool {
	p, err := h.Connect(ctx, addr, enetChannels, id)
	if err != nil {
		b.Fatalf("%s: client %d: %v", addr, n, err)
	}
	// The client waits long for a server busy with announcements.
	p.SetTimeout(0, time.Minute, 2*time.Minute)
	var own atomic.Int64
	wg.Go(func() {
		for {
			pk, err := p.Receive(context.Background())
			if err != nil {
				if !errors.Is(err, enet.ErrClosed) && !errors.Is(err, enet.ErrDisconnected) {
					failed <- fmt.Errorf("client %d: %w", n, err)
				}
				return
			}
			if len(pk.Data) == sysSize && pk.Data[0] == cmdSys && pk.Data[1] == sysAddPeer {
				own.Add(1)
				announced.Add(1)
			}
		}
	})
	want := n * (n - 1)
	last, lastChange := announced.Load(), time.Now()
	if !waitUntil(ctx, func() bool {
		if got := announced.Load(); got != last {
			last, lastChange = got, time.Now()
		}
		return last >= want || len(failed) > 0 || n > 1 && own.Load() == 0 && time.Since(lastChange) > 10*time.Second
	}) || len(failed) > 0 {
		b.Fatalf("%s: %d of %d peer announcements (ADD_PEER) to %d clients; %d clients failed, first: %v",
			addr, announced.Load(), want, n, len(failed), firstErr(failed))
	}
	if last >= want {
		return true
	}
	p.DisconnectNow(0)
	return false
}

// firstErr is the first error in errs, if any.
func firstErr(errs chan error) error {
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// vmRSS is a process's resident memory in KiB, from /proc/PID/status.
func vmRSS(b *testing.B, pid int) int {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	for line := range strings.Lines(string(status)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if n, err := strconv.Atoi(f[0]); err == nil && len(f) == 2 && f[1] == "kB" {
				return n
			}
		}
	}
	b.Fatalf("no VmRSS in /proc/%d/status:\n%s", pid, status)
	return 0
}

// childPID finds the process this one started whose command line has arg:
// internal/testrig/godot does not tell an engine's pid.
func childPID(b *testing.B, arg string) int {
	dirs, err := filepath.Glob("/proc/[0-9]*/cmdline")
	if err != nil {
		b.Fatal(err)
	}
	for _, path := range dirs {
		cmdline, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(cmdline), "\x00"+arg+"\x00") {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(path)))
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		// Fields after the command's name, in parentheses: state, ppid, ...
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(f) > 1 && f[1] == strconv.Itoa(os.Getpid()) {
			return pid
		}
	}
	b.Fatalf("no child process with argument %s", arg)
	return 0
}

// startGoServer runs test, a Go server, in a process of its own (this test
// binary run again, with env set to value) and returns once it prints
// "READY <port>".
func startGoServer(b *testing.B, test, env, value string) idleServer {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env+"="+value)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	stop := func() {
		stdin.Close() // it ends
		time.AfterFunc(10*time.Second, func() { cmd.Process.Kill() })
		cmd.Wait()
		cancel()
	}
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if port, ok := strings.CutPrefix(lines.Text(), "READY "); ok {
			go io.Copy(io.Discard, stdout)
			return idleServer{addr: "127.0.0.1:" + port, pid: cmd.Process.Pid, stop: stop}
		}
	}
	stop()
	b.Fatal("the Go server process ended before it served")
	return idleServer{}
}

// TestENetIdleServerProcess is BenchmarkENetIdle's Go server, in a process
// of its own: the echo server of BenchmarkENetEchoRate over ENet, for the
// peer count in GDVAR_ENET_IDLE_SERVER. It prints "READY <port>" and
// serves until its standard input ends.
func TestENetIdleServerProcess(t *testing.T) {
	peers, err := strconv.Atoi(os.Getenv(idleServerEnv))
	if err != nil {
		t.Skip("the Go server of BenchmarkENetIdle, run by it alone")
	}
	addr := goENetServer(t, peers)
	fmt.Println("READY", addr[strings.LastIndexByte(addr, ':')+1:])
	io.Copy(io.Discard, os.Stdin)
}
