package loadcmd

import (
	"bytes"
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// -metrics takes its address before the run: one that is no address (a
// usage error), or a port in use, is said at once, before any bot joins; a free one is
// held for the run.
func TestMetricsFlag(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer taken.Close()
	base := []string{"-project", "../../../../scripts/bench/players", "-addr", "127.0.0.1:8910", "-transport", "ws"}
	for _, tc := range []struct {
		name, addr string
		code       int
		refused    string
	}{
		{"free", "127.0.0.1:0", 0, ""},
		{"no port", "localhost", ExitUsage, `-metrics "localhost": an address to listen on, host:port or :port`},
		{"in use", taken.Addr().String(), 1, "address already in use"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			l, code, ok := parseLoadFlags(append(base, "-metrics", tc.addr), &stderr)
			if tc.refused != "" {
				require.False(t, ok)
				assert.Equal(t, tc.code, code)
				assert.Contains(t, stderr.String(), tc.refused)
				return
			}
			require.True(t, ok, stderr.String())
			require.NotNil(t, l.metrics)
			l.metrics.Close()
		})
	}
}
