package debugger

import (
	"bytes"
	"context"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/netsim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// udpServer is a UDP server on a free loopback port, closed with the
// test.
func udpServer(t *testing.T) *net.UDPConn {
	c, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

// A recorded link's file holds how it was made, its conditions before
// (at frame 0) and as they changed, and each Step, at the link's frame;
// the file reads back, and plays: the link made again where it listened.
func TestRecorderRecordsLinks(t *testing.T) {
	server := udpServer(t)
	l, err := NewLink(LinkSpec{Network: "udp", Server: server.LocalAddr().String(), FPS: 60, Seed: 3})
	require.NoError(t, err)
	slow := netsim.Faults{Delay: 150 * time.Millisecond, Jitter: 20 * time.Millisecond, Loss: 0.05}
	require.NoError(t, l.SetFaults(netsim.Down, slow))
	var file bytes.Buffer
	rec := NewRecorder(&file)
	require.NoError(t, rec.AddLink("client", l))
	require.NoError(t, l.Step(2))
	require.NoError(t, l.SetFaults(netsim.Up, netsim.Faults{Cut: true}))
	require.NoError(t, l.Step(1))
	require.NoError(t, rec.Close())
	require.NoError(t, l.Step(1), "no longer recorded")
	require.NoError(t, l.Close())

	lines := strings.Split(strings.TrimSpace(file.String()), "\n")
	want := []string{
		`{"gdvar_replay":1}`,
		`{"frame":0,"link":"client","op":"link","seed":3,"fps":60,"network":"udp","server":"` + server.LocalAddr().String() + `","listen":"` + l.Addr() + `"}`,
		`{"frame":0,"link":"client","op":"net","dir":"down","faults":{"delay":"150ms","jitter":"20ms","loss":0.05}}`,
		`{"frame":0,"link":"client","op":"step","frames":2}`,
		`{"frame":2,"link":"client","op":"net","dir":"up","faults":{"cut":true}}`,
		`{"frame":2,"link":"client","op":"step","frames":1}`,
	}
	assert.Equal(t, want, lines)

	rp, err := ReadReplay(bytes.NewReader(file.Bytes()))
	require.NoError(t, err)
	require.Len(t, rp.Steps, 5)
	f, err := rp.Steps[1].Faults.faults()
	require.NoError(t, err)
	assert.Equal(t, slow, f)
	noGames := func(context.Context, string, int64) (*Session, error) {
		t.Fatal("no game to launch")
		return nil, nil
	}
	require.NoError(t, rp.Play(t.Context(), noGames))

	taken, err := net.ListenUDP("udp4", net.UDPAddrFromAddrPort(mustAddrPort(t, l.Addr())))
	require.NoError(t, err)
	defer taken.Close()
	err = rp.Play(t.Context(), noGames)
	assert.ErrorContains(t, err, "line 2, link client, frame 0: link: making the link again, listening on "+l.Addr()+" as recorded")
}

// A link a replay could not make again as it was is not recorded: one on
// the wall clock, one that has run frames; nor one name twice.
func TestRecorderRefusesLinks(t *testing.T) {
	server := udpServer(t).LocalAddr().String()
	rec := NewRecorder(&bytes.Buffer{})
	wall, err := NewLink(LinkSpec{Network: "udp", Server: server})
	require.NoError(t, err)
	defer wall.Close()
	assert.ErrorIs(t, rec.AddLink("wall", wall), ErrNotRecordable)
	ran, err := NewLink(LinkSpec{Network: "tcp", Server: server, FPS: 60})
	require.NoError(t, err)
	defer ran.Close()
	require.NoError(t, ran.Step(1))
	assert.ErrorContains(t, rec.AddLink("ran", ran), "the link has run 1 frames already")
	fresh, err := NewLink(LinkSpec{Network: "tcp", Server: server, FPS: 60})
	require.NoError(t, err)
	defer fresh.Close()
	require.NoError(t, rec.AddLink("fresh", fresh))
	assert.ErrorContains(t, rec.AddLink("fresh", ran), "a link named fresh is recorded already")
	assert.ErrorContains(t, rec.AddLink("other", fresh), "recorded already")
	assert.ErrorContains(t, rec.AddLink("", fresh), "want 1 to 64 bytes")
	assert.Error(t, fresh.SetFaults(netsim.Up, netsim.Faults{Loss: 0.1}), "a stream loses nothing")
	assert.Equal(t, 1, rec.Steps(), "the refused conditions not recorded")
}

// NewLink refuses what it cannot make, saying what it wants.
func TestNewLinkRefuses(t *testing.T) {
	for _, c := range []struct {
		spec LinkSpec
		want string
	}{
		{LinkSpec{Network: "udp", Server: "nowhere"}, "want the server's HOST:PORT"},
		{LinkSpec{Network: "sctp", Server: "127.0.0.1:1"}, "want udp (ENet) or tcp (WebSocket)"},
		{LinkSpec{Network: "udp", Server: "127.0.0.1:1", Listen: "x"}, "want HOST:PORT, such as 127.0.0.1:8081"},
		{LinkSpec{Network: "udp", Server: "127.0.0.1:1", FPS: -1}, "want 0 (the wall clock) or more"},
	} {
		_, err := NewLink(c.spec)
		assert.ErrorContains(t, err, c.want, "%+v", c.spec)
	}
}

// mustAddrPort is a HOST:PORT's address.
func mustAddrPort(t *testing.T, s string) netip.AddrPort {
	a, err := netip.ParseAddrPort(s)
	require.NoError(t, err)
	return a
}
