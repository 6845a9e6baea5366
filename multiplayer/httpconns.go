package multiplayer

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"slices"
	"sync"
	"time"
)

// Serve's connections wait for their requests here, not in net/http:
// http.Server gives each connection it accepts a 4 KiB reader, a 4 KiB
// writer and a goroutine whose stack grows to 4 KiB as it waits, 14 KiB
// in all before a byte has come. A requestListener hands a connection to
// the http.Server only once the head of its request has come; until then
// it holds a goroutine waiting on the 2 KiB stack a goroutine starts
// with, its socket and a buffer of what it sent (256 bytes at first),
// about 3 KiB. An upgrade then hijacks the connection at once, and
// keep-alives are off, so a request that is not an upgrade gets its
// answer and the connection closes: the http.Server holds no connection
// waiting for a client.

// requestTimeout is how long a connection may take to send its request's
// head (the engine's handshake_timeout). A variable, for tests that hold
// connections open longer.
var requestTimeout = handshakeTimeout

// maxHead is how much of a request's head a requestListener reads before
// it hands the connection over: beyond, the http.Server reads the rest,
// holding its buffers for as many bytes received.
const maxHead = 4 << 10

// headGrowth is the least a head's buffer grows by once full.
const headGrowth = 256

// requestListener is the listener Serve's http.Server accepts from:
// connections whose request's head has come. It refuses more connections
// not upgraded at once than WithMaxPendingUpgrades (or WithMaxPeers, if
// fewer), and reports each that sent nothing within requestTimeout, as
// the engine's client is reported when it does not poll in time.
type requestListener struct {
	net.Listener
	limits requestLimits
	ready  chan net.Conn // connections whose head has come
	failed chan error    // the listener's errors, for the http.Server
	closed chan struct{}
	once   sync.Once
	wg     sync.WaitGroup // the accepting goroutine and the waiting ones

	mu      sync.Mutex
	n       int                   // connections not upgraded
	waiting map[net.Conn]struct{} // connections whose head has not come
}

// requestLimits are what a requestListener holds, and whom it tells of a
// connection it refused or that sent nothing.
type requestLimits struct {
	max     int            // connections not upgraded at once
	refused func(net.Conn) // one over max, closed
	silent  func(net.Conn) // one that sent no request within requestTimeout
}

// limits are the request limits of m's Serve: WithMaxPendingUpgrades, or
// WithMaxPeers if fewer; the refused counted and logged, the silent
// reported.
func (m *Multiplayer) requestLimits() requestLimits {
	return requestLimits{
		max: min(m.cfg.maxPending, m.cfg.maxPeers),
		refused: func(nc net.Conn) {
			m.counts.refusedFull.Add(1)
			m.logs.refusedJoin("ws", nc.RemoteAddr(), "full: upgrades pending over WithMaxPendingUpgrades")
		},
		silent: func(nc net.Conn) {
			m.report(0, fmt.Errorf("%w: %w: %s sent no request within %v", ErrDisconnected, ErrHandshake, nc.RemoteAddr(), requestTimeout))
		},
	}
}

// newRequestListener accepts connections from ln until Close.
func newRequestListener(ln net.Listener, limits requestLimits) *requestListener {
	l := &requestListener{Listener: ln, limits: limits, ready: make(chan net.Conn), failed: make(chan error),
		closed: make(chan struct{}), waiting: map[net.Conn]struct{}{}}
	l.wg.Add(1)
	go l.accept()
	return l
}

// Accept returns the next connection whose request's head has come.
func (l *requestListener) Accept() (net.Conn, error) {
	select {
	case nc := <-l.ready:
		return nc, nil
	case err := <-l.failed:
		return nil, err
	case <-l.closed:
		return nil, net.ErrClosed
	}
}

// Close closes the listener and the connections whose head has not come.
func (l *requestListener) Close() error {
	var err error
	l.once.Do(func() {
		close(l.closed)
		err = l.Listener.Close()
		l.mu.Lock()
		for nc := range l.waiting {
			nc.Close()
		}
		l.mu.Unlock()
	})
	return err
}

// wait waits, once the listener is closed, for its goroutines to end.
func (l *requestListener) wait() { l.wg.Wait() }

// accept accepts connections, each then waiting for its head on a
// goroutine of its own, until the listener closes; its errors go to the
// http.Server, which decides whether to go on.
func (l *requestListener) accept() {
	defer l.wg.Done()
	for {
		nc, err := l.Listener.Accept()
		if err != nil {
			select {
			case l.failed <- err:
				continue
			case <-l.closed:
				return
			}
		}
		l.mu.Lock()
		admitted := l.n < l.limits.max
		select {
		case <-l.closed:
			admitted = false
		default:
		}
		if admitted {
			l.n++
			l.waiting[nc] = struct{}{}
			l.wg.Add(1)
		}
		l.mu.Unlock()
		if !admitted {
			l.limits.refused(nc)
			nc.Close()
			continue
		}
		go l.await(nc)
	}
}

// await reads nc's request's head, within requestTimeout, and hands nc to
// the http.Server.
func (l *requestListener) await(nc net.Conn) {
	defer l.wg.Done()
	nc.SetReadDeadline(time.Now().Add(requestTimeout))
	head, err := readHead(nc)
	if err == nil {
		err = nc.SetReadDeadline(time.Time{}) // the http.Server sets its own
	}
	l.mu.Lock()
	delete(l.waiting, nc)
	l.mu.Unlock()
	if err == nil {
		select {
		case l.ready <- &headConn{Conn: nc, head: head}:
			return
		case <-l.closed:
		}
	}
	nc.Close()
	l.done()
	if len(head) == 0 && errors.Is(err, os.ErrDeadlineExceeded) {
		l.limits.silent(nc)
	}
}

// done counts a connection out of those not upgraded.
func (l *requestListener) done() {
	l.mu.Lock()
	l.n--
	l.mu.Unlock()
}

// state follows the connections handed to the http.Server until they are
// upgraded or closed.
func (l *requestListener) state(nc net.Conn, s http.ConnState) {
	if s == http.StateHijacked || s == http.StateClosed {
		l.done()
	}
}

// readHead reads what nc sends until a request's head has come (the blank
// line that ends it) or maxHead bytes have, in a buffer of headGrowth
// bytes that grows, once full, by what it holds.
func readHead(nc net.Conn) ([]byte, error) {
	var head []byte
	for scanned := 0; len(head) < maxHead; scanned = len(head) {
		if len(head) == cap(head) {
			head = slices.Grow(head, min(max(len(head), headGrowth), maxHead-len(head)))
		}
		n, err := nc.Read(head[len(head):cap(head)])
		head = head[:len(head)+n]
		if err != nil {
			return head, err
		}
		if headEnded(head[max(scanned-2, 0):]) {
			break
		}
	}
	return head, nil
}

// headEnded reports whether p holds the blank line that ends a request's
// head, as net/http reads it (a line ends with "\n" or "\r\n").
func headEnded(p []byte) bool {
	return bytes.Contains(p, []byte("\n\n")) || bytes.Contains(p, []byte("\n\r\n"))
}
