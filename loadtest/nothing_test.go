package loadtest

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
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

// A bot whose own node has a synced property with no value (the
// server's spawn carried none, nor the scenario's set) would send no
// sync, and its peers would be promised syncs never sent, a run that
// measured nothing passing as one that did: the run ends early with the
// scenario's error naming the property and the fix. With the property
// set, the same server is measured.
func TestUnsendableNodeEndsTheRun(t *testing.T) {
	if testing.Short() {
		t.Skip("two runs against a server")
	}
	// The synced-player game, its heading synced but not spawned.
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(playersProject)))
	scene := filepath.Join(dir, "player.tscn")
	b, err := os.ReadFile(scene)
	require.NoError(t, err)
	const spawned = "properties/1/spawn = true"
	require.Contains(t, string(b), spawned)
	require.NoError(t, os.WriteFile(scene, bytes.Replace(b, []byte(spawned), []byte("properties/1/spawn = false"), 1), 0o644))
	p, err := project.Open(dir)
	require.NoError(t, err)
	m := multiplayer.MustNew()
	game, err := fromproject.Declare(m, p, "res://main.tscn")
	require.NoError(t, err)
	players, err := game.Spawner("/root/Main/Spawner")
	require.NoError(t, err)
	m.OnPeerConnected(func(id multiplayer.PeerID) {
		// Spawned without its heading, which its owner sets once it is
		// there.
		player, err := players.Spawn("res://player.tscn", strconv.Itoa(int(id)), map[string]any{".:position": gdvar.Vector3{}})
		if assert.NoError(t, err) {
			player.SetAuthority(id)
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	serveUntilEnd(t, func(ctx context.Context) error { return m.Serve(ctx, ln) })

	for _, tc := range []struct {
		name, scenario string
		refused        bool
	}{
		{"heading never set", `{"tick_hz": 30, "own": "id"}`, true},
		{"heading set", `{"tick_hz": 30, "own": "id", "set": {".:heading": "0.5"}}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := ReadScenario(strings.NewReader(tc.scenario))
			require.NoError(t, err)
			const duration = 30 * time.Second
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			if tc.refused {
				ctx = context.Background()
			}
			began := time.Now()
			rep, err := Run(ctx, Config{Project: p, Scenario: sc, Addr: ln.Addr().String(),
				Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: 2, Duration: duration})
			require.NotNil(t, rep, "%v", err)
			if !tc.refused {
				require.NoError(t, err)
				assert.Positive(t, rep.Summary().SyncsPerS, "measured: %s", rep.Summary().Nothing())
				return
			}
			require.ErrorIs(t, err, ErrConfig)
			assert.Contains(t, err.Error(), `"set"`)
			assert.Contains(t, err.Error(), `".:heading" has no value`)
			assert.NotContains(t, err.Error(), `".:position"`, "the spawn carried it")
			assert.Less(t, time.Since(began), duration/2, "the run ended once a bot found it")
		})
	}
}

// Bots that get no word from the address (here a UDP socket that reads
// and never answers, as a WebSocket server's port does to ENet) say what
// to check, not "context canceled", and the run measured nothing.
func TestSilentAddressSaysWhatToCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("a run of 2 s")
	}
	silent, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer silent.Close()
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	sc, err := ReadScenario(strings.NewReader(`{"tick_hz": 30, "own": "id"}`))
	require.NoError(t, err)
	rep, err := Run(context.Background(), Config{Project: p, Scenario: sc, Addr: silent.LocalAddr().String(),
		Net: &fromproject.Net{Transport: multiplayer.ENet}, Bots: 2, Duration: 2 * time.Second})
	require.NoError(t, err)
	s := rep.Summary()
	assert.Equal(t, 0, s.Joined)
	want := "no answer from " + silent.LocalAddr().String() + " over enet: is a server up there, serving enet (-transport)?"
	assert.Equal(t, map[string]int{want: 2}, s.JoinErrors)
	assert.Equal(t, VerdictNothing, s.Verdict)
	assert.Contains(t, s.Nothing(), "none of the 2 bots joined (2: "+want+")")
}
