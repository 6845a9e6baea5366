package stream

import (
	"context"
	"net"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A context interrupts the calls made with it, each of them, and no other:
// not one made after its own calls returned, nor one with another context.
func TestContextInterruptsItsCallsOnly(t *testing.T) {
	tests := []struct {
		name string
		// first returns the context of a call that succeeds, then second
		// that of the call after it, while first's may be cancelled.
		first, second func(conn context.Context) context.Context
		interrupted   bool
	}{
		{"the same context, cancelled in the second call",
			func(conn context.Context) context.Context { return conn },
			func(conn context.Context) context.Context { return conn },
			true},
		{"a context sharing its Done, cancelled in the second call",
			func(conn context.Context) context.Context { return conn },
			func(conn context.Context) context.Context { return context.WithValue(conn, t, 1) },
			true},
		{"the first context cancelled in a call without one",
			func(conn context.Context) context.Context { return conn },
			func(context.Context) context.Context { return context.Background() },
			false},
		{"the first context cancelled in a call with another",
			func(conn context.Context) context.Context { return conn },
			func(context.Context) context.Context { return context.WithoutCancel(context.Background()) },
			false},
		{"another context cancelled in the second call",
			func(context.Context) context.Context { return context.Background() },
			func(conn context.Context) context.Context { return conn },
			true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			client, server := tcpPair(t)
			sender, receiver := mustPeer(t, client), mustPeer(t, server)
			conn, cancel := context.WithCancel(context.Background()) // the connection's
			defer cancel()
			first := tt.first(conn)
			require.NoError(t, sender.PutVarContext(first, 1))
			var v int
			require.NoError(t, receiver.GetVarContext(first, &v))
			assert.Equal(t, 1, v)

			// conn is cancelled in the second call. A call it must not
			// interrupt gets its frame after that; one it must interrupt
			// gets one only after 10 s, if it was not.
			second := tt.second(conn)
			sent := make(chan error, 1)
			go func() {
				time.Sleep(20 * time.Millisecond)
				cancel()
				if tt.interrupted {
					sent <- nil
					return
				}
				time.Sleep(80 * time.Millisecond)
				sent <- sender.PutVar(2)
			}()
			failsafe := time.AfterFunc(10*time.Second, func() { _ = sender.PutVar(3) })
			defer failsafe.Stop()
			err := receiver.GetVarContext(second, &v)
			require.NoError(t, <-sent)
			if tt.interrupted {
				assert.ErrorIs(t, err, context.Canceled)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, 2, v)
		})
	}
}

// A connection's context, long-lived, lets go of a Reader and a Writer
// once they are dropped, and of their connections: its registrations go
// with them.
func TestContextLetsGoOfDroppedPeers(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	client, server := tcpPair(t)
	type conn struct{ net.Conn } // a wrapper of its own, to see it collected
	collected := make(chan string, 2)
	func() {
		out, in := &conn{client}, &conn{server}
		runtime.AddCleanup(out, func(s string) { collected <- s }, "the writer's connection")
		runtime.AddCleanup(in, func(s string) { collected <- s }, "the reader's connection")
		require.NoError(t, mustWriter(t, out).PutVarContext(ctx, 1))
		var v int
		require.NoError(t, mustReader(t, in).GetVarContext(ctx, &v))
		assert.Equal(t, 1, v)
	}()
	timeout := time.After(10 * time.Second)
	for left := 2; left > 0; {
		runtime.GC()
		select {
		case <-collected:
			left--
		case <-time.After(10 * time.Millisecond):
		case <-timeout:
			t.Fatalf("%d connections kept by the context", left)
		}
	}
}
