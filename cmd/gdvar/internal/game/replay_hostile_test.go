package game

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
)

// gdvar replay refuses a hostile file before it launches anything: exit
// 2 (a game that failed to launch is 1), its reason on one line of at
// most 300 bytes after the command's name, what it allocates within
// hostile.Bound of what it read (at most MaxReplayBytes and a line).
func TestHostileReplayCommand(t *testing.T) {
	head := `{"gdvar_replay":1}` + "\n" + `{"frame":0,"game":"g","op":"launch"}` + "\n"
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, data, 0o644))
		return path
	}
	step := `{"frame":0,"game":"g","op":"set","path":"/root/A","property":"p","value":"1"}` + "\n"
	for _, c := range []struct {
		name, path, says string
		read             int // the bytes the reader may take in
	}{
		{"a device of endless zeros", "/dev/zero", "is a device: not a file", 1 << 10},
		{"past 16 MiB", write("big", append([]byte(head), hostile.Lines(debugger.MaxReplayBytes+1, func(int) string { return "\n" })...)), "over the 16 MiB limit of a file", debugger.MaxReplayBytes},
		{"a line of 2 MiB", write("long", []byte(head+`{"frame":0,"game":"g","op":"evaluate","expression":"`+strings.Repeat("\"", 2<<20)+"\n")), "", debugger.MaxReplayLine},
		{"steps past the limit", write("steps", append([]byte(head), hostile.Lines(12<<20, func(int) string { return step })...)), "steps", 12 << 20},
		{"invalid UTF-8 and line breaks", write("utf8", []byte(head+`{"frame":0,"game":"g\xff\n\r","op":"launch"}`+"\n")), "", 1 << 10},
		{"a value 100 000 deep", write("deep", []byte(head+`{"frame":0,"game":"g","op":"set","path":"/root/A","property":"p","value":"`+strings.Repeat("[", 100_000)+`"}`+"\n")), "", 1 << 20},
		{"a game never launched", write("nolaunch", []byte(`{"gdvar_replay":1}`+"\n"+strings.Replace(step, `"g"`, `"`+strings.Repeat("é", 100_000)+`"`, 1))), "", 1 << 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := -1
			alloc := hostile.Allocated(func() { code = Replay([]string{c.path, "--", "/nonexistent/godot"}, nil, &stdout, &stderr) })
			line := strings.TrimSuffix(stderr.String(), "\n")
			t.Logf("%.1f MiB allocated: %s", float64(alloc)/(1<<20), line)
			assert.Equal(t, 2, code, "launched: %s", line)
			assert.True(t, strings.HasPrefix(line, "gdvar replay: "), line)
			assert.NotContains(t, line, "\n")
			assert.LessOrEqual(t, len(strings.TrimPrefix(line, "gdvar replay: ")), 300)
			assert.Contains(t, line, c.says)
			assert.Empty(t, stdout.String())
			assert.LessOrEqual(t, alloc, hostile.Bound(c.read))
		})
	}
}
