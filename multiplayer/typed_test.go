package multiplayer

import (
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// handlerCall makes a call of the method echo of a new node, as a peer's
// packet would, with args encoded as they arrive.
func handlerCall(t testing.TB, args ...any) (*Node, *Call) {
	m := MustNew()
	n := m.Node("/root/Main", echoMethods...)
	c := &Call{From: 2, Node: n, Method: "echo", conn: fakeConn(m)}
	for _, a := range args {
		b, err := gdvar.Marshal(a)
		require.NoError(t, err)
		c.args = append(c.args, b)
	}
	return n, c
}

// callEcho calls the handler of echo with c.
func callEcho(n *Node, c *Call) error { return n.bound[n.byName("echo")].handler.call(c) }

// The typed handlers get their arguments decoded into their types; a
// missing one is its zero value, one too many or of the wrong type an
// ArgError, as with Handle.
func TestTypedHandlers(t *testing.T) {
	type got struct {
		id   int64
		name string
		pos  gdvar.Vector3
	}
	pos := gdvar.Vector3{X: 1, Y: 2, Z: 3}
	for _, tc := range []struct {
		name   string
		handle func(n *Node, into *got)
		args   []any
		want   got
		argErr int // the index of the ArgError, -1 for none
	}{
		{"0", func(n *Node, into *got) { Handle0(n, "echo", func(*Call) error { into.id = -1; return nil }) }, nil, got{id: -1}, -1},
		{"1", func(n *Node, into *got) {
			Handle1(n, "echo", func(_ *Call, id int64) error { into.id = id; return nil })
		}, []any{int64(7)}, got{id: 7}, -1},
		{"2, one missing", func(n *Node, into *got) {
			Handle2(n, "echo", func(_ *Call, id int64, name string) error { into.id, into.name = id, name; return nil })
		}, []any{int64(7)}, got{id: 7}, -1},
		{"3", func(n *Node, into *got) {
			Handle3(n, "echo", func(_ *Call, id int64, name string, pos gdvar.Vector3) error {
				*into = got{id, name, pos}
				return nil
			})
		}, []any{int64(7), "player", pos}, got{7, "player", pos}, -1},
		{"one too many", func(n *Node, into *got) {
			Handle1(n, "echo", func(_ *Call, id int64) error { into.id = id; return nil })
		}, []any{int64(7), "player"}, got{}, 1},
		{"of the wrong type", func(n *Node, into *got) {
			Handle2(n, "echo", func(_ *Call, id int64, pos gdvar.Vector3) error { into.id = id; return nil })
		}, []any{int64(7), "player"}, got{}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, c := handlerCall(t, tc.args...)
			var into got
			tc.handle(n, &into)
			err := callEcho(n, c)
			if tc.argErr < 0 {
				require.NoError(t, err)
				assert.Equal(t, tc.want, into)
				return
			}
			ae, ok := err.(*ArgError)
			require.True(t, ok, "%v", err)
			assert.Equal(t, tc.argErr, ae.Index)
			assert.Equal(t, "echo", ae.Method)
		})
	}
	assert.PanicsWithValue(t, `multiplayer: node /root/Main declares no method "nope"`, func() {
		Handle0(MustNew().Node("/root/Main"), "nope", func(*Call) error { return nil })
	})
}

// Handle's panic on a function that is not a handler names the method,
// the signature it wants and the one it was given.
func TestHandleWrongSignature(t *testing.T) {
	const want = "want func(*multiplayer.Call, args...) or func(*multiplayer.Call, args...) error, given "
	for _, tc := range []struct {
		fn   any
		says string
	}{
		{func(int) {}, "the first parameter is not a *multiplayer.Call; " + want + "func(int)"},
		{func(*Call) int { return 0 }, "a result other than one error; " + want + "func(*multiplayer.Call) int"},
		{"echo", "not a function; " + want + "string"},
		{nil, "not a function; " + want + "nil"},
	} {
		n := MustNew().Node("/root/Main", echoMethods...)
		msg := func() (msg any) {
			defer func() { msg = recover() }()
			n.Handle("echo", tc.fn)
			return nil
		}()
		assert.Equal(t, "multiplayer: handler of /root/Main.echo: "+tc.says, msg)
	}
}

// A typed handler allocates no more a call than Handle's of the same
// parameters: nothing for small ints; what decoding a string into its
// parameter takes.
func TestTypedHandlerAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	for _, args := range [][]any{{int64(7), int64(8)}, {int64(7), "player", gdvar.Vector3{X: 1}}} {
		allocs := map[string]float64{}
		for _, typed := range []bool{false, true} {
			n, c := handlerCall(t, args...)
			if typed {
				Handle3(n, "echo", func(*Call, int64, any, gdvar.Vector3) error { return nil })
			} else {
				n.Handle("echo", func(*Call, int64, any, gdvar.Vector3) error { return nil })
			}
			allocs[map[bool]string{false: "Handle", true: "Handle3"}[typed]] = testing.AllocsPerRun(200, func() {
				if err := callEcho(n, c); err != nil {
					t.Fatal(err)
				}
			})
		}
		t.Logf("%d arguments: %v allocations a call", len(args), allocs)
		assert.LessOrEqual(t, allocs["Handle3"], allocs["Handle"])
	}
}

// The cost of a handler's call, its arguments decoded: Handle's, and
// Handle3's.
func BenchmarkHandler(b *testing.B) {
	args := []any{int64(7), "player", gdvar.Vector3{X: 1}}
	for _, tc := range []struct {
		name   string
		handle func(*Node)
	}{
		{"Handle", func(n *Node) { n.Handle("echo", func(*Call, int64, string, gdvar.Vector3) error { return nil }) }},
		{"Handle3", func(n *Node) {
			Handle3(n, "echo", func(*Call, int64, string, gdvar.Vector3) error { return nil })
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			n, c := handlerCall(b, args...)
			tc.handle(n)
			b.ReportAllocs()
			for b.Loop() {
				if err := callEcho(n, c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
