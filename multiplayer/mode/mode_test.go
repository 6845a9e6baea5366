package mode

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each mode is named as @rpc or the editor names it, and numbered as the
// engine numbers it: the zero values are Authority (@rpc's default),
// Unreliable and ReplicateNever (the engine's zeros), so that a bare
// @rpc is Reliable only when it says so.
func TestModes(t *testing.T) {
	tests := []struct {
		mode   interface{ String() string }
		name   string
		engine int64
	}{
		{RPC(0), "authority", 2},
		{AnyPeer, "any_peer", 1},
		{Disabled, "disabled", 0},
		{RPC(3), "RPC(3)", 0},
		{Transfer(0), "unreliable", 0},
		{UnreliableOrdered, "unreliable_ordered", 1},
		{Reliable, "reliable", 2},
		{Transfer(3), "Transfer(3)", 3},
		{Replication(0), "never", 0},
		{ReplicateAlways, "always", 1},
		{ReplicateOnChange, "on_change", 2},
		{Replication(3), "Replication(3)", 3},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.name, tt.mode.String())
		var engine int64
		switch m := tt.mode.(type) {
		case RPC:
			engine = m.EngineValue()
		case Transfer:
			engine = int64(m)
		case Replication:
			engine = int64(m)
		}
		assert.Equal(t, tt.engine, engine, tt.name)
	}
	for n := int64(-1); n <= 3; n++ {
		m, ok := RPCFromEngine(n)
		assert.Equal(t, n >= 0 && n <= 2, ok, n)
		if ok {
			assert.Equal(t, n, m.EngineValue(), m.String())
		}
	}
}
