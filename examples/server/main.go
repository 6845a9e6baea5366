// Command server is a TCP server for Godot games written to face hostile
// peers: a game connects with StreamPeerTCP (or PacketPeerStream) and sends
// messages with put_var, Dictionaries like {"kind": "say", "seq": 7, "text":
// "hi", "pos": Vector3(1, 2, 3)}; the server answers each with put_var,
// {"seq": 7, "ok": true, "echo": "hi"}, which the game reads with get_var.
//
//	go run ./examples/server -listen 127.0.0.1:7000
//
// What any peer can cost is bounded, and each bound is a line below:
//
//   - Connections: at most -max-conns at a time; more are closed at once
//     rather than queued.
//   - Memory per connection: one frame at a time, refused beyond -max-frame
//     before its body is read (the connection is closed); GetVar's buffer
//     follows the bytes that arrive, so a frame costs at most twice its
//     bytes received plus 4 KiB. The message is decoded into a struct, not
//     an interface{}: keys it does not know are skipped without being kept,
//     and the limits bound the rest (strings of 4 KiB, no deep nesting).
//     So the server needs at most about -max-conns × (2 × -max-frame +
//     64 KiB).
//   - Time: a frame must arrive whole within -read-timeout of the read
//     starting, and a reply be taken within -write-timeout; a slow peer
//     (one byte a minute) is closed. Decoding costs time linear in the
//     frame.
//   - A frame that does not decode (garbage, the wrong types) is answered
//     with {"ok": false, "error": …}, and the connection goes on: the stream
//     is still in step. A stream out of step (an oversized or cut frame) is
//     closed.
package main

import (
	"errors"
	"flag"
	"io"
	"log"
	"net"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/stream"
)

func main() {
	cfg := defaults()
	listen := flag.String("listen", "127.0.0.1:7000", "address to listen on")
	flag.IntVar(&cfg.maxConns, "max-conns", cfg.maxConns, "most connections at a time")
	flag.Int64Var(&cfg.maxFrame, "max-frame", cfg.maxFrame, "largest frame in bytes")
	flag.DurationVar(&cfg.readTimeout, "read-timeout", cfg.readTimeout, "time for a whole frame to arrive")
	flag.DurationVar(&cfg.writeTimeout, "write-timeout", cfg.writeTimeout, "time for a reply to be taken")
	flag.Parse()
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("listening on %s", ln.Addr())
	s, err := newServer(cfg, log.Default())
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(s.serve(ln))
}

// config is the server's bounds.
type config struct {
	maxConns     int
	maxFrame     int64
	readTimeout  time.Duration
	writeTimeout time.Duration
}

func defaults() config {
	return config{maxConns: 256, maxFrame: 64 << 10, readTimeout: 30 * time.Second, writeTimeout: 10 * time.Second}
}

// message is what a game sends. Fields match keys by name ("kind", "seq",
// …); other keys are skipped.
type message struct {
	Kind string
	Seq  int
	Text string
	Pos  gdvar.Vector3
}

// reply is what the server answers.
type reply struct {
	Seq   int
	OK    bool   `gdvar:"ok"`
	Echo  string `gdvar:",omitempty"`
	Error string `gdvar:",omitempty"`
}

type server struct {
	cfg   config
	opts  []stream.Option
	slots chan struct{} // one per connection being served
	log   *log.Logger
}

// newServer returns the server of cfg, or the error of a limit out of
// range.
func newServer(cfg config, l *log.Logger) (*server, error) {
	limits := gdvar.Limits{
		MaxDepth:        4, // a message is a Dictionary of plain values
		MaxContainerLen: 64,
		MaxStringBytes:  4 << 10,
		MaxPackedBytes:  4 << 10,
		MaxNameBytes:    1 << 10,
		MaxValueBytes:   cfg.maxFrame,
	}
	codec, err := gdvar.NewCodec(gdvar.WithLimits(limits))
	if err != nil {
		return nil, err
	}
	return &server{
		cfg:   cfg,
		opts:  []stream.Option{stream.WithCodec(codec), stream.WithMaxFrame(cfg.maxFrame)},
		slots: make(chan struct{}, cfg.maxConns),
		log:   l,
	}, nil
}

// serve accepts connections until ln is closed, serving each in its own
// goroutine while there is a slot for it.
func (s *server) serve(ln net.Listener) error {
	for {
		conn, err := ln.Accept()
		if err != nil {
			return err
		}
		select {
		case s.slots <- struct{}{}:
			go func() {
				defer func() { <-s.slots }()
				if err := s.handle(conn); err != nil {
					s.log.Printf("%s: %v", conn.RemoteAddr(), err)
				}
			}()
		default:
			conn.Close() // full: refuse rather than queue
		}
	}
}

// handle answers a connection's messages until it ends, fails or breaks a
// bound, and closes it.
func (s *server) handle(conn net.Conn) error {
	defer conn.Close()
	peer, err := stream.NewPeer(conn, s.opts...)
	if err != nil {
		return err
	}
	for {
		if err := conn.SetReadDeadline(time.Now().Add(s.cfg.readTimeout)); err != nil {
			return err
		}
		var msg message
		err := peer.GetVar(&msg)
		if err == io.EOF {
			return nil
		}
		var fe *stream.FrameError
		r := reply{Seq: msg.Seq, OK: err == nil, Echo: msg.Text}
		switch {
		case errors.As(err, &fe) && !errors.Is(err, stream.ErrBroken):
			r = reply{Error: fe.Err.Error()} // the next frame is read as usual
		case err != nil:
			return err // a deadline, an oversized or cut frame: close
		}
		if err := conn.SetWriteDeadline(time.Now().Add(s.cfg.writeTimeout)); err != nil {
			return err
		}
		if err := peer.PutVar(r); err != nil {
			return err
		}
	}
}
