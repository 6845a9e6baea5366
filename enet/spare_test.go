package enet

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A packet sent whole takes the command and the copy of one done with:
// a reliable one once acknowledged, an unreliable one once sent. A
// fragment's, which share their packet's copy, are not kept.
func TestSendReusesSpares(t *testing.T) {
	for name, flags := range map[string]Flag{"reliable": Reliable, "unsequenced": Unsequenced, "unreliable": 0} {
		t.Run(name, func(t *testing.T) {
			_, client, sp, cp := pair(t, 1)
			// spares returns the commands kept, once nothing is in flight.
			spares := func() []*outgoing {
				client.mu.Lock()
				defer client.unlock()
				if len(cp.sentReliable) > 0 {
					return nil
				}
				return append([]*outgoing(nil), client.spares...)
			}
			require.NoError(t, cp.Send(0, []byte("first"), flags))
			assert.Equal(t, "first", string(receive(t, sp).Data))
			var kept []*outgoing
			require.Eventually(t, func() bool { kept = spares(); return len(kept) > 0 }, 5*time.Second, time.Millisecond, "the command kept")
			last := kept[len(kept)-1]

			require.NoError(t, cp.Send(0, []byte("second"), flags))
			assert.Equal(t, "second", string(receive(t, sp).Data))
			require.Eventually(t, func() bool { return len(spares()) == len(kept) }, 5*time.Second, time.Millisecond, "the command kept again")
			client.mu.Lock()
			assert.Equal(t, "second", string(last.cmd.payload[:len("second")]), "the command and copy the first send left carried the second")
			client.unlock()

			big := make([]byte, 3*defaultMTU)
			require.NoError(t, cp.Send(0, big, flags|Reliable))
			assert.Len(t, receive(t, sp).Data, len(big))
			require.Eventually(t, func() bool { return spares() != nil }, 5*time.Second, time.Millisecond, "the fragments acknowledged")
			assert.Len(t, spares(), len(kept), "no fragment kept")
		})
	}
}
