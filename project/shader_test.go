//go:build unix

package project_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/gdvar/gdvar/project"
	"github.com/gdvar/gdvar/resource"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Project gives a resource the code of its shaders.
var _ resource.Shaders = (*project.Project)(nil)

func TestShaderCode(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte("config_version=5\n"), 0o644))
	code := "shader_type spatial;\nuniform float glow;\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "glow.gdshader"), []byte(code), 0o644))
	// A named pipe in a shader's place is refused, not waited on.
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "pipe.gdshader"), 0o644))
	p, err := project.Open(dir)
	require.NoError(t, err)
	tests := []struct {
		path string
		want string
		err  bool
	}{
		{"res://glow.gdshader", code, false},
		{"res://x/../glow.gdshader", code, false},
		{"res://missing.gdshader", "", true},
		{"res://../outside.gdshader", "", true},
		{"res://pipe.gdshader", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			got, err := p.ShaderCode(tt.path)
			if tt.err {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	// Read once: the file changed since is not read again.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "glow.gdshader"), []byte("shader_type canvas_item;\n"), 0o644))
	got, err := p.ShaderCode("res://./glow.gdshader")
	require.NoError(t, err)
	assert.Equal(t, code, got)
}
