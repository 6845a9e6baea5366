package resource

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A numbered property a class lists as it has them is held as the first
// of its kind is (bus/3/volume_db as bus/0/volume_db).
func TestFirstOfMany(t *testing.T) {
	for name, want := range map[string]string{
		"bus/3/volume_db":  "bus/0/volume_db",
		"bus/12/effect/1":  "bus/0/effect/1",
		"bus/0/volume_db":  "",
		"glow_levels/5":    "glow_levels/0",
		"voice/2/delay_ms": "voice/0/delay_ms",
		"3":                "0",
		"a//b":             "",
		"":                 "",
	} {
		assert.Equal(t, want, firstOfMany(name), name)
	}
}
