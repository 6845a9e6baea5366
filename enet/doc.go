// Package enet is the ENet protocol (version 1.3, as the library Godot 4.6
// links) in pure Go, over UDP: the transport Godot's high-level
// multiplayer uses by default (ENetMultiplayerPeer), and what a script's
// ENetConnection and ENetPacketPeer speak.
//
// A [Host] is one UDP socket. A server Listens and Accepts peers; a client
// Connects to a server; a host can do both. Each Peer has channels, on
// which packets go reliably (arriving once and in order), unreliably
// (in order, or not at all), or unsequenced (never twice); a packet larger
// than the MTU goes in fragments:
//
//	h, err := enet.Listen("udp", "127.0.0.1:7777")
//	...
//	p, err := h.Accept(ctx)
//	pk, err := p.Receive(ctx)
//	err = p.Send(pk.Channel, pk.Data, pk.Flags)
//
// A peer's packets may instead be handled by a function (Peer.Serve),
// which the host's reading goroutine calls itself for a peer whose
// serving goroutine waits: a packet then costs no wake-up of another
// thread.
//
// What goes over the wire is ENet's, byte for byte, checked against Godot
// 4.6 in both directions: the connect, verify and disconnect handshakes,
// acknowledgements, retransmission with ENet's round-trip estimate,
// pings and timeouts, the unreliable throttle, windows and bandwidth
// limits as the handshake negotiates them, the optional CRC-32 checksum
// ([WithChecksum]) and every compressor Godot's ENetConnection.compress can
// set ([WithCompression]). docs/enet.md says where each rule comes from.
//
// A host holds what its options allow, whatever datagrams declare:
// fragments take memory as they arrive ([WithMaxWaitingData] bounds a
// peer's), a peer's send queue counts what its packets hold until they
// are sent or acknowledged ([WithMaxSendQueue]), so that a peer that stops
// answering holds no more, and packets that come out of order cost the
// logarithm of what waits, whatever the order. A connect not yet
// verified costs one slot's offer and no channels, and its source is
// sent no more bytes than it sent, whatever compression the connect
// claims: a spoofed source cannot make the host a reflection amplifier.
package enet
