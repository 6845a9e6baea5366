package debuggertest_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/netip"
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
// counted what they delayed and lost. The session, recorded, replays
// twice, links and all: to the same views at the same frames up to the
// joins, and after them but where ENet's own timers, on the wall clock,
// change what crosses the links (a resend, a ping, its throttle: see
// docs/debugger.md).
func TestLiveLinks(t *testing.T) {
	godot.HoldPort(t, "udp", "8080") // the game's host's ENet port (network_manager.gd)
	dir := debuggertest.Project(t, filepath.Join("..", "..", "testdata", "projects", "BatteryAcid__godot-authority-2"))
	var file bytes.Buffer
	rec := debugger.NewRecorder(&file)
	games := make([]*debuggertest.Game, 3)
	for i := range games {
		games[i] = debuggertest.Start(t, dir, debuggertest.Args("--fixed-fps", "60"), debuggertest.HoldFromStart(int64(i+1)))
		games[i].Record(rec, []string{"host", "clean", "slow"}[i])
	}
	host, clean, slow := games[0], games[1], games[2]
	cleanLink := debuggertest.Link(t, debugger.LinkSpec{Network: "udp", Server: "127.0.0.1:8080", FPS: 60, Seed: 1})
	slowLink := debuggertest.Link(t, debugger.LinkSpec{Network: "udp", Server: "127.0.0.1:8080", FPS: 60, Seed: 2})
	slowFaults := netsim.Faults{Delay: 140 * time.Millisecond, Jitter: 20 * time.Millisecond, Loss: 0.05}
	require.NoError(t, rec.AddLink("clean", cleanLink))
	require.NoError(t, rec.AddLink("slow", slowLink))
	for _, dir := range []netsim.Direction{netsim.Up, netsim.Down} {
		require.NoError(t, slowLink.SetFaults(dir, slowFaults))
	}
	links := []*debugger.Link{cleanLink, slowLink}

	host.Call(hostButton, "emit_signal", "pressed")
	debuggertest.LockstepWith(t, 10, links, games...)
	for i, c := range []*debuggertest.Game{clean, slow} {
		c.Call("/root/NetworkManager", "load_game_scene")
		c.Call("/root/NetworkManager", "create_client", "127.0.0.1", linkPort(t, links[i]))
		joined := func() bool { return host.Evaluate(players+".get_child_count()") == int64(i+2) }
		for range 180 {
			if debuggertest.LockstepWith(t, 1, links, games...); joined() {
				break
			}
		}
		require.True(t, joined(), "client %d joined through its link", i+1)
	}
	// Every game has the three ships: a spawn the slow link lost is sent
	// again when ENet's timer, on the wall clock, says so.
	everywhere := func() bool {
		for _, g := range games {
			if g.Evaluate(players+".get_child_count()") != int64(3) {
				return false
			}
		}
		return true
	}
	for range 600 {
		if debuggertest.LockstepWith(t, 1, links, games...); everywhere() {
			break
		}
	}
	require.True(t, everywhere(), "every game has every ship")
	debuggertest.LockstepWith(t, 30, links, games...) // the slow client's view caught up
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

	require.NoError(t, rec.Close())
	for _, g := range games {
		g.Close()
	}
	cleanLink.Close()
	slowLink.Close()
	t.Logf("recorded %d steps, %d bytes", rec.Steps(), file.Len())
	rp, err := debugger.ReadReplay(bytes.NewReader(file.Bytes()))
	require.NoError(t, err)
	joining := 0 // the line of the first client's create_client
	for _, st := range rp.Steps {
		if st.Op == debugger.OpCall && st.Method == "create_client" && joining == 0 {
			joining = st.Line
		}
	}
	for run := range 2 {
		var replayed []*debuggertest.Game
		err := rp.Play(t.Context(), func(_ context.Context, _ string, seed int64) (*debugger.Session, error) {
			g := debuggertest.Start(t, dir, debuggertest.Args("--fixed-fps", "60"), debuggertest.HoldFromStart(seed))
			replayed = append(replayed, g)
			return g.Session, nil
		})
		for _, g := range replayed {
			g.Close()
		}
		if m, ok := errors.AsType[*debugger.Mismatch](err); ok {
			// ENet's timers: what crossed the links from the joins on.
			t.Logf("replay %d: the first view that differs, of %d steps: %v", run+1, len(rp.Steps), m)
			assert.Greater(t, m.Line, joining, "the links made again, the games the same up to the joins")
			assert.Contains(t, m.What, "the value of", "a view that differs, not a step refused")
			continue
		}
		require.NoError(t, err)
		t.Logf("replay %d matched every view", run+1)
	}
}

// linkPort is the port a link listens on.
func linkPort(t *testing.T, l *debugger.Link) int64 {
	addr, err := netip.ParseAddrPort(l.Addr())
	require.NoError(t, err)
	return int64(addr.Port())
}

// linkCounts says what a link did each way.
func linkCounts(s netsim.Stats) string {
	return fmt.Sprintf("up: %d received, %d delayed, %d lost; down: %d received, %d delayed, %d lost",
		s.Up.Received.Datagrams, s.Up.Delayed.Datagrams, s.Up.Lost.Datagrams,
		s.Down.Received.Datagrams, s.Down.Delayed.Datagrams, s.Down.Lost.Datagrams)
}

// Over WebSocket (a TCP link, which delays and jitters but loses
// nothing), on a corpus game whose clients own their players: the client
// joined through a link of 150 ms ± 20 ms each way, its player moved by
// its input, the host sees it move about 9 frames later. The session,
// recorded, replays twice to the same views at the same frames: a
// WebSocket has no timer of its own, so nothing runs on the wall clock.
func TestLiveLinksWebSocketReplay(t *testing.T) {
	godot.HoldPort(t, "tcp", "9999") // the game's port (main.gd)
	dir := debuggertest.Project(t, filepath.Join("..", "..", "testdata", "projects", "Ultraegern__godot-multiplayer-example"))
	args := debuggertest.Args("--fixed-fps", "60")
	var file bytes.Buffer
	rec := debugger.NewRecorder(&file)
	host := debuggertest.Start(t, dir, args, debuggertest.HoldFromStart(1))
	client := debuggertest.Start(t, dir, args, debuggertest.HoldFromStart(2))
	host.Record(rec, "host")
	client.Record(rec, "client")
	link := debuggertest.Link(t, debugger.LinkSpec{Network: "tcp", Server: "127.0.0.1:9999", FPS: 60, Seed: 1})
	require.NoError(t, rec.AddLink("client", link))
	slow := netsim.Faults{Delay: 140 * time.Millisecond, Jitter: 20 * time.Millisecond}
	for _, dir := range []netsim.Direction{netsim.Up, netsim.Down} {
		require.NoError(t, link.SetFaults(dir, slow))
	}
	links := []*debugger.Link{link}

	host.Call("/root/Main", "host_server", int64(9999), int64(1)) // 1: its WebSocket backend
	debuggertest.LockstepWith(t, 5, links, host, client)
	client.Call("/root/Main", "join_server", linkPort(t, link), "127.0.0.1", int64(1))
	joined := func() bool { return host.Evaluate(`get_node("/root/Main").get_child_count()`) == int64(3) }
	for range 240 {
		if debuggertest.LockstepWith(t, 1, links, host, client); joined() {
			break
		}
	}
	require.True(t, joined(), "the client joined through its link")
	debuggertest.LockstepWith(t, 30, links, host, client)         // its player spawned on it too
	const player = `get_node("/root/Main").get_child(2).position` // the client's, on both
	client.Action("right", debugger.Down)
	moved := make([]int, 2) // the frame each game first saw the player move
	start := []gdvar.Vector2{shipAt(t, host, player), shipAt(t, client, player)}
	for frame := 1; frame <= 40; frame++ {
		debuggertest.LockstepWith(t, 1, links, host, client)
		for i, g := range []*debuggertest.Game{host, client} {
			if moved[i] == 0 && shipAt(t, g, player) != start[i] {
				moved[i] = frame
			}
		}
	}
	client.Action("right", debugger.Up)
	debuggertest.LockstepWith(t, 20, links, host, client)
	t.Logf("the player moved on the client at frame %d, on the host at %d", moved[1], moved[0])
	require.NotZero(t, moved[1], "the client moved its player")
	require.NotZero(t, moved[0], "the host saw it move")
	assert.GreaterOrEqual(t, moved[0]-moved[1], 8, "about 150 ms later: 9 frames at 60")
	assert.LessOrEqual(t, moved[0]-moved[1], 14)

	require.NoError(t, rec.Close())
	host.Close()
	client.Close()
	link.Close()
	t.Logf("recorded %d steps, %d bytes", rec.Steps(), file.Len())
	for run := range 2 {
		replayed := debuggertest.Replay(t, dir, bytes.NewReader(file.Bytes()), args)
		for _, g := range replayed {
			g.Close()
		}
		t.Logf("replay %d matched every view", run+1)
	}
}
