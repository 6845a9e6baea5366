package multiplayer

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A call to every peer reaches those there are, as rpc() does: before
// this side serves, or serving with no one joined, it sends nothing and
// is no error, its CallLocal handler running as peer 1's (the engine's
// OfflineMultiplayerPeer). A peer named, or a closed side, is still an
// error.
func TestCallWithNobody(t *testing.T) {
	m := MustNew()
	main := m.Node("Main", Method{Name: "local", Mode: mode.AnyPeer, CallLocal: true}, Method{Name: "remote"})
	var from []PeerID
	main.Handle("local", func(c *Call) { from = append(from, c.From) })
	for _, c := range []struct {
		to     PeerID
		method string
		err    error
	}{
		{AllPeers, "remote", nil},
		{-2, "remote", nil},
		{AllPeers, "local", nil},
		{ServerID, "local", nil},
		{2, "remote", ErrClosed},
	} {
		err := main.Call(c.to, c.method)
		if c.err == nil {
			assert.NoError(t, err, "%d %s before serving", c.to, c.method)
		} else {
			assert.ErrorIs(t, err, c.err, "%d %s before serving", c.to, c.method)
		}
	}
	assert.Equal(t, []PeerID{ServerID, ServerID}, from, "the CallLocal handler, as peer 1")
	serve(t, m)
	assert.NoError(t, main.Call(AllPeers, "remote"), "serving, no one joined")
	closed := MustNew()
	require.NoError(t, closed.Close())
	assert.ErrorIs(t, closed.Node("Main", Method{Name: "remote"}).Call(AllPeers, "remote"), ErrClosed, "closed")
}

// A CallLocal method with no handler on this side is no error when the
// call went to the peers too (the game's handler is often the clients'
// alone); called on this side alone, it is.
func TestCallLocalWithoutHandler(t *testing.T) {
	m := MustNew()
	main := m.Node("Main", Method{Name: "shown", Mode: mode.AnyPeer, CallLocal: true, Transfer: mode.Reliable})
	c := fakeConn(m)
	admitFake(m, c)
	assert.NoError(t, main.Call(AllPeers, "shown", 1))
	assert.NotZero(t, fakeLink(c).queued, "the peer was sent the call")
	assert.NoError(t, main.Call(-3, "shown", 1), "every peer but another")
	assert.ErrorIs(t, main.Call(ServerID, "shown", 1), ErrUnknownMethod, "this side alone")
}

// A client refused each of its calls (an authority method it does not
// own) makes its server report the first, then, at the interval's end,
// one RepeatedError counting the others: not a line a packet. With an
// interval of 0 every error is reported.
func TestRepeatedErrorsSummed(t *testing.T) {
	const calls = 300
	for _, c := range []struct {
		name     string
		interval time.Duration
		reported int
	}{
		{"summed", 200 * time.Millisecond, 2},
		{"every one", 0, calls},
	} {
		t.Run(c.name, func(t *testing.T) {
			server := MustNew(WithErrorInterval(c.interval))
			client := MustNew()
			server.Node("Main", Method{Name: "owned", Transfer: mode.Reliable})
			main := client.Node("Main", Method{Name: "owned", Transfer: mode.Reliable})
			errs := make(chan error, 2*calls)
			server.OnError(func(err error) { errs <- err })
			port := serve(t, server)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			require.NoError(t, client.Connect(ctx, "ws://127.0.0.1:"+port))
			defer client.Close()
			for range calls {
				require.NoError(t, main.Call(ServerID, "owned"))
			}
			var got []error
			refused := 0
			for refused < calls {
				select {
				case err := <-errs:
					got = append(got, err)
					require.ErrorIs(t, err, ErrNotAllowed)
					refused++
					if re, ok := errors.AsType[*RepeatedError](err); ok {
						refused += re.Count - 1
						assert.Equal(t, c.interval, re.Interval)
					}
				case <-ctx.Done():
					t.Fatalf("%d of %d calls reported refused: %v", refused, calls, got)
				}
			}
			assert.Len(t, got, c.reported, "%v", got)
			var pe *PeerError
			require.ErrorAs(t, got[len(got)-1], &pe)
			assert.Equal(t, client.ID(), pe.Peer)
		})
	}
}

// errorLimiter keeps runs apart by peer and kind, reports a connection's
// end and errors of no limited kind at once, sums up what is left when
// closed, and reports anything after.
func TestErrorLimiter(t *testing.T) {
	var got []string
	l := newErrorLimiter(time.Hour, func(p PeerID, err error) { got = append(got, (&PeerError{Peer: p, Err: err}).Error()) })
	l.report(2, ErrNotAllowed)
	l.report(2, ErrNotAllowed)
	l.report(3, ErrNotAllowed)
	l.report(2, ErrUnknownNode)
	l.report(2, ErrUnknownNode)
	l.report(2, ErrUnknownNode)
	l.report(2, errors.New("a handler's"))
	l.report(2, errors.New("a handler's"))
	l.report(2, errors.Join(ErrDisconnected, ErrMalformed))
	l.close()
	l.report(2, ErrNotAllowed)
	want := []string{
		"peer 2: multiplayer: remote call not allowed",
		"peer 3: multiplayer: remote call not allowed",
		"peer 2: multiplayer: unknown node",
		"peer 2: a handler's",
		"peer 2: a handler's",
		"peer 2: multiplayer: peer dropped\nmultiplayer: malformed packet",
	}
	require.Len(t, got, len(want)+3)
	assert.Equal(t, want, got[:len(want)])
	assert.ElementsMatch(t, []string{
		"peer 2: 1 more errors like this one in 1h0m0s: multiplayer: remote call not allowed",
		"peer 2: 2 more errors like this one in 1h0m0s: multiplayer: unknown node",
	}, got[len(want):len(want)+2], "summed up when closed")
	assert.Equal(t, "peer 2: multiplayer: remote call not allowed", got[len(got)-1], "after closing")
}

func TestWithErrorIntervalRange(t *testing.T) {
	_, err := New(WithErrorInterval(-time.Second))
	assert.Error(t, err)
}
