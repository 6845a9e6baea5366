package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A line that is not a message gets its JSON-RPC error, -32700 or -32600
// with the id if it has a valid one, null otherwise, and the server serves
// the next line as if it had not been there; a blank line gets nothing.
func TestMCPMalformedInput(t *testing.T) {
	const after = `{"jsonrpc":"2.0","id":"after","method":"ping"}`
	for _, c := range []struct {
		name, line string
		code       int64 // 0: no answer
		id         any
	}{
		{"not JSON", "not json", -32700, nil},
		{"cut short", `{"jsonrpc":"2.0","id":1,"meth`, -32700, nil},
		{"two messages on a line", after + after, -32700, nil},
		{"a line of 3 MiB cut short", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("a", 3<<20), -32700, nil},
		{"not an object", "5", -32600, nil},
		{"a string", `"ping"`, -32600, nil},
		{"no version", `{"id":7,"method":"ping"}`, -32600, float64(7)},
		{"version 1.0", `{"jsonrpc":"1.0","id":"x","method":"ping"}`, -32600, "x"},
		{"method a number", `{"jsonrpc":"2.0","id":2,"method":5}`, -32600, float64(2)},
		{"params a string", `{"jsonrpc":"2.0","id":3,"method":"ping","params":"x"}`, -32600, float64(3)},
		{"id a fraction", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, -32600, nil},
		{"id past 2^53", `{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, -32600, nil},
		{"id an object", `{"jsonrpc":"2.0","id":{},"method":"ping"}`, -32600, nil},
		{"no method, no id", `{"jsonrpc":"2.0"}`, -32600, nil},
		{"a batch in 2025-11-25", "[" + after + "]", -32600, nil},
		{"blank", "  \t", 0, nil},
		{"empty", "", 0, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := startMCPPipe(t)
			p.initialize("2025-11-25")
			p.send(c.line)
			p.send(after)
			if c.code != 0 {
				a := p.answer()
				require.NotNil(t, a.Error, "%+v", a)
				assert.Equal(t, c.code, a.Error.Code, a.Error.Message)
				assert.Equal(t, c.id, a.ID)
				assert.Less(t, len(a.Error.Message), 120, "a short message, quoting nothing of the line")
			}
			a := p.answer()
			assert.Equal(t, "after", a.ID, "the next line is served")
			assert.Nil(t, a.Error)
		})
	}
}

// A line longer than mcpMaxLine is refused as soon as it passes the bound,
// not when it ends, without being held: reading 64 MiB of it allocates
// about as much as the bound, and the line after it is served.
func TestMCPLongLine(t *testing.T) {
	p := startMCPPipe(t)
	p.initialize("2025-11-25")
	chunk := bytes.Repeat([]byte("x"), 1<<20)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	const long = 64 << 20
	for range long / len(chunk) {
		_, err := p.in.Write(chunk)
		require.NoError(t, err)
		if len(p.lines) > 0 {
			break
		}
	}
	a := p.answer()
	require.NotNil(t, a.Error)
	assert.Equal(t, int64(-32600), a.Error.Code)
	assert.Nil(t, a.ID)
	assert.Contains(t, a.Error.Message, fmt.Sprint(mcpMaxLine))
	// the answer came before the line's end: the rest of it is skipped
	for range long / len(chunk) {
		_, err := p.in.Write(chunk)
		require.NoError(t, err)
	}
	p.send(`"`) // the long line's end, a quote to show the line is not joined to it
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("a line of over 64 MiB: %d bytes allocated (%.3f a byte)", allocated, float64(allocated)/long)
	assert.Less(t, allocated, uint64(3*mcpMaxLine))
	p.send(`{"jsonrpc":"2.0","id":"after","method":"ping"}`)
	a = p.answer()
	assert.Equal(t, "after", a.ID)
	assert.Nil(t, a.Error)
}

// A call over mcpMaxLine (a 9 MiB evaluate) is refused with its id, which
// a client waits on: refused with none, it went unanswered for ever. The
// id is read as the line passes, wherever it is in the message, and the
// line is kept no more than any other long one.
func TestMCPLongCallAnswered(t *testing.T) {
	huge := strings.Repeat("a", 9<<20)
	for _, c := range []struct {
		name, line string
		id         any
	}{
		{"the id first", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"evaluate","arguments":{"expression":"` + huge + `"}}}`, float64(7)},
		{"the id last", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"evaluate","arguments":{"expression":"` + huge + `"}},"id" : "late"}`, "late"},
		{"an id in the arguments only", `{"jsonrpc":"2.0","method":"tools/call","params":{"id":3,"x":"` + huge + `"}}`, nil},
		{"a batch", `[{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + huge + `"}}]`, nil},
		{"an id past its bound", `{"jsonrpc":"2.0","id":"` + strings.Repeat("i", 1000) + `","x":"` + huge + `"}`, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := startMCPPipe(t)
			p.initialize("2025-11-25")
			p.send(c.line)
			a := p.answer()
			require.NotNil(t, a.Error)
			assert.Equal(t, int64(-32600), a.Error.Code)
			assert.Equal(t, c.id, a.ID)
			p.send(`{"jsonrpc":"2.0","id":"after","method":"ping"}`)
			a = p.answer()
			assert.Equal(t, "after", a.ID, "the next line is served")
		})
	}
}

// In a session of MCP 2025-03-26, which has JSON-RPC batches, a batch is
// answered with one array of its calls' answers (its notifications have
// none, its bad messages their errors); an empty batch, and one of more
// than mcpMaxBatch messages, get an error of their own.
func TestMCPBatches(t *testing.T) {
	ping := func(id int) string { return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, id) }
	many := make([]string, mcpMaxBatch+1)
	for i := range many {
		many[i] = ping(100 + i)
	}
	for _, c := range []struct {
		name, line string
		want       string // the answer; a batch's, in any order
	}{
		{"pings, a notification, a bad message", "[" + ping(1) + `,{"jsonrpc":"2.0","method":"notifications/progress"},` + ping(2) + ",5]",
			`[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: a message is a JSON object"}},{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"result":{}}]`},
		{"an id twice", "[" + ping(1) + "," + ping(1) + "]",
			`[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: the id of a call not answered yet"}},{"jsonrpc":"2.0","id":1,"result":{}}]`},
		{"empty", "[]", `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: an empty batch"}}`},
		{"too many", "[" + strings.Join(many, ",") + "]",
			fmt.Sprintf(`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: a batch of more than %d messages"}}`, mcpMaxBatch)},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := startMCPPipe(t)
			p.initialize("2025-03-26")
			p.send(c.line)
			got := p.next()
			if c.want[0] != '[' {
				assert.JSONEq(t, c.want, string(got))
				return
			}
			var want, answers []any
			require.NoError(t, json.Unmarshal([]byte(c.want), &want))
			require.NoError(t, json.Unmarshal(got, &answers), "%s", got)
			assert.ElementsMatch(t, want, answers)
		})
	}
}

// The input ending ends the server, with status 0, whatever came before.
func TestMCPEndsWithInput(t *testing.T) {
	for _, in := range []string{"", "not json\n", `{"jsonrpc":"2.0","id":1,"meth`, "[]\n[1]\n"} {
		done := make(chan int, 1)
		go func() { done <- MCP(nil, strings.NewReader(in), io.Discard, io.Discard) }()
		select {
		case code := <-done:
			assert.Equal(t, 0, code, "%q", in)
		case <-time.After(gametest.Wait):
			t.Fatalf("%q: gdvar mcp did not end", in)
		}
	}
}
