package gdvar

import (
	"reflect"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// NewCodec checks its options once: an invalid one is its error, never a
// later call's.
func TestNewCodecChecksOnce(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts []Option
		want string // "" when valid
	}{
		{"no option", nil, ""},
		{"an engine", []Option{WithEngine(Godot3)}, ""},
		{"an unknown engine", []Option{WithEngine(7)}, "unknown engine 7"},
		{"a negative limit", []Option{WithLimits(Limits{MaxDepth: -1})}, "Limits.MaxDepth is -1"},
		{"a negative input limit", []Option{WithInputLimit(-2)}, "input limit -2"},
		{"an unknown precision", []Option{WithMathPrecision(9)}, "unknown precision 9"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := NewCodec(tt.opts...)
			if tt.want == "" {
				require.NoError(t, err)
				require.NotNil(t, c)
				return
			}
			assert.ErrorIs(t, err, ErrInvalidOption)
			assert.ErrorContains(t, err, tt.want)
			assert.Nil(t, c)
		})
	}
}

// A nil Codec is the default one, and With layers options on a Codec
// without changing it.
func TestCodecWith(t *testing.T) {
	var none *Codec
	assert.Equal(t, Godot4, none.Engine())
	assert.Equal(t, DefaultLimits(), none.Limits())
	b, err := none.Marshal(int64(1))
	require.NoError(t, err)
	want, err := Marshal(int64(1))
	require.NoError(t, err)
	assert.Equal(t, want, b)

	godot3 := MustCodec(WithEngine(Godot3))
	shallow, err := godot3.With(WithLimits(Limits{MaxDepth: 2}))
	require.NoError(t, err)
	assert.Equal(t, Godot3, shallow.Engine(), "With keeps the settings it is given")
	assert.Equal(t, 2, shallow.Limits().MaxDepth)
	assert.Equal(t, DefaultLimits().MaxDepth, godot3.Limits().MaxDepth, "With leaves its Codec as it was")
	deep := []any{[]any{[]any{[]any{}}}}
	_, err = shallow.Marshal(deep)
	assert.ErrorContains(t, err, "nested in more than 2 containers")
	_, err = godot3.Marshal(deep)
	assert.NoError(t, err)

	_, err = godot3.With(WithEngine(9))
	assert.ErrorIs(t, err, ErrInvalidOption)
	assert.Panics(t, func() { MustCodec(WithEngine(9)) })
}

// One Codec serves many goroutines at once (run with -race).
func TestConcurrentCodec(t *testing.T) {
	c := MustCodec(WithEngine(Godot3), WithLimits(Limits{MaxDepth: 64}))
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 200 {
				v := []any{int64(i), int64(j), "x"}
				b, err := c.Marshal(v)
				if !assert.NoError(t, err) {
					return
				}
				var back any
				if !assert.NoError(t, c.Unmarshal(b, &back)) {
					return
				}
				assert.Equal(t, v, back)
				d := c.NewDecoderBytes(b)
				assert.Equal(t, Godot3, d.cfg.engine)
			}
		})
	}
	wg.Wait()
}

// Unbounded reads back whatever its Codec wrote: full objects, strings
// past the Codec's limits, in the Codec's engine version.
func TestCodecUnbounded(t *testing.T) {
	small := MustCodec(WithEngine(Godot3), WithLimits(Limits{MaxStringBytes: 4}))
	long := "longer than four bytes"
	b, err := small.Marshal(long)
	require.NoError(t, err)
	var s string
	assert.ErrorIs(t, small.Unmarshal(b, &s), ErrLimit)
	require.NoError(t, small.Unbounded().Unmarshal(b, &s))
	assert.Equal(t, long, s)
	assert.Equal(t, Godot3, small.Unbounded().Engine())
	assert.Same(t, small.Unbounded(), small.Unbounded().Unbounded())

	obj, err := Marshal(&Object{Class: "Node"})
	require.NoError(t, err)
	var v any
	assert.ErrorIs(t, Unmarshal(obj, &v), ErrObjectsNotAllowed)
	var none *Codec
	require.NoError(t, none.Unbounded().Unmarshal(obj, &v))
	assert.Equal(t, "Node", v.(*Object).Class)
}

// Convert stores a value of the generic form in a Go value as Unmarshal
// stores its encoding, objects and long strings included.
func TestCodecConvert(t *testing.T) {
	type player struct {
		Name string
		HP   int
	}
	tests := []struct {
		name  string
		codec *Codec
		src   any
		want  any
	}{
		{"a Dictionary into a struct", nil, map[string]any{"name": "ann", "hp": int64(7)}, player{"ann", 7}},
		{"Godot 3", MustCodec(WithEngine(Godot3)), []any{int64(1), "x"}, []any{int64(1), "x"}},
		{"past the limits", MustCodec(WithLimits(Limits{MaxContainerLen: 1})), []any{int64(1), int64(2)}, []any{int64(1), int64(2)}},
		{"an object", nil, &Object{Class: "Node", Properties: []Property{}}, &Object{Class: "Node", Properties: []Property{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := reflect.New(reflect.TypeOf(tt.want))
			require.NoError(t, tt.codec.Convert(tt.src, dst.Interface()))
			assert.Equal(t, tt.want, dst.Elem().Interface())
		})
	}
	var n int
	assert.ErrorIs(t, (*Codec)(nil).Convert(make(chan int), &n), ErrUnsupportedType, "a value Marshal refuses")
}
