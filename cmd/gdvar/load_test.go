package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// gdvar load refuses what it cannot run before any bot joins: no project
// or address (usage, 2), a project it cannot open or a scenario it cannot
// read (1, a short error naming the file).
func TestLoadRefuses(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	assert.NoError(t, os.WriteFile(bad, []byte(`{"tick_hz": 0.5}`), 0o644))
	for _, tc := range []struct {
		name string
		args []string
		code int
		says string
	}{
		{"no address", []string{"-project", "../../scripts/bench/players"}, 2, "usage: gdvar load"},
		{"no project", []string{"-addr", "127.0.0.1:1"}, 2, "usage: gdvar load"},
		{"a project that is not", []string{"-project", t.TempDir(), "-addr", "127.0.0.1:1"}, 1, "gdvar load: "},
		{"a bad scenario", []string{"-project", "../../scripts/bench/players", "-addr", "127.0.0.1:1", "-scenario", bad}, 1, "bad.json: loadtest: bad scenario: tick_hz"},
		{"a bad transport", []string{"-project", "../../scripts/bench/players", "-addr", "127.0.0.1:1", "-transport", "udp"}, 1, "transport \"udp\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(append([]string{"load"}, tc.args...), nil, &out, &errOut)
			assert.Equal(t, tc.code, code, errOut.String())
			assert.Contains(t, errOut.String(), tc.says)
			assert.Less(t, errOut.Len(), 4096, "bounded")
		})
	}
}
