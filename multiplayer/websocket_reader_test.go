package multiplayer

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// frameLog is a framePeer that records what a frameReader tells it.
type frameLog struct {
	begun    int
	controls []string // each as "op payload"
}

func (l *frameLog) began() { l.begun++ }

func (l *frameLog) control(op byte, p []byte) error {
	l.controls = append(l.controls, fmt.Sprintf("%x %s", op, p))
	if op == opCloseFrame {
		return io.EOF // the reading ends, as a server's does
	}
	return nil
}

// noDeadline is a socket whose read deadline does nothing.
type noDeadline struct{}

func (noDeadline) SetReadDeadline(time.Time) error { return nil }

// testFrameReader is a frameReader of input, as a server with the packet
// limit limit reads a client's stream, telling peer.
func testFrameReader(input []byte, limit int64, peer framePeer) *frameReader {
	return &frameReader{br: bufio.NewReaderSize(bytes.NewReader(input), wsReadBuf), conn: noDeadline{}, limit: limit, late: time.Hour, peer: peer}
}

// readAllFrames reads the messages of input, as a server with the packet
// limit limit does, until the reading ends: the messages, what the peer
// was told, the error that ended it, and the largest buffer a message
// was read into.
func readAllFrames(input []byte, limit int64) (msgs []string, log *frameLog, largest int, err error) {
	log = &frameLog{}
	r := testFrameReader(input, limit, log)
	for {
		var buf []byte
		buf, err = r.read(buf)
		largest = max(largest, cap(buf))
		if err != nil {
			return msgs, log, largest, err
		}
		msgs = append(msgs, string(buf))
	}
}

// frameHead is the header of a client frame whose first byte is b0, its
// length n written in the form of form (126: 16 bits, 127: 64 bits, else
// 7), masked by a zero key: its payload is sent as it is.
func frameHead(b0, form byte, n uint64) []byte {
	b := []byte{b0}
	switch form {
	case 126:
		b = binary.BigEndian.AppendUint16(append(b, 0x80|126), uint16(n))
	case 127:
		b = binary.BigEndian.AppendUint64(append(b, 0x80|127), n)
	default:
		b = append(b, 0x80|byte(n))
	}
	return append(b, 0, 0, 0, 0)
}

// frames joins frames into one input.
func frames(fs ...[]byte) []byte { return bytes.Join(fs, nil) }

// closePayload is a close frame's payload: code, then reason.
func closePayload(code uint16, reason string) string {
	return string(binary.BigEndian.AppendUint16(nil, code)) + reason
}

// frameLimit is the packet limit the frame reader's tests read with.
const frameLimit = 1000

// finalFrame and moreFrame are a client's frames of op carrying p: the
// last of a message, or one that more follow.
func finalFrame(op byte, p string) []byte { return clientFrame(op, false, false, []byte(p)) }
func moreFrame(op byte, p string) []byte  { return clientFrame(op, true, false, []byte(p)) }

// withB0 sets bits in frame's first byte.
func withB0(frame []byte, bits byte) []byte {
	frame[0] |= bits
	return frame
}

// frameCase is an input the frame reader reads, with frameLimit: the
// messages and control frames it gives, and the status its refusal
// closes with (0: the input ends, or a close frame ends the reading).
type frameCase struct {
	name     string
	input    []byte
	msgs     []string
	controls []string // "op payload"
	code     websocket.StatusCode
}

// frameCases are the frames RFC 6455 lets a client send, and those it
// refuses.
func frameCases() []frameCase {
	big := strings.Repeat("x", frameLimit)
	return []frameCase{
		{"a binary message", finalFrame(opBinary, "abc"), []string{"abc"}, nil, 0},
		{"a text message", finalFrame(opText, "héllo"), []string{"héllo"}, nil, 0},
		{"an empty message", finalFrame(opBinary, ""), []string{""}, nil, 0},
		{"messages one after another", frames(finalFrame(opBinary, "a"), finalFrame(opText, "b")), []string{"a", "b"}, nil, 0},
		{"fragments", frames(moreFrame(opBinary, "ab"), moreFrame(opContinuation, ""), finalFrame(opContinuation, "cd")), []string{"abcd"}, nil, 0},
		{"text cut inside a character", frames(moreFrame(opText, "h\xc3"), finalFrame(opContinuation, "\xa9")), []string{"hé"}, nil, 0},
		{"control frames among fragments", frames(finalFrame(opPing, "p1"), moreFrame(opBinary, "ab"), finalFrame(opPing, "p2"), finalFrame(opPong, "q"), finalFrame(opContinuation, "cd")),
			[]string{"abcd"}, []string{"9 p1", "9 p2", "a q"}, 0},
		{"a ping of 125 bytes", finalFrame(opPing, big[:125]), nil, []string{"9 " + big[:125]}, 0},
		{"a message at the limit", finalFrame(opBinary, big), []string{big}, nil, 0},
		{"fragments at the limit", frames(moreFrame(opBinary, big[:600]), finalFrame(opContinuation, big[600:])), []string{big}, nil, 0},
		{"7-bit length 125", frames(frameHead(0x82, 0, 125), []byte(big[:125])), []string{big[:125]}, nil, 0},
		{"16-bit length 126", frames(frameHead(0x82, 126, 126), []byte(big[:126])), []string{big[:126]}, nil, 0},
		{"16-bit length 125", frames(frameHead(0x82, 126, 125), []byte(big[:125])), nil, nil, websocket.StatusProtocolError},
		{"64-bit length 65535", frameHead(0x82, 127, 0xffff), nil, nil, websocket.StatusProtocolError},
		{"64-bit length 0", frameHead(0x82, 127, 0), nil, nil, websocket.StatusProtocolError},
		{"64-bit length 65536 over the limit", frameHead(0x82, 127, 0x10000), nil, nil, websocket.StatusMessageTooBig},
		{"64-bit length with its top bit set", frameHead(0x82, 127, 1<<63|0x10000), nil, nil, websocket.StatusProtocolError},
		{"64-bit length 2^64-1", frameHead(0x82, 127, 1<<64-1), nil, nil, websocket.StatusProtocolError},
		{"a continuation declaring 2^63-5 bytes after 10", frames(moreFrame(opBinary, "0123456789"), frameHead(0x80, 127, 1<<63-5), []byte{1, 2}),
			nil, nil, websocket.StatusMessageTooBig},
		{"a message over the limit", finalFrame(opBinary, big+"x"), nil, nil, websocket.StatusMessageTooBig},
		{"fragments over the limit", frames(moreFrame(opBinary, big[:600]), finalFrame(opContinuation, big[:401])), nil, nil, websocket.StatusMessageTooBig},
		{"an unmasked frame", clientFrame(opBinary, false, true, []byte("a")), nil, nil, websocket.StatusProtocolError},
		{"reserved bit 1", withB0(finalFrame(opBinary, "a"), 0x40), nil, nil, websocket.StatusProtocolError},
		{"reserved bit 2", withB0(finalFrame(opBinary, "a"), 0x20), nil, nil, websocket.StatusProtocolError},
		{"reserved bit 3", withB0(finalFrame(opBinary, "a"), 0x10), nil, nil, websocket.StatusProtocolError},
		{"opcode 3", finalFrame(0x3, ""), nil, nil, websocket.StatusProtocolError},
		{"opcode 7", finalFrame(0x7, ""), nil, nil, websocket.StatusProtocolError},
		{"opcode 0xb", finalFrame(0xb, ""), nil, nil, websocket.StatusProtocolError},
		{"opcode 0xf", finalFrame(0xf, ""), nil, nil, websocket.StatusProtocolError},
		{"a ping of 126 bytes", finalFrame(opPing, big[:126]), nil, nil, websocket.StatusProtocolError},
		{"a fragmented ping", moreFrame(opPing, ""), nil, nil, websocket.StatusProtocolError},
		{"a continuation without a message", finalFrame(opContinuation, "a"), nil, nil, websocket.StatusProtocolError},
		{"a new message within a message", frames(moreFrame(opBinary, "a"), finalFrame(opBinary, "b")), nil, nil, websocket.StatusProtocolError},
		{"text that is not UTF-8", finalFrame(opText, "a\xff"), nil, nil, websocket.StatusInvalidFramePayloadData},
		{"fragmented text that is not UTF-8", frames(moreFrame(opText, "a\xc3"), finalFrame(opContinuation, "")), nil, nil, websocket.StatusInvalidFramePayloadData},
		{"binary that is not UTF-8", finalFrame(opBinary, "a\xff"), []string{"a\xff"}, nil, 0},
		{"an empty close frame", finalFrame(opCloseFrame, ""), nil, []string{"8 "}, 0},
		{"a close frame 1000", finalFrame(opCloseFrame, closePayload(1000, "bye")), nil, []string{"8 " + closePayload(1000, "bye")}, 0},
		{"a close frame 4999", finalFrame(opCloseFrame, closePayload(4999, "")), nil, []string{"8 " + closePayload(4999, "")}, 0},
		{"a close frame of 1 byte", finalFrame(opCloseFrame, "\x03"), nil, nil, websocket.StatusProtocolError},
		{"close code 999", finalFrame(opCloseFrame, closePayload(999, "")), nil, nil, websocket.StatusProtocolError},
		{"close code 1004", finalFrame(opCloseFrame, closePayload(1004, "")), nil, nil, websocket.StatusProtocolError},
		{"close code 1005", finalFrame(opCloseFrame, closePayload(1005, "")), nil, nil, websocket.StatusProtocolError},
		{"close code 1006", finalFrame(opCloseFrame, closePayload(1006, "")), nil, nil, websocket.StatusProtocolError},
		{"close code 1015", finalFrame(opCloseFrame, closePayload(1015, "")), nil, nil, websocket.StatusProtocolError},
		{"close code 2999", finalFrame(opCloseFrame, closePayload(2999, "")), nil, nil, websocket.StatusProtocolError},
		{"close code 5000", finalFrame(opCloseFrame, closePayload(5000, "")), nil, nil, websocket.StatusProtocolError},
		{"a close reason that is not UTF-8", finalFrame(opCloseFrame, closePayload(1000, "\xff")), nil, nil, websocket.StatusInvalidFramePayloadData},
		{"a message cut short", frames(frameHead(0x82, 126, 900), []byte("abc")), nil, nil, 0},
		{"a header cut short", frameHead(0x82, 127, 0x10000)[:5], nil, nil, 0},
	}
}

// The frames RFC 6455 lets a client send, and those it refuses, read as
// a server reads them.
func TestFrameReader(t *testing.T) {
	for _, tc := range frameCases() {
		t.Run(tc.name, func(t *testing.T) {
			msgs, log, _, err := readAllFrames(tc.input, frameLimit)
			assert.Equal(t, tc.msgs, msgs)
			assert.Equal(t, tc.controls, log.controls)
			assert.Contains(t, []int{len(tc.msgs), len(tc.msgs) + 1}, log.begun, "each message begun once, and one refused")
			var refused websocket.CloseError
			if tc.code == 0 {
				assert.False(t, errors.As(err, &refused), "%v", err)
				return
			}
			require.ErrorAs(t, err, &refused)
			assert.Equal(t, tc.code, refused.Code, "%v", err)
			assert.Less(t, len(err.Error()), 200, "the error is short")
		})
	}
}

// A message's buffer grows with the bytes that came, not with the length
// its header declares: a frame declaring 1 MiB that stops after 0, 100 or
// 10 000 bytes is read into a buffer within twice its bytes plus
// payloadGrowth.
func TestFrameReaderGrowsAsBytesCome(t *testing.T) {
	const limit = 1 << 20
	for _, n := range []int{0, 100, 10000} {
		input := append(frameHead(0x82, 127, limit), make([]byte, n)...)
		_, _, largest, err := readAllFrames(input, limit)
		assert.ErrorIs(t, err, io.EOF)
		assert.LessOrEqual(t, largest, 2*n+payloadGrowth, "%d bytes", n)
	}
}
