//go:build linux

package multiplayer

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// replicationServerEnv, when set, makes TestReplicationServerProcess the
// Go server of BenchmarkReplication.
const replicationServerEnv = "GDVAR_REPLICATION_SERVER"

// The load of BenchmarkReplication: clients, each moving its player at
// moveRate, and how long it is measured.
const (
	moveRate      = 30
	replicaWindow = 5 * time.Second
)

// replicaClients is how many clients BenchmarkReplication connects: 100,
// or $GDVAR_REPLICA_CLIENTS.
var replicaClients = func() int {
	if n, err := strconv.Atoi(os.Getenv("GDVAR_REPLICA_CLIENTS")); err == nil && n > 0 {
		return n
	}
	return 100
}()

// BenchmarkReplication measures the game of examples/mpspawn with 100 Go
// clients over ENet, each moving its player 30 times a second and syncing
// it 30 times a second, as a Godot client does, to every peer, through the
// server. The clients join first, and start to move once all have (both
// servers time joins out under the full load). The server is the Go server (in a process of its own, this test
// binary run again) and Godot 4.6 running the game's own project, in the
// same run, with the same clients. It reports, for each: the server's CPU
// time per second and per client, the bytes each client sends and
// receives a second, how many of the other players' syncs reach a client
// a second (2970 if none is lost), and the server's resident memory per
// client once all have joined and their players spawned everywhere.
//
//	go test -run XXX -bench Replication -benchtime 1x ./multiplayer
func BenchmarkReplication(b *testing.B) {
	engine := godot.Require(b, godot.Godot4)
	servers := []func() idleServer{
		func() idleServer {
			return startGoServer(b, "TestReplicationServerProcess", replicationServerEnv, "enet")
		},
		func() idleServer {
			port := strconv.Itoa(godot.FreePort(b, "udp"))
			p := godot.StartProject(b, engine, gameProject, "server", port, "enet")
			return idleServer{addr: "127.0.0.1:" + port, pid: childPID(b, port), stop: func() { p.Signal(os.Kill) }}
		},
	}
	names := []string{"go", "godot"}
	var got [2]replicaLoad
	for b.Loop() {
		for k, start := range servers {
			got[k].add(measureReplication(b, start()))
		}
	}
	for k, name := range names {
		l := got[k].per(b.N)
		b.ReportMetric(l.cpu*100, name+"-cpu%")
		b.ReportMetric(l.cpu*1e6/float64(replicaClients), name+"-cpu-µs/client/s")
		b.ReportMetric(l.sent/1024, name+"-KiB-out/client/s")
		b.ReportMetric(l.received/1024, name+"-KiB-in/client/s")
		b.ReportMetric(l.syncs, name+"-syncs/client/s")
		b.ReportMetric(l.kib/float64(replicaClients), name+"-KiB/client")
	}
	b.ReportMetric(got[1].cpu/got[0].cpu, "x-godot-cpu")
	b.ReportMetric(0, "ns/op")
}

// replicaLoad is what BenchmarkReplication measures of one server.
type replicaLoad struct {
	cpu            float64 // the server's CPU seconds a second
	sent, received float64 // bytes a second, a client
	syncs          float64 // other players' syncs taken a second, a client
	kib            float64 // the server's resident memory for all the clients
}

func (l *replicaLoad) add(o replicaLoad) {
	l.cpu += o.cpu
	l.sent += o.sent
	l.received += o.received
	l.syncs += o.syncs
	l.kib += o.kib
}

func (l replicaLoad) per(n int) replicaLoad {
	f := float64(n)
	return replicaLoad{l.cpu / f, l.sent / f, l.received / f, l.syncs / f, l.kib / f}
}

// replicaClient is a Go client of BenchmarkReplication: it plays as
// player.gd does, each player its peer's, and counts the syncs it takes.
type benchReplica struct {
	m      *Multiplayer
	own    atomic.Pointer[Object]
	seen   atomic.Int64 // players spawned here
	synced atomic.Int64
}

// measureReplication connects the clients to s, one at a time, waits
// until every player is spawned on every client, and measures the load
// of the clients moving their players for replicaWindow. It stops s.
func measureReplication(b *testing.B, s idleServer) replicaLoad {
	defer s.stop()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if !waitUntil(ctx, func() bool { return probeENet(s.addr) }) {
		b.Fatalf("%s: the server did not come up", s.addr)
	}
	time.Sleep(time.Second) // the server's start-up, and the probe's leaving, settle
	before := vmRSS(b, s.pid)
	clients := make([]*benchReplica, replicaClients)
	for i := range clients {
		c := &benchReplica{m: MustNew(WithReplicationTick(time.Second/moveRate), WithMaxPeers(replicaClients+8))}
		players := declareGame(c.m)
		players.OnSpawn(func(o *Object) {
			id, _ := strconv.Atoi(o.Name())
			if PeerID(id) == c.m.ID() {
				c.own.Store(o) // taken over once all have joined: joins under a full load time out
			} else {
				o.SetAuthority(PeerID(id))
			}
			c.seen.Add(1)
		})
		players.OnDespawn(func(*Object) { c.seen.Add(-1) })
		players.OnSync(func(*Object, PeerID) { c.synced.Add(1) })
		cctx, ccancel := context.WithTimeout(ctx, 30*time.Second)
		err := c.m.ConnectENet(cctx, s.addr)
		ccancel()
		if err != nil {
			b.Fatalf("%s: client %d: %v", s.addr, i, err)
		}
		defer func() { c.m.Close(); <-c.m.Done() }()
		clients[i] = c
	}
	if !waitUntil(ctx, func() bool {
		for _, c := range clients {
			if c.seen.Load() < int64(replicaClients) || c.own.Load() == nil {
				return false
			}
		}
		return true
	}) {
		b.Fatalf("%s: not every player spawned on every client", s.addr)
	}
	kib := vmRSS(b, s.pid) - before
	for _, c := range clients {
		c.own.Load().SetAuthority(c.m.ID())
	}

	stop := make(chan struct{})
	moved := make(chan struct{})
	go func() { // every player moves at moveRate
		defer close(moved)
		t := time.NewTicker(time.Second / moveRate)
		defer t.Stop()
		for x := 0.0; ; x++ {
			select {
			case <-stop:
				return
			case <-t.C:
			}
			for i, c := range clients {
				c.own.Load().Set(propPos, gdvar.Vector2{X: x, Y: float64(i)})
			}
		}
	}()
	time.Sleep(time.Second) // the syncs start flowing
	traffic := func() (sent, received uint64, synced int64) {
		for i, c := range clients {
			c.m.mu.Lock()
			server := c.m.conns[ServerID]
			c.m.mu.Unlock()
			if server == nil { // timed out by a machine too busy
				b.Fatalf("%s: client %d lost its server", s.addr, i)
			}
			st := server.link.(*enetLink).host.Stats()
			sent += st.BytesOut
			received += st.BytesIn
			synced += c.synced.Load()
		}
		return
	}
	cpu0, start := procCPU(b, s.pid), time.Now()
	sent0, received0, synced0 := traffic()
	time.Sleep(replicaWindow)
	cpu1, took := procCPU(b, s.pid), time.Since(start)
	sent1, received1, synced1 := traffic()
	close(stop)
	<-moved
	per := took.Seconds() * float64(replicaClients)
	return replicaLoad{
		cpu:      (cpu1 - cpu0).Seconds() / took.Seconds(),
		sent:     float64(sent1-sent0) / per,
		received: float64(received1-received0) / per,
		syncs:    float64(synced1-synced0) / per,
		kib:      float64(kib),
	}
}

// probeENet reports whether a client can join the server at addr.
func probeENet(addr string) bool {
	probe := MustNew()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	err := probe.ConnectENet(ctx, addr)
	probe.Close()
	<-probe.Done()
	return err == nil
}

// procCPU is the CPU time a process has used, from /proc/PID/stat.
func procCPU(b *testing.B, pid int) time.Duration {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		b.Fatal(err)
	}
	// Fields after the command's name: state is the first, utime the 12th.
	f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	utime, err1 := strconv.Atoi(f[11])
	stime, err2 := strconv.Atoi(f[12])
	if err1 != nil || err2 != nil {
		b.Fatalf("/proc/%d/stat: %s", pid, stat)
	}
	return time.Duration(utime+stime) * time.Second / 100 // USER_HZ
}

// TestReplicationServerProcess is BenchmarkReplication's Go server, in a
// process of its own: the game's server, as examples/mpspawn serves it,
// over ENet. It prints "READY <port>" and serves until its standard input
// ends.
func TestReplicationServerProcess(t *testing.T) {
	if os.Getenv(replicationServerEnv) == "" {
		t.Skip("the Go server of BenchmarkReplication, run by it alone")
	}
	m := MustNew(WithMaxPeers(replicaClients+8), WithRateLimit(1e9, 1<<30))
	players := declareGame(m)
	m.OnPeerConnected(func(id PeerID) {
		o, err := players.Spawn(testScene, name(id), map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{A: 1}})
		if err == nil {
			o.SetAuthority(id)
		}
	})
	m.OnPeerDisconnected(func(id PeerID) {
		for _, o := range players.Objects() {
			if o.Name() == name(id) {
				o.Despawn()
			}
		}
	})
	port := serveOver(t, m, "enet")
	fmt.Println("READY", port)
	io.Copy(io.Discard, os.Stdin)
}
