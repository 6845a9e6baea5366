package main

import (
	"bytes"
	"encoding/hex"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/gdvar/gdvar/internal/testrig/mpcases"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLiveWebSocketPeer has a Godot 4.6 client send every engine-made
// golden vector the engine writes back as it came, with
// WebSocketPeer.put_var: each comes back from the server as the engine's
// very bytes.
func TestLiveWebSocketPeer(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var logs bytes.Buffer
	srv := &http.Server{Handler: handler(log.New(&logs, "", 0))}
	go srv.Serve(ln)
	defer srv.Close()

	var values [][]byte
	var lines strings.Builder
	for _, v := range golden.Load(t, golden.Path("golden", "godot4")) {
		if !v.Objects && golden.Echoed(v) {
			values = append(values, v.Bin)
			lines.WriteString(hex.EncodeToString(v.Bin) + "\n")
		}
	}
	file := filepath.Join(t.TempDir(), "values.txt")
	require.NoError(t, os.WriteFile(file, []byte(lines.String()), 0o644))
	out := godot.RunScript(t, engine, "scripts/multiplayer/wsvar.gd", strconv.Itoa(ln.Addr().(*net.TCPAddr).Port), file)
	require.Contains(t, out, "DONE", out[max(0, len(out)-2000):])
	got := mpcases.Lines(out, "GOT ")
	require.Equal(t, len(values), len(got))
	for i, v := range values {
		assert.Equal(t, strconv.Itoa(i)+" "+hex.EncodeToString(v), got[i], "value %d", i)
	}
	assert.Empty(t, logs.String())
	t.Logf("%d values echoed byte for byte", len(values))
}
