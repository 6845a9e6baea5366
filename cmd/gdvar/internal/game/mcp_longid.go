package game

import (
	"bytes"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// longID finds the "id" of a JSON-RPC message too long to keep (a 9 MiB
// evaluate), as its bytes pass, keeping none of the rest: its refusal
// then names the call, which a client waits for, where a refusal of no id
// left it waiting for ever. Only a message that is an object has one; a
// batch's calls are refused with none. It is decided once the id has
// come, or cannot come (not an object, or its end), so that the line is
// refused then, the rest of it skipped.
type longID struct {
	started    bool // a byte other than white space came
	decided    bool
	depth      int
	inString   bool
	escaped    bool
	expectKey  bool   // at the top level, the next string is a key
	inKey      bool   // reading a top-level key
	key        []byte // its first bytes, enough to tell "id"
	keyLen     int
	capturing  bool   // reading the top-level id's value
	value      []byte // the id's raw value, at most maxIDBytes
	overflowed bool
	id         json.RawMessage // the last complete id met
}

// maxIDBytes bounds an id's raw value kept: an id is a string or an
// integer, not a document.
const maxIDBytes = 256

// Write reads the next piece of the message.
func (s *longID) Write(p []byte) (int, error) {
	for _, c := range p {
		s.byte(c)
	}
	return len(p), nil
}

// Decided says the id is known, or that there is none to know.
func (s *longID) Decided() bool { return s.decided }

func (s *longID) byte(c byte) {
	if s.decided {
		return
	}
	if !s.started {
		switch c {
		case ' ', '\t', '\r', '\n':
			return
		}
		s.started = true
		if c != '{' {
			s.decided = true // a batch, or no JSON-RPC message: no id
			return
		}
	}
	if s.capturing {
		if len(s.value) < maxIDBytes {
			s.value = append(s.value, c)
		} else {
			s.overflowed = true
		}
	}
	if s.inString {
		switch {
		case s.escaped:
			s.escaped = false
		case c == '\\':
			s.escaped = true
		case c == '"':
			s.inString = false
			s.inKey = false
			return
		}
		if s.inKey {
			if len(s.key) < 3 {
				s.key = append(s.key, c)
			}
			s.keyLen++
		}
		return
	}
	switch c {
	case '"':
		s.inString = true
		if s.depth == 1 && s.expectKey {
			s.inKey, s.expectKey = true, false
			s.key, s.keyLen = s.key[:0], 0
		}
	case '{', '[':
		s.depth++
		if s.depth == 1 {
			s.expectKey = c == '{'
		}
	case '}', ']':
		if s.depth == 1 {
			s.endValue()
			s.decided = true // the message has ended
		}
		s.depth--
	case ':':
		if s.depth == 1 && string(s.key) == "id" && s.keyLen == 2 {
			s.capturing, s.value, s.overflowed = true, s.value[:0], false
		}
	case ',':
		if s.depth == 1 {
			s.endValue()
			s.expectKey = true
		}
	}
}

// endValue ends a top-level value: the id's, if it was being read.
func (s *longID) endValue() {
	if !s.capturing {
		return
	}
	s.capturing = false
	if !s.overflowed && len(s.value) > 0 {
		s.id = append(s.id[:0], bytes.TrimSpace(s.value[:len(s.value)-1])...) // without the , or } that ended it
	}
	s.decided = true
}

// ID returns the message's id, if it had one that could be told.
func (s *longID) ID() jsonrpc.ID {
	if s.id == nil {
		return jsonrpc.ID{}
	}
	id, ok := wireID(s.id)
	if !ok {
		return jsonrpc.ID{}
	}
	return id
}
