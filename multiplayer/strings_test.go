package multiplayer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A string parameter gets what Unmarshal makes of its argument, kept from
// before or not, whatever came before it: the same String again, others,
// more distinct ones than are kept, a Nil (which leaves the string as it
// was), a StringName, a NodePath, a String too long to keep. A kept one
// takes no allocation.
func TestKeptStrings(t *testing.T) {
	marshal := func(v any) []byte {
		b, err := gdvar.Marshal(v)
		require.NoError(t, err)
		return b
	}
	var args [][]byte
	for i := range 3 * maxKeptStrings {
		args = append(args, marshal(fmt.Sprint("player ", i%(maxKeptStrings+4))))
	}
	args = append(args, marshal(nil), marshal(gdvar.StringName("player 3")), marshal(gdvar.StringName("player 3")),
		marshal(gdvar.ParseNodePath("Main/player 3")), marshal(strings.Repeat("x", maxKeptArg)), marshal(nil),
		marshal(strings.Repeat("x", maxKeptArg)), marshal("player 3"), marshal("player 3"), marshal(nil))
	c := &conn{}
	got := "before"
	for i, arg := range args {
		want := got
		require.NoError(t, gdvar.Unmarshal(arg, &want))
		require.NoError(t, c.decodeString(arg, &got, nil), "argument %d", i)
		assert.Equal(t, want, got, "argument %d", i)
	}
	assert.LessOrEqual(t, len(c.strs), maxKeptStrings)
	if raceDetector {
		return
	}
	kept := marshal("player 3")
	allocs := testing.AllocsPerRun(100, func() { require.NoError(t, c.decodeString(kept, &got, nil)) })
	assert.Zero(t, allocs)
	assert.Equal(t, "player 3", got)
}
