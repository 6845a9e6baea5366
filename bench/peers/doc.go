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
//
// # Small messages
//
// The Small benchmarks measure the fixed cost of one value of tens of bytes
// (issue 24), on six shapes made at random, 1000 records each, taken in
// turn: a 6-field record (16-char name, 10-char phone, int, bool, float64,
// ID), the same with a time.Time as in the public Go serialization
// benchmarks, a player update (ID, two Vector3, rotation, input), a
// 3-element Array [int, String, Vector2], a 5-key Dictionary and a
// 20-element Array of 3-key Dictionaries. gdvar writes the structs as
// Dictionaries with String keys, as Godot sends them, and the Array's
// struct, marked ",array", as an Array (a [3]any with a gdvar that has no
// such marker, as at 7e1fe08); the binary peers write that struct as an
// array too. The peers are vmihailenco/msgpack, shamaton/msgpack,
// fxamacker/cbor, encoding/json and JSON v2, all through reflection;
// tinylib/msgp's generated code (small_records_gen.go, go generate) is
// shown as a floor, not a target.
//
//	cd bench/peers && go test -run XXX -bench Small -benchmem
//	cd bench/peers && PEERS_SMALL=1 go test -run SmallRatios -v
//
// BenchmarkSmallUnmarshal decodes into the Go type (one value, reused),
// BenchmarkSmallMarshal encodes it (gdvar-append and msgp-append into a
// reused buffer), BenchmarkSmallAny decodes into interface{}. The second
// command prints Markdown tables of each peer's time over gdvar's per
// shape and operation (best of 11 interleaved rounds of about 10 ms each),
// every codec's allocations (testing.AllocsPerRun), gdvar's time and bytes
// allocated, and the mean message size of each codec.
//
// TestSmallRoundTrips checks that every codec reads back every record,
// directly and through interface{}; TestSmallGodotWritesTheSameBytes that
// Godot 4 writes gdvar's bytes of the records again byte for byte (the
// vectors hold float32 values, as Godot's standard build sends them).
package peers
