package debugger

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A game held from its start runs gdvar_start.gd, its seed written in,
// beside the helper, and the project's main scene unless the command
// line names one; what cannot be held is refused before anything is
// written.
func TestHeldCommand(t *testing.T) {
	args := []string{"--headless", "--fixed-fps", "60", "--path", "mygame"}
	dir, flags, err := heldCommand(-42, args, gameProject{main: "res://main.tscn"})
	require.NoError(t, err)
	defer os.RemoveAll(dir)
	start := filepath.Join(dir, "gdvar_start.gd")
	assert.Equal(t, []string{"-s", start, "--scene", "res://main.tscn"}, flags)
	script, err := os.ReadFile(start)
	require.NoError(t, err)
	assert.Contains(t, string(script), "\nconst SEED: int = -42\n")
	assert.NotContains(t, string(script), seedLine)
	helper, err := os.ReadFile(filepath.Join(dir, "gdvar_input.gd"))
	require.NoError(t, err)
	assert.Equal(t, inputAutoload, string(helper))

	named, flags, err := heldCommand(1, append(args, "res://level.tscn"), gameProject{scene: true})
	require.NoError(t, err)
	defer os.RemoveAll(named)
	assert.Equal(t, []string{"-s", filepath.Join(named, "gdvar_start.gd")}, flags, "the command line's scene")

	for _, c := range []struct {
		args []string
		gp   gameProject
		want error
		says string
	}{
		{[]string{"--path", "mygame"}, gameProject{main: "res://main.tscn"}, ErrNoFixedFPS, ""},
		{args, gameProject{script: true}, ErrNotHeld, "runs a script or the editor"},
		{args, gameProject{}, ErrNotHeld, "no scene to run"},
	} {
		_, _, err := heldCommand(1, c.args, c.gp)
		assert.ErrorIs(t, err, c.want)
		assert.ErrorContains(t, err, c.says)
	}
}
