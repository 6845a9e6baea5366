package multiplayer

import (
	"math"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An option out of range fails New, with an error that matches
// gdvar.ErrInvalidOption and names it (the first invalid one of a list),
// before anything is served or connected.
func TestOptionsOutOfRange(t *testing.T) {
	for _, c := range []struct {
		name string
		opt  Option
	}{
		{"WithMaxPacketSize", WithMaxPacketSize(15)},
		{"WithRateLimit", WithRateLimit(0, 1)},
		{"WithRateLimit", WithRateLimit(1, 0)},
		{"WithRateLimit", WithRateLimit(1e-12, 1)}, // a wait past time.Duration: no limit at all
		{"WithRateLimit", WithRateLimit(math.NaN(), 1)},
		{"WithSendQueue", WithSendQueue(DefaultMaxPacket - 1)},
		{"WithWriteTimeout", WithWriteTimeout(0)},
		{"WithSocketSendBuffer", WithSocketSendBuffer(-1)},
		{"WithMaxPeers", WithMaxPeers(0)},
		{"WithIdleTimeout", WithIdleTimeout(0)},
		{"WithIdleTimeout", WithIdleTimeout(time.Nanosecond)}, // too short to ping in
		{"WithReadTimeout", WithReadTimeout(-time.Second)},
		{"WithAuthTimeout", WithAuthTimeout(0)},
		{"WithReplicationTick", WithReplicationTick(time.Millisecond - 1)},
		{"WithReadPace", WithReadPace(-time.Nanosecond)},
		{"WithReadPace", WithReadPace(time.Second + 1)},
	} {
		m, err := New(WithMaxPeers(8), c.opt, WithMaxPacketSize(0))
		assert.Nil(t, m, c.name)
		assert.ErrorIs(t, err, gdvar.ErrInvalidOption, c.name)
		assert.EqualError(t, err, "gdvar: invalid option: multiplayer."+c.name+" out of range", "the first invalid option")
		assert.Panics(t, func() { MustNew(c.opt) }, c.name)
	}
}

// The Codec given WithCodec decodes the calls' arguments: a full Object,
// which gdvar refuses by default, reaches the handler of a Multiplayer
// whose Codec allows objects, and is refused by another.
func TestWithCodec(t *testing.T) {
	objects := gdvar.MustCodec(gdvar.AllowObjects(true))
	node := gdvar.Object{Class: "Node", Properties: []gdvar.Property{{Name: "name", Value: "n"}}}
	arg, err := AppendArg(nil, node, objects)
	require.NoError(t, err)
	_, _, err = ReadArg(nil, arg, nil)
	require.ErrorIs(t, err, gdvar.ErrObjectsNotAllowed, "the default Codec")
	for _, tt := range []struct {
		name  string
		codec *gdvar.Codec
		want  error
	}{
		{"objects allowed", objects, nil},
		{"the default", nil, gdvar.ErrObjectsNotAllowed},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := MustNew(WithCodec(tt.codec))
			main := m.Node("/root/Main", Method{Name: "take", Mode: mode.AnyPeer})
			var got gdvar.Object
			Handle1(main, "take", func(_ *Call, o gdvar.Object) error { got = o; return nil })
			err := m.route(fakeConn(m), appendCall(nil, 0, "Main", 0, false, 1, arg), reliably)
			if tt.want != nil {
				assert.ErrorIs(t, err, tt.want)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, node, got)
		})
	}
}

// The defaults carry a game of 100 players at 60 Hz: each client sends a
// sync to the server and a relay to each other peer every tick, and a
// call, and the rate never makes the server wait to read it, for ten
// seconds of the game's time (the old default, 2000 a second, did after
// one). Each relayed sync fits the peer's send queue for over a second.
func TestDefaultsFitAGame(t *testing.T) {
	const players, hz, seconds = 100, 60, 10
	m := MustNew()
	c := m.newConn(2)
	c.paced = time.NewTimer(time.Hour) // pace would Reset it to wait
	for tick := range seconds * hz {
		c.last = time.Now().Add(-time.Second / hz) // a tick went by
		for range players + 1 {
			assert.True(t, c.pace())
		}
		if !assert.GreaterOrEqual(t, c.tokens, 0.0, "tick %d", tick) {
			break
		}
	}
	assert.True(t, c.paced.Stop(), "never reset: the rate never waited")
	sync := make([]byte, sysSize+40) // a relayed sync of a Vector3 and a float
	assert.Greater(t, int64(m.cfg.sendQueue)/queueCost(sync), int64(players*hz))
}
