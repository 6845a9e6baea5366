package enet

import "encoding/binary"

// The wire format of ENet 1.3 (include/enet/protocol.h): a datagram is a
// header, an optional checksum, then commands, each a fixed-size part in
// network byte order followed by its payload, if it carries one.

// Protocol limits (protocol.h).
const (
	minMTU          = 576
	maxMTU          = 4096
	minWindowSize   = 4096
	maxWindowSize   = 65536
	maxChannels     = 255
	maxPeerID       = 0xFFF // also "no peer id yet": a connect's header
	maxFragmentSize = 1024 * 1024
)

// Command numbers (the low 4 bits of a command's first byte).
const (
	cmdAcknowledge                  = 1
	cmdConnect                      = 2
	cmdVerifyConnect                = 3
	cmdDisconnect                   = 4
	cmdPing                         = 5
	cmdSendReliable                 = 6
	cmdSendUnreliable               = 7
	cmdSendFragment                 = 8
	cmdSendUnsequenced              = 9
	cmdBandwidthLimit               = 10
	cmdThrottleConfigure            = 11
	cmdSendUnreliableFragment       = 12
	cmdCount                        = 13
	cmdMask                   uint8 = 0x0F
)

// Command flags (the high bits of the first byte) and header flags (the high
// bits of the peer id word).
const (
	flagAcknowledge uint8 = 1 << 7
	flagUnsequenced uint8 = 1 << 6

	headerCompressed   uint16 = 1 << 14
	headerSentTime     uint16 = 1 << 15
	headerFlagMask            = headerCompressed | headerSentTime
	headerSessionMask  uint16 = 3 << 12
	headerSessionShift        = 12
)

// commandSizes is each command's fixed size, its payload not included.
var commandSizes = [cmdCount]int{
	cmdAcknowledge:            8,
	cmdConnect:                48,
	cmdVerifyConnect:          44,
	cmdDisconnect:             8,
	cmdPing:                   4,
	cmdSendReliable:           6,
	cmdSendUnreliable:         8,
	cmdSendFragment:           24,
	cmdSendUnsequenced:        8,
	cmdBandwidthLimit:         12,
	cmdThrottleConfigure:      16,
	cmdSendUnreliableFragment: 24,
}

// header is a datagram's header: the receiver's peer id with the session
// and flags in its top bits, and, when headerSentTime is set, the low 16
// bits of the sender's clock, which acknowledgements echo.
type header struct {
	peerID   uint16 // without flags and session
	session  uint8
	flags    uint16
	sentTime uint16
	checksum uint32 // when the host checksums datagrams
}

// parseHeader reads a datagram's header; n is its size, 0 if b is too short.
func parseHeader(b []byte, checksum bool) (h header, n int) {
	if len(b) < 2 {
		return h, 0
	}
	w := binary.BigEndian.Uint16(b)
	h.flags = w & headerFlagMask
	h.session = uint8((w & headerSessionMask) >> headerSessionShift)
	h.peerID = w &^ (headerFlagMask | headerSessionMask)
	n = 2
	if h.flags&headerSentTime != 0 {
		if len(b) < 4 {
			return h, 0
		}
		h.sentTime = binary.BigEndian.Uint16(b[2:])
		n = 4
	}
	if checksum {
		if len(b) < n+4 {
			return h, 0
		}
		h.checksum = binary.BigEndian.Uint32(b[n:])
		n += 4
	}
	return h, n
}

// command is one command of any kind; the fields its kind does not have
// are zero. payload is a sub-slice of the datagram.
type command struct {
	cmd     uint8 // number and flags
	channel uint8
	seq     uint16 // reliable sequence number

	// acknowledge
	ackSeq, ackSentTime uint16

	// connect and verify connect
	outgoingPeerID                   uint16
	incomingSession, outgoingSession uint8
	mtu, windowSize, channelCount    uint32
	incomingBandwidth                uint32
	outgoingBandwidth                uint32 // also bandwidth limit's
	throttleInterval, throttleAccel  uint32 // also throttle configure's
	throttleDecel, connectID, data   uint32 // data: connect's and disconnect's
	unreliableSeq                    uint16 // unreliable; unsequenced: the group
	startSeq                         uint16 // fragments
	fragmentCount, fragmentNumber    uint32
	totalLength, fragmentOffset      uint32
	payload                          []byte // sends and fragments
}

func (c *command) number() uint8 { return c.cmd & cmdMask }

// parseCommand reads the command at the start of b; n is the bytes it
// takes with its payload, 0 if b does not hold a whole valid command.
func parseCommand(b []byte) (c command, n int) {
	if len(b) < 4 {
		return c, 0
	}
	c.cmd, c.channel, c.seq = b[0], b[1], binary.BigEndian.Uint16(b[2:])
	num := c.number()
	if num == 0 || num >= cmdCount || len(b) < commandSizes[num] {
		return c, 0
	}
	u16 := func(at int) uint16 { return binary.BigEndian.Uint16(b[at:]) }
	u32 := func(at int) uint32 { return binary.BigEndian.Uint32(b[at:]) }
	n = commandSizes[num]
	dataLen := 0
	switch num {
	case cmdAcknowledge:
		c.ackSeq, c.ackSentTime = u16(4), u16(6)
	case cmdConnect, cmdVerifyConnect:
		c.outgoingPeerID, c.incomingSession, c.outgoingSession = u16(4), b[6], b[7]
		c.mtu, c.windowSize, c.channelCount = u32(8), u32(12), u32(16)
		c.incomingBandwidth, c.outgoingBandwidth = u32(20), u32(24)
		c.throttleInterval, c.throttleAccel, c.throttleDecel = u32(28), u32(32), u32(36)
		c.connectID = u32(40)
		if num == cmdConnect {
			c.data = u32(44)
		}
	case cmdDisconnect:
		c.data = u32(4)
	case cmdSendReliable:
		dataLen = int(u16(4))
	case cmdSendUnreliable, cmdSendUnsequenced:
		c.unreliableSeq, dataLen = u16(4), int(u16(6))
	case cmdSendFragment, cmdSendUnreliableFragment:
		c.startSeq, dataLen = u16(4), int(u16(6))
		c.fragmentCount, c.fragmentNumber = u32(8), u32(12)
		c.totalLength, c.fragmentOffset = u32(16), u32(20)
	case cmdBandwidthLimit:
		c.incomingBandwidth, c.outgoingBandwidth = u32(4), u32(8)
	case cmdThrottleConfigure:
		c.throttleInterval, c.throttleAccel, c.throttleDecel = u32(4), u32(8), u32(12)
	}
	if len(b)-n < dataLen {
		return c, 0
	}
	c.payload = b[n : n+dataLen : n+dataLen]
	return c, n + dataLen
}

// appendCommand appends c's fixed part; the payload, if any, is appended by
// the caller (it may be a slice of a larger packet).
func appendCommand(dst []byte, c *command) []byte {
	num := c.number()
	at := len(dst)
	dst = append(dst, zeros[:commandSizes[num]]...)
	b := dst[at:]
	b[0], b[1] = c.cmd, c.channel
	put16 := func(at int, v uint16) { binary.BigEndian.PutUint16(b[at:], v) }
	put32 := func(at int, v uint32) { binary.BigEndian.PutUint32(b[at:], v) }
	put16(2, c.seq)
	switch num {
	case cmdAcknowledge:
		put16(4, c.ackSeq)
		put16(6, c.ackSentTime)
	case cmdConnect, cmdVerifyConnect:
		put16(4, c.outgoingPeerID)
		b[6], b[7] = c.incomingSession, c.outgoingSession
		for i, v := range [...]uint32{c.mtu, c.windowSize, c.channelCount, c.incomingBandwidth,
			c.outgoingBandwidth, c.throttleInterval, c.throttleAccel, c.throttleDecel, c.connectID} {
			put32(8+4*i, v)
		}
		if num == cmdConnect {
			put32(44, c.data)
		}
	case cmdDisconnect:
		put32(4, c.data)
	case cmdSendReliable:
		put16(4, uint16(len(c.payload)))
	case cmdSendUnreliable, cmdSendUnsequenced:
		put16(4, c.unreliableSeq)
		put16(6, uint16(len(c.payload)))
	case cmdSendFragment, cmdSendUnreliableFragment:
		put16(4, c.startSeq)
		put16(6, uint16(len(c.payload)))
		put32(8, c.fragmentCount)
		put32(12, c.fragmentNumber)
		put32(16, c.totalLength)
		put32(20, c.fragmentOffset)
	case cmdBandwidthLimit:
		put32(4, c.incomingBandwidth)
		put32(8, c.outgoingBandwidth)
	case cmdThrottleConfigure:
		put32(4, c.throttleInterval)
		put32(8, c.throttleAccel)
		put32(12, c.throttleDecel)
	}
	return dst
}

// zeros is room for the largest command's fixed part.
var zeros [48]byte

// wireSize is the bytes c takes in a datagram, payload included.
func (c *command) wireSize() int { return commandSizes[c.number()] + len(c.payload) }
