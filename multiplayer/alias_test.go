package multiplayer

import (
	"github.com/gdvar/gdvar/multiplayer/mode"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What a handler is given stays its own once it returns: the next call,
// which reuses the connection's read and argument buffers and its Decoder,
// changes none of it.
func TestArgumentsOutliveTheCall(t *testing.T) {
	type record struct {
		Name string
		Data []byte
	}
	dict := func(k, v string) *gdvar.Dictionary {
		d := gdvar.NewDictionary()
		d.Set(k, v)
		return d
	}
	for _, c := range []struct {
		name          string
		handler       func(keep func(any)) any
		first, second []any // the arguments of the two calls
	}{
		{"string", func(keep func(any)) any { return func(_ *Call, s string) { keep(s) } },
			[]any{"a string of some length"}, []any{"ANOTHER STRING OF SAME!"}},
		{"[]byte", func(keep func(any)) any { return func(_ *Call, b []byte, _ int) { keep(b) } },
			[]any{[]byte("some bytes here!"), 0}, []any{[]byte("OTHER BYTES HERE"), 0}},
		{"[]int32", func(keep func(any)) any { return func(_ *Call, v []int32, _ int) { keep(v) } },
			[]any{[]int32{1, 2, 3, 4}, 0}, []any{[]int32{5, 6, 7, 8}, 0}},
		{"struct", func(keep func(any)) any { return func(_ *Call, v record) { keep(v) } },
			[]any{record{"name one", []byte("data")}}, []any{record{"NAME TWO", []byte("DATA")}}},
		{"map", func(keep func(any)) any { return func(_ *Call, v map[string]string) { keep(v) } },
			[]any{map[string]string{"key": "value"}}, []any{map[string]string{"KEY": "VALUE"}}},
		{"RawValue", func(keep func(any)) any { return func(_ *Call, v gdvar.RawValue) { keep(v) } },
			[]any{"raw value one"}, []any{"RAW VALUE TWO"}},
		{"any", func(keep func(any)) any { return func(_ *Call, v ...any) { keep(v) } },
			[]any{"abcd", []byte{1, 2, 3}, []float32{1.5, 2}, gdvar.StringName("name"), dict("k", "v"), []any{"in", "array"}},
			[]any{"wxyz", []byte{4, 5, 6}, []float32{0, 0}, gdvar.StringName("NAME"), dict("K", "V"), []any{"IN", "ARRAY"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := MustNew()
			n := m.Node("Main", Method{Name: "f", Mode: mode.AnyPeer})
			var kept []any
			n.Handle("f", c.handler(func(v any) { kept = append(kept, v) }))
			conn := fakeConn(m)
			call := func(args []any) {
				var enc []byte
				for _, a := range args {
					var err error
					enc, err = AppendArg(enc, a, nil)
					require.NoError(t, err)
				}
				require.NoError(t, m.route(conn, appendCall(nil, 0, "Main", 0, false, len(args), enc), reliably))
			}
			call(c.first)
			require.Len(t, kept, 1)
			before, err := gdvar.Marshal(kept[0]) // a copy of what the handler kept, made now
			require.NoError(t, err)
			call(c.second)
			after, err := gdvar.Marshal(kept[0])
			require.NoError(t, err)
			assert.Equal(t, before, after, "what the first call's handler kept changed with the second call")
		})
	}
}
