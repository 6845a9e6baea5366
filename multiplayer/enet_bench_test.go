package multiplayer

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// benchPeerTimeout is how long a benchmark's ENet peers wait for a silent
// one: an engine paused while the Go servers are measured (see pause)
// answers nothing for as long as that takes, tens of seconds on a loaded
// machine, and ENet drops a peer silent for 5 to 30 s.
const benchPeerTimeout = 10 * time.Minute

// godotENetServer starts Godot 4.6's ENetMultiplayerPeer server for peers
// clients, without its frame sleep, and returns its address and process.
// It waits benchPeerTimeout for a silent client.
func godotENetServer(b *testing.B, peers int) (string, *godot.Process) {
	engine := godot.Require(b, godot.Godot4)
	script, err := filepath.Abs("../enet/testdata/godot/mp_server.gd")
	if err != nil {
		b.Fatal(err)
	}
	port := godot.FreePort(b, "udp")
	p := godot.Start(b, engine, script, "port="+strconv.Itoa(port), "peers="+strconv.Itoa(peers),
		"quiet=1", "nosleep=1", "stay=1", "timeout=600", "peer_timeout="+strconv.FormatInt(benchPeerTimeout.Milliseconds(), 10))
	addr := "127.0.0.1:" + strconv.Itoa(port)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		probe := MustNew()
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := probe.ConnectENet(ctx, addr)
		cancel()
		probe.Close()
		<-probe.Done()
		if err == nil {
			return addr, p
		}
		if time.Now().After(deadline) {
			b.Fatalf("the engine's server did not come up: %v", err)
		}
	}
}

// goENetServer starts the Go echo server over ENet and returns its address.
func goENetServer(b testing.TB, peers int) string {
	return "127.0.0.1:" + serveOver(b, newEchoServer(WithMaxPeers(peers)), "enet")
}

// newENetBenchClient connects a bench client over ENet, with the given
// options for its host; it waits benchPeerTimeout for a silent server.
func newENetBenchClient(b testing.TB, addr string, peers int, opts ...enet.Option) *benchClient {
	c := &benchClient{m: MustNew(WithMaxPeers(peers)), replies: make(chan struct{}, 1)}
	c.main = c.m.Node("/root/Main", echoMethods...)
	c.main.Handle("echo_reply", func(*Call, int64, string, gdvar.Vector3) { c.replies <- struct{}{} })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := c.m.ConnectENet(ctx, addr, opts...); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { c.m.Close(); <-c.m.Done() })
	c.m.mu.Lock()
	server := c.m.conns[ServerID]
	c.m.mu.Unlock()
	if server == nil {
		b.Fatal("the server ended the connection at once")
	}
	server.link.(*enetLink).peer.SetTimeout(0, benchPeerTimeout, benchPeerTimeout)
	return c
}

// benchBusyPoll is the busy-poll window of the hosts that poll.
const benchBusyPoll = time.Millisecond

// BenchmarkENetEchoRate measures echo round trips per second over ENet
// with 1, 4, 16 and 100 clients, each making calls one after another, to
// the Go server in this process (go-rpc/s), in one of its own
// (go-proc-rpc/s), in one of its own with enet.WithBusyPoll
// (go-poll-rpc/s), the same with GOMAXPROCS=1 (go-poll-1p-rpc/s: one
// thread runs the goroutines, as the engine's one thread runs its loop, so
// that a packet handed from the reader to its connection's goroutine wakes
// no other thread), and to Godot 4.6's own ENet server without its frame
// sleep (godot-rpc/s), in the same run (the engine paused while the Go
// servers are measured). x-godot-proc, x-godot-poll and x-godot-poll-1p
// compare servers in processes of their own, as deployed (see
// BenchmarkEchoRate): the engine spins a core polling, as the Go server
// does with busy polling while calls come. With one client the clients also run with busy polling
// (clients=1/poll), which takes their own wake-ups out of each round trip
// and leaves mostly the servers' time; the server in the clients' process
// is left out there, as it would share the two cores with a spinning
// client.
//
//	go test -run XXX -bench ENetEchoRate -benchtime 5x ./multiplayer
func BenchmarkENetEchoRate(b *testing.B) {
	type run struct {
		clients int
		poll    bool
	}
	for _, r := range []run{{1, false}, {1, true}, {4, false}, {16, false}, {100, false}} {
		name := fmt.Sprintf("clients=%d", r.clients)
		var opts []enet.Option
		if r.poll {
			name += "/poll"
			opts = append(opts, enet.WithBusyPoll(benchBusyPoll))
		}
		b.Run(name, func(b *testing.B) {
			n := r.clients
			calls := max(100, 20000/n) // about half a second a side
			godotAddr, engine := godotENetServer(b, n+4)
			type server struct {
				name, addr string
				clients    []*benchClient
				took       time.Duration
			}
			servers := []*server{
				{name: "go-proc", addr: echoProcess(b, "enet", n+4)},
				{name: "go-poll", addr: echoProcess(b, "enet-poll", n+4)},
				{name: "go-poll-1p", addr: echoProcess(b, "enet-poll-1p", n+4)},
				{name: "godot", addr: godotAddr},
			}
			if !r.poll {
				servers = append(servers, &server{name: "go", addr: goENetServer(b, n+4)})
			}
			for _, s := range servers {
				for range n {
					c := newENetBenchClient(b, s.addr, n+4, opts...)
					if s.name == "godot" {
						// Admitted (and told benchPeerTimeout) only once the
						// engine reads the client's acknowledgement; paused
						// before that, it drops the half-open peer as it resumes.
						engine.WaitFor(b, fmt.Sprintf("PEER+ %d", c.m.ID()), time.Minute)
					}
					s.clients = append(s.clients, c)
				}
			}
			defer resume(engine)
			i := 0
			for b.Loop() {
				for j := range servers {
					s := servers[(i+j)%len(servers)]
					if s.name != "godot" {
						pause(engine)
					}
					start := time.Now()
					var wg sync.WaitGroup
					for _, c := range s.clients {
						wg.Go(func() { c.run(b, calls) })
					}
					wg.Wait()
					s.took += time.Since(start)
					resume(engine)
				}
				i++
			}
			total := float64(n * calls * i)
			var godot float64
			for _, s := range servers {
				if s.name == "godot" {
					godot = s.took.Seconds()
				}
			}
			for _, s := range servers {
				b.ReportMetric(total/s.took.Seconds(), s.name+"-rpc/s")
				if s.name != "godot" {
					b.ReportMetric(godot/s.took.Seconds(), "x-godot"+strings.TrimPrefix(s.name, "go"))
				}
			}
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkJoins measures 1000 clients joining a Go server over ENet, with
// and without server relay: how long until the last is in and every
// client has been told of every other, and how many datagrams the server
// sent a client by then. With relay each join is announced to every peer
// (n(n-1) ADD_PEER in all), and a client joins once the last is announced:
// joins at once make bursts that overflow the server's socket buffer, and
// clients then time out (see BenchmarkENetIdle).
//
//	go test -run XXX -bench Joins -benchtime 1x ./multiplayer
func BenchmarkJoins(b *testing.B) {
	const clients = 1000
	for _, relay := range []bool{true, false} {
		b.Run(fmt.Sprintf("relay=%v", relay), func(b *testing.B) {
			for b.Loop() {
				m := MustNew(WithMaxPeers(clients), WithServerRelay(relay))
				h, err := enet.Listen("udp", "127.0.0.1:0", m.enetOptions(nil)...)
				if err != nil {
					b.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				served := make(chan error, 1)
				go func() { served <- m.ServeENet(ctx, h) }()
				hosts := make([]*enet.Host, 4)
				for i := range hosts {
					if hosts[i], err = enet.Listen("udp", "127.0.0.1:0", enet.WithMaxPeers(clients/4+1)); err != nil {
						b.Fatal(err)
					}
				}
				var told atomic.Int64
				start := time.Now()
				for i := range clients {
					p, err := hosts[i%4].Connect(ctx, h.Addr().String(), enetChannels, uint32(2+i))
					if err != nil {
						b.Fatal(err)
					}
					go func() {
						for {
							pk, err := p.Receive(ctx)
							if err != nil {
								return
							}
							if len(pk.Data) == sysSize && pk.Data[1] == sysAddPeer {
								told.Add(1)
							}
						}
					}()
					for want := int64(i * (i + 1)); relay && told.Load() < want; time.Sleep(time.Millisecond) {
						if ctx.Err() != nil {
							b.Fatalf("%d of %d announcements to %d clients", told.Load(), want, i+1)
						}
					}
				}
				for len(m.Peers()) < clients {
					if ctx.Err() != nil {
						b.Fatalf("%d of %d clients in", len(m.Peers()), clients)
					}
					time.Sleep(time.Millisecond)
				}
				b.ReportMetric(time.Since(start).Seconds(), "s")
				b.ReportMetric(float64(h.Stats().DatagramsOut)/clients, "server-datagrams/client")
				for _, c := range hosts {
					c.Close()
				}
				cancel()
				<-served
			}
		})
	}
}
