package stream

import (
	"bytes"
	"context"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playerUpdate is issue 24's small message, a Dictionary on the wire as a
// Godot game sends its position updates: 128 bytes, 132 with its length
// word.
type playerUpdate struct {
	ID    int64         `gdvar:"id"`
	Pos   gdvar.Vector3 `gdvar:"pos"`
	Vel   gdvar.Vector3 `gdvar:"vel"`
	Rot   float64       `gdvar:"rot"`
	Input int64         `gdvar:"input"`
}

// next changes every field, as the next update would.
func (u *playerUpdate) next() {
	u.ID++
	u.Pos.X += 0.5
	u.Vel.Z -= 0.25
	u.Rot += 0.125
	u.Input ^= 5
}

// BenchmarkPutGetVarSmall sends player updates one way, PutVar on one Peer
// and GetVar on the other: over loopback TCP, the sender in a goroutine of
// its own, with and without a context (one for the connection, shared by
// its calls), a PacketPeer's datagrams on loopback UDP, and through an
// in-memory buffer. allocs/op counts both sides of one message.
func BenchmarkPutGetVarSmall(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, bc := range []struct {
		name     string
		put, get func(p *Peer, u *playerUpdate) error
	}{
		{"loopback",
			func(p *Peer, u *playerUpdate) error { return p.PutVar(u) },
			func(p *Peer, u *playerUpdate) error { return p.GetVar(u) }},
		{"loopback-context",
			func(p *Peer, u *playerUpdate) error { return p.PutVarContext(ctx, u) },
			func(p *Peer, u *playerUpdate) error { return p.GetVarContext(ctx, u) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			client, server := tcpPair(b)
			send, recv := mustPeer(b, client), mustPeer(b, server)
			n := b.N
			b.ReportAllocs()
			b.ResetTimer()
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				u := playerUpdate{Pos: gdvar.Vector3{X: 1, Y: 2, Z: 3}}
				for range n {
					u.next()
					if err := bc.put(send, &u); err != nil {
						b.Error(err)
						return
					}
				}
			}()
			var got playerUpdate
			for i := range n {
				if err := bc.get(recv, &got); err != nil {
					b.Fatal(err)
				}
				if got.ID != int64(i+1) {
					b.Fatalf("message %d has id %d", i+1, got.ID)
				}
			}
			wg.Wait()
		})
	}
	b.Run("udp", func(b *testing.B) {
		a, c := udpPair(b)
		send, recv, to := mustPacketPeer(b, a), mustPacketPeer(b, c), c.LocalAddr()
		u := playerUpdate{Pos: gdvar.Vector3{X: 1, Y: 2, Z: 3}}
		var got playerUpdate
		b.ReportAllocs()
		for b.Loop() { // in step: a datagram the socket cannot hold is lost
			u.next()
			if err := send.PutVarTo(&u, to); err != nil {
				b.Fatal(err)
			}
			if _, err := recv.GetVarFrom(&got); err != nil {
				b.Fatal(err)
			}
		}
		require.Equal(b, u, got)
	})
	b.Run("memory", func(b *testing.B) {
		var buf bytes.Buffer
		peer := mustPeer(b, &buf)
		u := playerUpdate{Pos: gdvar.Vector3{X: 1, Y: 2, Z: 3}}
		var got playerUpdate
		b.ReportAllocs()
		for b.Loop() {
			u.next()
			if err := peer.PutVar(&u); err != nil {
				b.Fatal(err)
			}
			if err := peer.GetVar(&got); err != nil {
				b.Fatal(err)
			}
		}
		require.Equal(b, u, got)
	})
}

// BenchmarkFramingSmall measures what framing adds to a player update's
// codec work, in memory: GetVar through a Peer against a reused Decoder's
// ResetBytes and Decode of the same bytes, PutVar against AppendMarshal to
// a reused buffer. Compare each pair's ns/op within one run.
func BenchmarkFramingSmall(b *testing.B) {
	u := playerUpdate{ID: 1, Pos: gdvar.Vector3{X: 1, Y: 2, Z: 3}, Rot: 0.5}
	wire, err := gdvar.Marshal(&u)
	require.NoError(b, err)
	frames := bytes.Repeat(frame(wire), 1000)
	var got playerUpdate
	b.Run("GetVar", func(b *testing.B) {
		var src bytes.Reader
		peer := mustPeer(b, struct {
			io.Reader
			io.Writer
		}{&src, io.Discard})
		b.ReportAllocs()
		for b.Loop() {
			if src.Len() == 0 {
				src.Reset(frames)
			}
			if err := peer.GetVar(&got); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Decode", func(b *testing.B) {
		dec := gdvar.NewDecoderBytes(nil)
		b.ReportAllocs()
		for b.Loop() {
			dec.ResetBytes(wire)
			if err := dec.Decode(&got); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("PutVar", func(b *testing.B) {
		w := mustWriter(b, io.Discard)
		b.ReportAllocs()
		for b.Loop() {
			if err := w.PutVar(&u); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("AppendMarshal", func(b *testing.B) {
		var buf []byte
		b.ReportAllocs()
		for b.Loop() {
			if buf, err = gdvar.AppendMarshal(buf[:0], &u); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// A player update costs no allocation on either side, through a Peer on
// loopback TCP or in memory, and none with a context either: the
// connection's context, its deadline, or none; nor through the token
// layer's frames. Registering with the context for each call cost 3
// allocations a side.
func TestPutGetVarSmallAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector makes sync.Pool drop items at random")
	}
	cancelled, cancel := context.WithCancel(context.Background())
	defer cancel()
	timed, stop := context.WithTimeout(context.Background(), time.Hour)
	defer stop()
	byContext := func(ctx context.Context) (put, get func(*Peer, *playerUpdate) error) {
		return func(p *Peer, u *playerUpdate) error { return p.PutVarContext(ctx, u) },
			func(p *Peer, u *playerUpdate) error { return p.GetVarContext(ctx, u) }
	}
	tcp := func() (*Peer, *Peer) {
		client, server := tcpPair(t)
		return mustPeer(t, client), mustPeer(t, server)
	}
	memory := func() (*Peer, *Peer) {
		p := mustPeer(t, new(bytes.Buffer))
		return p, p
	}
	tests := []struct {
		name     string
		peers    func() (send, recv *Peer)
		put, get func(*Peer, *playerUpdate) error
	}{
		{"loopback", tcp, (*Peer).putUpdate, (*Peer).getUpdate},
		{"memory", memory, (*Peer).putUpdate, (*Peer).getUpdate},
		{"background context", tcp, nil, nil},
		{"cancellable context", tcp, nil, nil},
		{"context with a deadline", tcp, nil, nil},
		{"WriteFrame and NextFrame", tcp, (*Peer).writeUpdate, (*Peer).nextUpdate},
	}
	tests[2].put, tests[2].get = byContext(context.Background())
	tests[3].put, tests[3].get = byContext(cancelled)
	tests[4].put, tests[4].get = byContext(timed)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			send, recv := tt.peers()
			sent := playerUpdate{Pos: gdvar.Vector3{X: 1, Y: 2, Z: 3}}
			var got playerUpdate
			put := func() {
				sent.next()
				require.NoError(t, tt.put(send, &sent))
			}
			want := sent
			get := func() {
				want.next()
				require.NoError(t, tt.get(recv, &got))
				if got != want { // not require.Equal, which allocates
					t.Fatalf("got %+v, want %+v", got, want)
				}
			}
			put() // the first message makes the buffers
			get()
			// 51 messages sent, then as many received: the socket's buffer
			// holds them, and the receiver does not wait.
			puts := testing.AllocsPerRun(50, put)
			gets := testing.AllocsPerRun(50, get)
			assert.Zero(t, puts, "allocations to send an update")
			assert.Zero(t, gets, "allocations to receive an update")
		})
	}
}

func (p *Peer) putUpdate(u *playerUpdate) error { return p.PutVar(u) }
func (p *Peer) getUpdate(u *playerUpdate) error { return p.GetVar(u) }

func (p *Peer) writeUpdate(u *playerUpdate) error {
	return p.WriteFrame(func(enc *gdvar.Encoder) error { return enc.Encode(u) })
}

func (p *Peer) nextUpdate(u *playerUpdate) error {
	dec, err := p.NextFrame()
	if err != nil {
		return err
	}
	return dec.Decode(u)
}

// A player update through a PacketPeer costs no allocation on either side
// once the sender is known: the receiver gives its address again.
func TestPacketPeerSmallAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector makes sync.Pool drop items at random")
	}
	a, b := udpPair(t)
	send, recv := mustPacketPeer(t, a), mustPacketPeer(t, b)
	to, from := b.LocalAddr(), a.LocalAddr().(*net.UDPAddr).AddrPort()
	sent := playerUpdate{Pos: gdvar.Vector3{X: 1, Y: 2, Z: 3}}
	want := sent
	var got playerUpdate
	put := func() {
		sent.next()
		require.NoError(t, send.PutVarTo(&sent, to))
	}
	get := func() {
		want.next()
		addr, err := recv.GetVarFrom(&got)
		require.NoError(t, err)
		udp, _ := addr.(*net.UDPAddr)
		if got != want || udp == nil || udp.AddrPort() != from { // not require.Equal, which allocates
			t.Fatalf("got %+v from %v, want %+v from %v", got, addr, want, from)
		}
	}
	put() // the first datagram makes the buffers
	get()
	// 51 datagrams sent, then as many received: the socket's buffer holds
	// them.
	assert.Zero(t, testing.AllocsPerRun(50, put), "allocations to send an update")
	assert.Zero(t, testing.AllocsPerRun(50, get), "allocations to receive an update")
}

// Each datagram gives its own sender's address, whichever sent the one
// before.
func TestPacketPeerSenders(t *testing.T) {
	recvConn, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer recvConn.Close()
	recv := mustPacketPeer(t, recvConn)
	var senders []*PacketPeer
	var addrs []string
	for range 2 {
		c, err := net.ListenPacket("udp", "127.0.0.1:0")
		require.NoError(t, err)
		defer c.Close()
		senders = append(senders, mustPacketPeer(t, c))
		addrs = append(addrs, c.LocalAddr().String())
	}
	for i, from := range []int{0, 0, 1, 1, 0, 1} {
		require.NoError(t, senders[from].PutVarTo(i, recvConn.LocalAddr()))
		var got int
		addr, err := recv.GetVarFrom(&got)
		require.NoError(t, err)
		assert.Equal(t, i, got)
		assert.Equal(t, addrs[from], addr.String(), "datagram %d", i)
	}
}
