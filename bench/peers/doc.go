// Package peers measures gdvar against the Go codecs a server could use
// instead of Godot's format (msgpack, CBOR, encoding/json, JSON v2) on the
// same 100 000 game-state records. It is a module of its own so that the
// library does not depend on them:
//
//	cd bench/peers && go test -bench . -benchmem
//	cd bench/peers && PEERS_RATIOS=1 go test -run Ratios -v
//
// The second prints each peer's time divided by gdvar's (above 1: gdvar is
// faster), from interleaved runs.
package peers
