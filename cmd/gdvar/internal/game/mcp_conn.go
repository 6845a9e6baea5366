package game

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpMaxPending bounds the calls handed to the server and not answered
// yet, each a goroutine and its request held while its handler waits (a
// launch, a command to a game that does not answer, a subscription); a
// call beyond is answered at once with codeBusy, so that memory stays
// bounded whatever a client sends. (A client that reads no answers stops
// being read: a call is taken under the lock a waiting answer holds.)
const mcpMaxPending = 64

// codeBusy is the JSON-RPC error of a call refused because mcpMaxPending
// calls are unanswered (in the range JSON-RPC leaves to servers).
const codeBusy = -32000

// mcpTransport is gdvar mcp's stdio transport, MCP's newline-delimited
// JSON-RPC messages, read a line at a time: a line that is not a message
// is answered with a JSON-RPC error (-32700 if it is not JSON, -32600 if
// it is not a JSON-RPC 2.0 message, or too long), and the next line is
// read as if it had not been there.
type mcpTransport struct {
	r io.Reader
	w io.Writer
}

// Connect starts reading r.
func (t *mcpTransport) Connect(context.Context) (mcp.Connection, error) {
	c := &mcpConn{lines: make(chan lineOrErr), closed: make(chan struct{}), w: t.w, pending: map[jsonrpc.ID]*mcpBatch{}}
	go c.readLines(newLineReader(t.r, mcpMaxLine))
	return c, nil
}

// lineOrErr is a line read, or why none was, and the id of a message
// too long to read.
type lineOrErr struct {
	line []byte
	err  error
	id   jsonrpc.ID
}

// mcpConn is a connection of mcpTransport.
type mcpConn struct {
	lines     chan lineOrErr
	closed    chan struct{}
	closeOnce sync.Once
	queue     []jsonrpc.Message // a batch's messages not handed over yet (Read's own)

	mu      sync.Mutex // held while writing, and guards what follows
	w       io.Writer
	pending map[jsonrpc.ID]*mcpBatch // the calls handed over and unanswered; nil for a call on its own
	initID  jsonrpc.ID               // initialize's id, once it came
	version string                   // the protocol version initialize was answered with
}

// readLines reads the input in a goroutine of its own, so that Close
// ends a Read waiting for a line.
func (c *mcpConn) readLines(lr *lineReader) {
	for {
		long := &longID{}
		lr.long = long
		line, err := lr.next()
		select {
		case c.lines <- lineOrErr{line, err, long.ID()}:
		case <-c.closed:
			return
		}
		if err != nil && !errors.Is(err, errLineTooLong) {
			return
		}
	}
}

// Read returns the next message to serve, having answered the lines
// before it that are not one.
func (c *mcpConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for len(c.queue) == 0 {
		var l lineOrErr
		select {
		case l = <-c.lines:
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-c.closed:
			return nil, io.EOF
		}
		if l.err != nil && !errors.Is(l.err, errLineTooLong) {
			return nil, l.err
		}
		if err := c.take(l); err != nil {
			return nil, err
		}
	}
	m := c.queue[0]
	c.queue = c.queue[1:]
	return m, nil
}

// take queues a line's messages, and answers at once what it refuses:
// the line, or in a batch each message.
func (c *mcpConn) take(l lineOrErr) error {
	line := bytes.Trim(l.line, " \t\r\n") // JSON's white space
	switch {
	case l.err != nil:
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.write(errorResponse(l.id, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: a line of over %d bytes", mcpMaxLine)))
	case len(line) == 0: // nothing to answer
		return nil
	case !json.Valid(line):
		return c.refuse(jsonrpc.CodeParseError, "parse error: "+syntaxError(line))
	case line[0] == '[':
		return c.takeBatch(line)
	}
	m, refused := decodeMessage(line)
	c.mu.Lock()
	defer c.mu.Unlock()
	if refused == nil {
		refused = c.accept(m, nil)
	}
	if refused != nil {
		return c.write(refused)
	}
	c.queue = append(c.queue, m)
	return nil
}

// refuse answers a line that holds no message it could tell the id of.
func (c *mcpConn) refuse(code int64, message string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.write(errorResponse(jsonrpc.ID{}, code, message))
}

// accept counts m if it is a call, or returns the answer that refuses it.
// c.mu is held.
func (c *mcpConn) accept(m jsonrpc.Message, b *mcpBatch) *jsonrpc.Response {
	req, ok := m.(*jsonrpc.Request)
	if !ok || !req.IsCall() {
		return nil
	}
	if _, ok := c.pending[req.ID]; ok {
		return errorResponse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "invalid request: the id of a call not answered yet")
	}
	if len(c.pending) >= mcpMaxPending {
		return errorResponse(req.ID, codeBusy, fmt.Sprintf("busy: %d calls not answered yet; call again when one is", mcpMaxPending))
	}
	c.pending[req.ID] = b
	if b != nil {
		b.unanswered++
	}
	if req.Method == "initialize" {
		c.initID = req.ID
	}
	return nil
}

// Write writes a message on a line of its own; an answer to a batch's
// call waits for the batch's other answers.
func (c *mcpConn) Write(_ context.Context, m jsonrpc.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	resp, ok := m.(*jsonrpc.Response)
	if !ok {
		return c.write(m)
	}
	if c.initID.IsValid() && resp.ID == c.initID && resp.Error == nil {
		var result struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		if json.Unmarshal(resp.Result, &result) == nil {
			c.version = result.ProtocolVersion
		}
	}
	b, ok := c.pending[resp.ID]
	if !ok || b == nil {
		delete(c.pending, resp.ID)
		return c.write(resp)
	}
	delete(c.pending, resp.ID)
	b.unanswered--
	b.answers = append(b.answers, resp)
	if b.unanswered > 0 {
		return nil
	}
	return c.writeBatch(b)
}

// write writes m and a newline. c.mu is held.
func (c *mcpConn) write(m jsonrpc.Message) error {
	data, err := encodeMessage(m)
	if err != nil {
		return err
	}
	_, err = c.w.Write(append(data, '\n'))
	return err
}

// encodeMessage is jsonrpc.EncodeMessage, but for an answer to no valid
// id, which it writes with "id": null, as JSON-RPC requires, where the
// SDK leaves the id out.
func encodeMessage(m jsonrpc.Message) ([]byte, error) {
	if resp, ok := m.(*jsonrpc.Response); ok && !resp.ID.IsValid() {
		var wireErr *jsonrpc.Error
		if !errors.As(resp.Error, &wireErr) {
			wireErr = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "an answer to no call"}
		}
		return json.Marshal(struct {
			Version string         `json:"jsonrpc"`
			ID      any            `json:"id"`
			Error   *jsonrpc.Error `json:"error"`
		}{"2.0", nil, wireErr})
	}
	return jsonrpc.EncodeMessage(m)
}

// Close ends Read.
func (c *mcpConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

// SessionID is "": stdio has one session.
func (c *mcpConn) SessionID() string { return "" }

// errorResponse is a JSON-RPC error answering id (null if not valid).
func errorResponse(id jsonrpc.ID, code int64, message string) *jsonrpc.Response {
	return &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: code, Message: message}}
}

// syntaxError says where line, which is not JSON, goes wrong; encoding/json
// quotes at most a character of it.
func syntaxError(line []byte) string {
	err := json.Unmarshal(line, new(struct{}))
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%v (at byte %d)", se, se.Offset)
	}
	return "not JSON"
}

// decodeMessage reads a JSON value as a JSON-RPC 2.0 message, or returns
// the answer that refuses it: one with its id if it has a valid one.
// The answer quotes nothing of the value.
func decodeMessage(value []byte) (jsonrpc.Message, *jsonrpc.Response) {
	var wire struct {
		Version json.RawMessage `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  json.RawMessage `json:"method"`
		Params  json.RawMessage `json:"params"`
	}
	if value[0] != '{' || json.Unmarshal(value, &wire) != nil {
		return nil, errorResponse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "invalid request: a message is a JSON object")
	}
	id, ok := wireID(wire.ID)
	if !ok {
		return nil, errorResponse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "invalid request: an id is a string, an integer or null")
	}
	invalid := func(why string) (jsonrpc.Message, *jsonrpc.Response) {
		return nil, errorResponse(id, jsonrpc.CodeInvalidRequest, "invalid request: "+why)
	}
	switch {
	case string(wire.Version) != `"2.0"`:
		return invalid(`"jsonrpc" is not "2.0"`)
	case wire.Method != nil && wire.Method[0] != '"':
		return invalid(`"method" is not a string`)
	case wire.Params != nil && wire.Params[0] != '{' && wire.Params[0] != '[' && string(wire.Params) != "null":
		return invalid(`"params" is not an object or an array`)
	}
	m, err := jsonrpc.DecodeMessage(value)
	if err != nil {
		return invalid("not a request, a notification or a response")
	}
	return m, nil
}

// maxIntID bounds an id that is a number: the SDK holds it as a float64
// first, which keeps every integer up to 2^53 exactly.
const maxIntID = 1 << 53

// wireID reads a message's id as JSON-RPC has it: absent or null (the ID
// that is not valid), a string, or a number, which must be an integer.
func wireID(raw json.RawMessage) (jsonrpc.ID, bool) {
	if raw == nil || string(raw) == "null" {
		return jsonrpc.ID{}, true
	}
	var v any
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return jsonrpc.ID{}, false
		}
		v = s
	} else {
		n, err := strconv.ParseInt(string(raw), 10, 64)
		if err != nil || n > maxIntID || n < -maxIntID {
			return jsonrpc.ID{}, false
		}
		v = float64(n)
	}
	id, err := jsonrpc.MakeID(v)
	return id, err == nil
}
