//go:build unix

package enet

import (
	"context"
	"fmt"
	"net"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/procstat"
	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// bulkBytes is what one run of BenchmarkBulk sends to each server.
const bulkBytes = 16 << 20

// bulkWindow bounds the bytes sent and not yet echoed back, so that the
// send queue holds a steady flow rather than the whole run.
const bulkWindow = 4 << 20

// BenchmarkBulk measures reliable bulk throughput: a Go client sends 16
// MiB in reliable packets of 64 KiB and of 1 KiB to an echoing server and
// reads it all back, against a Go host and Godot 4.6's ENetConnection
// (raw_server.gd) without its frame sleep, in the same run (the engine
// paused while the Go host is measured).
//
//	go test -run XXX -bench Bulk -benchtime 3x ./enet
func BenchmarkBulk(b *testing.B) {
	for _, size := range []int{64 << 10, 1 << 10} {
		b.Run(fmt.Sprintf("packet=%dKiB", size>>10), func(b *testing.B) {
			engine := godotRawServer(b)
			srv, err := Listen("udp", "127.0.0.1:0")
			if err != nil {
				b.Fatal(err)
			}
			defer srv.Close()
			go echo(srv, 0)
			peers := [2]*Peer{
				bulkClient(b, srv.Addr().String()),
				bulkClient(b, engine.addr),
			}
			defer engine.resume()
			data := make([]byte, size)
			for i := range data {
				data[i] = byte(i)
			}
			var took [2]time.Duration
			i := 0
			for b.Loop() {
				for j := range 2 {
					k := (i + j) % 2
					if k == 0 {
						engine.pause()
					}
					took[k] += bulk(b, peers[k], data)
					engine.resume()
				}
				i++
			}
			mb := float64(bulkBytes*i) / 1e6
			b.ReportMetric(mb/took[0].Seconds(), "go-MB/s")
			b.ReportMetric(mb/took[1].Seconds(), "godot-MB/s")
			b.ReportMetric(took[1].Seconds()/took[0].Seconds(), "x-godot")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// bulk sends bulkBytes in packets of data's size to p and waits for them
// all to come back, keeping at most bulkWindow bytes on the way.
func bulk(b *testing.B, p *Peer, data []byte) time.Duration {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	n := bulkBytes / len(data)
	credit := make(chan struct{}, max(bulkWindow/len(data), 1))
	start := time.Now()
	sent := sendCredited(ctx, p, data, n, credit)
	for got := 0; got < n; got++ {
		pk, err := p.Receive(ctx)
		if err != nil {
			b.Fatalf("echo %d of %d: %v", got, n, err)
		}
		if len(pk.Data) != len(data) {
			b.Fatalf("echo %d: %d bytes, sent %d", got, len(pk.Data), len(data))
		}
		<-credit
	}
	took := time.Since(start)
	if err := <-sent; err != nil {
		b.Fatal(err)
	}
	return took
}

// bulkClient connects a client host of its own to addr.
func bulkClient(b *testing.B, addr string) *Peer {
	h, err := Listen("udp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { h.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for { // the engine may not listen yet
		p, err := h.Connect(ctx, addr, 255, 2)
		if err == nil {
			return p
		}
		if ctx.Err() != nil {
			b.Fatalf("connect to %s: %v", addr, err)
		}
	}
}

// rawServer is Godot's echoing ENetConnection, running without its frame
// sleep.
type rawServer struct {
	addr string
	p    *godot.Process
}

// godotRawServer starts raw_server.gd without its frame sleep.
func godotRawServer(b *testing.B) rawServer {
	engine := godot.Require(b, godot.Godot4)
	script, err := filepath.Abs("testdata/godot/raw_server.gd")
	if err != nil {
		b.Fatal(err)
	}
	port := godot.FreePort(b, "udp")
	p := godot.Start(b, engine, script, "port="+strconv.Itoa(port), "nosleep=1", "stay=1", "timeout=600")
	return rawServer{addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), p: p}
}

// pause stops the engine, which then uses no core, until resume.
func (s rawServer) pause() { s.p.Signal(syscall.SIGSTOP) }

// resume lets a paused engine go on.
func (s rawServer) resume() { s.p.Signal(syscall.SIGCONT) }

// BenchmarkSendReceive measures the package's own cost per packet: a Go
// client sends 64-byte reliable packets to a Go host, which receives them,
// with at most 256 on the way. Run with -benchmem for allocations per
// packet (both hosts' work).
//
//	go test -run XXX -bench SendReceive -benchmem ./enet
func BenchmarkSendReceive(b *testing.B) {
	srv, err := Listen("udp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	accepted := make(chan *Peer, 1)
	go func() {
		if p, err := srv.Accept(context.Background()); err == nil {
			accepted <- p
		}
	}()
	p := bulkClient(b, srv.Addr().String())
	q := within(b, accepted, 30*time.Second, "no accept")
	data := make([]byte, 64)
	credit := make(chan struct{}, 256)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	b.ResetTimer()
	sent := sendCredited(ctx, p, data, b.N, credit)
	for i := range b.N {
		if _, err := q.Receive(ctx); err != nil {
			b.Fatalf("packet %d of %d: %v", i, b.N, err)
		}
		<-credit
	}
	b.StopTimer()
	if err := <-sent; err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "packets/s")
}

// sendCredited sends data n times reliably on channel 0 from a goroutine,
// each send taking a credit, and reports on the channel it returns how
// the sending ended.
func sendCredited(ctx context.Context, p *Peer, data []byte, n int, credit chan<- struct{}) <-chan error {
	sent := make(chan error, 1)
	go func() {
		for range n {
			select {
			case credit <- struct{}{}:
			case <-ctx.Done():
				sent <- ctx.Err()
				return
			}
			if err := p.Send(0, data, Reliable); err != nil {
				sent <- err
				return
			}
		}
		sent <- nil
	}()
	return sent
}

// BenchmarkQuietPeers measures the CPU a host with 8 connected peers
// costs while they are silent, or send it an unreliable packet each at
// 30 Hz as a small match's players do, read with Receive or relayed to
// the 7 others by a handler on the reader (Serve, Queue) as a match's
// server relays a sync: the process's CPU time (both ends, each in its
// own host) per second of wall time. An operation is 100 ms.
//
//	go test -run XXX -bench QuietPeers -count 6 ./enet
func BenchmarkQuietPeers(b *testing.B) {
	tests := []struct {
		name  string
		hz    int
		relay bool
	}{
		{"hz=0", 0, false},
		{"hz=30", 30, false},
		{"hz=30/relay", 30, true},
	}
	for _, tt := range tests {
		b.Run(tt.name, func(b *testing.B) {
			srv, err := Listen("udp", "127.0.0.1:0")
			if err != nil {
				b.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			stop := make(chan struct{})
			rctx, rcancel := context.WithCancel(ctx)
			var senders sync.WaitGroup
			defer func() { close(stop); rcancel(); srv.Close(); senders.Wait() }()
			drain := func(p *Peer) {
				senders.Go(func() {
					for {
						if _, err := p.Receive(rctx); err != nil {
							return
						}
					}
				})
			}
			var served []*Peer
			for range 8 {
				c, err := Listen("udp", "127.0.0.1:0")
				if err != nil {
					b.Fatal(err)
				}
				defer c.Close()
				p, err := c.Connect(ctx, srv.Addr().String(), 2, 0)
				if err != nil {
					b.Fatal(err)
				}
				q, err := srv.Accept(ctx)
				if err != nil {
					b.Fatal(err)
				}
				if tt.hz == 0 {
					continue
				}
				if tt.relay {
					served = append(served, q)
					drain(p)
				} else {
					drain(q)
				}
				senders.Go(func() {
					t := time.NewTicker(time.Second / time.Duration(tt.hz))
					defer t.Stop()
					for {
						select {
						case <-stop:
							return
						case <-t.C:
							_ = p.Send(1, []byte("sync"), Unsequenced)
						}
					}
				})
			}
			for _, q := range served {
				senders.Go(func() {
					_ = q.Serve(func(pk Packet) bool {
						for _, o := range served {
							if o != q {
								_ = o.Queue(1, pk.Data, Unsequenced)
							}
						}
						return true
					}, func() bool { return true })
				})
			}
			time.Sleep(time.Second) // the connections settle
			cpu := procstat.Self()
			b.ResetTimer()
			for b.Loop() {
				time.Sleep(100 * time.Millisecond)
			}
			b.ReportMetric(float64((procstat.Self()-cpu).Microseconds())/b.Elapsed().Seconds()/1000, "cpu-ms/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}
