package wsframe

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// frameLog is a Peer that records what a Reader tells it.
type frameLog struct {
	begun    int
	controls []string // each as "op payload"
}

func (l *frameLog) Began() { l.begun++ }

func (l *frameLog) Control(op Opcode, p []byte) error {
	l.controls = append(l.controls, fmt.Sprintf("%x %s", byte(op), p))
	return nil
}

// noDeadline is a socket whose read deadline does nothing.
type noDeadline struct{}

func (noDeadline) SetReadDeadline(time.Time) error { return nil }

// testReader is a Reader of input with the message limit limit, telling
// peer, on a client if fromServer.
func testReader(input []byte, limit int64, fromServer bool, peer Peer) *Reader {
	return &Reader{Buf: bufio.NewReaderSize(bytes.NewReader(input), 512), Conn: noDeadline{}, Limit: limit, Late: time.Hour,
		Peer: peer, FromServer: fromServer}
}

// readAll reads the messages of input, as a Reader with the message limit
// limit does, until the reading ends: the messages, what the peer was
// told, the error that ended it, and the largest buffer a message was
// read into.
func readAll(input []byte, limit int64, fromServer bool) (msgs []string, log *frameLog, largest int, err error) {
	log = &frameLog{}
	r := testReader(input, limit, fromServer, log)
	for {
		var buf []byte
		buf, err = r.ReadMessage(buf)
		largest = max(largest, cap(buf))
		if err != nil {
			return msgs, log, largest, err
		}
		msgs = append(msgs, string(buf))
	}
}

// testKey is the key the tests' client frames are masked with.
var testKey = [4]byte{1, 2, 3, 4}

// clientFrame is a client's frame of op carrying p, final unless more,
// masked with testKey unless unmasked.
func clientFrame(op Opcode, more, unmasked bool, p []byte) []byte {
	if unmasked {
		return serverFrame(op, more, p)
	}
	b := appendHeader(nil, op, len(p), true)
	if more {
		b[0] &^= 0x80
	}
	b = append(append(b, testKey[:]...), p...)
	mask(b[len(b)-len(p):], testKey, 0)
	return b
}

// serverFrame is a server's frame of op carrying p, final unless more.
func serverFrame(op Opcode, more bool, p []byte) []byte {
	b := AppendFrame(nil, op, p)
	if more {
		b[0] &^= 0x80
	}
	return b
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

// frameLimit is the message limit the Reader's tests read with.
const frameLimit = 1000

// finalFrame and moreFrame are a client's frames of op carrying p: the
// last of a message, or one that more follow.
func finalFrame(op Opcode, p string) []byte { return clientFrame(op, false, false, []byte(p)) }
func moreFrame(op Opcode, p string) []byte  { return clientFrame(op, true, false, []byte(p)) }

// withB0 sets bits in frame's first byte.
func withB0(frame []byte, bits byte) []byte {
	frame[0] |= bits
	return frame
}

// frameCase is an input a Reader reads, with frameLimit: the messages and
// control frames it gives, and the close code the reading ends with (0:
// the input ends): a frame's refusal's, or that of the peer's close frame.
type frameCase struct {
	name     string
	input    []byte
	msgs     []string
	controls []string // "op payload"
	code     CloseCode
}

// clientCases are the frames RFC 6455 lets a client send, and those it
// refuses, as a server reads them.
func clientCases() []frameCase {
	big := strings.Repeat("x", frameLimit)
	return []frameCase{
		{"a binary message", finalFrame(OpBinary, "abc"), []string{"abc"}, nil, 0},
		{"a text message", finalFrame(OpText, "héllo"), []string{"héllo"}, nil, 0},
		{"an empty message", finalFrame(OpBinary, ""), []string{""}, nil, 0},
		{"messages one after another", frames(finalFrame(OpBinary, "a"), finalFrame(OpText, "b")), []string{"a", "b"}, nil, 0},
		{"fragments", frames(moreFrame(OpBinary, "ab"), moreFrame(OpContinuation, ""), finalFrame(OpContinuation, "cd")), []string{"abcd"}, nil, 0},
		{"text cut inside a character", frames(moreFrame(OpText, "h\xc3"), finalFrame(OpContinuation, "\xa9")), []string{"hé"}, nil, 0},
		{"control frames among fragments", frames(finalFrame(OpPing, "p1"), moreFrame(OpBinary, "ab"), finalFrame(OpPing, "p2"), finalFrame(OpPong, "q"), finalFrame(OpContinuation, "cd")),
			[]string{"abcd"}, []string{"9 p1", "9 p2", "a q"}, 0},
		{"a ping of 125 bytes", finalFrame(OpPing, big[:125]), nil, []string{"9 " + big[:125]}, 0},
		{"a message at the limit", finalFrame(OpBinary, big), []string{big}, nil, 0},
		{"fragments at the limit", frames(moreFrame(OpBinary, big[:600]), finalFrame(OpContinuation, big[600:])), []string{big}, nil, 0},
		{"masked with a key of every byte", frames(clientFrame(OpBinary, false, false, []byte(big[:13]))), []string{big[:13]}, nil, 0},
		{"7-bit length 125", frames(frameHead(0x82, 0, 125), []byte(big[:125])), []string{big[:125]}, nil, 0},
		{"16-bit length 126", frames(frameHead(0x82, 126, 126), []byte(big[:126])), []string{big[:126]}, nil, 0},
		{"16-bit length 125", frames(frameHead(0x82, 126, 125), []byte(big[:125])), nil, nil, CloseProtocolError},
		{"64-bit length 65535", frameHead(0x82, 127, 0xffff), nil, nil, CloseProtocolError},
		{"64-bit length 0", frameHead(0x82, 127, 0), nil, nil, CloseProtocolError},
		{"64-bit length 65536 over the limit", frameHead(0x82, 127, 0x10000), nil, nil, CloseTooBig},
		{"64-bit length with its top bit set", frameHead(0x82, 127, 1<<63|0x10000), nil, nil, CloseProtocolError},
		{"64-bit length 2^64-1", frameHead(0x82, 127, 1<<64-1), nil, nil, CloseProtocolError},
		{"a continuation declaring 2^63-5 bytes after 10", frames(moreFrame(OpBinary, "0123456789"), frameHead(0x80, 127, 1<<63-5), []byte{1, 2}),
			nil, nil, CloseTooBig},
		{"a message over the limit", finalFrame(OpBinary, big+"x"), nil, nil, CloseTooBig},
		{"fragments over the limit", frames(moreFrame(OpBinary, big[:600]), finalFrame(OpContinuation, big[:401])), nil, nil, CloseTooBig},
		{"an unmasked frame", clientFrame(OpBinary, false, true, []byte("a")), nil, nil, CloseProtocolError},
		{"reserved bit 1", withB0(finalFrame(OpBinary, "a"), 0x40), nil, nil, CloseProtocolError},
		{"reserved bit 2", withB0(finalFrame(OpBinary, "a"), 0x20), nil, nil, CloseProtocolError},
		{"reserved bit 3", withB0(finalFrame(OpBinary, "a"), 0x10), nil, nil, CloseProtocolError},
		{"opcode 3", finalFrame(0x3, ""), nil, nil, CloseProtocolError},
		{"opcode 7", finalFrame(0x7, ""), nil, nil, CloseProtocolError},
		{"opcode 0xb", finalFrame(0xb, ""), nil, nil, CloseProtocolError},
		{"opcode 0xf", finalFrame(0xf, ""), nil, nil, CloseProtocolError},
		{"a ping of 126 bytes", finalFrame(OpPing, big[:126]), nil, nil, CloseProtocolError},
		{"a fragmented ping", moreFrame(OpPing, ""), nil, nil, CloseProtocolError},
		{"a continuation without a message", finalFrame(OpContinuation, "a"), nil, nil, CloseProtocolError},
		{"a new message within a message", frames(moreFrame(OpBinary, "a"), finalFrame(OpBinary, "b")), nil, nil, CloseProtocolError},
		{"text that is not UTF-8", finalFrame(OpText, "a\xff"), nil, nil, CloseInvalidData},
		{"fragmented text that is not UTF-8", frames(moreFrame(OpText, "a\xc3"), finalFrame(OpContinuation, "")), nil, nil, CloseInvalidData},
		{"binary that is not UTF-8", finalFrame(OpBinary, "a\xff"), []string{"a\xff"}, nil, 0},
		{"an empty close frame", finalFrame(OpClose, ""), nil, []string{"8 "}, CloseNoStatus},
		{"a close frame 1000", finalFrame(OpClose, closePayload(1000, "bye")), nil, []string{"8 " + closePayload(1000, "bye")}, CloseNormal},
		{"a close frame 4999", finalFrame(OpClose, closePayload(4999, "")), nil, []string{"8 " + closePayload(4999, "")}, 4999},
		{"a close frame among fragments", frames(moreFrame(OpBinary, "a"), finalFrame(OpClose, closePayload(1001, ""))), nil,
			[]string{"8 " + closePayload(1001, "")}, CloseGoingAway},
		{"nothing read after a close frame", frames(finalFrame(OpClose, ""), finalFrame(OpBinary, "a")), nil, []string{"8 "}, CloseNoStatus},
		{"a close frame of 1 byte", finalFrame(OpClose, "\x03"), nil, nil, CloseProtocolError},
		{"close code 999", finalFrame(OpClose, closePayload(999, "")), nil, nil, CloseProtocolError},
		{"close code 1004", finalFrame(OpClose, closePayload(1004, "")), nil, nil, CloseProtocolError},
		{"close code 1005", finalFrame(OpClose, closePayload(1005, "")), nil, nil, CloseProtocolError},
		{"close code 1006", finalFrame(OpClose, closePayload(1006, "")), nil, nil, CloseProtocolError},
		{"close code 1015", finalFrame(OpClose, closePayload(1015, "")), nil, nil, CloseProtocolError},
		{"close code 2999", finalFrame(OpClose, closePayload(2999, "")), nil, nil, CloseProtocolError},
		{"close code 5000", finalFrame(OpClose, closePayload(5000, "")), nil, nil, CloseProtocolError},
		{"a close reason that is not UTF-8", finalFrame(OpClose, closePayload(1000, "\xff")), nil, nil, CloseInvalidData},
		{"a message cut short", frames(frameHead(0x82, 126, 900), []byte("abc")), nil, nil, 0},
		{"a header cut short", frameHead(0x82, 127, 0x10000)[:5], nil, nil, 0},
	}
}

// serverCases are the frames RFC 6455 lets a server send, and those it
// refuses, as a client reads them: the same rules, unmasked.
func serverCases() []frameCase {
	big := strings.Repeat("y", frameLimit)
	return []frameCase{
		{"a binary message", serverFrame(OpBinary, false, []byte("abc")), []string{"abc"}, nil, 0},
		{"a 16-bit length", serverFrame(OpBinary, false, []byte(big[:300])), []string{big[:300]}, nil, 0},
		{"fragments and a ping among them", frames(serverFrame(OpText, true, []byte("h\xc3")), serverFrame(OpPing, false, []byte("p")),
			serverFrame(OpContinuation, false, []byte("\xa9"))), []string{"hé"}, []string{"9 p"}, 0},
		{"a close frame", serverFrame(OpClose, false, []byte(closePayload(1001, "gone"))), nil, []string{"8 " + closePayload(1001, "gone")}, CloseGoingAway},
		{"a masked frame", clientFrame(OpBinary, false, false, []byte("a")), nil, nil, CloseProtocolError},
		{"a masked ping", clientFrame(OpPing, false, false, nil), nil, nil, CloseProtocolError},
		{"a message over the limit", serverFrame(OpBinary, false, []byte(big+"y")), nil, nil, CloseTooBig},
		{"a fragmented pong", serverFrame(OpPong, true, nil), nil, nil, CloseProtocolError},
		{"reserved bits", withB0(serverFrame(OpBinary, false, []byte("a")), 0x70), nil, nil, CloseProtocolError},
		{"text that is not UTF-8", serverFrame(OpText, false, []byte{0xc0, 0x80}), nil, nil, CloseInvalidData},
		{"close code 1015", serverFrame(OpClose, false, []byte(closePayload(1015, ""))), nil, nil, CloseProtocolError},
	}
}

// The frames RFC 6455 lets a peer send, and those it refuses, read as a
// server reads a client's and a client a server's.
func TestFrameReader(t *testing.T) {
	for _, side := range []struct {
		name       string
		fromServer bool
		cases      []frameCase
	}{{"on a server", false, clientCases()}, {"on a client", true, serverCases()}} {
		for _, tc := range side.cases {
			t.Run(side.name+"/"+tc.name, func(t *testing.T) {
				msgs, log, _, err := readAll(tc.input, frameLimit, side.fromServer)
				assert.Equal(t, tc.msgs, msgs)
				assert.Equal(t, tc.controls, log.controls)
				assert.Contains(t, []int{len(tc.msgs), len(tc.msgs) + 1}, log.begun, "each message begun once, and one refused")
				assert.Equal(t, tc.code, CodeOf(err), "%v", err)
				if tc.code == 0 {
					assert.ErrorIs(t, err, io.EOF, "the input ended")
					return
				}
				assert.Less(t, len(err.Error()), 200, "the error is short")
			})
		}
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
		_, _, largest, err := readAll(input, limit, false)
		assert.ErrorIs(t, err, io.EOF)
		assert.LessOrEqual(t, largest, 2*n+payloadGrowth, "%d bytes", n)
	}
}

// stallingConn is a socket that gives the bytes of data, then waits: for
// a deadline if one is set (os.ErrDeadlineExceeded), else for ever, which
// it ends with io.EOF. It records the deadlines set.
type stallingConn struct {
	data      []byte
	deadlines []time.Time
}

func (c *stallingConn) Read(p []byte) (int, error) {
	if len(c.data) > 0 {
		n := copy(p, c.data)
		c.data = c.data[n:]
		return n, nil
	}
	if len(c.deadlines) == 0 || c.deadlines[len(c.deadlines)-1].IsZero() {
		return 0, io.EOF
	}
	return 0, os.ErrDeadlineExceeded
}

func (c *stallingConn) SetReadDeadline(t time.Time) error {
	c.deadlines = append(c.deadlines, t)
	return nil
}

// A message begun has Late to arrive: a deadline is set when the reading
// must wait for the rest of it, not while no message has begun, and is
// cleared once the reading of the message ends.
func TestFrameReaderLate(t *testing.T) {
	const late = time.Minute
	for _, tc := range []struct {
		name  string
		input []byte
		timed bool // a deadline was set, then cleared
		err   error
	}{
		{"a message whole", finalFrame(OpBinary, "abc"), false, io.EOF},
		{"a message cut short", finalFrame(OpBinary, "abc")[:8], true, os.ErrDeadlineExceeded},
		{"a fragment without the rest", moreFrame(OpBinary, "abc"), true, os.ErrDeadlineExceeded},
		{"a ping, then nothing", finalFrame(OpPing, ""), false, io.EOF},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn := &stallingConn{data: tc.input}
			r := &Reader{Buf: bufio.NewReaderSize(conn, 512), Conn: conn, Limit: frameLimit, Late: late, Peer: &frameLog{}}
			start := time.Now()
			var err error
			for err == nil {
				_, err = r.ReadMessage(nil)
			}
			require.ErrorIs(t, err, tc.err)
			if !tc.timed {
				assert.Empty(t, conn.deadlines)
				return
			}
			require.Len(t, conn.deadlines, 2)
			assert.WithinRange(t, conn.deadlines[0], start.Add(late), time.Now().Add(late))
			assert.True(t, conn.deadlines[1].IsZero(), "cleared")
		})
	}
}

// Drain ends as ReadMessage would on the same frames, skipping messages
// however long they declare to be, and returns why: the peer's close
// frame, a frame refused, or the input's end. Its caller lingers after a
// refusal (RFC 6455, 7.1.1), so that the close frame saying why arrives.
func TestFrameReaderDrain(t *testing.T) {
	for _, tc := range []struct {
		name  string
		input []byte
		code  CloseCode // 0: the input's end
	}{
		{"the peer's close frame", frames(finalFrame(OpBinary, "x"), finalFrame(OpClose, closePayload(1001, "bye"))), 1001},
		{"a frame declaring 2^62 bytes, skipped", frames(frameHead(0x82, 127, 1<<62), make([]byte, 100)), 0},
		{"a frame refused", frames(finalFrame(OpBinary, "x"), frameHead(0xf2, 0, 0)), CloseProtocolError},
		{"the input's end", finalFrame(OpPing, "p"), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := testReader(tc.input, frameLimit, false, &frameLog{}).Drain()
			require.Error(t, err)
			assert.Equal(t, tc.code, CodeOf(err), "%v", err)
			if tc.code == 0 {
				assert.ErrorIs(t, err, io.EOF)
			}
			assert.Less(t, len(err.Error()), 300, "the error is short")
		})
	}
}
