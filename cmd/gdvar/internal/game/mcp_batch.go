package game

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// JSON-RPC batches, a line holding an array of messages, are MCP's in
// 2025-03-26 (whose servers must accept them) and 2024-11-05; 2025-06-18
// removed them. gdvar mcp takes them in a session that initialize
// settled on a version before batchesRemoved, and refuses them otherwise.
const batchesRemoved = "2025-06-18"

// mcpMaxBatch bounds a batch's messages, and so the answers held for it.
const mcpMaxBatch = 64

// mcpBatch is a batch's answers, written together, in any order (as
// JSON-RPC allows), once its calls are all answered.
type mcpBatch struct {
	answers    []*jsonrpc.Response
	unanswered int // calls handed over whose answer is still to come
}

// takeBatch queues a batch's messages, and answers at once those it
// refuses, or the whole batch.
func (c *mcpConn) takeBatch(line []byte) error {
	raws, ok := batchMessages(line)
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.version == "" || c.version >= batchesRemoved:
		version := c.version
		if version == "" {
			version = "before initialize"
		}
		return c.write(errorResponse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: no JSON-RPC batches in MCP %s", version)))
	case !ok:
		return c.write(errorResponse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: a batch of more than %d messages", mcpMaxBatch)))
	case len(raws) == 0:
		return c.write(errorResponse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "invalid request: an empty batch"))
	}
	b := &mcpBatch{}
	for _, raw := range raws {
		m, refused := decodeMessage(raw)
		if refused == nil {
			refused = c.accept(m, b)
		}
		if refused != nil {
			b.answers = append(b.answers, refused)
			continue
		}
		c.queue = append(c.queue, m)
	}
	if b.unanswered > 0 || len(b.answers) == 0 { // notifications only: nothing to answer
		return nil
	}
	return c.writeBatch(b)
}

// batchMessages returns the messages of a line that is a JSON array; not
// ok if there are more than mcpMaxBatch, of which it reads one more.
func batchMessages(line []byte) (raws []json.RawMessage, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(line))
	if _, err := dec.Token(); err != nil { // [
		return nil, false
	}
	for dec.More() {
		if len(raws) == mcpMaxBatch {
			return nil, false
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, false
		}
		raws = append(raws, raw)
	}
	return raws, true
}

// writeBatch writes a batch's answers as one array on a line. c.mu is
// held.
func (c *mcpConn) writeBatch(b *mcpBatch) error {
	out := []byte{'['}
	for i, resp := range b.answers {
		data, err := encodeMessage(resp)
		if err != nil {
			return err
		}
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, data...)
	}
	_, err := c.w.Write(append(out, ']', '\n'))
	return err
}
