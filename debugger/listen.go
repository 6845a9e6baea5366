package debugger

import (
	"context"
	"fmt"
	"net"
	"time"
)

// DefaultListen is where Listen listens with no address: the loopback
// interface on the editor's default port. Anything that can reach a
// debugger port can connect to it and send it messages, so listen on
// another interface only on purpose.
const DefaultListen = "127.0.0.1:6007"

// Listener waits for games to connect.
type Listener struct {
	ln net.Listener
}

// Listen listens on addr (DefaultListen if ""; port 0 picks a free one).
func Listen(addr string) (*Listener, error) {
	if addr == "" {
		addr = DefaultListen
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	return &Listener{ln}, nil
}

// Addr returns the address the listener listens on.
func (l *Listener) Addr() net.Addr { return l.ln.Addr() }

// RemoteDebugArg returns the argument of --remote-debug that makes a game
// of engine major version 4 (tcp://HOST:PORT) or 3 (HOST:PORT) connect to
// l.
func (l *Listener) RemoteDebugArg(major int) string {
	if major == 3 {
		return l.ln.Addr().String()
	}
	return "tcp://" + l.ln.Addr().String()
}

// Close stops listening; sessions already accepted go on.
func (l *Listener) Close() error { return l.ln.Close() }

// Accept waits for a game to connect and returns its Session. The
// engine's framing is found from the first frame, which must come within
// the context's deadline or 10 s.
func (l *Listener) Accept(ctx context.Context, opts Options) (*Session, error) {
	type accepted struct {
		c   net.Conn
		err error
	}
	got := make(chan accepted, 1)
	go func() {
		c, err := l.ln.Accept()
		got <- accepted{c, err}
	}()
	var a accepted
	select {
	case a = <-got:
	case <-ctx.Done():
		go func() { // the Accept above ends with the listener
			if a := <-got; a.c != nil {
				a.c.Close()
			}
		}()
		return nil, ctx.Err()
	}
	if a.err != nil {
		return nil, a.err
	}
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(10 * time.Second)
	}
	a.c.SetReadDeadline(deadline) // a failure shows in the read
	conn, err := Detect(quickAck(a.c))
	if err != nil {
		a.c.Close()
		return nil, fmt.Errorf("debugger: the game's first message: %w", err)
	}
	a.c.SetReadDeadline(time.Time{}) // as above
	return NewSession(conn, a.c, opts), nil
}
