package peers

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fxamacker/cbor/v2"
	jsonv2 "github.com/go-json-experiment/json"
	"github.com/vmihailenco/msgpack/v5"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
)

// Player is the game-state record, tagged for every codec.
type Player struct {
	ID    int64         `gdvar:"id" json:"id" msgpack:"id" cbor:"id"`
	Name  string        `gdvar:"name" json:"name" msgpack:"name" cbor:"name"`
	Pos   gdvar.Vector3 `gdvar:"pos" json:"pos" msgpack:"pos" cbor:"pos"`
	HP    float64       `gdvar:"hp" json:"hp" msgpack:"hp" cbor:"hp"`
	Tags  []string      `gdvar:"tags,array" json:"tags" msgpack:"tags" cbor:"tags"`
	Alive bool          `gdvar:"alive" json:"alive" msgpack:"alive" cbor:"alive"`
}

// codec is one peer: how it writes and reads the records.
type codec struct {
	name      string
	marshal   func(v any) ([]byte, error)
	unmarshal func(data []byte, v any) error
}

var codecs = []codec{
	{"gdvar", func(v any) ([]byte, error) { return gdvar.Marshal(v) }, func(b []byte, v any) error { return gdvar.Unmarshal(b, v) }},
	{"msgpack", msgpack.Marshal, msgpack.Unmarshal},
	{"cbor", cbor.Marshal, cbor.Unmarshal},
	{"encoding/json", stdjson.Marshal, stdjson.Unmarshal},
	{"json/v2", func(v any) ([]byte, error) { return jsonv2.Marshal(v) }, func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) }},
}

// fixture is the records, Godot's bytes for them and each peer's encoding.
type fixture struct {
	players []Player
	engine  []byte
	encoded map[string][]byte
}

var load = sync.OnceValues(func() (*fixture, error) {
	f := &fixture{engine: gamestate.Bytes(gamestate.Players), encoded: map[string][]byte{}}
	if err := gdvar.Unmarshal(f.engine, &f.players); err != nil {
		return nil, err
	}
	for _, c := range codecs {
		b, err := c.marshal(f.players)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.name, err)
		}
		f.encoded[c.name] = b
	}
	return f, nil
})

func fixtureFor(tb testing.TB) *fixture {
	f, err := load()
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// Every peer reads back what it wrote; gdvar writes Godot's own bytes.
func TestRoundTrips(t *testing.T) {
	f := fixtureFor(t)
	if !bytes.Equal(f.encoded["gdvar"], f.engine) {
		t.Fatal("gdvar.Marshal of the records is not the engine's bytes")
	}
	for _, c := range codecs {
		var back []Player
		if err := c.unmarshal(f.encoded[c.name], &back); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !slices.EqualFunc(back, f.players, func(a, b Player) bool {
			return a.ID == b.ID && a.Name == b.Name && a.Pos == b.Pos && a.HP == b.HP && slices.Equal(a.Tags, b.Tags) && a.Alive == b.Alive
		}) {
			t.Fatalf("%s: the records do not come back", c.name)
		}
	}
}

func BenchmarkMarshal(b *testing.B) {
	f := fixtureFor(b)
	for _, c := range codecs {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(f.encoded[c.name])))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.marshal(f.players); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkUnmarshal(b *testing.B) {
	f := fixtureFor(b)
	for _, c := range codecs {
		b.Run(c.name, func(b *testing.B) {
			data := f.encoded[c.name]
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				var out []Player
				if err := c.unmarshal(data, &out); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The generic form: gdvar into interface{} against msgpack into
// interface{} (map[string]any records).
func BenchmarkUnmarshalAny(b *testing.B) {
	f := fixtureFor(b)
	for _, c := range codecs[:2] {
		b.Run(c.name, func(b *testing.B) {
			data := f.encoded[c.name]
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				var out any
				if err := c.unmarshal(data, &out); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRatios prints each peer's time over gdvar's, best of interleaved
// rounds (set PEERS_RATIOS=1; it takes about a minute).
func TestRatios(t *testing.T) {
	if os.Getenv("PEERS_RATIOS") == "" {
		t.Skip("set PEERS_RATIOS=1 to measure the ratios")
	}
	f := fixtureFor(t)
	best := map[string]time.Duration{}
	measure := func(key string, run func()) {
		start := time.Now()
		run()
		if d := time.Since(start); best[key] == 0 || d < best[key] {
			best[key] = d
		}
	}
	for range 5 {
		for _, c := range codecs {
			measure("marshal "+c.name, func() { _, _ = c.marshal(f.players) })
			measure("unmarshal "+c.name, func() { var out []Player; _ = c.unmarshal(f.encoded[c.name], &out) })
		}
		for _, c := range codecs[:2] {
			measure("any "+c.name, func() { var out any; _ = c.unmarshal(f.encoded[c.name], &out) })
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n| peer | bytes | Unmarshal ratio | Marshal ratio |\n|---|---|---|---|\n")
	for _, c := range codecs[1:] {
		fmt.Fprintf(&b, "| %s | %.1f MB | %.2f | %.2f |\n", c.name, float64(len(f.encoded[c.name]))/1e6,
			float64(best["unmarshal "+c.name])/float64(best["unmarshal gdvar"]),
			float64(best["marshal "+c.name])/float64(best["marshal gdvar"]))
	}
	fmt.Fprintf(&b, "| gdvar | %.1f MB | %v | %v |\n", float64(len(f.engine))/1e6, best["unmarshal gdvar"].Round(time.Millisecond), best["marshal gdvar"].Round(time.Millisecond))
	fmt.Fprintf(&b, "\ninterface{}: gdvar %v, msgpack %v (ratio %.2f)\n", best["any gdvar"].Round(time.Millisecond),
		best["any msgpack"].Round(time.Millisecond), float64(best["any msgpack"])/float64(best["any gdvar"]))
	t.Log(b.String())
}
