package multiplayer

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/procstat"
)

// BenchmarkRelaySyncs plays the synced-player game's traffic through a
// server, both in this process: each of n clients sends, 30 times a
// second at an offset of its own, a 36-byte packet relayed to each other
// client (as the engine's client sends its player's sync to each peer),
// in one write or one datagram a tick, and reads what it is relayed. It
// reports the process's CPU time, server and clients, per sync delivered,
// with the server's WithGatherWindow off (0) and at its default.
//
//	go test -run XXX -bench RelaySyncs -benchtime 30x -count 6 ./multiplayer
func BenchmarkRelaySyncs(b *testing.B) {
	for _, transport := range []string{"ws", "enet"} {
		for _, n := range []int{16, 40} {
			for _, window := range []time.Duration{0, DefaultGatherWindow} {
				b.Run(fmt.Sprintf("transport=%s/players=%d/window=%v", transport, n, window), func(b *testing.B) {
					relaySyncs(b, transport, n, window)
				})
			}
		}
	}
}

// syncPayload is a relayed sync's packet: what the engine's client sends
// of a position and a heading, as far as its size goes.
var syncPayload = append([]byte{cmdRaw}, make([]byte, 35)...)

// syncClient is a client of relaySyncs: it sends its tick and counts the
// relays it reads.
type syncClient interface {
	id() PeerID
	tick(to []PeerID) error
	received() int64
}

func relaySyncs(b *testing.B, transport string, n int, window time.Duration) {
	m := MustNew(WithRateLimit(1e9, 1<<30), WithGatherWindow(window), WithMaxPeers(n))
	ctx, cancel := context.WithCancel(context.Background())
	var serving sync.WaitGroup
	defer func() { cancel(); serving.Wait() }()
	var clients []syncClient
	switch transport {
	case "ws":
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		serving.Go(func() { m.Serve(ctx, ln) })
		for range n {
			clients = append(clients, dialSyncWS(b, ln.Addr().String()))
		}
	case "enet":
		h, err := enet.Listen("udp", "127.0.0.1:0", enet.WithMaxPeers(n), enet.WithQueueWindow(window))
		if err != nil {
			b.Fatal(err)
		}
		addr := h.Addr().String()
		serving.Go(func() { m.ServeENet(ctx, h) })
		for i := range n {
			clients = append(clients, dialSyncENet(b, ctx, addr, PeerID(i+2)))
		}
	}
	for deadline := time.Now().Add(30 * time.Second); len(m.Peers()) < n; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			b.Fatal("the clients did not all join")
		}
	}
	stop := make(chan struct{})
	var ticking sync.WaitGroup
	defer func() { close(stop); ticking.Wait() }()
	const period = time.Second / 30
	for _, c := range clients {
		var to []PeerID
		for _, o := range clients {
			if o != c {
				to = append(to, o.id())
			}
		}
		ticking.Go(func() {
			select {
			case <-time.After(rand.N(period)):
			case <-stop:
				return
			}
			t := time.NewTicker(period)
			defer t.Stop()
			for {
				if err := c.tick(to); err != nil {
					return
				}
				select {
				case <-t.C:
				case <-stop:
					return
				}
			}
		})
	}
	time.Sleep(time.Second) // the ticks settle
	got := func() (sum int64) {
		for _, c := range clients {
			sum += c.received()
		}
		return sum
	}
	before, cpu := got(), procstat.Self()
	b.ResetTimer()
	for b.Loop() {
		time.Sleep(100 * time.Millisecond)
	}
	syncs := got() - before
	b.ReportMetric(float64((procstat.Self()-cpu).Nanoseconds())/float64(max(syncs, 1)), "cpu-ns/sync")
	b.ReportMetric(float64(syncs)/b.Elapsed().Seconds(), "syncs/s")
	b.ReportMetric(0, "ns/op")
}

// wsSyncClient is a WebSocket client of relaySyncs: its frames masked with
// the zero key, a tick in one write, the relays read by their headers.
type wsSyncClient struct {
	nc    net.Conn
	me    PeerID
	out   []byte
	count atomic.Int64
}

func dialSyncWS(b *testing.B, addr string) *wsSyncClient {
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { nc.Close() })
	_, err = io.WriteString(nc, "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
	if err != nil {
		b.Fatal(err)
	}
	br := bufio.NewReaderSize(nc, 64<<10)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		b.Fatal("no upgrade", err)
	}
	c := &wsSyncClient{nc: nc}
	id, err := readServerFrame(br)
	if err != nil || len(id) != 4 {
		b.Fatal("no peer id", err)
	}
	c.me = PeerID(binary.LittleEndian.Uint32(id))
	go func() {
		for {
			p, err := readServerFrame(br)
			if err != nil {
				return
			}
			if len(p) > sysSize && p[0] == cmdSys && p[1] == sysRelay {
				c.count.Add(1)
			}
		}
	}()
	return c
}

// readServerFrame reads an unmasked frame's payload.
func readServerFrame(br *bufio.Reader) ([]byte, error) {
	var h [2]byte
	if _, err := io.ReadFull(br, h[:]); err != nil {
		return nil, err
	}
	n := int(h[1] & 0x7f)
	if n == 126 {
		var l [2]byte
		if _, err := io.ReadFull(br, l[:]); err != nil {
			return nil, err
		}
		n = int(binary.BigEndian.Uint16(l[:]))
	}
	p := make([]byte, n)
	_, err := io.ReadFull(br, p)
	return p, err
}

func (c *wsSyncClient) id() PeerID      { return c.me }
func (c *wsSyncClient) received() int64 { return c.count.Load() }

func (c *wsSyncClient) tick(to []PeerID) error {
	if c.out == nil {
		for _, p := range to {
			pkt := append(appendSys(nil, sysRelay, p), syncPayload...)
			c.out = append(c.out, 0x82, 0x80|byte(len(pkt)), 0, 0, 0, 0)
			c.out = append(c.out, pkt...)
		}
	}
	_, err := c.nc.Write(c.out)
	return err
}

// enetSyncClient is an ENet client of relaySyncs: a tick's packets queued
// together, leaving in a datagram.
type enetSyncClient struct {
	peer  *enet.Peer
	me    PeerID
	pkts  [][]byte
	count atomic.Int64
}

func dialSyncENet(b *testing.B, ctx context.Context, addr string, id PeerID) *enetSyncClient {
	h, err := enet.Listen("udp", "127.0.0.1:0", enet.WithMaxPeers(1))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { h.Close() })
	p, err := h.Connect(ctx, addr, enetChannels, uint32(id))
	if err != nil {
		b.Fatal(err)
	}
	c := &enetSyncClient{peer: p, me: id}
	go func() {
		for {
			pk, err := p.Receive(ctx)
			if err != nil {
				return
			}
			if len(pk.Data) > sysSize && pk.Data[0] == cmdSys && pk.Data[1] == sysRelay {
				c.count.Add(1)
			}
		}
	}()
	return c
}

func (c *enetSyncClient) id() PeerID      { return c.me }
func (c *enetSyncClient) received() int64 { return c.count.Load() }

func (c *enetSyncClient) tick(to []PeerID) error {
	if c.pkts == nil {
		for _, p := range to {
			c.pkts = append(c.pkts, append(appendSys(nil, sysRelay, p), syncPayload...))
		}
	}
	ch, flags := unreliably.enet()
	for _, pkt := range c.pkts {
		if err := c.peer.Queue(ch, pkt, flags); err != nil {
			return err
		}
	}
	return nil
}
