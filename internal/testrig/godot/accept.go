package godot

import (
	"net"
	"testing"
	"time"
)

// Accept waits for the engine to connect to ln and returns the connection,
// closed when the test ends. The test fails, with what the engine printed,
// if the engine ends, or is killed (see StartWith), without connecting.
func (p *Process) Accept(t testing.TB, ln net.Listener) net.Conn {
	t.Helper()
	type accepted struct {
		c   net.Conn
		err error
	}
	got := make(chan accepted, 1)
	go func() {
		c, err := ln.Accept()
		got <- accepted{c, err}
	}()
	var a accepted
	select {
	case a = <-got:
	case <-p.done:
		// It may have connected just before it quit.
		select {
		case a = <-got:
		case <-time.After(time.Second):
			ln.Close() // ends the Accept above
			p.fail(t, "ended without connecting")
		}
	}
	if a.err != nil {
		p.fail(t, "no connection: "+a.err.Error())
	}
	t.Cleanup(func() { a.c.Close() })
	return a.c
}
