package main

import (
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSyncStamps(t *testing.T) {
	for _, us := range []int64{0, 1, stampLow, stampLow + 1, 123_456_789_012} {
		b := syncPacket()
		require.Len(t, b, syncSize)
		stampSync(b, 7, us, 1.5)
		two := append(b, b[3:]...) // a second state after the first
		var got []int64
		require.NoError(t, syncStamps(two, func(v int64) { got = append(got, v) }))
		assert.Equal(t, []int64{us, us}, got)
	}
}

// TestSyncValues checks a sync's values against the codec: the position a
// Vector3 of whole numbers, the heading a float.
func TestSyncValues(t *testing.T) {
	b := syncPacket()
	stampSync(b, 1, 5<<stampBits|3, 0.5)
	var pos gdvar.Vector3
	_, n, err := multiplayer.ReadArg(nil, b[11:], nil)
	require.NoError(t, err)
	require.NoError(t, gdvar.Unmarshal(b[11:11+n], &pos))
	assert.Equal(t, gdvar.Vector3{X: 3, Y: 5}, pos)
	var heading float64
	require.NoError(t, gdvar.Unmarshal(b[11+n:], &heading))
	assert.Equal(t, 0.5, heading)
}

func TestSyncStampsShort(t *testing.T) {
	b := syncPacket()
	assert.Error(t, syncStamps(b[:syncSize-1], func(int64) {}))
	assert.Error(t, syncStamps(b[:2], func(int64) {}))
}

// TestMovedStamp reads t from calls of moved as a server makes them, the
// ints in their smallest widths, and the node and method ids in each width.
func TestMovedStamp(t *testing.T) {
	tests := []struct {
		name  string
		head  []byte
		t     int64
		moved bool
	}{
		{"8-bit node", []byte{cmdCall, 5, methodMoved, 3}, 1_234_567, true},
		{"16-bit node", []byte{cmdCall | 0x10, 5, 0, methodMoved, 3}, 100, true},
		{"32-bit node", []byte{cmdCall | 0x20, 5, 0, 0, 0, methodMoved, 3}, 1 << 40, true},
		{"16-bit method", []byte{cmdCall | 0x40, 5, methodMoved, 0, 3}, -3, true},
		{"another method", []byte{cmdCall, 5, methodInput, 3}, 9, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.head
			for _, v := range []any{int64(77), tt.t, gdvar.Vector3{X: 1}} {
				var err error
				b, err = multiplayer.AppendArg(b, v, nil)
				require.NoError(t, err)
			}
			got, ok, err := movedStamp(b)
			require.NoError(t, err)
			assert.Equal(t, tt.moved, ok)
			if tt.moved {
				assert.Equal(t, tt.t, got)
			}
		})
	}
}

func TestInputCall(t *testing.T) {
	b := inputCall()
	stampInput(b, 1<<41+5)
	v, n, err := multiplayer.ReadArg(nil, b[4:], nil)
	require.NoError(t, err)
	var got int64
	require.NoError(t, gdvar.Unmarshal(v, &got))
	assert.Equal(t, int64(1<<41+5), got)
	var dir gdvar.Vector3
	_, _, err = multiplayer.ReadArg(nil, b[4+n:], nil)
	require.NoError(t, err)
	require.NoError(t, gdvar.Unmarshal(b[4+n:], &dir))
}

func TestLatencyQuantiles(t *testing.T) {
	var h latencies
	for us := range int64(1000) {
		h.add(us * 100) // 0 to 99.9 ms
	}
	assert.InDelta(t, 50_000, float64(h.quantile(0.5)), 50_000*0.02)
	assert.InDelta(t, 99_000, float64(h.quantile(0.99)), 99_000*0.02)
	var empty latencies
	assert.Zero(t, empty.quantile(0.99))
	h.merge(&h)
	assert.Equal(t, uint64(2000), h.n)
	for _, us := range []uint32{0, 127, 128, 1000, 1 << 20, 1 << 31} {
		assert.LessOrEqual(t, lower(bucket(us)), us)
		assert.Greater(t, float64(lower(bucket(us)))*1.02+1, float64(us))
	}
}
