package game

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/stretchr/testify/require"
)

// mcpPipe runs gdvar mcp in the test's process, on pipes: the test writes
// its input a line at a time and reads its answers as the server writes
// them.
type mcpPipe struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan []byte // each line of the server's output
	code  chan int    // MCP's exit status
}

// startMCPPipe starts gdvar mcp ARGS…; the test's cleanup closes its
// input and waits for it to end.
func startMCPPipe(t *testing.T, args ...string) *mcpPipe {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &mcpPipe{t: t, in: inW, lines: make(chan []byte, 1<<14), code: make(chan int, 1)}
	var stderr strings.Builder
	lockedStderr := &lockedWriter{w: &stderr}
	go func() {
		code := MCP(args, inR, outW, lockedStderr)
		inR.CloseWithError(fmt.Errorf("gdvar mcp ended with status %d", code)) // the test's writes fail, not wait
		outW.Close()
		p.code <- code
	}()
	go func() {
		defer close(p.lines)
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			p.lines <- bytes.Clone(sc.Bytes())
		}
		io.Copy(io.Discard, outR) // a line too long for the scanner: the checks fail, the server ends
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-p.code:
		case <-time.After(gametest.Wait):
			t.Error("gdvar mcp did not end after its input did")
		}
		if t.Failed() {
			lockedStderr.mu.Lock()
			defer lockedStderr.mu.Unlock()
			t.Logf("gdvar mcp wrote on standard error:\n%s", stderr.String())
		}
	})
	return p
}

// send writes a line of input.
func (p *mcpPipe) send(line string) {
	p.t.Helper()
	_, err := io.WriteString(p.in, line+"\n")
	require.NoError(p.t, err)
}

// next returns the server's next line of output, waiting gametest.Wait at most.
func (p *mcpPipe) next() []byte {
	p.t.Helper()
	select {
	case line, ok := <-p.lines:
		require.True(p.t, ok, "gdvar mcp's output ended")
		return line
	case <-time.After(gametest.Wait):
		p.t.Fatal("no answer from gdvar mcp")
		return nil
	}
}

// rpcAnswer is a JSON-RPC answer as the tests read it.
type rpcAnswer struct {
	ID     any             `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// answer reads the next line as one answer.
func (p *mcpPipe) answer() rpcAnswer {
	p.t.Helper()
	line := p.next()
	var a rpcAnswer
	require.NoError(p.t, json.Unmarshal(line, &a), "%s", line)
	return a
}

// initialize opens the session at a protocol version, as a client does.
func (p *mcpPipe) initialize(version string) {
	p.t.Helper()
	p.send(`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"` + version + `","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`)
	a := p.answer()
	require.Equal(p.t, "init", a.ID)
	require.Nil(p.t, a.Error)
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}
