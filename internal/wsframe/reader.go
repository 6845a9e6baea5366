package wsframe

import (
	"bufio"
	"encoding/binary"
	"slices"
	"time"
	"unicode/utf8"
)

// payloadGrowth is the least a message's buffer grows by while its
// payload arrives: it grows by what it holds, and at least this, once
// full.
const payloadGrowth = 512

// Reader reads the peer's frames: a client's on a server, masked as RFC
// 6455 has a client send them, or a server's on a client, unmasked. It
// returns each whole message and hands its Peer each control frame.
// Everything a frame declares is checked before its payload is read, and
// a payload is read into a buffer that grows as its bytes arrive, never
// to the length the header declares. Its fields are set before the first
// read, and it is used by one goroutine at a time.
type Reader struct {
	// Buf is the connection's reader.
	Buf *bufio.Reader
	// Conn is the socket Buf reads, whose read deadline bounds a message
	// once it has begun (Late).
	Conn interface{ SetReadDeadline(time.Time) error }
	// Limit is the most bytes a message may hold.
	Limit int64
	// Late is how long a message has to arrive once its first frame has
	// begun.
	Late time.Duration
	// Peer is told of what is read besides messages.
	Peer Peer
	// FromServer says the peer is a server, whose frames come unmasked.
	FromServer bool

	timed bool // a read deadline is set for the message being read
}

// Peer is told of what a Reader reads besides messages.
type Peer interface {
	// Began says a message's first frame has come.
	Began()
	// Control is a valid ping, pong or close frame, whose payload (at
	// most 125 bytes, unmasked) is valid until it returns. An error ends
	// the reading; so does a close frame, with the peer's CloseError if
	// Control returns none.
	Control(op Opcode, p []byte) error
}

// header is a frame's header.
type header struct {
	fin    bool
	op     Opcode
	length int64
	masked bool
	mask   [4]byte
}

// header reads a frame's header, refusing what RFC 6455 refuses of the
// peer's: reserved bits (no extension is agreed), unknown opcodes, a
// client's frame unmasked or a server's masked, a length not in its
// shortest form or with its top bit set, a control frame in fragments or
// of more than 125 bytes.
func (r *Reader) header() (header, error) {
	var h header
	b, err := r.Buf.Peek(2)
	if err != nil {
		return h, err
	}
	n := 2
	switch b[1] & 0x7f {
	case 126:
		n += 2
	case 127:
		n += 8
	}
	h.masked = b[1]&0x80 != 0
	if h.masked {
		n += 4
	}
	if b, err = r.Buf.Peek(n); err != nil {
		return h, err
	}
	r.Buf.Discard(n)
	h.fin, h.op = b[0]&0x80 != 0, Opcode(b[0]&0x0f)
	var length uint64
	switch short := b[1] & 0x7f; short {
	case 126:
		length = uint64(binary.BigEndian.Uint16(b[2:]))
	case 127:
		length = binary.BigEndian.Uint64(b[2:])
	default:
		length = uint64(short)
	}
	h.length = int64(length & (1<<63 - 1))
	if h.masked {
		copy(h.mask[:], b[n-4:n])
	}
	switch {
	case b[0]&0x70 != 0:
		return h, refuse(CloseProtocolError, "received a frame with reserved bits %#x set", b[0]&0x70)
	case h.op > OpBinary && h.op < OpClose || h.op > OpPong:
		return h, refuse(CloseProtocolError, "received unknown opcode %#x", byte(h.op))
	case !h.masked && !r.FromServer:
		return h, refuse(CloseProtocolError, "received an unmasked frame from a client")
	case h.masked && r.FromServer:
		return h, refuse(CloseProtocolError, "received a masked frame from a server")
	case length>>63 != 0:
		return h, refuse(CloseProtocolError, "received frame length %#x with its top bit set", length)
	case b[1]&0x7f == 126 && length < 126, b[1]&0x7f == 127 && length <= 0xffff:
		return h, refuse(CloseProtocolError, "received frame length %d not in its shortest form", length)
	case h.op.isControl() && (length > maxControl || !h.fin):
		return h, refuse(CloseProtocolError, "received a control frame of %d bytes, final %v", length, h.fin)
	}
	return h, nil
}

// ReadMessage reads the peer's next message, appended to buf, with the
// control frames that come before or among its frames. Once its first
// frame has begun, the rest arrives within Late: a deadline is set only
// if the reading must wait for the socket, and the error is then
// os.ErrDeadlineExceeded. A frame refused ends the reading with an error
// holding the CloseError to close with; so does the peer's close frame,
// with its own.
//
// An idle peer's goroutine waits here for the next frame, with
// readFrames's larger frame off its stack: waiting, the stack holds about
// 800 bytes, which fit in the 2 KiB a goroutine starts with, where 1.2 KiB
// made it grow to 4.
func (r *Reader) ReadMessage(buf []byte) ([]byte, error) {
	for {
		if _, err := r.Buf.Peek(1); err != nil {
			return buf, err
		}
		var whole bool
		var err error
		if buf, whole, err = r.readFrames(buf); whole || err != nil {
			return buf, err
		}
	}
}

// readFrames reads the frames that have begun to come (ReadMessage): a
// message's and the control frames among them (whole), or a control
// frame that came before any.
func (r *Reader) readFrames(buf []byte) (_ []byte, whole bool, _ error) {
	start := len(buf)
	var op Opcode // the message's, once begun
	defer func() {
		if r.timed {
			r.timed = false
			r.Conn.SetReadDeadline(time.Time{})
		}
	}()
	for {
		if op != 0 {
			r.wait() // a message in fragments: they all wait
		}
		h, err := r.header()
		if err == nil && h.op.isControl() {
			if err = r.control(h); err == nil && op == 0 {
				return buf, false, nil // the next frame is waited for in ReadMessage
			} else if err == nil {
				continue
			}
		}
		switch {
		case err != nil:
		case h.op == OpContinuation && op == 0:
			err = refuse(CloseProtocolError, "received a continuation frame without a message")
		case h.op != OpContinuation && op != 0:
			err = refuse(CloseProtocolError, "received a new message within a message")
		case h.length > r.Limit-int64(len(buf)-start):
			err = refuse(CloseTooBig, "read limited at %d bytes", r.Limit+1)
		}
		if err != nil {
			return buf, false, err
		}
		if op == 0 {
			op = h.op
			r.Peer.Began()
		}
		at := len(buf)
		if buf, err = r.payload(buf, h.length); err != nil {
			return buf, false, err
		}
		if h.masked {
			mask(buf[at:], h.mask, 0)
		}
		if !h.fin {
			continue
		}
		if op == OpText && !utf8.Valid(buf[start:]) {
			return buf, false, refuse(CloseInvalidData, "received a text message that is not UTF-8")
		}
		return buf, true, nil
	}
}

// payload appends a frame's n bytes to buf as they arrive: a full buffer
// grows by what it holds (at least payloadGrowth), so that it stays
// within twice what was received, whatever the header declared.
func (r *Reader) payload(buf []byte, n int64) ([]byte, error) {
	for n > 0 {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, int(min(n, int64(max(cap(buf), payloadGrowth)))))
		}
		p := buf[len(buf):cap(buf)]
		if int64(len(p)) > n {
			p = p[:n]
		}
		if r.Buf.Buffered() == 0 {
			r.wait()
		}
		k, err := r.Buf.Read(p)
		buf = buf[:len(buf)+k]
		n -= int64(k)
		if err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// wait sets the read deadline of the message being read, once.
func (r *Reader) wait() {
	if !r.timed {
		r.timed = true
		r.Conn.SetReadDeadline(time.Now().Add(r.Late))
	}
}

// control reads a control frame's payload, checks a close frame's, and
// hands it to the peer; a close frame then ends the reading.
func (r *Reader) control(h header) error {
	p, err := r.Buf.Peek(int(h.length))
	if err != nil {
		return err
	}
	if h.masked {
		mask(p, h.mask, 0)
	}
	if h.op == OpClose {
		err = checkClose(p)
	}
	if err == nil {
		err = r.Peer.Control(h.op, p)
	}
	if err == nil && h.op == OpClose {
		err = peerClosed(p)
	}
	r.Buf.Discard(len(p))
	return err
}

// Drain reads and drops what the peer sends until its close frame, a
// frame refused or the socket's end, once the connection is closing, and
// returns the error that ended it: ReadMessage's for the same frame.
func (r *Reader) Drain() error {
	for {
		h, err := r.header()
		if err == nil && h.op.isControl() {
			err = r.control(h)
		} else if err == nil {
			err = r.discard(h.length)
		}
		if err != nil {
			return err
		}
	}
}

// discard drops a frame's n bytes, in pieces an int holds.
func (r *Reader) discard(n int64) error {
	for n > 0 {
		k, err := r.Buf.Discard(int(min(n, 1<<30)))
		n -= int64(k)
		if err != nil {
			return err
		}
	}
	return nil
}
