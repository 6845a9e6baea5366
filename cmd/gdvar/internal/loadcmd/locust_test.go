package loadcmd

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// With -locust, -bots and -duration are the most the worker runs, their
// defaults its own unless given; a segment, a start or a results file,
// the test's in segments, are refused.
func TestLocustFlags(t *testing.T) {
	base := []string{"-locust", "127.0.0.1:5557", "-project", "../../../../scripts/bench/players", "-addr", "127.0.0.1:8910", "-transport", "ws"}
	for _, tc := range []struct {
		name     string
		args     []string
		bots     int
		duration time.Duration
		refused  string
	}{
		{"defaults", nil, locustBots, locustDuration, ""},
		{"given", []string{"-bots", "8", "-duration", "1m"}, 8, time.Minute, ""},
		{"a segment", []string{"-segment", "0/2", "-bots", "2"}, 0, 0, "-segment and -locust"},
		{"a start", []string{"-start", "2030-01-01T00:00:00Z"}, 0, 0, "-start and -locust"},
		{"results", []string{"-results", "r.jsonl"}, 0, 0, "-results and -locust"},
		{"no port", []string{"-locust", "10.0.0.2"}, 0, 0, `-locust "10.0.0.2": the master's host:port`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			l, code, ok := parseLoadFlags(append(base, tc.args...), &stderr)
			if tc.refused != "" {
				require.False(t, ok)
				assert.Equal(t, ExitUsage, code)
				assert.Contains(t, stderr.String(), tc.refused)
				return
			}
			require.True(t, ok, stderr.String())
			assert.Equal(t, "127.0.0.1:5557", l.locust)
			assert.Equal(t, tc.bots, l.cfg.Bots)
			assert.Equal(t, tc.duration, l.cfg.Duration)
		})
	}
}
