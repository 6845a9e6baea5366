package locust

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vmihailenco/msgpack/v5"
)

// pack is msgpack of v.
func pack(t testing.TB, v any) []byte {
	b, err := msgpack.Marshal(v)
	require.NoError(t, err)
	return b
}

// spawnData is a spawn's data as a Locust 2 master sends it.
func spawnData(users map[string]any) map[string]any {
	return map[string]any{"timestamp": 1.7e9, "user_classes_count": users, "host": "", "stop_timeout": nil,
		"parsed_options": map[string]any{"spawn_rate": 8.0, "tags": []any{"a", nil}, "num_users": 16}}
}

func TestDecodeMessage(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []any
		want message
	}{
		{"ack of 2.12", []any{"ack", map[string]any{"index": 3}, "w"}, message{Type: "ack", Index: 3}},
		{"ack before 2.10.3", []any{"ack", nil, "w"}, message{Type: "ack", Index: -1}},
		{"spawn", []any{"spawn", spawnData(map[string]any{"Bot": 8, "Other": 0}), "w"},
			message{Type: "spawn", Index: -1, Spawn: &spawnJob{Timestamp: 1.7e9, Users: map[string]int64{"Bot": 8, "Other": 0}}}},
		{"stop", []any{"stop", nil, "w"}, message{Type: "stop", Index: -1}},
		{"another's, its data passed over", []any{"custom", map[string]any{"a": []any{1.5, "b", map[string]any{}}}, "w"}, message{Type: "custom", Index: -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := decodeMessage(pack(t, tc.in))
			require.NoError(t, err)
			assert.Equal(t, tc.want, m)
		})
	}
}

// nested is depth arrays of one element around nil.
func nested(depth int) []byte {
	return append(bytes.Repeat([]byte{0x91}, depth), 0xc0)
}

func TestDecodeMessageRefuses(t *testing.T) {
	classes := map[string]any{}
	for i := range maxUserClasses + 1 {
		classes[hostile.Name(i)] = 1
	}
	for _, tc := range []struct {
		name, error string
		in          []byte
	}{
		{"empty", "cut short", nil},
		{"0xc1, which msgpack never uses", "code 0xc1", []byte{0x93, 0xc1, 0xc0, 0xc0}},
		{"bytes after it", "1 bytes after its end", append(pack(t, []any{"stop", nil, "w"}), 0xc0)},
		{"cut short", "cut short", pack(t, []any{"stop", nil, "w"})[:6]},
		{"not an array", "not [type, data, node_id]", pack(t, map[string]any{"type": "ack"})},
		{"an array of 2", "not [type, data, node_id]", pack(t, []any{"ack", nil})},
		{"its type a number", "type is not a string", pack(t, []any{1, nil, "w"})},
		{"no node id", "node id that is not a string", pack(t, []any{"stop", nil, nil})},
		{"1000 deep", "nested over 32 deep", append([]byte{0x93, 0xa1, 'x'}, nested(1000)...)},
		{"an array declaring 2^32-1", "a length of 4294967295, over the 0 bytes left", []byte{0xdd, 0xff, 0xff, 0xff, 0xff}},
		{"a string declaring 2^32-1", "a length of 4294967295", append([]byte{0x93, 0xa1, 'x', 0xdb, 0xff, 0xff, 0xff, 0xff}, "abc"...)},
		{"a map declaring 2^32-1", "over the", []byte{0x93, 0xa1, 'x', 0xdf, 0xff, 0xff, 0xff, 0xff, 0xc0}},
		{"an ack's index a string", "its \"ack\" message", pack(t, []any{"ack", map[string]any{"index": "1"}, "w"})},
		{"a spawn of Locust 1", "Locust 1's protocol (num_users", pack(t, []any{"spawn", map[string]any{"num_users": 16, "spawn_rate": 8, "host": ""}, "w"})},
		{"a spawn of no users", "without user_classes_count", pack(t, []any{"spawn", map[string]any{"timestamp": 1}, "w"})},
		{"a spawn of no time", "without its timestamp", pack(t, []any{"spawn", map[string]any{"user_classes_count": map[string]any{}}, "w"})},
		{"a spawn of nil", "without user_classes_count", pack(t, []any{"spawn", nil, "w"})},
		{"65 user classes", "65 user classes, over 64", pack(t, []any{"spawn", spawnData(classes), "w"})},
		{"users below 0", "-1 users of \"Bot\"", pack(t, []any{"spawn", spawnData(map[string]any{"Bot": -1}), "w"})},
		{"users a float", "its \"spawn\" message", pack(t, []any{"spawn", spawnData(map[string]any{"Bot": 1.5}), "w"})},
		{"a class's name of 257 bytes", "of 257 bytes, over 256", pack(t, []any{"spawn", spawnData(map[string]any{strings.Repeat("a", 257): 1}), "w"})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := decodeMessage(tc.in)
			require.ErrorIs(t, err, ErrMaster)
			assert.ErrorContains(t, err, tc.error)
			assert.LessOrEqual(t, len(err.Error()), maxError)
		})
	}
}

// hostileMessages are messages of about size bytes that cost the decoder
// most: values nested to the bound, the most values a byte (empty
// strings as a map's keys and values, nils in an array), the longest
// strings, a spawn's options of those kinds, and an ordinary spawn for
// the measure.
func hostileMessages(size int) []hostile.Input {
	wrap := func(typ string, data []byte) []byte {
		b := append([]byte{0x93, byte(0xa0 + len(typ))}, typ...)
		return append(append(b, data...), 0xa1, 'w')
	}
	n := uint32(size / 2)
	emptyMap := append([]byte{0xdf, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}, bytes.Repeat([]byte{0xa0, 0xa0}, int(n))...)
	nils := append([]byte{0xdd, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}, bytes.Repeat([]byte{0xc0}, int(n))...)
	var deep []byte
	for len(deep) < size {
		deep = append(deep, 0x92) // arrays of 2, 31 deep, the second each time a chain again
	}
	deepOnes := bytes.Repeat(append(bytes.Repeat([]byte{0x91}, maxDepth-2), 0xc0), size/maxDepth)
	manyDeep := append([]byte{0xdd, 0, 0, 0, 0}, deepOnes...)
	count := uint32(size / maxDepth)
	manyDeep[1], manyDeep[2], manyDeep[3], manyDeep[4] = byte(count>>24), byte(count>>16), byte(count>>8), byte(count)
	long := append([]byte{0xdb, byte(size >> 24), byte(size >> 16), byte(size >> 8), byte(size)}, bytes.Repeat([]byte{'a'}, size)...)
	spawnOf := func(options []byte) []byte {
		b := []byte{0x83, 0xa9}
		b = append(b, "timestamp"...)
		b = append(b, 0xcb, 0x41, 0xd9, 0, 0, 0, 0, 0, 0, 0xb2)
		b = append(b, "user_classes_count"...)
		b = append(b, 0x81, 0xa3, 'B', 'o', 't', 0x10, 0xae)
		b = append(b, "parsed_options"...)
		return wrap("spawn", append(b, options...))
	}
	ordinary := map[string]any{}
	for i := range size / 40 { // 30 bytes or so each
		ordinary[hostile.Name(i)+"_option"] = []any{1.5, "text", nil, i}
	}
	return []hostile.Input{
		{Name: "ordinary spawn", Data: spawnOf(pack(nil, ordinary))},
		{Name: "map of empty strings", Data: wrap("custom", emptyMap)},
		{Name: "array of nils", Data: wrap("custom", nils)},
		{Name: "arrays 32 deep", Data: wrap("custom", manyDeep)},
		{Name: "long string", Data: wrap("custom", long)},
		{Name: "spawn's options of empty strings", Data: spawnOf(emptyMap)},
		{Name: "spawn's options of nils", Data: spawnOf(nils)},
		{Name: "too deep", Data: wrap("custom", deep)},
	}
}

// A message of the master's allocates at most a few bytes a byte, and
// its room is of the bytes it holds, whatever its lengths declare.
func TestHostileMessagesBounded(t *testing.T) {
	for _, size := range []int{64 << 10, maxFrame - 256} {
		for _, in := range hostileMessages(size) {
			t.Run(in.Name, func(t *testing.T) {
				require.LessOrEqual(t, len(in.Data), maxFrame)
				allocated := hostile.AllocatedLeast(3, func() { decodeMessage(in.Data) })
				perByte := float64(allocated) / float64(len(in.Data))
				assert.LessOrEqual(t, perByte, 3.0, "bytes allocated a byte")
				assert.LessOrEqual(t, allocated, hostile.Bound(len(in.Data)))
				t.Logf("%d bytes: %.2f bytes allocated a byte", len(in.Data), perByte)
			})
		}
	}
}

// FuzzLocustMessage: whatever a master sends, the decoder returns a
// message or an ErrMaster of at most maxError bytes, and allocates at
// most the bound of what it was sent; a message it reads, encoded again
// as Locust's, reads the same.
func FuzzLocustMessage(f *testing.F) {
	for _, m := range [][]any{
		{"ack", map[string]any{"index": 1}, "w"}, {"ack", nil, "w"}, {"stop", nil, "w"}, {"quit", nil, "w"},
		{"spawn", spawnData(map[string]any{"Bot": 8}), "w"},
		{"spawn", map[string]any{"num_users": 16, "spawn_rate": 8}, "w"},
	} {
		f.Add(pack(f, m))
	}
	f.Add(nested(40))
	f.Fuzz(func(t *testing.T, b []byte) {
		var m message
		var err error
		allocated := hostile.Allocated(func() { m, err = decodeMessage(b) })
		if !raceDetector {
			assert.LessOrEqual(t, allocated, hostile.Bound(len(b)))
		}
		if err != nil {
			require.ErrorIs(t, err, ErrMaster)
			assert.LessOrEqual(t, len(err.Error()), maxError)
			return
		}
		var data any
		switch {
		case m.Spawn != nil:
			data = map[string]any{"timestamp": m.Spawn.Timestamp, "user_classes_count": m.Spawn.Users}
		case m.Index != -1:
			data = map[string]any{"index": m.Index}
		}
		again, err := decodeMessage(pack(t, []any{m.Type, data, "w"}))
		require.NoError(t, err)
		if m.Type == "ack" || m.Type == "spawn" {
			assert.Equal(t, m, again)
		}
	})
}

// BenchmarkDecodeHostile measures the CPU a byte of each hostile message
// of 1 MiB costs, against an ordinary spawn's.
func BenchmarkDecodeHostile(b *testing.B) {
	for _, in := range hostileMessages(maxFrame - 256) {
		b.Run(in.Name, func(b *testing.B) {
			b.SetBytes(int64(len(in.Data)))
			for b.Loop() {
				decodeMessage(in.Data)
			}
		})
	}
}
