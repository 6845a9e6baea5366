package game

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger"
)

// The frame tools' arguments at their extremes, through gdvar mcp's
// input: each is refused before the game is asked, on one line of at
// most 300 bytes, and the games answer the next tool. A count past
// MaxSteps ran 60 frames at a time until the command's minute; a game
// named twice ran two of its frames in each of the others'.
func TestHostileFrameTools(t *testing.T) {
	ctx, _, cs := fakeMCP(t, "recording")
	text, failed := gametest.CallTool(t, ctx, cs, "launch", map[string]any{"name": "other"})
	require.False(t, failed, text)
	text, failed = gametest.CallTool(t, ctx, cs, "launch", map[string]any{})
	require.False(t, failed, text)
	long := strings.Repeat("\n\"é", 1<<20/4)
	for _, c := range []struct {
		tool string
		args json.RawMessage
		want string
	}{
		{"lockstep", json.RawMessage(`{"games":["game","other"],"frames":9223372036854775807}`), "overflows"}, // refused as it is read
		{"lockstep", json.RawMessage(`{"games":["game","other"],"frames":9007199254740992}`), "lockstep 9007199254740992 frames: want 0 to 16777216"},
		{"lockstep", json.RawMessage(`{"games":["game"],"frames":16777217}`), "want 0 to 16777216"},
		{"lockstep", json.RawMessage(`{"games":["game"],"frames":-9007199254740992}`), "want 0 to 16777216"},
		{"lockstep", json.RawMessage(`{"games":["game","other","game"]}`), "game 3 of 3 is game 1 again"},
		{"lockstep", manyGames(10_000), "game 2 of 10000 is game 1 again"},
		{"lockstep", mustJSON(t, map[string]any{"games": []string{"game", long}}), "no game named"},
		{"lockstep", json.RawMessage(`{"games":[]}`), "no games"},
		{"advance", json.RawMessage(`{"game":"game","frames":9007199254740992}`), "advance 9007199254740992 frames: want 0 to 16777216"},
		{"advance", json.RawMessage(`{"game":"game","frames":1e300}`), "cannot unmarshal"},
		{"advance", json.RawMessage(`{"game":"other","frames":-1}`), "want 0 to 16777216"},
		{"advance", mustJSON(t, map[string]any{"game": long}), "no game named"},
		{"speed", json.RawMessage(`{"game":"game","times":-1e308}`), "no such speed"},
		{"speed", json.RawMessage(`{"game":"game","times":5e-324}`), "no such speed"},
		{"frame", mustJSON(t, map[string]any{"game": long}), "no game named"},
		{"record", mustJSON(t, map[string]any{"file": "/" + long}), "file"},
		{"record", mustJSON(t, map[string]any{"file": t.TempDir() + "/a\nb/" + strings.Repeat("d/", 100_000) + "r.jsonl"}), "file"},
	} {
		t.Run(fmt.Sprintf("%s %.60s", c.tool, c.args), func(t *testing.T) {
			text, failed := gametest.CallTool(t, ctx, cs, c.tool, c.args)
			assert.True(t, failed, text)
			assert.Contains(t, text, c.want)
			line := strings.TrimSuffix(text, "\n")
			assert.LessOrEqual(t, len(line), 300)
			assert.NotContains(t, line, "\n")
			text, failed = gametest.CallTool(t, ctx, cs, "output", map[string]any{"game": "game"})
			require.False(t, failed, text)
			assert.NotContains(t, text, "gdvar:advance", "a refused step reached the game")
		})
	}
}

// gdvar debug's lockstep and advance commands refuse the same, each
// said on a line of its own, and the commands after them run. A frame
// count of 2^63-1 wrapped lockstep's loop to no frame, and it printed
// the frames as run; the failed command line was repeated whole (10 000
// names: 50 KB).
func TestHostileFrameCommands(t *testing.T) {
	t.Setenv("GDVAR_TEST_FAKE_GAME", "recording")
	names := strings.Repeat(" game", 10_000)
	code, out, errOut := runCommand(nil, "debug", "-e", "launch other; lockstep 9223372036854775807 game other; lockstep 1 game other game; lockstep 1"+names+
		"; game game; advance 16777217; output", "--", os.Args[0])
	assert.Equal(t, 1, code)
	assert.NotContains(t, out, "gdvar:advance", "a refused step reached the game")
	assert.Contains(t, out, "gdvar:hello")
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	require.Len(t, lines, 4, errOut)
	for i, want := range []string{"lockstep 9223372036854775807 frames: want 0 to 16777216", "game 3 of 3 is game 1 again", "game 2 of 10000 is game 1 again", "advance 16777217 frames"} {
		t.Logf("%d bytes: %s", len(lines[i]), lines[i])
		assert.Contains(t, lines[i], want)
		assert.LessOrEqual(t, len(lines[i]), 300)
	}
}

// manyGames is lockstep's input naming the game n times.
func manyGames(n int) json.RawMessage {
	return json.RawMessage(`{"games":["game"` + strings.Repeat(`,"game"`, n-1) + `]}`)
}

// mustJSON is v in JSON.
func mustJSON(t *testing.T, v any) json.RawMessage {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// stillLink is a link of frames that carries nothing.
type stillLink struct{}

func (stillLink) Step(int) error { return nil }

// An advance of a game with a link of frames refuses what Lockstep
// refuses: it took the frame of none and panicked (a count below 0 from
// MCP's advance, or past MaxSteps).
func TestAdvanceWithLinkRefused(t *testing.T) {
	for _, n := range []int{-1, debugger.MaxSteps + 1} {
		var out bytes.Buffer
		w := bufio.NewWriter(&out)
		err := showAdvance(t.Context(), nil, n, []debugger.Stepper{stillLink{}}, w)
		require.ErrorIs(t, err, debugger.ErrBadSteps)
		assert.Empty(t, out.String())
	}
}
