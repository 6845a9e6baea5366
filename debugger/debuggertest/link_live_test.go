package debuggertest_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/netsim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The corpus's 2D shooter, its host and two clients in lockstep, each
// client joined through a link of frames by the game's own create_client:
// one clean, one at 150 ms ± 20 ms each way with 5 % loss. The clean
// client's ship moved by its input for 30 frames, the host has it where
// the input said; the slow client sees it there later than the clean one
// by about the latency in frames (150 ms is 9 at 60), and the links
// counted what they delayed and lost.
func TestLiveLinks(t *testing.T) {
	godot.HoldPort(t, "udp", "8080") // the game's host's ENet port (network_manager.gd)
	dir := debuggertest.Project(t, filepath.Join("..", "..", "testdata", "projects", "BatteryAcid__godot-authority-2"))
	games := make([]*debuggertest.Game, 3)
	for i := range games {
		games[i] = debuggertest.Start(t, dir, debuggertest.Args("--fixed-fps", "60"), debuggertest.HoldFromStart(int64(i+1)))
	}
	host, clean, slow := games[0], games[1], games[2]
	cleanLink := debuggertest.Link(t, "127.0.0.1:8080", netsim.Options{FPS: 60, Seed: 1})
	slowFaults := netsim.Faults{Delay: 140 * time.Millisecond, Jitter: 20 * time.Millisecond, Loss: 0.05}
	slowLink := debuggertest.Link(t, "127.0.0.1:8080", netsim.Options{FPS: 60, Seed: 2, Up: slowFaults, Down: slowFaults})
	links := []*netsim.Proxy{cleanLink, slowLink}

	host.Call(hostButton, "emit_signal", "pressed")
	debuggertest.LockstepWith(t, 10, links, games...)
	for i, c := range []*debuggertest.Game{clean, slow} {
		c.Call("/root/NetworkManager", "load_game_scene")
		c.Call("/root/NetworkManager", "create_client", "127.0.0.1", int64(links[i].Addr().Port))
		joined := func() bool { return host.Evaluate(players+".get_child_count()") == int64(i+2) }
		for range 180 {
			if debuggertest.LockstepWith(t, 1, links, games...); joined() {
				break
			}
		}
		require.True(t, joined(), "client %d joined through its link", i+1)
	}
	debuggertest.LockstepWith(t, 60, links, games...) // the slow client's view caught up
	ship := players + ".get_child(1).position"        // the clean client's, everywhere
	before := shipAt(t, host, ship)

	clean.Action("right", debugger.Down)
	debuggertest.LockstepWith(t, 30, links, games...)
	clean.Action("right", debugger.Up)
	// Each game's view of the ship, a frame at a time from the release:
	// when each comes to rest where the host's does.
	watched := []*debuggertest.Game{host, clean, slow}
	views := make([][]gdvar.Vector2, len(watched))
	for range 90 {
		for i, g := range watched {
			views[i] = append(views[i], shipAt(t, g, ship))
		}
		debuggertest.LockstepWith(t, 1, links, games...)
	}
	at := views[0][len(views[0])-1]
	require.Greater(t, at.X, before.X+50, "the host moved it, as the clean client's input said")
	rest := make([]int, len(watched)) // the first frame from which each view stays at
	for i, v := range views {
		for rest[i] = len(v); rest[i] > 0 && v[rest[i]-1] == at; rest[i]-- {
		}
		require.Less(t, rest[i], len(v), "game %d saw the ship where the host has it", i)
	}
	later := rest[2] - rest[1]
	t.Logf("at rest %d frames after the release on the host, %d on the clean client, %d on the slow one: %d frames later", rest[0], rest[1], rest[2], later)
	assert.LessOrEqual(t, rest[1]-rest[0], 3, "the clean client: a frame of its link, and the replication's")
	assert.GreaterOrEqual(t, later, 7, "about 150 ms later: 9 frames at 60")
	assert.LessOrEqual(t, later, 20)
	s := slowLink.Stats()
	t.Logf("the slow link: %s", linkCounts(s))
	assert.NotZero(t, s.Down.Delayed.Datagrams)
	assert.NotZero(t, s.Up.Lost.Datagrams+s.Down.Lost.Datagrams, "5 %% of hundreds lost")
	assert.Zero(t, cleanLink.Stats().Down.Lost.Datagrams)
}

// linkCounts says what a link did each way.
func linkCounts(s netsim.Stats) string {
	return fmt.Sprintf("up: %d received, %d delayed, %d lost; down: %d received, %d delayed, %d lost",
		s.Up.Received.Datagrams, s.Up.Delayed.Datagrams, s.Up.Lost.Datagrams,
		s.Down.Received.Datagrams, s.Down.Delayed.Datagrams, s.Down.Lost.Datagrams)
}
