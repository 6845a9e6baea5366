package game

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// floodCalls sends n calls, line(i) each, then a ping, which the server
// answers once it has handed every call before it to its handler (it may
// be busy a moment, and is pinged again), and checks what the calls hold
// then: under two bytes for each byte sent, a few goroutines. It returns
// once the calls to answer at once (all but those left waiting) have
// been answered.
func floodCalls(t *testing.T, p *mcpPipe, n, atOnce int, line func(i int) string) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	goroutines := runtime.NumGoroutine()
	sent, answered := 0, 0
	for i := range n {
		l := line(i)
		p.send(l)
		sent += len(l) + 1
	}
	for pinged := false; !pinged; {
		p.send(`{"jsonrpc":"2.0","id":"last","method":"ping"}`)
		for a := p.answer(); ; a = p.answer() {
			if a.ID == "last" {
				pinged = a.Error == nil
				break
			}
			answered++
		}
	}
	for len(p.lines) > 0 { // the answers come so far, which the test holds, not the server
		if a := p.answer(); a.ID != "last" {
			answered++
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc+after.StackInuse) - int64(before.HeapAlloc+before.StackInuse)
	more := runtime.NumGoroutine() - goroutines
	t.Logf("%d calls, %d bytes sent: %d bytes held (%.2f a byte sent, %d a call), %d goroutines more",
		n, sent, held, float64(held)/float64(sent), held/int64(n), more)
	assert.Less(t, held, int64(2*sent), "bytes held") // the calls left waiting, and the collector's slack
	assert.LessOrEqual(t, more, 2*mcpMaxPending, "goroutines")
	for answered < atOnce {
		if a := p.answer(); a.ID != "last" {
			answered++
		}
	}
}

// 5000 calls of tree to a game that never answers: at most
// mcpMaxGameCalls wait for it, the others fail at once (busy), so the
// server holds what those few hold, under two bytes for each byte it was
// sent, and a few goroutines, not one a call.
func TestMCPPendingCalls(t *testing.T) {
	t.Setenv("GDVAR_TEST_FAKE_GAME", "silent")
	p := startMCPPipe(t, "--", os.Args[0])
	p.initialize("2025-11-25")
	p.send(`{"jsonrpc":"2.0","id":"launch","method":"tools/call","params":{"name":"launch","arguments":{}}}`)
	launched := p.answer()
	require.Nil(t, launched.Error)
	var result struct{ Content []struct{ Text string } }
	require.NoError(t, json.Unmarshal(launched.Result, &result))
	require.Len(t, result.Content, 1)
	pid := gametest.LaunchedPID(t, result.Content[0].Text)
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) }) // before the input closes: the calls waiting end

	const calls = 5000
	floodCalls(t, p, calls, calls-mcpMaxGameCalls, func(i int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"tree","arguments":{}}}`, i)
	})
}

// 5000 launch calls while a launch waits for a game that never connects:
// each fails at once (errLaunching), none waits its turn holding a call,
// and quit ends the launch under way.
func TestMCPLaunchFlood(t *testing.T) {
	t.Setenv("GDVAR_TEST_FAKE_GAME", "absent")
	p := startMCPPipe(t, "--", os.Args[0])
	p.initialize("2025-11-25")
	p.send(`{"jsonrpc":"2.0","id":"launch","method":"tools/call","params":{"name":"launch","arguments":{}}}`)
	const calls = 5000
	floodCalls(t, p, calls, calls, func(i int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"launch","arguments":{}}}`, i)
	})
	p.send(`{"jsonrpc":"2.0","id":"quit","method":"tools/call","params":{"name":"quit","arguments":{}}}`)
	answers := map[any]string{}
	for len(answers) < 2 {
		a := p.answer()
		answers[a.ID] = string(a.Result)
	}
	assert.Contains(t, answers["launch"], `"isError":true`, "the launch quit ended")
	assert.Contains(t, answers["quit"], `"text":"ok\n"`)
}

// Calls handed to the server and not answered yet (their handlers wait)
// are at most mcpMaxPending: beyond, a call is refused at once (codeBusy)
// instead of being handed over, so that the server holds mcpMaxPending
// calls, not one for each the client sent. An answer frees its call's
// place.
func TestMCPConnBoundsPending(t *testing.T) {
	var in strings.Builder
	for i := range mcpMaxPending + 2 {
		fmt.Fprintf(&in, `{"jsonrpc":"2.0","id":%d,"method":"ping"}`+"\n", i)
	}
	in.WriteString(`{"jsonrpc":"2.0","method":"notifications/progress"}` + "\n")
	var out strings.Builder
	conn, err := (&mcpTransport{r: strings.NewReader(in.String()), w: &out}).Connect(t.Context())
	require.NoError(t, err)
	defer conn.Close()
	read := func() *jsonrpc.Request {
		t.Helper()
		m, err := conn.Read(t.Context())
		require.NoError(t, err)
		return m.(*jsonrpc.Request)
	}
	for i := range mcpMaxPending {
		assert.Equal(t, int64(i), read().ID.Raw())
	}
	require.NoError(t, conn.Write(t.Context(), &jsonrpc.Response{ID: zeroID(t), Result: json.RawMessage("{}")}))
	assert.Equal(t, int64(mcpMaxPending), read().ID.Raw(), "in the place call 0 left")
	assert.False(t, read().IsCall(), "the notification after the call refused")
	_, err = conn.Read(t.Context())
	assert.ErrorIs(t, err, io.EOF)
	assert.Equal(t, `{"jsonrpc":"2.0","id":0,"result":{}}`+"\n"+
		fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"error":{"code":-32000,"message":"busy: %d calls not answered yet; call again when one is"}}`+"\n", mcpMaxPending+1, mcpMaxPending),
		out.String())
}

// zeroID is the id 0.
func zeroID(t *testing.T) jsonrpc.ID {
	id, err := jsonrpc.MakeID(float64(0))
	require.NoError(t, err)
	return id
}
