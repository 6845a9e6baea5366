package multiplayer

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// spawns returns the names of the nodes the packets spawn.
func spawns(t *testing.T, pkts [][]byte) []string {
	var names []string
	for _, p := range pkts {
		if p[0]&cmdMask == cmdSpawn {
			sp, err := parseSpawn(nil, p)
			require.NoError(t, err)
			names = append(names, sp.name)
		}
	}
	return names
}

// A visibility filter runs with no lock held: it may call the package
// (the Multiplayer, the node it is asked about and its spawner, another
// node's UpdateVisibility), where, run under the Multiplayer's lock, it
// deadlocked. Every way a filter is asked ends, and what it says holds:
// the node it shows to peer 2 alone is spawned there and not on peer 3.
func TestVisibilityFilterCallsTheAPI(t *testing.T) {
	m, players, c2 := replicatingServer(declarePlayers)
	ball, pad := declareStatic(m)
	var asked atomic.Int64
	filter := func(o *Object, peer PeerID) bool {
		asked.Add(1)
		var pos gdvar.Vector2
		_ = o.Get(propPos, &pos)
		_, _, _ = m.Peers(), m.ID(), o.Authority()
		_ = o.Spawner().Objects()
		return peer == 2
	}
	players.SetVisibilityFilter(filter)
	ball.SetVisibilityFilter(func(peer PeerID) bool { return filter(ball, peer) })
	pad.SetVisibilityFilter(func(peer PeerID) bool {
		ball.Spawner().UpdateVisibility() // another evaluation, from within one
		ball.UpdateVisibility()
		return filter(pad, peer)
	})
	require.NoError(t, ball.Set(propPos, gdvar.Vector2{X: 1}))
	var c3 *conn
	steps := []struct {
		name string
		do   func()
	}{
		{"a spawn", func() {
			_, err := players.Spawn(testScene, "2", map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
			require.NoError(t, err)
		}},
		{"Spawner.UpdateVisibility", players.UpdateVisibility},
		{"Object.SetVisibility", func() { ball.SetVisibility(0, true) }},
		{"Object.UpdateVisibility", pad.UpdateVisibility},
		{"a peer that joins", func() {
			c3 = fakePeer(m, 3)
			admitFake(m, c3)
		}},
		{"the replication tick, for the game's own node", func() { m.repl.tick() }},
	}
	for _, s := range steps {
		before := asked.Load()
		done := make(chan struct{})
		go func() {
			defer close(done)
			s.do()
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatalf("%s: the filter deadlocked", s.name)
		}
		assert.Greater(t, asked.Load(), before, "%s asks the filter", s.name)
	}
	assert.Equal(t, []string{"2"}, spawns(t, drain(c2)), "spawned where the filter shows it")
	assert.Empty(t, spawns(t, drain(c3)), "not where it hides it")
}

// Evaluations that run at once each apply what their filters said unless
// a later one has begun: the last begun stands, whichever ends first. An
// UpdateVisibility whose filter is slow, hiding the node, and a later one
// that shows it and ends first leave the node shown.
func TestVisibilityLastAskedStands(t *testing.T) {
	m, players, c := replicatingServer(declarePlayers)
	o, err := players.Spawn(testScene, "2", map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
	require.NoError(t, err)
	require.Equal(t, []string{"2"}, spawns(t, drain(c)))
	var first atomic.Bool
	asked, release := make(chan struct{}), make(chan struct{})
	o.SetVisibilityFilter(func(PeerID) bool {
		if first.CompareAndSwap(true, false) {
			close(asked)
			<-release // the first evaluation waits, its answer "hidden"
			return false
		}
		return true
	})
	drain(c) // the filter's own update, which showed it
	first.Store(true)
	slow := make(chan struct{})
	go func() {
		defer close(slow)
		o.UpdateVisibility()
	}()
	<-asked
	o.UpdateVisibility() // begun later, ends first: shown
	close(release)
	<-slow
	assert.Empty(t, drain(c), "neither despawned nor spawned again")
	m.repl.mu.Lock()
	defer m.repl.mu.Unlock()
	assert.True(t, m.repl.states[2].spawned[o], "shown, as the last begun said")
}
