package gdvar

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

// An invalid option fails the first call that uses it, before any input is
// read or output written, naming the option.
func TestInvalidOptions(t *testing.T) {
	tests := []struct {
		name string
		opt  Option
		msg  string
	}{
		{"engine", WithEngine(Engine(9)), "unknown engine 9"},
		{"negative limit", WithLimits(Limits{MaxStringBytes: -1}), "Limits.MaxStringBytes is -1"},
		{"precision", WithMathPrecision(Precision(7)), "unknown precision 7"},
		{"input limit", WithInputLimit(-2), "input limit -2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := bytes.NewReader([]byte{2, 0, 0, 0, 1, 0, 0, 0})
			_, err := NewDecoder(in, tt.opt).ReadToken()
			assert.ErrorIs(t, err, ErrInvalidOption)
			assert.ErrorContains(t, err, tt.msg)
			assert.Equal(t, 8, in.Len(), "nothing read")

			var out bytes.Buffer
			err = NewEncoder(&out, tt.opt).WriteToken(IntToken(1))
			assert.ErrorIs(t, err, ErrInvalidOption)
			assert.Zero(t, out.Len(), "nothing written")

			_, err = Marshal(1, tt.opt)
			assert.ErrorIs(t, err, ErrInvalidOption)
			var v any
			assert.ErrorIs(t, Unmarshal([]byte{2, 0, 0, 0, 1, 0, 0, 0}, &v, tt.opt), ErrInvalidOption)
		})
	}
}

// The last of two settings of one option wins, and valid options leave the
// defaults alone.
func TestOptionsCompose(t *testing.T) {
	var v any
	data := []byte{18, 0, 0, 0, 0, 0, 0, 0} // an empty Dictionary in Godot 3
	assert.NoError(t, Unmarshal(data, &v, WithEngine(Godot4), WithEngine(Godot3)))
	assert.IsType(t, &Dictionary{}, v)
	assert.Equal(t, DefaultLimits(), func() Limits { var c config; c.set([]Option{WithLimits(Limits{})}); return c.limits }())
}
