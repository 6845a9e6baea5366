package multiplayer

import (
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// delivery is how a packet travels: a transfer mode and a channel, as a
// MultiplayerPeer's put_packet takes them. Over WebSocket every packet is
// delivered in order; over ENet they choose the ENet channel and flags.
type delivery struct {
	transfer mode.Transfer
	channel  uint8
	// later lets a packet wait, with what else is relayed to its peer
	// meanwhile, for the gather's window (WithGatherWindow): over ENet the
	// host's next flush of queued packets (enet.Peer.Queue), over a
	// WebSocket the server's gather (wsGather). What a relay sends to many
	// peers at once.
	later bool
	// now lets a WebSocket packet be written by the goroutine that sends
	// it, if the socket takes it at once (wsLink.writeNow): announcements
	// and relays.
	now bool
}

// reliably is how the engine sends all but calls and replication: system
// commands, node paths and send_bytes' default.
var reliably = delivery{transfer: mode.Reliable}

// announcing is how a server tells its peers of one that joins or leaves
// (ADD_PEER, DEL_PEER): reliably, and over a WebSocket written now, as
// each peer is sent one now and then. A goroutine started to write each,
// as a relayed stream's packets are, would outlive it.
var announcing = delivery{transfer: mode.Reliable, now: true}

// unreliably is how replication's SYNC travels.
var unreliably = delivery{transfer: mode.Unreliable}

// MaxChannel is the highest channel a method may name: ENet has 255
// (0–254), and ENetMultiplayerPeer keeps 0 and 1 for itself.
const MaxChannel = 253

// enet returns the ENet channel and flags of a delivery, as
// ENetMultiplayerPeer::put_packet chooses them: reliable traffic on
// channel 0, unreliable on 1 (unsequenced unless ordered), a channel N > 0
// on N+1; unreliable packets over the MTU go as unreliable fragments.
func (d delivery) enet() (uint8, enet.Flag) {
	ch, flags := uint8(0), enet.Reliable
	switch d.transfer {
	case mode.Unreliable:
		ch, flags = 1, enet.Unsequenced|enet.UnreliableFragment
	case mode.UnreliableOrdered:
		ch, flags = 1, enet.UnreliableFragment
	}
	if d.channel > 0 {
		ch = d.channel + 1
	}
	return ch, flags
}

// enetDelivery is how a packet that came over ENet travelled, as
// ENetMultiplayerPeer reads it back: reliable if it came reliably,
// unreliable if unsequenced, else unreliable and ordered; channel N+1 is
// channel N.
func enetDelivery(pk enet.Packet) delivery {
	d := delivery{transfer: mode.UnreliableOrdered}
	switch {
	case pk.Flags&enet.Reliable != 0:
		d.transfer = mode.Reliable
	case pk.Flags&enet.Unsequenced != 0:
		d.transfer = mode.Unreliable
	}
	if pk.Channel >= 2 {
		d.channel = pk.Channel - 1
	}
	return d
}
