package main

// link is a load client's connection to the server: WebSocket or ENet.
// put and flush are called by the client's sender and its reader (to
// answer the server), receive by its reader alone.
type link interface {
	// put queues a packet to the server, to travel as how says.
	put(pkt []byte, how delivery) error
	// flush sends what put queued.
	flush() error
	// receive returns the next packet, valid until the next call.
	receive() ([]byte, error)
	close()
}

// delivery is how a packet travels over ENet, as ENetMultiplayerPeer
// sends it; over WebSocket every packet is reliable.
type delivery int

const (
	reliable  delivery = iota // system commands, paths: channel 0, reliable
	unordered                 // SYNC: channel 1, unsequenced
	ordered                   // an unreliable_ordered call: channel 1, sequenced
)
