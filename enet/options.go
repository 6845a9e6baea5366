package enet

import (
	"fmt"
	"net/netip"
	"time"
)

// config is a host's settings.
type config struct {
	maxPeers          int
	channelLimit      int
	incomingBandwidth int
	outgoingBandwidth int
	mtu               int
	checksum          bool
	compression       Compression
	newCompressor     func() Compressor // WithCompressor's, over compression
	maxPacketSize     int
	maxWaitingData    int
	maxSendQueue      int
	duplicatePeers    int
	tick              time.Duration
	busyPoll          time.Duration
	queueWindow       time.Duration
	recvBuffer        int // the socket's buffers Listen asks for; 0: the system's
	sendBuffer        int
	dropReport        func(netip.AddrPort, error) // WithDropReport's
	name              string                      // the name of the option applied last (Option.Name)
	err               error                       // the first invalid option
}

// defaultConfig is ENet's enet_host_create with Godot's defaults.
func defaultConfig() config {
	return config{
		maxPeers:       32,
		channelLimit:   maxChannels,
		mtu:            defaultMTU,
		maxPacketSize:  32 << 20,
		maxWaitingData: 32 << 20,
		maxSendQueue:   32 << 20,
		duplicatePeers: maxPeerID,
		tick:           5 * time.Millisecond,
		recvBuffer:     DefaultSocketBuffer,
		sendBuffer:     DefaultSocketBuffer,
	}
}

// configOf returns the settings opts make, or the error of the first
// invalid one.
func configOf(opts []Option) (config, error) {
	c := defaultConfig()
	for _, o := range opts {
		o(&c)
	}
	return c, c.err
}

// Option configures a [Host]: an option of this package alone, which no
// other package's function takes. [Listen] and [NewHost] check them once,
// before the host is made: an option given a value outside the range its
// doc states fails them with an error matching [ErrInvalidOption], naming
// the option (none is clamped). The Host keeps its settings; they never
// change.
type Option func(*config)

// option returns the Option named name (for errors and Name), which sets
// a setting with set if ok, and is invalid otherwise.
func option(name string, ok bool, set func(*config)) Option {
	return func(c *config) {
		c.name = name
		if !ok {
			if c.err == nil {
				c.err = fmt.Errorf("%w: %s out of range", ErrInvalidOption, name)
			}
			return
		}
		set(c)
	}
}

// Name returns the name of the function that made o ("WithMaxPeers").
func (o Option) Name() string {
	var c config
	o(&c)
	return c.name
}

// WithMaxPeers sets how many peers the host holds at once, connected or
// connecting (ENet's peerCount; 1 to 4095). Default 32.
func WithMaxPeers(n int) Option {
	return option("WithMaxPeers", n >= 1 && n <= maxPeerID, func(c *config) { c.maxPeers = n })
}

// WithChannelLimit caps the channels a peer gets, whatever it asks for
// (1 to 255). Default 255.
func WithChannelLimit(n int) Option {
	return option("WithChannelLimit", n >= 1 && n <= maxChannels, func(c *config) { c.channelLimit = n })
}

// WithBandwidth sets the host's incoming and outgoing bandwidth in bytes
// per second (0 or more), which ENet uses to size each peer's send
// window; 0 means unlimited (the default).
func WithBandwidth(incoming, outgoing int) Option {
	return option("WithBandwidth", incoming >= 0 && outgoing >= 0, func(c *config) {
		c.incomingBandwidth, c.outgoingBandwidth = incoming, outgoing
	})
}

// WithMTU sets the largest datagram the host sends (576 to 4096). Default
// 1392, ENet's.
func WithMTU(n int) Option {
	return option("WithMTU", n >= minMTU && n <= maxMTU, func(c *config) { c.mtu = n })
}

// WithChecksum says whether the host puts ENet's CRC-32 in every datagram
// and checks it on every datagram it receives (default false), as an ENet
// host whose checksum is enet_crc32 does. Both sides must agree; Godot
// never turns it on. A datagram whose checksum is wrong is dropped, as
// ENet drops it: none of its commands is taken.
func WithChecksum(on bool) Option {
	return option("WithChecksum", true, func(c *config) { c.checksum = on })
}

// WithCompression sets how the host compresses its datagrams, one of this
// package's modes ([CompressNone], [CompressRangeCoder], [CompressFastLZ]); both
// sides must agree. Default CompressNone.
func WithCompression(m Compression) Option {
	return option("WithCompression", m >= CompressNone && m <= CompressFastLZ, func(c *config) {
		c.compression, c.newCompressor = m, nil
	})
}

// WithCompressor makes the host compress its datagrams with a [Compressor]
// of newCompressor's, made once for it, in place of WithCompression's
// mode: Godot's COMPRESS_ZLIB is enet.WithCompressor(compress.Zlib), and
// COMPRESS_ZSTD enet.WithCompressor(compress.Zstd), of package
// enet/compress. Both sides must agree.
func WithCompressor(newCompressor func() Compressor) Option {
	return option("WithCompressor", newCompressor != nil, func(c *config) { c.newCompressor = newCompressor })
}

// compressor returns the host's codec: WithCompressor's, or its mode's
// (nil for none).
func (c *config) compressor() Compressor {
	if c.newCompressor != nil {
		return c.newCompressor()
	}
	return c.compression.newCompressor()
}

// WithMaxPacketSize sets the largest packet the host sends or takes, whole
// or in fragments (at least 1). Default 32 MiB, ENet's.
func WithMaxPacketSize(n int) Option {
	return option("WithMaxPacketSize", n >= 1, func(c *config) { c.maxPacketSize = n })
}

// WithMaxWaitingData bounds the bytes a peer's received packets and
// fragments may hold until Receive takes them (at least 1); past it, the
// peer's datagrams are dropped (so it sends them again, reliable ones).
// Default 32 MiB, ENet's.
func WithMaxWaitingData(n int) Option {
	return option("WithMaxWaitingData", n >= 1, func(c *config) { c.maxWaitingData = n })
}

// WithMaxSendQueue bounds what a peer's send queue holds: each packet's
// bytes and 192 more for each of its commands (one, or one a fragment),
// from Send until it is sent, or, if it is reliable, until the peer
// acknowledges it. Once the queue counts n bytes or more, Send and Queue
// return [ErrQueueFull]; below, they take any packet within MaxPacketSize,
// so that a queue holds at most n and one packet. A peer that stops
// acknowledging therefore holds no more than that, however much is sent
// to it; one that is slow fills its queue, and a sender that gets
// ErrQueueFull may send again once the peer has acknowledged what it
// was sent. At least 1; default 32 MiB.
func WithMaxSendQueue(n int) Option {
	return option("WithMaxSendQueue", n >= 1, func(c *config) { c.maxSendQueue = n })
}

// WithDuplicatePeers caps the peers from one IP address (1 to 4095).
// Default 4095.
func WithDuplicatePeers(n int) Option {
	return option("WithDuplicatePeers", n >= 1 && n <= maxPeerID, func(c *config) { c.duplicatePeers = n })
}

// WithTick sets how often the host checks for retransmissions, pings and
// timeouts (at least a millisecond). Default 5 ms.
func WithTick(d time.Duration) Option {
	return option("WithTick", d >= time.Millisecond, func(c *config) { c.tick = d })
}

// DefaultSocketBuffer is the size of the receive and send buffers [Listen]
// asks of its socket, as libenet's enet_host_create does
// (ENET_HOST_RECEIVE_BUFFER_SIZE, ENET_HOST_SEND_BUFFER_SIZE); Linux gives
// twice that, up to net.core.rmem_max and wmem_max. The receive buffer
// holds what arrives while the host's reader is busy: on Linux, 630 small
// datagrams (each costs the kernel about 830 bytes of it, whatever its
// size) where the system's usual 208 KiB holds 256. A server of 100
// players each sending 60 datagrams a second gets 6000 a second: the
// buffer rides out a reader 100 ms late, where the system's loses
// datagrams after 40 ms.
const DefaultSocketBuffer = 256 << 10

// WithSocketBuffers sets the receive and send buffers, in bytes, that
// [Listen] asks of its socket (0 or more; 0 keeps the system's). Default
// [DefaultSocketBuffer] each. [NewHost] leaves its conn's buffers as they are.
func WithSocketBuffers(recv, send int) Option {
	return option("WithSocketBuffers", recv >= 0 && send >= 0, func(c *config) { c.recvBuffer, c.sendBuffer = recv, send })
}

// maxQueueWindow caps WithQueueWindow.
const maxQueueWindow = 100 * time.Millisecond

// WithQueueWindow sets how long packets queued with [Peer.Queue] may wait
// for others to their peer, so that those of one window leave in one
// datagram (0 to 100 ms). A packet waits no longer than the window, and
// none wakes a goroutine: the window ends once the host's reader has
// served a batch it read an eighth of the window or more after it opened,
// or else at a timer. While the batches read come further apart than the
// rest of the window, queued packets are sent once the reader has served
// the batch that queued them, as with none. Default 0: always so, as
// libenet sends what one service queued.
func WithQueueWindow(d time.Duration) Option {
	return option("WithQueueWindow", d >= 0 && d <= maxQueueWindow, func(c *config) { c.queueWindow = d })
}

// maxBusyPoll caps WithBusyPoll: past it, waking is cheap beside the wait.
const maxBusyPoll = 10 * time.Millisecond

// WithBusyPoll makes the host's reader, once it has handled a datagram,
// keep polling its socket for up to d (at most 10 ms) before it sleeps
// until the next one. A datagram that comes within d is read at once,
// where a sleeping reader first has to be woken, which costs tens of
// microseconds on a loaded machine; the price is a core spinning while
// traffic flows (and for d after it), where Godot's main loop without its
// frame sleep spins all the time. It lowers the latency of a peer that
// answers quickly, such as a client making calls one after another; it
// does nothing for a peer that sends every frame (16 ms). Default 0: the
// reader sleeps whenever the socket is empty. It applies to a host on a
// *net.UDPConn on Unix, and is ignored elsewhere.
//
// With GOMAXPROCS=1 the polling reader holds the one thread's turn while
// traffic keeps its window open: the Go scheduler then checks the
// process's other sockets only from its monitor, about every 10 ms, so
// that reads on them wait up to 20 ms (timers and goroutines made
// runnable otherwise are not delayed). Give such a host a process of its
// own, or two threads or more.
func WithBusyPoll(d time.Duration) Option {
	return option("WithBusyPoll", d >= 0 && d <= maxBusyPoll, func(c *config) { c.busyPoll = d })
}
