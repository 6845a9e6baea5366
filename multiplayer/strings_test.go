package multiplayer

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A string or any parameter gets what Unmarshal makes of its argument,
// kept from before or not, whatever came before it: the same String again,
// others, more distinct ones than are kept, a Nil (which leaves the value
// as it was), a StringName, a NodePath, a String too long to keep, an int
// (into any). A kept one takes no allocation.
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
	kept := marshal("player 3")
	for _, tc := range []struct {
		name  string
		value func() any // a pointer to the parameter, as it was
		args  [][]byte
	}{
		{"string", func() any { s := "before"; return &s }, args},
		{"any", func() any { var v any = "before"; return &v }, append(args, marshal(int64(7)), marshal("player 3"))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &argDecoder{}
			got := tc.value()
			for i, arg := range tc.args {
				want := reflect.New(reflect.TypeOf(got).Elem())
				want.Elem().Set(reflect.ValueOf(got).Elem())
				require.NoError(t, gdvar.Unmarshal(arg, want.Interface()))
				require.NoError(t, d.decodeString(arg, got, nil), "argument %d", i)
				assert.Equal(t, want.Interface(), got, "argument %d", i)
			}
			assert.LessOrEqual(t, len(d.strs), maxKeptStrings)
			if raceDetector {
				return
			}
			allocs := testing.AllocsPerRun(100, func() { require.NoError(t, d.decodeString(kept, got, nil)) })
			assert.Zero(t, allocs)
			assert.EqualValues(t, "player 3", reflect.ValueOf(got).Elem().Interface())
		})
	}
}
