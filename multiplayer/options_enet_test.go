package multiplayer_test

import (
	"context"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/stretchr/testify/assert"
)

// A Multiplayer over ENet takes the host's settings its own options make
// from them alone, and enet refuses a value out of range rather than
// clamp it.
func TestENetOptionsOneSpelling(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := multiplayer.MustNew().ListenAndServeENet(ctx, "127.0.0.1:0", enet.WithMaxPeers(8))
	assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
	assert.ErrorContains(t, err, "multiplayer.WithMaxPeers")
	err = multiplayer.MustNew().ConnectENet(ctx, "127.0.0.1:1", enet.WithMaxSendQueue(1<<20))
	assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
	assert.ErrorContains(t, err, "multiplayer.WithSendQueue")
	for _, o := range []enet.Option{enet.WithMaxPeers(0), enet.WithMTU(100), enet.WithTick(0), enet.WithBusyPoll(time.Second), enet.WithCompression(99)} {
		_, err := enet.Listen("udp", "127.0.0.1:0", o)
		assert.ErrorIs(t, err, enet.ErrInvalidOption, o.Name())
	}
}
