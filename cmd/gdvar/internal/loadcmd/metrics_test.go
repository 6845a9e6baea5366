package loadcmd

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/loadtest"

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

// The metrics' server is a peer's to attack: a scraper that sends
// nothing is let go after the read timeout, one that sends 1 MiB of
// header is refused, and a real scrape is still answered.
func TestMetricsServerBounded(t *testing.T) {
	metricsReadTimeout = 500 * time.Millisecond
	defer func() { metricsReadTimeout = 5 * time.Second }()
	ln, err := listenMetrics("127.0.0.1:0")
	require.NoError(t, err)
	cfg := loadtest.Config{}
	stop, err := serveMetrics(ln, &cfg, io.Discard)
	require.NoError(t, err)
	defer stop()
	require.NotNil(t, cfg.OnEvent, "the config gives the metrics its events")

	silent, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer silent.Close()
	silent.SetReadDeadline(time.Now().Add(10 * time.Second))
	began := time.Now()
	_, err = silent.Read(make([]byte, 1))
	assert.ErrorIs(t, err, io.EOF, "a silent scraper is let go")
	assert.Less(t, time.Since(began), 5*time.Second)

	big, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer big.Close()
	big.SetDeadline(time.Now().Add(10 * time.Second))
	go big.Write([]byte("GET /metrics HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", 1<<20) + "\r\n\r\n"))
	answer, _ := io.ReadAll(io.LimitReader(big, 4096))
	assert.Contains(t, string(answer), "431", "a 1 MiB header refused")

	resp, err := http.Get("http://" + ln.Addr().String() + "/metrics")
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	assert.Contains(t, string(body), "gdvar_load_bots_connected")
}
