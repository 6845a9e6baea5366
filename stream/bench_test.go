package stream

import (
	"bytes"
	"io"
	"net"
	"sync"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
)

// echoServer answers every frame on a loopback TCP connection with the same
// value, copied with gdvar.CopyValue, and returns the client's Peer.
func echoServer(b *testing.B, opts ...Option) *Peer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		c, err := ln.Accept()
		ln.Close()
		if err != nil {
			return
		}
		defer c.Close()
		p := mustPeer(b, c, opts...)
		var src bytes.Reader
		dec := gdvar.NewDecoder(&src)
		for {
			// The client sends a whole frame before it reads the reply, so
			// the echo takes the frame whole, then streams the copy back
			// while the client decodes it. Through a reader, CopyValue
			// hands its copy over as it goes; from a byte slice it would
			// check the whole value first.
			frame, err := p.ReadFrame()
			if err != nil {
				return
			}
			src.Reset(frame)
			dec.Reset(&src)
			if p.WriteFrameLen(int64(len(frame)), func(enc *gdvar.Encoder) error { return gdvar.CopyValue(enc, dec) }) != nil {
				return
			}
		}
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { c.Close(); wg.Wait() })
	return mustPeer(b, c, opts...)
}

type player struct {
	ID    int
	Name  string
	Pos   gdvar.Vector3
	HP    float64
	Tags  []string `gdvar:"tags,array"`
	Alive bool
}

// BenchmarkRoundTripGameState sends the 16.5 MB game-state payload with
// PutVar, has a Go peer echo it, and reads it back with GetVar, over
// loopback TCP.
func BenchmarkRoundTripGameState(b *testing.B) {
	var players []player
	if err := gdvar.Unmarshal(gamestate.Bytes(gamestate.Players), &players); err != nil {
		b.Fatal(err)
	}
	peer := echoServer(b, WithMaxFrame(32<<20))
	b.SetBytes(int64(len(gamestate.Bytes(gamestate.Players))))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := peer.PutVar(players); err != nil {
			b.Fatal(err)
		}
		var back []player
		if err := peer.GetVar(&back); err != nil {
			b.Fatal(err)
		}
	}
}

// message is about 1 KiB on the wire.
type message struct {
	Seq     int
	Kind    string
	Pos     gdvar.Vector3
	Vel     gdvar.Vector3
	Payload []byte
}

// BenchmarkRoundTrip1KiB sends 1 KiB messages back and forth one at a time.
func BenchmarkRoundTrip1KiB(b *testing.B) {
	peer := echoServer(b)
	msg := message{Kind: "state", Pos: gdvar.Vector3{X: 1, Y: 2, Z: 3}, Payload: make([]byte, 900)}
	b.ReportAllocs()
	var back message
	for b.Loop() {
		msg.Seq++
		if err := peer.PutVar(&msg); err != nil { // a pointer: no copy into an interface
			b.Fatal(err)
		}
		if err := peer.GetVar(&back); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
	wire, _ := gdvar.Marshal(msg)
	b.ReportMetric(float64(len(wire)), "bytes/msg")
}

// BenchmarkInMemoryGameState does in memory the codec work of
// BenchmarkRoundTripGameState, without framing or sockets: Marshal,
// CopyValue (the echo), Unmarshal. The round trip's time over this
// one is what framing and sockets add.
func BenchmarkInMemoryGameState(b *testing.B) {
	var players []player
	if err := gdvar.Unmarshal(gamestate.Bytes(gamestate.Players), &players); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(gamestate.Bytes(gamestate.Players))))
	b.ReportAllocs()
	var echo bytes.Buffer
	for b.Loop() {
		sent, err := gdvar.Marshal(players)
		if err != nil {
			b.Fatal(err)
		}
		echo.Reset()
		if err := gdvar.CopyValue(gdvar.NewEncoder(&echo), gdvar.NewDecoderBytes(sent)); err != nil {
			b.Fatal(err)
		}
		var back []player
		if err := gdvar.Unmarshal(echo.Bytes(), &back); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPingPong1KiB sends 1 KiB of bytes back and forth over loopback
// TCP with no codec at all: the most round trips a second the machine
// allows, against which BenchmarkRoundTrip1KiB is measured.
func BenchmarkPingPong1KiB(b *testing.B) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go func() {
		c, err := ln.Accept()
		ln.Close()
		if err != nil {
			return
		}
		defer c.Close()
		buf := make([]byte, 1036)
		for {
			if _, err := io.ReadFull(c, buf); err != nil {
				return
			}
			if _, err := c.Write(buf); err != nil {
				return
			}
		}
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	msg := make([]byte, 1036) // the size of BenchmarkRoundTrip1KiB's frames
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Write(msg); err != nil {
			b.Fatal(err)
		}
		if _, err := io.ReadFull(c, msg); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}
