package multiplayer

import (
	"context"
	"errors"
	"fmt"
	"sync"
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
// closed, and reports anything after. A sum names the last error of its
// run that was made with its detail: the bare kinds refuse hands on count
// as it.
func TestErrorLimiter(t *testing.T) {
	var got []string
	l := newErrorLimiter(time.Hour, func(p PeerID, err error) { got = append(got, (&PeerError{Peer: p, Err: err}).Error()) })
	var two, three errorRuns
	l.report(&two, 2, fmt.Errorf("%w: the first", ErrNotAllowed))
	l.report(&two, 2, ErrNotAllowed)
	l.report(&three, 3, ErrNotAllowed)
	l.report(&two, 2, ErrUnknownNode)
	l.report(&two, 2, fmt.Errorf("%w: another", ErrUnknownNode))
	l.report(&two, 2, ErrUnknownNode)
	l.report(&two, 2, errors.New("a handler's"))
	l.report(&two, 2, errors.New("a handler's"))
	l.report(&two, 2, errors.Join(ErrDisconnected, ErrMalformed))
	l.close()
	l.report(&two, 2, ErrNotAllowed)
	want := []string{
		"peer 2: multiplayer: remote call not allowed: the first",
		"peer 3: multiplayer: remote call not allowed",
		"peer 2: multiplayer: unknown node",
		"peer 2: a handler's",
		"peer 2: a handler's",
		"peer 2: multiplayer: peer dropped\nmultiplayer: malformed packet",
	}
	require.Len(t, got, len(want)+3)
	assert.Equal(t, want, got[:len(want)])
	assert.ElementsMatch(t, []string{
		"peer 2: 1 more errors like this one in 1h0m0s: multiplayer: remote call not allowed: the first",
		"peer 2: 2 more errors like this one in 1h0m0s: multiplayer: unknown node: another",
	}, got[len(want):len(want)+2], "summed up when closed, with the last error made")
	assert.Equal(t, "peer 2: multiplayer: remote call not allowed", got[len(got)-1], "after closing")
}

// A run's interval ends with its count reported, and the run goes on
// while errors come: the next interval's count is reported with the
// error the run began with. A run with nothing counted ends, and the next
// error of its kind is reported as it comes; refuse then explains it.
func TestErrorRunIntervals(t *testing.T) {
	got := make(chan error, 10)
	l := newErrorLimiter(time.Hour, func(_ PeerID, err error) { got <- err })
	var rs errorRuns
	explained := func() error { return fmt.Errorf("%w: why", ErrMalformed) }
	require.NoError(t, rs.refuse(ErrMalformed, func() error { return nil }), "explained, before a run")
	l.report(&rs, 2, explained())
	first := <-got
	assert.Same(t, ErrMalformed, rs.refuse(ErrMalformed, explained), "bare, within the run")
	l.report(&rs, 2, ErrMalformed)
	l.report(&rs, 2, ErrMalformed)
	r := rs[bareKind(ErrMalformed)].Load()
	l.end(r)
	assert.Equal(t, &RepeatedError{Err: first, Count: 2, Interval: time.Hour}, <-got)
	l.report(&rs, 2, ErrMalformed)
	l.end(r)
	assert.Equal(t, &RepeatedError{Err: first, Count: 1, Interval: time.Hour}, <-got, "the run went on")
	l.end(r)
	assert.Empty(t, got, "nothing counted")
	assert.False(t, rs.counts(ErrMalformed), "the run ended")
	require.NoError(t, rs.refuse(ErrMalformed, func() error { return nil }), "explained again")
	l.close()
}

func TestWithErrorIntervalRange(t *testing.T) {
	_, err := New(WithErrorInterval(-time.Second))
	assert.Error(t, err)
}

// A peer whose checksums of several nodes differ from ours has each node
// named: the first in OnError, the others' errors made as they come and
// the last in the interval's RepeatedError; the same node's again, by
// the hundred, are counted with no error made.
func TestChecksumErrorOfEachNode(t *testing.T) {
	var errs errorLog
	m := MustNew(WithErrorInterval(time.Hour))
	m.Node("Main", Method{Name: "a"})
	m.Node("Main/Board", Method{Name: "b"})
	m.OnError(errs.add)
	c := fakeConn(m)
	c.deliver(appendSimplify(nil, emptyChecksum, 1, "Main"), reliably)
	c.deliver(appendSimplify(nil, emptyChecksum, 2, "Main/Board"), reliably)
	for id := range uint32(100) {
		c.deliver(appendSimplify(nil, emptyChecksum, 3+id, "Main"), reliably)
	}
	m.Close()
	got := errs.get()
	require.Len(t, got, 2)
	var ce *ChecksumError
	require.ErrorAs(t, got[0], &ce)
	assert.Equal(t, "/root/Main", ce.Node)
	var re *RepeatedError
	require.ErrorAs(t, got[1], &re)
	assert.Equal(t, 101, re.Count)
	require.ErrorAs(t, re, &ce)
	assert.Equal(t, "/root/Main/Board", ce.Node, "the last node named")
}

// Errors reported from several goroutines at once, into one peer's runs
// and another's, while intervals end and the limiter closes, are each
// reported or counted once: what OnError gets, counts included, is what
// was reported.
func TestErrorLimiterConcurrent(t *testing.T) {
	const goroutines, each = 4, 2000
	var mu sync.Mutex
	total := 0
	l := newErrorLimiter(time.Millisecond, func(_ PeerID, err error) {
		mu.Lock()
		defer mu.Unlock()
		if re, ok := errors.AsType[*RepeatedError](err); ok {
			total += re.Count
		} else {
			total++
		}
	})
	var shared, other errorRuns
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			rs := &shared
			if g%2 == 1 {
				rs = &other
			}
			for i := range each {
				kind := limitedKinds[i%3]
				if i%100 == 0 {
					l.report(rs, 2, fmt.Errorf("%w: %d", kind, i))
				} else {
					l.report(rs, 2, rs.refuse(kind, func() error { return fmt.Errorf("%w: %d", kind, i) }))
				}
				if g == 0 && i == each/2 {
					l.close()
				}
			}
		})
	}
	wg.Wait()
	l.close()
	counted := func() int {
		mu.Lock()
		defer mu.Unlock()
		return total
	}
	// An interval's end may be reporting still, its count taken.
	for deadline := time.Now().Add(10 * time.Second); counted() < goroutines*each && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	assert.Equal(t, goroutines*each, counted())
}
