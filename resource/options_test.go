package resource

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mustNewFile returns NewFile's File, failing tb on an error.
func mustNewFile(tb testing.TB, class string, opts ...Option) *File {
	tb.Helper()
	f, err := NewFile(class, opts...)
	require.NoError(tb, err)
	return f
}

// Every invalid option is refused by Read and NewFile, before Read reads
// anything; the text's options and the content's limit reach the reading
// and writing.
func TestOptions(t *testing.T) {
	const text4 = "[gd_resource type=\"Resource\" format=3]\n\n[resource]\nv = Vector2(1, 2)\n"
	for _, tt := range []struct {
		name string
		opts []Option
	}{
		{"an unknown dialect", []Option{WithText(vartext.WithDialect(9))}},
		{"a resource format of none", []Option{WithText(vartext.WithResourceFormat(5))}},
		{"max content 0", []Option{WithMaxContentSize(0)}},
		{"max content negative", []Option{WithText(vartext.WithDialect(vartext.Godot3)), WithMaxContentSize(-1)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := strings.NewReader(text4)
			f, err := Read(in, tt.opts...)
			assert.Nil(t, f)
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
			assert.Equal(t, len(text4), in.Len(), "nothing read")
			f, err = NewFile("Resource", tt.opts...)
			assert.Nil(t, f)
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
		})
	}

	// The dialect given is the file's, and a Godot 3 one refuses Godot 4's
	// format.
	f, err := Read(strings.NewReader(text4), WithText(vartext.WithDialect(vartext.Godot4)))
	require.NoError(t, err)
	assert.Equal(t, vartext.Godot4, f.Dialect())
	_, err = Read(strings.NewReader(text4), WithText(vartext.WithDialect(vartext.Godot3)))
	assert.ErrorContains(t, err, "format=3 is Godot 4's")
	g := mustNewFile(t, "Resource", WithText(vartext.WithDialect(vartext.Godot3)))
	g.Main.Properties = append(g.Main.Properties, gdvar.Property{Name: "v", Value: gdvar.Vector2{X: 1, Y: 2}})
	text, err := g.AppendText(nil)
	require.NoError(t, err)
	assert.Contains(t, string(text), "v = Vector2( 1, 2 )\n")

	// A compressed file's content beyond WithMaxContentSize.
	saved, err := f.SavedAs("res://a.res", Binary)
	require.NoError(t, err)
	var packed bytes.Buffer
	require.NoError(t, saved.WriteCompressed(&packed))
	_, err = Read(bytes.NewReader(packed.Bytes()), WithMaxContentSize(8))
	assert.ErrorContains(t, err, "limit 8")
}
