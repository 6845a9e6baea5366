package game

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger"
)

// What an error repeats of what it was sent is cut and quoted: a 1 MiB
// name, command or argument costs each refusal a line of a few dozen
// bytes, not the whole of it, and a newline in it does not break the line.
func TestErrorsRepeatLittle(t *testing.T) {
	huge := strings.Repeat("é", 512<<10) + "\nnext line"
	d := &debugGames{games: map[string]*debugger.Game{}}
	for i := range maxGames {
		d.current = fmt.Sprintf("g%d-%s", i, huge)
		d.games[d.current] = &debugger.Game{}
	}
	for _, line := range []string{
		"game " + huge,
		huge,
		"launch " + huge,
	} {
		err := d.run(line, &bytes.Buffer{})
		require.Error(t, err)
		assert.LessOrEqual(t, len(err.Error()), 300, "%.300s", err)
		assert.NotContains(t, err.Error(), "\n")
	}
	err := debugSpeed(context.Background(), nil, []string{huge}, nil) // refused before the game is asked
	require.Error(t, err)
	assert.LessOrEqual(t, len(err.Error()), 300, "%.300s", err)
	assert.NotContains(t, err.Error(), "\n")
}

// gdvar mcp's refusals alike: a tool naming a game of 1 MiB.
func TestMCPErrorsRepeatLittle(t *testing.T) {
	ctx, _, cs := fakeMCP(t, "recording")
	text, failed := gametest.CallTool(t, ctx, cs, "launch", map[string]any{"name": "server"})
	require.False(t, failed, text)
	text, failed = gametest.CallTool(t, ctx, cs, "key", map[string]any{"game": strings.Repeat("x", 1<<20), "key": "A"})
	assert.True(t, failed)
	assert.LessOrEqual(t, len(text), 300, "%.300s", text)
	assert.Contains(t, text, `no game named "xxxxxxxxxxxxxxxxxxxxxxxx"…`)
}
