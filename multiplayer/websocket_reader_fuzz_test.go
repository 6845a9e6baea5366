package multiplayer

import (
	"encoding/binary"
	"errors"
	"fmt"
	"testing"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// FuzzWebSocketFrames hands any bytes to a server's frame reader as what
// a client sent after the upgrade. The reader must not panic, must read
// each message into a buffer within twice the input plus payloadGrowth
// (never the length a header declares), and must agree with rfcFrames,
// the fuzzer's own reading of RFC 6455: the same messages and control
// frames, refused with the same status, or not refused. Draining the
// same bytes, as a closing connection does, must end.
func FuzzWebSocketFrames(f *testing.F) {
	for _, tc := range frameCases() {
		f.Add(tc.input)
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		msgs, log, largest, err := readAllFrames(input, frameLimit)
		if bound := 2*len(input) + payloadGrowth; largest > bound {
			t.Fatalf("a buffer of %d bytes from %d bytes of input", largest, len(input))
		}
		var refused websocket.CloseError
		var code websocket.StatusCode
		if errors.As(err, &refused) {
			code = refused.Code
		}
		wantMsgs, wantControls, wantCode := rfcFrames(input, frameLimit)
		if fmt.Sprint(msgs) != fmt.Sprint(wantMsgs) || fmt.Sprint(log.controls) != fmt.Sprint(wantControls) || code != wantCode {
			t.Fatalf("read %q, controls %q, status %d (%v); RFC 6455 reads %q, controls %q, status %d",
				msgs, log.controls, code, err, wantMsgs, wantControls, wantCode)
		}
		testFrameReader(input, frameLimit, &frameLog{}).drain()
	})
}

// rfcFrames reads input as RFC 6455 has a server read a client's frames,
// with messages of at most limit bytes, written apart from frameReader
// for FuzzWebSocketFrames to check it by: the messages and control frames
// (as frameLog records them) until the input ends or a close frame
// comes, or the status the first frame refused closes with. A frame is
// judged once its header has come, a control frame's payload and a text
// message's UTF-8 once they have.
func rfcFrames(input []byte, limit uint64) (msgs, controls []string, code websocket.StatusCode) {
	var msg []byte
	var msgOp byte // the message's opcode, while one is open
	for {
		if len(input) < 2 {
			return msgs, controls, 0
		}
		fin, rsv, op := input[0]&0x80 != 0, input[0]&0x70, input[0]&0x0f
		masked, length := input[1]&0x80 != 0, uint64(input[1]&0x7f)
		size := 2 + map[uint64]int{126: 2, 127: 8}[length]
		if masked {
			size += 4
		}
		if len(input) < size {
			return msgs, controls, 0
		}
		shortForm := length
		switch shortForm {
		case 126:
			length = uint64(binary.BigEndian.Uint16(input[2:]))
		case 127:
			length = binary.BigEndian.Uint64(input[2:])
		}
		control := op&0x8 != 0
		switch {
		case rsv != 0, op >= 0x3 && op <= 0x7, op >= 0xb:
			return msgs, controls, websocket.StatusProtocolError
		case !masked, length >= 1<<63:
			return msgs, controls, websocket.StatusProtocolError
		case shortForm == 126 && length < 126, shortForm == 127 && length < 1<<16:
			return msgs, controls, websocket.StatusProtocolError
		case control && (length > 125 || !fin):
			return msgs, controls, websocket.StatusProtocolError
		case !control && op == opContinuation && msgOp == 0, !control && op != opContinuation && msgOp != 0:
			return msgs, controls, websocket.StatusProtocolError
		case !control && uint64(len(msg))+length > limit:
			return msgs, controls, websocket.StatusMessageTooBig
		}
		key := input[size-4 : size]
		input = input[size:]
		if uint64(len(input)) < length {
			return msgs, controls, 0
		}
		payload := make([]byte, length)
		for i := range payload {
			payload[i] = input[i] ^ key[i%4]
		}
		input = input[length:]
		if control {
			if op == opCloseFrame {
				if code := rfcCloseStatus(payload); code != 0 {
					return msgs, controls, code
				}
				return msgs, append(controls, fmt.Sprintf("%x %s", op, payload)), 0
			}
			controls = append(controls, fmt.Sprintf("%x %s", op, payload))
			continue
		}
		if op != opContinuation {
			msgOp = op
		}
		msg = append(msg, payload...)
		if !fin {
			continue
		}
		if msgOp == opText && !utf8.Valid(msg) {
			return msgs, controls, websocket.StatusInvalidFramePayloadData
		}
		msgs = append(msgs, string(msg))
		msg, msgOp = nil, 0
	}
}

// rfcCloseStatus is the status a close frame's payload is refused with
// (RFC 6455, 5.5.1, 7.1.6, 7.4), or 0.
func rfcCloseStatus(p []byte) websocket.StatusCode {
	if len(p) == 0 {
		return 0
	}
	if len(p) == 1 {
		return websocket.StatusProtocolError
	}
	switch code := binary.BigEndian.Uint16(p); {
	case code < 1000, code > 1014 && code < 3000, code > 4999, code == 1004, code == 1005, code == 1006:
		return websocket.StatusProtocolError
	}
	if !utf8.Valid(p[2:]) {
		return websocket.StatusInvalidFramePayloadData
	}
	return 0
}
