package multiplayer

import (
	"fmt"
	"log/slog"
	"path"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gdvar/gdvar"
)

// The defaults of the per-peer limits.
const (
	// DefaultMaxPacket is the largest packet (WebSocket message) a peer
	// may send: the engine's own buffer size (inbound_buffer_size). A
	// larger one closes that peer's connection. It holds a sync of some
	// 4000 Vector3 properties (16 bytes each).
	DefaultMaxPacket = 65535
	// DefaultRate and DefaultBurst bound the packets a server's client may
	// send, a ping counting as one: on average DefaultRate a second,
	// DefaultBurst at once. Beyond, the server reads from the client no
	// faster than the rate: its packets wait in its own socket, none is
	// dropped. A relay counts as one packet, and the engine's client sends
	// one to each peer: a client of a game of N players, synchronized
	// every tick to every peer, sends N packets a tick (a sync to the
	// server, relays to the others). The rate carries
	// 100 players at 60 Hz (6000 a second) with a call to the server each
	// tick and room to spare; the burst, two seconds of it, carries the
	// bursts of a join (ADD_PEER answers, spawns) above that. A client
	// answers its server's pings at most one a window of 1/rate (100 us),
	// the others unanswered.
	DefaultRate  = 10000
	DefaultBurst = 20000
	// DefaultSendQueue is how many bytes may wait to be sent to a peer;
	// packets beyond are dropped (ErrQueueFull), as the engine drops what
	// does not fit its outbound buffer (64 KiB), so that a peer that does
	// not read cannot make the server hold without bound what it is sent.
	// A relayed sync of a position and a rotation costs under 100 bytes of
	// it (queueCost): at 100 players and 60 Hz, a peer is sent 6000 a
	// second, and the queue holds over 1.7 s of them for one that falls
	// behind.
	DefaultSendQueue = 1 << 20
	// DefaultWriteTimeout is how long one packet may take to be written to
	// a peer before the peer is disconnected (ErrSlowPeer).
	DefaultWriteTimeout = 5 * time.Second
	// DefaultMaxPeers is how many clients a server accepts at once.
	DefaultMaxPeers = 4096
	// DefaultMaxPendingUpgrades is how many connections Serve holds before
	// their WebSocket upgrade, as a proxy in front of a public server caps
	// them: a connection that sent no request holds about 3 KiB (its
	// goroutine and socket), so that those of a client that opens many and
	// says nothing hold about 250 KiB, and a join takes a place for a round
	// trip: 64 places take 640 joins a second at 100 ms each.
	DefaultMaxPendingUpgrades = 64
	// DefaultENetPeers is how many clients an ENet server accepts at once
	// when WithMaxPeers does not say: the slots of its ENet host, as many
	// as Godot's ENetMultiplayerPeer.create_server gives by default
	// (max_clients = 32). A server with more slots answers more connects
	// at once, each holding a slot's offer for up to 5 s (docs/enet.md).
	DefaultENetPeers = 32
	// DefaultIdleTimeout is how long a peer may stay silent, sending no
	// packet, no ping and no answer to a ping, before it is disconnected
	// (ErrIdle). A peer silent for a quarter of it is pinged; the engine,
	// and a browser, answer pings by themselves.
	DefaultIdleTimeout = 20 * time.Second
	// DefaultReadTimeout is how long a packet may take to arrive once its
	// first bytes have, before the peer is disconnected (ErrReadTimeout).
	DefaultReadTimeout = 10 * time.Second
	// DefaultAuthTimeout is how long a peer may take to authenticate (see
	// OnAuth), the engine's auth_timeout.
	DefaultAuthTimeout = 3 * time.Second
	// DefaultReplicationTick is how often replication looks for
	// synchronizer states to send: the engine's, each frame, at 60 frames
	// a second.
	DefaultReplicationTick = time.Second / 60
)

// Option configures a Multiplayer: an option of this package alone, which
// no other package's function takes (multiplayer.New(stream.WithMaxFrame(1))
// does not compile). New checks them once; the Multiplayer keeps its
// settings, which never change.
type Option func(*config)

// config is what a Multiplayer takes from its options.
type config struct {
	codec         *gdvar.Codec // the arguments' and replicated values' (nil: gdvar's defaults)
	maxPacket     int
	rate          float64
	burst         int
	sendQueue     int
	sendBuffer    int // a server's WebSocket sockets' kernel send buffer (0: the system's)
	writeTimeout  time.Duration
	maxPeers      int
	maxPending    int     // connections Serve holds before their upgrade
	perAddress    int     // peers from one address (WithMaxPeersPerAddress; 0: any)
	joinRate      float64 // joins a second (WithJoinRate; 0: any)
	joinBurst     int
	maxSpawned    int // nodes a client takes from its server's spawns, in all
	enetPeers     int // an ENet host's slots
	idleTimeout   time.Duration
	readTimeout   time.Duration
	relay         bool
	authTimeout   time.Duration
	tick          time.Duration
	errorInterval time.Duration
	protocols     []string  // the WebSocket subprotocols, one of which must be agreed
	root          string    // the multiplayer root, which the packets' paths are relative to
	pace          *readPace // how a client reads (WithReadPace; nil: each frame as it comes)
	gather        time.Duration
	match         string       // WithMatch's name
	logger        *slog.Logger // WithLogger's (nil: none)
	err           error        // the first invalid option
}

// newConfig returns the settings opts make, or the error of the first
// invalid one.
func newConfig(opts []Option) (config, error) {
	c := config{maxPacket: DefaultMaxPacket, rate: DefaultRate, burst: DefaultBurst, sendQueue: DefaultSendQueue,
		sendBuffer: DefaultSocketSendBuffer, writeTimeout: DefaultWriteTimeout, maxPeers: DefaultMaxPeers, maxPending: DefaultMaxPendingUpgrades, maxSpawned: DefaultMaxSpawned, enetPeers: DefaultENetPeers, idleTimeout: DefaultIdleTimeout,
		readTimeout: DefaultReadTimeout, relay: true, authTimeout: DefaultAuthTimeout, tick: DefaultReplicationTick, errorInterval: DefaultErrorInterval, root: DefaultRoot,
		gather: DefaultGatherWindow}
	for _, o := range opts {
		o(&c)
	}
	return c, c.err
}

// option returns the Option of this package's function name, which sets
// a setting with set if ok, and is invalid otherwise.
func option(name string, ok bool, set func(*config)) Option {
	return func(c *config) {
		if !ok {
			if c.err == nil {
				c.err = fmt.Errorf("%w: multiplayer.%s out of range", gdvar.ErrInvalidOption, name)
			}
			return
		}
		set(c)
	}
}

// WithCodec sets the Codec that encodes and decodes the calls' arguments
// and the replicated properties (gdvar.AllowObjects, gdvar.WithLimits):
// gdvar's defaults unless given (nil). It is Godot 4's encoding that
// SceneMultiplayer speaks; the Codec's engine should be Godot 4.
func WithCodec(c *gdvar.Codec) Option {
	return option("WithCodec", true, func(cfg *config) { cfg.codec = c })
}

// WithMaxPacketSize sets the largest packet a peer may send, and this side
// sends, in bytes (default DefaultMaxPacket; at least 16).
func WithMaxPacketSize(n int) Option {
	return option("WithMaxPacketSize", n >= 16, func(c *config) { c.maxPacket = n })
}

// WithRateLimit sets how many packets (a ping counting as one) each client
// of a server may send a second on average and at once (defaults
// DefaultRate and DefaultBurst); beyond, the server reads the client's
// packets no faster than the rate (back-pressure), dropping none. A
// client answers its server's pings at most one a window of 1/perSecond,
// leaving the others unanswered: a server's packets are never held back.
//
// perSecond is at least 0.001 (a packet every 1000 s): a slower rate's
// wait would overflow a time.Duration, which once made the limit none.
func WithRateLimit(perSecond float64, burst int) Option {
	return option("WithRateLimit", perSecond >= minRate && burst >= 1, func(c *config) { c.rate, c.burst = perSecond, burst })
}

// minRate is WithRateLimit's least rate.
const minRate = 0.001

// WithSendQueue sets how many bytes may wait to be sent to one peer
// (default DefaultSendQueue; at least DefaultMaxPacket). A packet within
// the packet limit always fits an empty queue.
func WithSendQueue(n int) Option {
	return option("WithSendQueue", n >= DefaultMaxPacket, func(c *config) { c.sendQueue = n })
}

// WithSocketSendBuffer sets the kernel's send buffer of each WebSocket
// connection a server accepts over plain TCP (SO_SNDBUF; default
// DefaultSocketSendBuffer; 0: the system's, which grows with the
// traffic; a TLS connection handed to ServeHTTP keeps the system's).
// What a peer does not read waits there, beyond its send queue, until
// the buffer is full and a write waits (WithWriteTimeout); the system's
// grows to 4 MiB a socket on Linux (net.ipv4.tcp_wmem).
func WithSocketSendBuffer(n int) Option {
	return option("WithSocketSendBuffer", n >= 0, func(c *config) { c.sendBuffer = n })
}

// DefaultSocketSendBuffer is WithSocketSendBuffer's default: at 100 ms of
// round trip, 20 Mbit/s to a peer, far more than a game sends it (Linux
// doubles it for its own bookkeeping).
const DefaultSocketSendBuffer = 256 << 10

// WithWriteTimeout sets how long one packet may take to be written to a
// peer (default DefaultWriteTimeout).
func WithWriteTimeout(d time.Duration) Option {
	return option("WithWriteTimeout", d > 0, func(c *config) { c.writeTimeout = d })
}

// WithMaxPeers sets how many clients a server accepts at once (default
// DefaultMaxPeers, and DefaultENetPeers over ENet); more are refused at
// the WebSocket handshake, or find no free slot in the ENet host. A client
// disconnects from a server that announces more other peers than that
// (ErrTooManyPeers).
func WithMaxPeers(n int) Option {
	return option("WithMaxPeers", n >= 1, func(c *config) { c.maxPeers, c.enetPeers = n, n })
}

// WithMaxPendingUpgrades sets how many connections Serve holds before
// their WebSocket upgrade is done, sent or not (default
// DefaultMaxPendingUpgrades; at least 1): one beyond is closed at once,
// as one beyond WithMaxPeers is. A server that many clients join at once
// over a slow network may need more: a join holds its place for about a
// round trip. Behind an http.Server of your own (ServeHTTP), cap its
// listener yourself (golang.org/x/net/netutil.LimitListener).
func WithMaxPendingUpgrades(n int) Option {
	return option("WithMaxPendingUpgrades", n >= 1, func(c *config) { c.maxPending = n })
}

// WithMaxPeersPerAddress sets how many peers a server holds at once from
// one IP address, those being upgraded included (default 0: any number);
// an IPv6 address counts as its /64, which one host may hold whole. One
// beyond is refused (HTTP 503 over a WebSocket; over ENet silently, as
// the engine refuses a client it has no place for), and counted
// (Stats.JoinsRefused.Address). It is off by default: behind a proxy
// (TLS on the host, a load balancer) every client has the proxy's
// address, and a load test joins thousands from one. A public server
// that clients reach directly sets it above what one household or NAT
// holds, so that one host cannot take every place.
func WithMaxPeersPerAddress(n int) Option {
	return option("WithMaxPeersPerAddress", n >= 0, func(c *config) { c.perAddress = n })
}

// WithJoinRate sets how many peers may join a server a second, on
// average perSecond and burst at once (default: any number); a join
// beyond is refused (HTTP 503 over a WebSocket, silently over ENet) and
// counted (Stats.JoinsRefused.Rate). A join costs the server a handshake
// and a peer's state before the peer has said anything: the rate bounds
// how fast peers that then say nothing take the places WithMaxPeers has.
// perSecond is at least 0.001, burst at least 1.
func WithJoinRate(perSecond float64, burst int) Option {
	return option("WithJoinRate", perSecond >= minRate && burst >= 1, func(c *config) { c.joinRate, c.joinBurst = perSecond, burst })
}

// WithMaxSpawned sets how many nodes a client takes from its server's
// spawns at once, across every spawner, those of spawned scenes included
// (default DefaultMaxSpawned; at least 1): a spawn past it is refused
// (ErrNotAllowed), as one past a spawner's Limit is. A game whose server
// spawns more (many players' shots, each through its player's spawner)
// sets it to what its matches hold.
func WithMaxSpawned(n int) Option {
	return option("WithMaxSpawned", n >= 1, func(c *config) { c.maxSpawned = n })
}

// DefaultMaxSpawned is WithMaxSpawned's default: four spawners at their
// DefaultSpawnLimit. Each spawner's own limit bounds a spawner, but the
// spawners of spawned scenes multiply it (1024 ships, each with a gun
// spawning 1024 shots): this bounds them all, about 1 KiB a node.
const DefaultMaxSpawned = 4096 // 4 × DefaultSpawnLimit, a layer above (replication)

// WithIdleTimeout sets how long a peer may stay silent, sending no packet,
// no ping and no answer to a ping, before it is disconnected (default
// DefaultIdleTimeout; at least a millisecond). A peer silent for a quarter
// of it, or sent nothing for a quarter of it, is pinged: the ping tells it
// this side lives, though its answer may wait behind a backlog. An engine
// or a browser answers pings but sends none: keep the timeout above the
// time one takes to read a backlog of packets to it.
func WithIdleTimeout(d time.Duration) Option {
	return option("WithIdleTimeout", d >= time.Millisecond, func(c *config) { c.idleTimeout = d })
}

// WithReadTimeout sets how long a packet may take to arrive once its first
// bytes have (default DefaultReadTimeout), so that a peer cannot hold the
// server by sending a packet a byte at a time.
func WithReadTimeout(d time.Duration) Option {
	return option("WithReadTimeout", d > 0, func(c *config) { c.readTimeout = d })
}

// WithServerRelay says whether peers reach each other through the server,
// as SceneMultiplayer.server_relay does (default true). Without it a
// server announces no peer to the others (ADD_PEER, DEL_PEER), so a join
// costs one packet rather than one to every peer, and relays nothing; a
// client reaches the server alone. A peer's relay packets, and a client's
// announcements, are then refused (ErrNotAllowed), as the engine refuses
// them. Both sides should agree, as in the engine.
func WithServerRelay(on bool) Option {
	return option("WithServerRelay", true, func(c *config) { c.relay = on })
}

// WithAuthTimeout sets how long a peer may stay pending, authenticating,
// before it is disconnected (ErrAuthTimeout; default DefaultAuthTimeout,
// the engine's auth_timeout). Unlike the engine's, it cannot be turned
// off: a peer that never authenticates would hold its place for ever.
func WithAuthTimeout(d time.Duration) Option {
	return option("WithAuthTimeout", d > 0, func(c *config) { c.authTimeout = d })
}

// WithReplicationTick sets how often replication looks for synchronizer
// states to send (default DefaultReplicationTick; at least a millisecond):
// a synchronizer's Interval and DeltaInterval are counted in ticks, each
// at least one. It is not the ENet host's tick (enet.WithTick), which
// paces retransmissions.
func WithReplicationTick(d time.Duration) Option {
	return option("WithReplicationTick", d >= time.Millisecond, func(c *config) { c.tick = d })
}

// WithErrorInterval sets how often, at most, errors of one kind from one
// peer (ErrNotAllowed, ErrUnknownNode, ErrMalformed, …: a packet's) go to
// OnError one by one (default DefaultErrorInterval; 0: every error): the
// first of an interval is reported, the others are counted and reported
// together when it ends, as one *RepeatedError, so that a client refused
// a sync each tick makes a line a second. The packets refused while one
// of their kind is being counted make no error of their own: a flood of
// them costs about what as many ordinary packets cost. A connection's end and a
// handler's error are always reported.
func WithErrorInterval(d time.Duration) Option {
	return option("WithErrorInterval", d >= 0, func(c *config) { c.errorInterval = d })
}

// WithSubprotocols sets the WebSocket subprotocols this side speaks, the
// one preferred first, as WebSocketMultiplayerPeer.supported_protocols
// does: a server agrees the first a client offers and refuses a client
// offering none of them; a client offers them and refuses a server that
// agrees none. A Godot client with supported_protocols set refuses a
// server that agrees none ("Requested sub-protocol(s) but received
// none"), and a Godot server refuses a client that offers none: give
// each side the game's list. Each must be an RFC 7230 token.
func WithSubprotocols(protocols ...string) Option {
	ok := len(protocols) > 0
	for _, p := range protocols {
		ok = ok && isToken(p)
	}
	return option("WithSubprotocols", ok, func(c *config) { c.protocols = slices.Clone(protocols) })
}

// isToken reports whether s is an HTTP token (RFC 7230, 3.2.6), as a
// subprotocol's name must be.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r <= ' ' || r >= 0x7f || strings.ContainsRune(`()<>@,;:\"/[]?={}`, r) {
			return false
		}
	}
	return true
}

// WithReadPace makes a client read its server's WebSocket at most once
// every d (default 0: each frame as it comes): after a read, its reading
// goroutine waits until d has passed, then reads all that came meanwhile
// (up to 8 KiB a read, the rest at once), and handles each packet whole,
// in order, as before. A client receiving many small packets, a player's
// syncs relayed from every other, then pays a wake-up and a read a period
// instead of each frame's (see ReadPromptly, and docs/load.md's bots,
// which read at their replication tick). What waits is read up to d
// late: the server's pings and close frame too, which are answered once
// read, so keep d well under the idle timeout (WithIdleTimeout) and the
// server's. The rest of a message begun is read at once, within the read
// timeout as ever. A server's reads, and ENet's, are not paced: d is
// from 0 to a second.
func WithReadPace(d time.Duration) Option {
	return option("WithReadPace", d >= 0 && d <= time.Second, func(c *config) {
		c.pace = nil
		if d > 0 {
			c.pace = newReadPace(d)
		}
	})
}

// WithGatherWindow sets how long a server may hold the packets it relays
// to a peer (a client's packets for other clients, as the engine's
// clients send their players' syncs), so that those relayed to it within
// one window go out together (default DefaultGatherWindow; 0: each as it
// comes; at most 100 ms): over a WebSocket, the frames in one write(2);
// over ENet, the packets in one datagram (enet.WithQueueWindow). A relay
// waits no longer than the window, and no goroutine is woken for it: the
// window ends at a read of a peer's packets (over a WebSocket the last
// read expected in it, over ENet the first after an eighth of it), or at
// a timer of the server's. While relays come further apart than the
// window, each goes out after the read that brought it, as with none.
func WithGatherWindow(d time.Duration) Option {
	return option("WithGatherWindow", d >= 0 && d <= maxGatherWindow, func(c *config) { c.gather = d })
}

// DefaultGatherWindow is WithGatherWindow's default.
const DefaultGatherWindow = 6 * time.Millisecond

// maxGatherWindow is WithGatherWindow's longest window.
const maxGatherWindow = 100 * time.Millisecond

// readPace is how a client's reads are paced (WithReadPace): the period,
// and what makes the reads prompt (ReadPromptly). A Multiplayer's own,
// made by the option: its client has one connection at a time.
type readPace struct {
	every  time.Duration
	prompt atomic.Int32  // the ReadPromptly calls not done
	wake   chan struct{} // tells a reader waiting out the period to read
}

func newReadPace(d time.Duration) *readPace {
	return &readPace{every: d, wake: make(chan struct{}, 1)}
}

// WithMatch names the match the Multiplayer serves: its Stats' Match, the
// match label of its metrics (package promstats) and an attribute of its
// log lines (WithLogger). A process serving many matches gives each its
// own (see Matches). At most 128 bytes.
func WithMatch(name string) Option {
	return option("WithMatch", len(name) <= maxMatchName, func(c *config) { c.match = name })
}

// maxMatchName bounds a match's name: a label of every series.
const maxMatchName = 128

// WithLogger makes the Multiplayer log on l: a line for each peer that
// joins (Info) or leaves (Info, with why), each connection refused
// before it joined (Warn), and each error OnError gets (Warn; a handler's
// error at Error), with the peer, the node, the method and the reason as
// attributes (see docs/operations.md). At most DefaultLogRate lines a
// second are logged, DefaultLogBurst at once: a hostile peer's flood of
// refused packets or joins makes no more (errors of one kind from one
// peer are summed up first, see WithErrorInterval). The lines over the
// rate are counted (Stats.LogLinesSuppressed), and once lines are logged
// again one says how many were not. A nil l logs nothing.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) { c.logger = l }
}

// DefaultRoot is the multiplayer root of a SceneTree's own MultiplayerAPI:
// the tree's root.
const DefaultRoot = "/root"

// WithRoot sets the node the packets' node paths are relative to (default
// DefaultRoot), as a game's SceneTree.set_multiplayer(api, root_path)
// gives a MultiplayerAPI of its own to a branch ("/root/Main/Lobby"):
// that API's peers name nodes relative to it. Nodes are then declared
// under it, by absolute path or relative to it. It is an absolute path
// under /root, as clean as path.Clean makes it.
func WithRoot(root string) Option {
	ok := (root == DefaultRoot || strings.HasPrefix(root, DefaultRoot+"/")) && path.Clean(root) == root
	return option("WithRoot", ok, func(c *config) { c.root = root })
}
