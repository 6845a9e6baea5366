package loadtest

import (
	"testing"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/stretchr/testify/assert"
)

// Each node's syncs are delivered up to what it promised since it came,
// over its seconds: syncs that come a second early or late (jitter) are
// all delivered, those past its rate are not, nor do they make up for
// the seconds it owed over a second ago.
func TestDeliverPerNode(t *testing.T) {
	for _, tc := range []struct {
		name      string
		perSecond []int64 // the syncs received each second, promised 30 a second
		want      int64   // delivered over them
	}{
		{"at its rate", []int64{30, 30, 30, 30}, 120},
		{"jittered", []int64{28, 32, 31, 29}, 120},
		{"a second late", []int64{0, 60, 30, 30}, 120},
		{"a second early", []int64{60, 0, 30, 30}, 120},
		{"two seconds late: the first second's lost", []int64{0, 0, 90, 30}, 91},
		{"ten times its rate after none", []int64{0, 0, 0, 300}, 61},
		{"ten times its rate", []int64{300, 300, 300, 300}, 121},
		{"none", []int64{0, 0, 0, 0}, 0},
		{"half", []int64{15, 15, 15, 15}, 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &bot{nodes: map[*multiplayer.Object]*nodeSeen{}}
			o := new(multiplayer.Object)
			b.nodes[o] = &nodeSeen{}
			var got int64
			for _, n := range tc.perSecond {
				b.nodes[o].syncs += n
				got += b.deliver(o, 30)
			}
			assert.Equal(t, tc.want, got)
		})
	}
	b := &bot{nodes: map[*multiplayer.Object]*nodeSeen{}}
	assert.Zero(t, b.deliver(new(multiplayer.Object), 30), "a node not seen (despawned)")
}
