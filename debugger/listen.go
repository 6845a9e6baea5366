package debugger

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/gdvar/gdvar"
)

// DefaultListen is where [Listen] listens with no address: the loopback
// interface on the editor's default port. Anything that can reach a
// debugger port can connect to it and send it messages, so listen on
// another interface only on purpose.
const DefaultListen = "127.0.0.1:6007"

// ErrNotTheGame is a connection [Launch] refused: it does not come from the
// process it started (or one that process started).
var ErrNotTheGame = errors.New("debugger: a connection from another process than the game")

// maxPending bounds the connections whose first message Accept waits for
// at once; it closes others that come meanwhile.
const maxPending = 8

// firstWait bounds the wait for a connection's first message when the
// context has no deadline.
const firstWait = 10 * time.Second

// Listener waits for games to connect.
type Listener struct {
	ln        net.Listener
	start     sync.Once
	conns     chan net.Conn // what the accepting goroutine accepted, one at a time
	err       error         // why it stopped, once conns is closed
	closed    chan struct{}
	closeOnce sync.Once
}

// Listen listens on addr ([DefaultListen] if ""; port 0 picks a free one).
func Listen(addr string) (*Listener, error) {
	if addr == "" {
		addr = DefaultListen
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	return newListener(ln), nil
}

func newListener(ln net.Listener) *Listener {
	return &Listener{ln: ln, conns: make(chan net.Conn), closed: make(chan struct{})}
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
func (l *Listener) Close() error {
	err := l.ln.Close()
	l.closeOnce.Do(func() { close(l.closed) })
	return err
}

// Accept waits for a game to connect and returns its [Session]: the first
// connection whose first frame is a debugger message (from which the
// engine's framing is found) within the context's deadline, or 10 s, of
// its connecting. One that sends nothing, or something else, is closed,
// and Accept waits on; it waits for at most 8 first messages at once. The
// options are the Session's; an invalid one fails Accept at once.
func (l *Listener) Accept(ctx context.Context, opts ...Option) (*Session, error) {
	cfg, err := newConfig(opts, false)
	if err != nil {
		return nil, err
	}
	return l.accept(ctx, cfg, func(net.Conn) error { return nil }, nil)
}

// accept is Accept of the connections admit lets through, closing the
// others at once, before reading from them; and of those whose Godot 4
// first message confirm takes (nil: any).
func (l *Listener) accept(ctx context.Context, cfg config, admit func(net.Conn) error, confirm func(net.Conn, Message) error) (*Session, error) {
	l.start.Do(func() { go l.acceptAll() })
	type first struct {
		c    net.Conn
		conn *Conn
		err  error
	}
	firsts := make(chan first, maxPending) // never blocks: at most maxPending read at once
	pending := map[net.Conn]bool{}
	defer func() {
		for c := range pending {
			c.Close() // its reading ends, and its goroutine
		}
	}()
	var refused error // the last connection refused, and why
	for {
		select {
		case c, ok := <-l.conns:
			if !ok {
				return nil, l.err
			}
			if err := admit(c); err != nil {
				refused = fmt.Errorf("refused %s: %w", c.RemoteAddr(), err)
				c.Close()
				continue
			}
			if len(pending) == maxPending {
				c.Close()
				continue
			}
			pending[c] = true
			go func() {
				conn, err := firstMessage(ctx, c, confirm)
				firsts <- first{c, conn, err}
			}()
		case f := <-firsts:
			delete(pending, f.c)
			if f.err != nil {
				refused = fmt.Errorf("refused %s: %w", f.c.RemoteAddr(), f.err)
				f.c.Close()
				continue
			}
			return newSession(f.conn, f.c, cfg), nil
		case <-ctx.Done():
			if refused != nil {
				return nil, fmt.Errorf("%w (last %w)", ctx.Err(), refused)
			}
			return nil, ctx.Err()
		}
	}
}

// acceptAll accepts connections and hands them to accept, until the
// listener is closed.
func (l *Listener) acceptAll() {
	for {
		c, err := l.ln.Accept()
		if err != nil {
			l.err = err
			close(l.conns)
			return
		}
		select {
		case l.conns <- c:
		case <-l.closed:
			c.Close()
		}
	}
}

// firstMessage reads the first frame a connection sends, within the
// context's deadline or firstWait, and returns the Conn in its framing if
// it is a debugger message: Godot 4's [name, thread, data], which confirm
// (if not nil) takes, Godot 3's name.
func firstMessage(ctx context.Context, c net.Conn, confirm func(net.Conn, Message) error) (*Conn, error) {
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(firstWait)
	}
	c.SetReadDeadline(deadline) // a failure shows in the read
	conn, err := Detect(quickAck(c))
	if err != nil {
		return nil, fmt.Errorf("debugger: the first message: %w", err)
	}
	if conn.Engine() == gdvar.Godot4 {
		m, err := ParseMessage(conn.first, 0)
		if err == nil && confirm != nil {
			err = confirm(c, m)
		}
		if err != nil {
			return nil, err
		}
	}
	c.SetReadDeadline(time.Time{}) // as above
	return conn, nil
}

// reportedPID returns the process id a Godot 4 game's first message, m,
// reports: the engine's first message is set_pid.
func reportedPID(m Message) (int, error) {
	var pid int64
	if m.Name != "set_pid" || !fields(m.Data, &pid) || pid <= 0 || int64(int(pid)) != pid {
		return 0, fmt.Errorf("%w: its first message is not set_pid with a process id", ErrNotTheGame)
	}
	return int(pid), nil
}
