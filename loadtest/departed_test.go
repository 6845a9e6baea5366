package loadtest

import (
	"bytes"
	"context"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// keeperServer serves the synced-player game as a game may that keeps a
// departed player's node in its tree: a player spawned for each peer
// that joins and handed to it, never despawned.
func keeperServer(t *testing.T, p *project.Project) string {
	m := multiplayer.MustNew()
	game, err := fromproject.Declare(m, p, "res://main.tscn")
	require.NoError(t, err)
	players, err := game.Spawner("/root/Main/Spawner")
	require.NoError(t, err)
	m.OnPeerConnected(func(id multiplayer.PeerID) {
		player, err := players.Spawn("res://player.tscn", strconv.Itoa(int(id)), map[string]any{
			".:position": gdvar.Vector3{}, ".:heading": 0.0,
		})
		if assert.NoError(t, err) {
			player.SetAuthority(id)
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	serveUntilEnd(t, func(ctx context.Context) error { return m.Serve(ctx, ln) })
	return ln.Addr().String()
}

// A second run against a server that kept the first run's players
// promises only the live players' syncs: the nodes whose authority peer
// left (the server's DEL_PEER) are counted, not promised. The issue's
// run promised them all and reported 40% delivered.
func TestDepartedNodesNotPromised(t *testing.T) {
	if testing.Short() {
		t.Skip("two runs of seconds")
	}
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	addr := keeperServer(t, p)
	sc, err := ReadScenario(strings.NewReader(`{"tick_hz": 30, "own": "id"}`))
	require.NoError(t, err)
	run := func(bots int, d time.Duration) *Report {
		rep, err := Run(context.Background(), Config{Project: p, Scenario: sc, Addr: addr, Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: bots, Duration: d})
		require.NoError(t, err)
		require.Equal(t, bots, rep.Joined, "joined: %v", rep.JoinErrors)
		return rep
	}
	first := run(2, 2*time.Second)
	assert.Zero(t, first.Summary().DepartedNodes, "every player of the first run is there")

	const bots = 2
	rep := run(bots, 4*time.Second)
	s := rep.Summary()
	assert.Equal(t, 2, s.DepartedNodes, "the first run's players")
	assert.InDelta(t, bots*(bots-1)*30, steadyRates(t, rep, bots).MostPromised, 1, "each bot is promised its live peer's 30 a second")
	// Promising the departed would triple what each bot is promised (33%
	// delivered at most, 40% in the run); a machine whose cores
	// other processes take delivers less than all (72% seen, 1.98 of 2
	// cores taken), never that little.
	assert.Greater(t, s.DeliveredPct, 50.0, "delivered, of what is promised")
	var table bytes.Buffer
	rep.WriteTable(&table)
	assert.Contains(t, table.String(), "2 nodes of peers that left")
	t.Log("\n" + table.String())
}
