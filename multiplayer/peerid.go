package multiplayer

// PeerID identifies a peer: the server is 1, a client has the id the
// server gave it (2 to 2^31−1). As the target of a call, 0 is every peer
// and −N every peer but N, as in Godot's rpc_id.
type PeerID int32

// The peer ids with a meaning of their own.
const (
	AllPeers PeerID = 0 // every peer
	ServerID PeerID = 1 // the server
)
