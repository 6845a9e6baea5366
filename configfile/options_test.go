package configfile

import (
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every invalid option is refused by New, Read and Clone, before Read
// reads anything; the text's options reach the values read and written.
func TestOptions(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts []Option
	}{
		{"an unknown dialect", []Option{WithText(vartext.WithDialect(9))}},
		{"an unknown precision", []Option{WithText(vartext.WithMathPrecision(7))}},
		{"a resource format", []Option{WithText(vartext.WithResourceFormat(1))}},
		{"invalid after valid", []Option{WithText(vartext.WithDialect(vartext.Godot3)), WithText(vartext.WithDialect(vartext.Godot3), vartext.WithDialect(5))}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, err := New(tt.opts...)
			assert.Nil(t, f)
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
			in := strings.NewReader("a=1\n")
			f, err = Read(in, tt.opts...)
			assert.Nil(t, f)
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
			assert.Equal(t, 4, in.Len(), "nothing read")
			f, err = mustNew(t).Clone(tt.opts...)
			assert.Nil(t, f)
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
		})
	}

	// Godot 3's text, its floats' six digits and its spacing, read and
	// written; the last WithText's dialect wins.
	godot3 := []Option{WithText(vartext.WithDialect(vartext.Godot4)), WithText(vartext.WithDialect(vartext.Godot3))}
	f, err := Read(strings.NewReader("[a]\n\nv=Vector2( 1, 2 )\nq=Quat( 0, 0, 0, 1 )\n"), godot3...)
	require.NoError(t, err)
	assert.Equal(t, vartext.Godot3, f.Dialect())
	f.Set("a", "x", 0.1234567)
	text, err := f.Bytes()
	require.NoError(t, err)
	assert.Equal(t, "[a]\n\nv=Vector2( 1, 2 )\nq=Quat( 0, 0, 0, 1 )\nx=0.123457\n", string(text))
	g := mustClone(t, f, WithText(vartext.WithExactFloats(true)))
	assert.Equal(t, vartext.Godot4, g.Dialect(), "a clone's own options")
	text, err = g.Bytes()
	require.NoError(t, err)
	assert.Contains(t, string(text), "x=0.1234567\n")
}
