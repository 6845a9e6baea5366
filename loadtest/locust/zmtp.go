package locust

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"sync"
	"time"
)

// ZMTP 3.1 (rfc.zeromq.org/spec/37), the wire of ZeroMQ 4, as a DEALER
// with NULL security speaks it to a Locust master's ROUTER: a greeting
// each way, a READY command each way, then frames. What a worker needs
// and no more: messages of one frame, PING answered and sent.

// The frames' flags.
const (
	flagMore    = 1
	flagLong    = 2
	flagCommand = 4
)

// maxFrame bounds a frame from the master, a message or a command: its
// largest, a spawn with all of the master's options, is a few KiB.
const maxFrame = 1 << 20

// readChunk is how much of a frame's body is made room for at a time:
// the room grows with the bytes that came, not with the length the
// frame declares.
const readChunk = 4 << 10

// ioWait bounds a write to the master, and each step of the handshake.
const ioWait = 5 * time.Second

// greeting is this side's: ZMTP 3.1, NULL security, not the server.
func greeting() []byte {
	g := make([]byte, 64)
	g[0], g[8], g[9] = 0xff, 1, 0x7f // the signature, its padding the old length of 1
	g[10], g[11] = 3, 1
	copy(g[12:32], "NULL")
	return g
}

// A zmtpConn is a DEALER's connection to its ROUTER.
type zmtpConn struct {
	c     net.Conn
	r     *bufio.Reader
	pings bool // the peer speaks ZMTP 3.1: it answers a PING
	wmu   sync.Mutex
}

// dialZMTP connects to the ROUTER at addr and makes the handshake, with
// identity as this DEALER's routing id, within ctx.
func dialZMTP(ctx context.Context, addr, identity string) (*zmtpConn, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	z := &zmtpConn{c: c, r: bufio.NewReaderSize(c, 4096)}
	if deadline, ok := ctx.Deadline(); ok {
		c.SetDeadline(deadline)
	}
	if err := z.handshake(identity); err != nil {
		c.Close()
		return nil, err
	}
	c.SetDeadline(time.Time{})
	return z, nil
}

// handshake exchanges greetings and READY commands.
func (z *zmtpConn) handshake(identity string) error {
	if _, err := z.c.Write(greeting()); err != nil {
		return err
	}
	var g [64]byte
	if _, err := io.ReadFull(z.r, g[:]); err != nil {
		return fmt.Errorf("its ZeroMQ greeting: %w", err)
	}
	mechanism := string(bytes.TrimRight(g[12:32], "\x00"))
	switch {
	case g[0] != 0xff || g[9] != 0x7f:
		return fmt.Errorf("%w: it does not greet as ZeroMQ does (%x…): is it a Locust master's port (--master-bind-port), not its web UI's?", ErrMaster, g[:4])
	case g[10] < 3:
		return fmt.Errorf("%w: ZMTP %d.%d: a ZeroMQ before 4 (ZMTP 3), which Locust 2 does not use", ErrMaster, g[10], g[11])
	case mechanism != "NULL":
		return fmt.Errorf("%w: ZeroMQ security %.20q: a Locust master's is NULL", ErrMaster, mechanism)
	}
	z.pings = g[10] > 3 || g[11] >= 1
	var ready bytes.Buffer
	ready.WriteString("\x05READY")
	property(&ready, "Socket-Type", "DEALER")
	property(&ready, "Identity", identity)
	if err := z.write(flagCommand, ready.Bytes()); err != nil {
		return err
	}
	flags, body, err := z.readFrame()
	if err != nil {
		return err
	}
	name, props, ok := command(body)
	switch {
	case flags&flagCommand == 0 || !ok:
		return fmt.Errorf("%w: its handshake is not a ZeroMQ command", ErrMaster)
	case name == "ERROR":
		return fmt.Errorf("%w: it refused the handshake: %.120q", ErrMaster, props)
	case name != "READY":
		return fmt.Errorf("%w: its handshake is %.20q, not READY", ErrMaster, name)
	}
	if t := socketType(props); t != "ROUTER" {
		return fmt.Errorf("%w: its ZeroMQ socket is a %.20q, where a Locust master's is a ROUTER", ErrMaster, t)
	}
	return nil
}

// property appends a READY command's property.
func property(b *bytes.Buffer, name, value string) {
	b.WriteByte(byte(len(name)))
	b.WriteString(name)
	binary.Write(b, binary.BigEndian, uint32(len(value)))
	b.WriteString(value)
}

// command splits a command's body into its name and the rest.
func command(body []byte) (name string, rest []byte, ok bool) {
	if len(body) == 0 || int(body[0]) > len(body)-1 {
		return "", nil, false
	}
	return string(body[1 : 1+body[0]]), body[1+body[0]:], true
}

// socketType is the Socket-Type among a READY command's properties, ""
// if they do not hold one.
func socketType(props []byte) string {
	for len(props) > 0 {
		n := int(props[0])
		if len(props) < 1+n+4 {
			return ""
		}
		name := string(props[1 : 1+n])
		size := binary.BigEndian.Uint32(props[1+n:])
		props = props[1+n+4:]
		if uint64(size) > uint64(len(props)) {
			return ""
		}
		if name == "Socket-Type" {
			return string(props[:size])
		}
		props = props[size:]
	}
	return ""
}

// readFrame reads a frame: its flags and its body, in a slice of its
// own.
func (z *zmtpConn) readFrame() (flags byte, body []byte, err error) {
	flags, err = z.r.ReadByte()
	if err != nil {
		return 0, nil, err
	}
	if flags&^(flagMore|flagLong|flagCommand) != 0 {
		return 0, nil, fmt.Errorf("%w: a ZeroMQ frame with flags %#x, which ZMTP 3 does not have", ErrMaster, flags)
	}
	var size uint64
	if flags&flagLong != 0 {
		var b [8]byte
		if _, err := io.ReadFull(z.r, b[:]); err != nil {
			return 0, nil, err
		}
		size = binary.BigEndian.Uint64(b[:])
	} else {
		b, err := z.r.ReadByte()
		if err != nil {
			return 0, nil, err
		}
		size = uint64(b)
	}
	if size > maxFrame {
		return 0, nil, fmt.Errorf("%w: a message of %d bytes, over the bound of %d", ErrMaster, size, maxFrame)
	}
	for len(body) < int(size) { // room doubled as it fills: at most twice what came
		n := len(body)
		body = slices.Grow(body, min(int(size)-n, max(n, readChunk)))
		body = body[:min(int(size), cap(body))]
		if _, err := io.ReadFull(z.r, body[n:]); err != nil {
			return 0, nil, err
		}
	}
	return flags, body, nil
}

// next returns the next message's frame, answering the PINGs before it
// and passing over the other commands; each read waits at most silence
// for the master's next byte (0: for ever).
func (z *zmtpConn) next(silence time.Duration) ([]byte, error) {
	for {
		if silence > 0 {
			z.c.SetReadDeadline(time.Now().Add(silence))
		}
		flags, body, err := z.readFrame()
		if err != nil {
			return nil, err
		}
		if flags&flagCommand == 0 {
			return body, nil // a frame of a message of several is a message, as Locust's recv reads it
		}
		name, rest, ok := command(body)
		switch {
		case !ok:
			return nil, fmt.Errorf("%w: a ZeroMQ command without a name", ErrMaster)
		case name == "ERROR":
			return nil, fmt.Errorf("%w: it sent a ZeroMQ ERROR: %.120q", ErrMaster, rest)
		case name == "PING" && len(rest) >= 2 && len(rest) <= 2+16: // its TTL, then a context of 16 bytes at most
			if err := z.write(flagCommand, append([]byte("\x04PONG"), rest[2:]...)); err != nil {
				return nil, err
			}
		}
	}
}

// ping sends a PING, which a ZMTP 3.1 peer answers with a PONG: its
// silence then tells it is gone. Its TTL is 0: the peer keeps the
// connection however long the next one takes.
func (z *zmtpConn) ping() error {
	if !z.pings {
		return nil
	}
	return z.write(flagCommand, []byte("\x04PING\x00\x00"))
}

// send sends a message of one frame.
func (z *zmtpConn) send(msg []byte) error { return z.write(0, msg) }

// write writes a frame whole, within ioWait: a master that reads
// nothing stops this worker rather than holding it.
func (z *zmtpConn) write(flags byte, body []byte) error {
	head := make([]byte, 0, 9+len(body))
	if len(body) > 255 {
		head = binary.BigEndian.AppendUint64(append(head, flags|flagLong), uint64(len(body)))
	} else {
		head = append(head, flags, byte(len(body)))
	}
	z.wmu.Lock()
	defer z.wmu.Unlock()
	z.c.SetWriteDeadline(time.Now().Add(ioWait))
	_, err := z.c.Write(append(head, body...))
	switch {
	case err == nil:
		return nil
	case errors.Is(err, os.ErrDeadlineExceeded):
		return fmt.Errorf("%w: it read nothing of this worker's for %v", ErrMasterGone, ioWait)
	}
	return fmt.Errorf("%w: writing to it: %v", ErrMasterGone, err)
}

// close closes the connection.
func (z *zmtpConn) close() error { return z.c.Close() }
