package multiplayer

import (
	"github.com/gdvar/gdvar/multiplayer/mode"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
)

// deltaMasks ticks m until it sends c a DELTA, at most three times,
// confirming the paths m simplifies for c, and returns which watched
// properties each synchronizer's state in that DELTA holds.
func deltaMasks(t *testing.T, m *Multiplayer, c *conn) []uint64 {
	t.Helper()
	for range 3 {
		m.repl.tick()
		var masks []uint64
		for _, p := range drain(c) {
			switch {
			case p[0]&cmdMask == cmdSimplifyPath:
				_, id, _, err := parseSimplify(nil, p)
				require.NoError(t, err)
				require.NoError(t, m.route(c, appendConfirm(nil, true, id), reliably))
			case p[0] == cmdSync|deltaFlag:
				r, err := readSync(nil, p)
				require.NoError(t, err)
				for {
					st, ok, err := r.next()
					require.NoError(t, err)
					if !ok {
						break
					}
					masks = append(masks, st.changed)
				}
			}
		}
		if masks != nil {
			return masks
		}
	}
	return nil
}

// TestStaticDeltaWhenShown: a synchronizer of the game's own scene that
// becomes visible to a peer, shown again after it was hidden or seen by a
// peer that joins, sends that peer every OnChange property in its next
// DELTA, as the engine does: it erases the peer's last_watch_usecs of a
// synchronizer it hides, and a peer with none is sent every watched
// property. One still visible is sent what changed.
func TestStaticDeltaWhenShown(t *testing.T) {
	const both, score = 0b11, 0b01
	for _, tc := range []struct {
		name string
		// change does what the case says, after the node's properties
		// were sent to peer 2 and its score changed since; it returns the
		// peer whose next DELTA is checked.
		change func(m *Multiplayer, ball *Object, hidden *atomic.Bool) *conn
		want   uint64
	}{
		{"still visible", func(m *Multiplayer, _ *Object, _ *atomic.Bool) *conn { return m.conns[2] }, score},
		{"hidden and shown by SetVisibility", func(m *Multiplayer, ball *Object, _ *atomic.Bool) *conn {
			ball.SetVisibility(0, false)
			ball.SetVisibility(0, true)
			return m.conns[2]
		}, both},
		{"hidden and shown by its filter and UpdateVisibility", func(m *Multiplayer, ball *Object, hidden *atomic.Bool) *conn {
			hidden.Store(true)
			ball.UpdateVisibility()
			hidden.Store(false)
			ball.UpdateVisibility()
			return m.conns[2]
		}, both},
		{"hidden by its filter for a tick", func(m *Multiplayer, _ *Object, hidden *atomic.Bool) *conn {
			hidden.Store(true)
			m.repl.tick()
			hidden.Store(false)
			return m.conns[2]
		}, both},
		{"its authority given to the peer and taken back", func(m *Multiplayer, ball *Object, _ *atomic.Bool) *conn {
			ball.SetAuthority(2)
			ball.SetAuthority(ServerID)
			return m.conns[2]
		}, both},
		{"a peer that joins", func(m *Multiplayer, _ *Object, _ *atomic.Bool) *conn {
			c := fakePeer(m, 3)
			admitFake(m, c)
			return c
		}, both},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := MustNew()
			ball := m.Synchronized("/root/Main/Ball", Synchronizer{Path: "Sync", Properties: []Property{
				{Path: propScore, Replicate: mode.ReplicateOnChange},
				{Path: propPos, Replicate: mode.ReplicateOnChange},
			}})
			var hidden atomic.Bool
			ball.SetVisibilityFilter(func(PeerID) bool { return !hidden.Load() })
			c := fakeConn(m)
			admitFake(m, c)
			require.NoError(t, ball.Set(propScore, int64(1)))
			require.NoError(t, ball.Set(propPos, gdvar.Vector2{X: 1}))
			require.Equal(t, []uint64{both}, deltaMasks(t, m, c))
			require.NoError(t, ball.Set(propScore, int64(2)))
			assert.Equal(t, []uint64{tc.want}, deltaMasks(t, m, tc.change(m, ball, &hidden)))
		})
	}
}
