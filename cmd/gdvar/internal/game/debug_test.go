package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Commands split at semicolons and words at spaces outside quotes and
// brackets; set's value is the rest of its line.
func TestDebugSplitting(t *testing.T) {
	assert.Equal(t, []string{"get /root/A x", ` set "/root/B C" text "a; b"`, " call /root/A f [1, 2]"},
		splitCommands(`get /root/A x; set "/root/B C" text "a; b"; call /root/A f [1, 2];`))
	for _, c := range []struct {
		line string
		want []string
	}{
		{`call /root/A f [1, "x y"] {"k": 2} Vector2(1, 2) "q\"s"`, []string{"call", "/root/A", "f", `[1, "x y"]`, `{"k": 2}`, "Vector2(1, 2)", `"q\"s"`}},
		{`  wait  "/root/Spaced Name" `, []string{"wait", `"/root/Spaced Name"`}},
	} {
		got, err := splitWords(c.line)
		require.NoError(t, err)
		assert.Equal(t, c.want, got)
	}
	_, err := splitWords(`get "/root/A`)
	assert.Error(t, err)
	assert.Equal(t, `Vector2(1, 2) # not a comment`, restOfLine(`set  "/root/A B"  position  Vector2(1, 2) # not a comment `, 3))
}
