package game

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// errNoLaunch is the fuzzer's launcher: input names programs to run.
var errNoLaunch = errors.New("no launch in a fuzz test")

// gdvar mcp's input, anything: the server never panics or hangs, ends
// when the input does, and every line it writes is a JSON-RPC 2.0
// answer (or a batch of them) or message of its own.
func FuzzMCPInput(f *testing.F) {
	const (
		init4     = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}`
		init3     = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}`
		inited    = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
		ping      = `{"jsonrpc":"2.0","id":1,"method":"ping"}`
		list      = `{"jsonrpc":"2.0","id":"l","method":"tools/list"}`
		tree      = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"tree","arguments":{}}}`
		get       = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get","arguments":{"path":"/root","property":"x"}}}`
		launch    = `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"launch","arguments":{"godot":"x"}}}`
		cancelled = `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}`
	)
	for _, lines := range [][]string{
		{init4, inited, list, tree, get, launch, cancelled, ping},
		{init3, inited, "[" + ping + "," + tree + "," + cancelled + "]", "[]", "[1,2]"},
		{init4, `{"jsonrpc":"2.0","id":1,"meth`, ping + ping, "not json", "", "\r", "5", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`},
		{ping, tree, "[" + ping + "]"},
		{init4, inited, ping, ping, tree, tree},
		// The frame tools and record at their extremes (TestHostileFrameTools
		// drives them with a game).
		{init4, inited,
			`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"advance","arguments":{"frames":9223372036854775807}}}`,
			`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"advance","arguments":{"game":"g","frames":-1e300}}}`,
			`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"speed","arguments":{"times":-1e308,"max":true}}}`,
			`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"frame","arguments":{"game":"\u0000\n"}}}`,
			`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"lockstep","arguments":{"games":["a","a",""],"frames":16777217}}}`,
			`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"lockstep","arguments":{"games":[]}}}`,
			`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"record","arguments":{"file":"r.jsonl","seed":-9223372036854775808}}}`,
			`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"record","arguments":{"stop":true}}}`,
			`{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"record","arguments":{"file":""}}}`},
	} {
		f.Add([]byte(strings.Join(lines, "\n") + "\n"))
	}
	srv := newMCPServer(&mcpGames{start: func(context.Context, string, []string, ...debugger.Option) (*debugger.Game, error) {
		return nil, errNoLaunch
	}})
	f.Fuzz(func(t *testing.T, in []byte) {
		var out bytes.Buffer
		done := make(chan error, 1)
		go func() { done <- serveMCP(srv, bytes.NewReader(in), &lockedWriter{w: &out}) }()
		select {
		case err := <-done:
			require.NoError(t, err)
		case <-time.After(gametest.Wait):
			t.Fatal("gdvar mcp did not end with its input")
		}
		for line := range bytes.Lines(out.Bytes()) {
			checkRPCLine(t, bytes.TrimSuffix(line, []byte("\n")))
		}
	})
}

// checkRPCLine checks that a line of the server's output is a JSON-RPC 2.0
// answer, a batch of them, or a request or notification of the server's.
func checkRPCLine(t *testing.T, line []byte) {
	t.Helper()
	require.True(t, json.Valid(line), "%q", line)
	if line[0] == '[' {
		var batch []json.RawMessage
		require.NoError(t, json.Unmarshal(line, &batch))
		require.NotEmpty(t, batch, "an empty batch")
		for _, m := range batch {
			checkRPCMessage(t, m)
		}
		return
	}
	checkRPCMessage(t, line)
}

// checkRPCMessage checks one message of the server's.
func checkRPCMessage(t *testing.T, m json.RawMessage) {
	t.Helper()
	var fields map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(m, &fields), "%s", m)
	assert.Equal(t, `"2.0"`, string(fields["jsonrpc"]), "%s", m)
	if method, ok := fields["method"]; ok {
		assert.Equal(t, byte('"'), method[0], "%s", m)
		return
	}
	id, ok := fields["id"]
	require.True(t, ok, "an answer without an id: %s", m)
	assert.True(t, string(id) == "null" || id[0] == '"' || id[0] == '-' || id[0] >= '0' && id[0] <= '9', "%s", m)
	_, hasResult := fields["result"]
	rpcErr, hasError := fields["error"]
	require.True(t, hasResult != hasError, "an answer has a result or an error: %s", m)
	if hasResult {
		return
	}
	var e struct {
		Code    *int64  `json:"code"`
		Message *string `json:"message"`
	}
	require.NoError(t, json.Unmarshal(rpcErr, &e), "%s", m)
	assert.NotNil(t, e.Code, "%s", m)
	assert.NotNil(t, e.Message, "%s", m)
}
