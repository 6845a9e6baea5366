package audit

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gdvar/gdvar"
)

// The hostile values of a property the attacker owns, by the type of its
// value on the server, and how what comes back is compared: NaN is NaN,
// an infinity no finite value, a Vector2's float32 components equal to
// the float64s sent.
func TestOwnedValues(t *testing.T) {
	descs := func(v any) []string {
		var out []string
		for _, h := range ownedValues(v, false) {
			out = append(out, h.attack+" "+h.desc)
		}
		return out
	}
	assert.Equal(t, []string{"nan NaN", "inf +Inf", "inf -Inf", "max-int 1e30", "wrong-type a String for a float"}, descs(1.5))
	assert.Equal(t, []string{"max-int 9223372036854775807", "negative-int -9223372036854775808", "wrong-type a String for an int"}, descs(int64(3)))
	assert.Equal(t, []string{"nan Vector2(NaN, NaN)", "inf Vector2(+Inf, +Inf)", "far 1e6 away", "wrong-type a String for a Vector2"}, descs(gdvar.Vector2{X: 1}))
	assert.Equal(t, []string{"huge-string a String of 60 KiB", "control a String of control characters", "wrong-type a Dictionary for a String"}, descs("name"))
	synced := ownedValues("name", true)[0]
	assert.Equal(t, "a String of 1 KiB", synced.desc, "a String always synced goes in a SYNC, within its MTU")
	assert.Len(t, synced.value, maxSyncedString)
	assert.Equal(t, []string{"wrong-type a String for a bool"}, descs(true))

	nan, inf := math.NaN(), math.Inf(1)
	assert.True(t, sameValue(gdvar.Vector2{X: nan, Y: nan}, gdvar.Vector2{X: nan, Y: nan}))
	assert.True(t, sameValue(gdvar.Vector2{X: float64(float32(1000123.4))}, gdvar.Vector2{X: 1000123.4}))
	assert.False(t, sameValue(gdvar.Vector2{}, gdvar.Vector2{X: inf, Y: inf}), "an infinity is no finite value, however near")
	assert.False(t, sameValue(1.0, int64(1)), "of one type")
	assert.True(t, sameValue(nil, nil))
	assert.True(t, wild(gdvar.Vector3{Z: nan}))
	assert.True(t, wild(gdvar.Vector2{X: -2 * wildAbove}))
	assert.False(t, wild(gdvar.Vector2{X: 1000, Y: -1000}))
	assert.False(t, wild(int64(math.MaxInt64)), "an int is no position")
}

// A property is a place by its name: the node is put there, not moved
// by it, so the scaled hold does not measure it (thegates' _position was
// owned-scaled, 46×, for a place 100 away).
func TestIsPlace(t *testing.T) {
	for prop, want := range map[string]bool{
		".:position": true, ".:global_position": true, ".:_position": true, "Body:sync_position": true,
		".:direction": false, "PlayerInput:input_dir": false, ".:velocity": false, ".:mouse_pos": false,
	} {
		assert.Equal(t, want, isPlace(prop), prop)
	}
}
