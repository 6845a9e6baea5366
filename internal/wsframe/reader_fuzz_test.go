package wsframe

import (
	"encoding/binary"
	"fmt"
	"testing"
	"unicode/utf8"
)

// FuzzWebSocketFrames hands any bytes to a Reader as what a client sent a
// server after the upgrade, and to another as what a server sent a
// client. Neither may panic; each must read a message into a buffer
// within twice the input plus payloadGrowth (never the length a header
// declares), and must agree with rfcFrames, the fuzzer's own reading of
// RFC 6455: the same messages and control frames, ending with the same
// close code (a frame's refusal's, or the peer's), or none, in an error
// under 200 bytes. Draining the same bytes, as a closing connection does,
// must end.
func FuzzWebSocketFrames(f *testing.F) {
	for _, tc := range append(clientCases(), serverCases()...) {
		f.Add(tc.input)
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		for _, fromServer := range []bool{false, true} {
			msgs, log, largest, err := readAll(input, frameLimit, fromServer)
			if bound := 2*len(input) + payloadGrowth; largest > bound {
				t.Fatalf("a buffer of %d bytes from %d bytes of input", largest, len(input))
			}
			code := CodeOf(err)
			wantMsgs, wantControls, wantCode := rfcFrames(input, frameLimit, fromServer)
			if fmt.Sprint(msgs) != fmt.Sprint(wantMsgs) || fmt.Sprint(log.controls) != fmt.Sprint(wantControls) || code != wantCode {
				t.Fatalf("from a server %v: read %q, controls %q, code %d (%v); RFC 6455 reads %q, controls %q, code %d",
					fromServer, msgs, log.controls, code, err, wantMsgs, wantControls, wantCode)
			}
			if code != 0 && len(err.Error()) >= 200 {
				t.Fatalf("an error of %d bytes: %.300s", len(err.Error()), err)
			}
			testReader(input, frameLimit, fromServer, &frameLog{}).Drain()
		}
	})
}

// rfcFrames reads input as RFC 6455 has a server read a client's frames,
// or a client a server's (fromServer), with messages of at most limit
// bytes, written apart from Reader for FuzzWebSocketFrames to check it
// by: the messages and control frames (as frameLog records them) until
// the input ends or a close frame comes, and the close code the reading
// ends with, the close frame's or that of the first frame refused (0 if
// the input ends). A frame is judged once its header has come, a control
// frame's payload and a text message's UTF-8 once they have.
func rfcFrames(input []byte, limit uint64, fromServer bool) (msgs, controls []string, code CloseCode) {
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
			return msgs, controls, CloseProtocolError
		case masked == fromServer, length >= 1<<63:
			return msgs, controls, CloseProtocolError
		case shortForm == 126 && length < 126, shortForm == 127 && length < 1<<16:
			return msgs, controls, CloseProtocolError
		case control && (length > 125 || !fin):
			return msgs, controls, CloseProtocolError
		case !control && op == 0 && msgOp == 0, !control && op != 0 && msgOp != 0:
			return msgs, controls, CloseProtocolError
		case !control && uint64(len(msg))+length > limit:
			return msgs, controls, CloseTooBig
		}
		var key []byte
		if masked {
			key = input[size-4 : size]
		}
		input = input[size:]
		if uint64(len(input)) < length {
			return msgs, controls, 0
		}
		payload := make([]byte, length)
		for i := range payload {
			payload[i] = input[i]
			if key != nil {
				payload[i] ^= key[i%4]
			}
		}
		input = input[length:]
		if control {
			if op == 0x8 {
				if code := rfcCloseRefusal(payload); code != 0 {
					return msgs, controls, code
				}
				code := CloseNoStatus
				if len(payload) >= 2 {
					code = CloseCode(binary.BigEndian.Uint16(payload))
				}
				return msgs, append(controls, fmt.Sprintf("%x %s", op, payload)), code
			}
			controls = append(controls, fmt.Sprintf("%x %s", op, payload))
			continue
		}
		if op != 0 {
			msgOp = op
		}
		msg = append(msg, payload...)
		if !fin {
			continue
		}
		if msgOp == 0x1 && !utf8.Valid(msg) {
			return msgs, controls, CloseInvalidData
		}
		msgs = append(msgs, string(msg))
		msg, msgOp = nil, 0
	}
}

// rfcCloseRefusal is the code a close frame's payload is refused with
// (RFC 6455, 5.5.1, 7.1.6, 7.4), or 0.
func rfcCloseRefusal(p []byte) CloseCode {
	if len(p) == 0 {
		return 0
	}
	if len(p) == 1 {
		return CloseProtocolError
	}
	switch code := binary.BigEndian.Uint16(p); {
	case code < 1000, code > 1014 && code < 3000, code > 4999, code == 1004, code == 1005, code == 1006:
		return CloseProtocolError
	}
	if !utf8.Valid(p[2:]) {
		return CloseInvalidData
	}
	return 0
}
