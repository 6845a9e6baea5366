package multiplayer

import (
	"reflect"
	"slices"
	"sync/atomic"

	"github.com/gdvar/gdvar/enet"
)

// Stats is what a Multiplayer counted since New, as Stats returns it: the
// peers it has now and counters that only grow. It depends on no metrics
// library: package multiplayer/promstats registers it with Prometheus
// (docs/operations.md lists the metrics). Counting costs the hot path an
// atomic add on a counter of the connection's own, per packet and per
// write, so it is always on.
type Stats struct {
	// Match is the name WithMatch gave the Multiplayer, the match label
	// of its metrics ("" if none).
	Match string
	// Server says the Multiplayer serves (else it is a client, or
	// neither yet); Draining, that Drain began; Closed, that it closed.
	Server, Draining, Closed bool
	// Peers are the peers connected now and admitted (a client's server
	// and the others it announced included); Pending, those connected and
	// still authenticating or being upgraded.
	Peers, Pending int

	// Joins counts the peers admitted; JoinsRefused, the connections
	// refused before they were (by reason); Leaves, the peers that left
	// (by reason).
	Joins        uint64
	JoinsRefused JoinsRefused
	Leaves       Leaves
	// Auth counts authentications, where OnAuth is set.
	Auth AuthCounts

	// Calls counts the remote calls made to each declared method, by
	// outcome, in the order of the methods' declarations: a node
	// declared with Node or DeclareNode is labelled by its path, a node
	// of a spawnable scene by the scene's path and the node's within it
	// ("res://player.tscn:Body/Gun", or ":." for the root), however
	// many are spawned. CallsUnknown counts the calls refused because
	// their node or method is not declared, which have no label: a peer
	// cannot make new ones.
	Calls        []CallCounts
	CallsUnknown uint64

	// Received counts the packets a peer sent this side, by what they
	// carry, those a server relays included; Sent, the packets this side
	// sent of its own (relays aside); Relayed, the copies of peers'
	// packets a server relayed to other peers; RelaysDropped, those it
	// dropped, a peer's send queue being full.
	Received, Sent, Relayed PacketCounts
	RelaysDropped           uint64
	// Refused counts the packets refused, by why (ErrMalformed's kind,
	// ErrUnknownNode's, …): see RefusedCounts.
	Refused RefusedCounts

	// WebSocket and ENet count each transport's traffic.
	WebSocket, ENet TransportCounts
	// GatherWindows counts the gather's windows a server ended
	// (WithGatherWindow), and GatherWrites the peers' queues each wrote.
	GatherWindows, GatherWrites uint64
	// ENetThrottled counts the unreliable packets ENet's throttle dropped
	// rather than send (enet.Stats.ThrottleDropped); ENetRTT, the round
	// trips ENet measured, one per acknowledgement.
	ENetThrottled uint64
	ENetRTT       enet.RTTHistogram

	// LogLinesSuppressed counts the lines WithLogger's logger was not
	// given, over its rate (see WithLogger).
	LogLinesSuppressed uint64
}

// JoinsRefused counts the connections refused before they became peers.
type JoinsRefused struct {
	// Full: over WithMaxPeers. Draining: after Drain began. Invalid: a
	// handshake not completed, an ENet peer id below 2 or in use.
	// Auth: left, or timed out, authenticating. Address: over
	// WithMaxPeersPerAddress. Rate: over WithJoinRate.
	Full, Draining, Invalid, Auth, Address, Rate uint64
}

// Leaves counts the peers that left, by why.
type Leaves struct {
	// Left: the peer closed its connection. TimedOut: it fell silent, or
	// read or sent too slowly (ErrIdle, ErrReadTimeout, ErrSlowPeer, an
	// ENet timeout). Kicked: Disconnect. Closed: Close, or the end of a
	// Drain. Error: the connection failed otherwise (a frame against the
	// protocol, a packet over the limit, a broken socket).
	Left, TimedOut, Kicked, Closed, Error uint64
}

// AuthCounts counts authentications (OnAuth).
type AuthCounts struct {
	// Started: peers held pending. Completed: admitted once both sides
	// completed. Failed: left, or timed out, pending.
	Started, Completed, Failed uint64
}

// CallCounts counts the calls made to one declared method, by outcome.
type CallCounts struct {
	// Node labels the node (see Stats.Calls), Method is the method's name.
	Node, Method string
	// Handled: the handler ran and returned nil. RefusedType: the
	// arguments did not fit (an ArgError). RefusedAuthority: the method's
	// mode refused the caller (ErrNotAllowed). HandlerError: the handler
	// returned another error, or the method has no handler.
	Handled, RefusedType, RefusedAuthority, HandlerError uint64
}

// PacketCounts counts packets by what they carry.
type PacketCounts struct {
	Calls    uint64 // remote calls
	Paths    uint64 // node paths given and confirmed (SIMPLIFY_PATH, CONFIRM_PATH)
	Raw      uint64 // send_bytes
	Spawns   uint64
	Despawns uint64
	Syncs    uint64 // synchronizers' states (SYNC)
	System   uint64 // peers announced, authentication
}

// RefusedCounts counts the packets refused, by kind: the errors OnError
// gets (or would, summed up by WithErrorInterval), by the sentinel they
// match.
type RefusedCounts struct {
	Malformed, UnknownNode, UnknownMethod, NotAllowed, NoPeer, Arguments,
	UnknownScene, Checksum, QueueFull, TooLarge, ENetCompression, ENetTooManyPeers uint64
}

// TransportCounts counts a transport's traffic. Over WebSocket a frame is
// a message and its bytes are its frame's (the header and the packet);
// over ENet a frame is a UDP datagram and its bytes the datagram's, ENet's
// own commands (acknowledgements, pings) included.
type TransportCounts struct {
	BytesIn, BytesOut, FramesIn, FramesOut uint64
}

// addENet adds an ENet host's counts to s.
func addENet(s *Stats, h enet.Stats) {
	s.ENet.BytesIn += h.BytesIn
	s.ENet.BytesOut += h.BytesOut
	s.ENet.FramesIn += h.DatagramsIn
	s.ENet.FramesOut += h.DatagramsOut
	s.ENetThrottled += h.ThrottleDropped
	s.JoinsRefused.Draining += h.ConnectsRefused // only a drain refuses them
	s.ENetRTT.Add(h.RTT)
}

// packetKinds is how many kinds of packets a command's low bits tell
// (cmdMask + 1): counters of packets are arrays indexed by them.
const packetKinds = cmdMask + 1

// connCounts are one connection's counters: each written by the goroutine
// that handles, or writes, the peer's packets, one at a time, so that an
// add costs no contention; Stats adds them up.
type connCounts struct {
	received, sent, relayed [packetKinds]atomic.Uint64
	relaysDropped           atomic.Uint64
	// The WebSocket's messages and bytes, both ways.
	framesIn, bytesIn, framesOut, bytesOut atomic.Uint64
}

// countTotals are counters added up: a Multiplayer's of the connections
// that ended (peerLayer.gone), or those Stats adds the live ones to.
type countTotals struct {
	received, sent, relayed                [packetKinds]uint64
	relaysDropped                          uint64
	framesIn, bytesIn, framesOut, bytesOut uint64
}

// addTo adds c's counts to t.
func (c *connCounts) addTo(t *countTotals) {
	for k := range packetKinds {
		t.received[k] += c.received[k].Load()
		t.sent[k] += c.sent[k].Load()
		t.relayed[k] += c.relayed[k].Load()
	}
	t.relaysDropped += c.relaysDropped.Load()
	t.framesIn += c.framesIn.Load()
	t.bytesIn += c.bytesIn.Load()
	t.framesOut += c.framesOut.Load()
	t.bytesOut += c.bytesOut.Load()
}

// fill adds t to s.
func (t *countTotals) fill(s *Stats) {
	addKinds(&s.Received, &t.received)
	addKinds(&s.Sent, &t.sent)
	addKinds(&s.Relayed, &t.relayed)
	s.RelaysDropped += t.relaysDropped
	s.WebSocket.FramesIn += t.framesIn
	s.WebSocket.BytesIn += t.bytesIn
	s.WebSocket.FramesOut += t.framesOut
	s.WebSocket.BytesOut += t.bytesOut
}

// addKinds adds counts indexed by a command's low bits to p.
func addKinds(p *PacketCounts, k *[packetKinds]uint64) {
	p.Calls += k[cmdRemoteCall]
	p.Paths += k[cmdSimplifyPath] + k[cmdConfirmPath]
	p.Raw += k[cmdRaw]
	p.Spawns += k[cmdSpawn]
	p.Despawns += k[cmdDespawn]
	p.Syncs += k[cmdSync]
	p.System += k[cmdSys]
}

// layerCounts are a Multiplayer's counters of peers coming and going,
// which change as seldom as peers do.
type layerCounts struct {
	joins                                    atomic.Uint64
	refusedFull, refusedDraining, refusedBad atomic.Uint64
	refusedAuth                              atomic.Uint64
	refusedAddress, refusedRate              atomic.Uint64
	left, timedOut, kicked, closed, failed   atomic.Uint64
	authStarted, authCompleted, authFailed   atomic.Uint64
}

// fill sets s's counts of peers coming and going.
func (l *layerCounts) fill(s *Stats) {
	s.Joins = l.joins.Load()
	s.JoinsRefused = JoinsRefused{Full: l.refusedFull.Load(), Draining: l.refusedDraining.Load(),
		Invalid: l.refusedBad.Load(), Auth: l.refusedAuth.Load(), Address: l.refusedAddress.Load(), Rate: l.refusedRate.Load()}
	s.Leaves = Leaves{Left: l.left.Load(), TimedOut: l.timedOut.Load(), Kicked: l.kicked.Load(),
		Closed: l.closed.Load(), Error: l.failed.Load()}
	s.Auth = AuthCounts{Started: l.authStarted.Load(), Completed: l.authCompleted.Load(), Failed: l.authFailed.Load()}
}

// addCounts adds o's counters to s's, its gauges (Peers, Pending,
// Server, Draining, Closed) aside: the counts of a match that ended, to
// a total (Matches.Stats). Calls of the same node and method add up.
func (s *Stats) addCounts(o *Stats) {
	s.Joins += o.Joins
	addFields(&s.JoinsRefused, &o.JoinsRefused)
	addFields(&s.Leaves, &o.Leaves)
	addFields(&s.Auth, &o.Auth)
	for _, c := range o.Calls {
		i := slices.IndexFunc(s.Calls, func(d CallCounts) bool { return d.Node == c.Node && d.Method == c.Method })
		if i < 0 {
			s.Calls = append(s.Calls, CallCounts{Node: c.Node, Method: c.Method})
			i = len(s.Calls) - 1
		}
		d := &s.Calls[i]
		d.Handled += c.Handled
		d.RefusedType += c.RefusedType
		d.RefusedAuthority += c.RefusedAuthority
		d.HandlerError += c.HandlerError
	}
	s.CallsUnknown += o.CallsUnknown
	addFields(&s.Received, &o.Received)
	addFields(&s.Sent, &o.Sent)
	addFields(&s.Relayed, &o.Relayed)
	s.RelaysDropped += o.RelaysDropped
	addFields(&s.Refused, &o.Refused)
	addFields(&s.WebSocket, &o.WebSocket)
	addFields(&s.ENet, &o.ENet)
	s.GatherWindows += o.GatherWindows
	s.GatherWrites += o.GatherWrites
	s.ENetThrottled += o.ENetThrottled
	s.ENetRTT.Add(o.ENetRTT)
	s.LogLinesSuppressed += o.LogLinesSuppressed
}

// addFields adds the uint64 fields of o, a struct of them alone (Leaves,
// PacketCounts, …), to s's.
func addFields[T JoinsRefused | Leaves | AuthCounts | PacketCounts | RefusedCounts | TransportCounts](s, o *T) {
	sv, ov := reflect.ValueOf(s).Elem(), reflect.ValueOf(o).Elem()
	for i := range sv.NumField() {
		f := sv.Field(i)
		f.SetUint(f.Uint() + ov.Field(i).Uint())
	}
}
