package vartext

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileText returns texts of about size bytes, each one value, that cost
// the reader the most per byte: keys nested in keys (each level's key holds
// all the levels inside it), the smallest values by the thousand, the
// deepest nesting, and keys that are all the same.
func hostileText(size int) []hostile.Input {
	return []hostile.Input{
		{Name: "Dictionaries nested as keys", Data: keysInKeys(1000, size)},
		{Name: "Arrays nested as keys", Data: nestedKeys(500, size, "{[", "]: 0}")},
		{Name: "zeros", Data: repeated("[", "0,", "]", size)},
		{Name: "empty Arrays", Data: repeated("[", "[],", "]", size)},
		{Name: "empty Dictionaries", Data: repeated("[", "{},", "]", size)},
		{Name: "empty strings", Data: repeated("[", `"",`, "]", size)},
		{Name: "deepest Arrays", Data: repeated("[", strings.Repeat("[", 1023)+strings.Repeat("]", 1023)+",", "]", size)},
		{Name: "deepest Dictionaries", Data: repeated("[", strings.Repeat(`{"":`, 1023)+"0"+strings.Repeat("}", 1023)+",", "]", size)},
		{Name: "one key given again and again", Data: repeated("{", "[0]:0,", "}", size)},
		{Name: "distinct keys", Data: distinctKeys(size)},
		{Name: "keys of zeros", Data: repeated("{", "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]:0,", "}", size)},
		{Name: "PackedByteArray zeros", Data: repeated("PackedByteArray(", "0,", ")", size)},
		{Name: "PackedVector2Array zeros", Data: repeated("PackedVector2Array(", "0,0,", ")", size)},
	}
}

// keysInKeys is depth Dictionaries, each the key of the next, the innermost
// keyed by an Array of zeros that fills the text to size bytes:
// {{{[0, 0, …]: 0}: 0}: 0}.
func keysInKeys(depth, size int) []byte { return nestedKeys(depth, size, "{", ": 0}") }

// nestedKeys is depth containers opened by open, closed by close, around an
// Array of zeros that fills the text to size bytes.
func nestedKeys(depth, size int, open, close string) []byte {
	var b bytes.Buffer
	b.WriteString(strings.Repeat(open, depth))
	b.WriteString("[")
	for b.Len()+2+depth*len(close) < size {
		b.WriteString("0,")
	}
	b.WriteString("]")
	b.WriteString(strings.Repeat(close, depth))
	return b.Bytes()
}

// distinctKeys is a Dictionary of short keys, each new, up to size bytes.
func distinctKeys(size int) []byte {
	b := []byte("{")
	for i := 0; len(b)+16 < size; i++ {
		b = append(strconv.AppendInt(append(b, '"'), int64(i), 36), `":0,`...)
	}
	return append(b, '}')
}

// repeated is item as many times as fit in size bytes between start and
// end.
func repeated(start, item, end string, size int) []byte {
	n := max(1, (size-len(start)-len(end))/len(item))
	return []byte(start + strings.Repeat(item, n) + end)
}

// ordinaryText is the text of game-state players, about size bytes: the
// yardstick of the time per byte.
func ordinaryText(t testing.TB, size int) []byte {
	players := max(1, size/1800)
	for {
		var b bytes.Buffer
		require.NoError(t, printTokens(gamestate.Bytes(players), Godot4, &b))
		if b.Len() >= size || players > 1<<20 {
			return b.Bytes()
		}
		players = players * size / b.Len() * 11 / 10
	}
}

// readers are the ways to read a value of text: whole into a tree, or
// written to an Encoder (in two passes, from a pipe, in one pass); bound is
// what each may allocate.
var readers = []struct {
	name  string
	bound func(t testing.TB, text []byte) uint64
	read  func(text []byte, out *os.File) error
}{
	{"Unmarshal", treeBound, func(text []byte, _ *os.File) error {
		var v any
		return Unmarshal(text, &v)
	}},
	{"Decode", treeBound, func(text []byte, _ *os.File) error {
		var v any
		return defaultCodec.NewDecoder(onlyReader{bytes.NewReader(text)}).Decode(&v)
	}},
	{"DecodeTo", treeBound, func(text []byte, out *os.File) error {
		return decodeInto(defaultCodec.NewDecoder(bytes.NewReader(text)), out)
	}},
	{"DecodeTo from a pipe", treeBound, func(text []byte, out *os.File) error {
		return decodeInto(defaultCodec.NewDecoder(onlyReader{bytes.NewReader(text)}), out)
	}},
	{"DecodeTo in one pass", onePassBound, func(text []byte, out *os.File) error {
		dec := defaultCodec.NewDecoder(onlyReader{bytes.NewReader(text)})
		dec.OnePass()
		err := decodeInto(dec, out)
		if err == ErrKeyTwice { // read again, as gdvar encode does
			err = decodeInto(defaultCodec.NewDecoder(bytes.NewReader(text)), out)
		}
		return err
	}},
}

// treeBound is hostile.Bound, which the readers that build the value keep
// with its Dictionaries too: an empty *gdvar.Dictionary is 64 bytes, its
// table made with its first entry and to size, so that "{}," takes 64
// bytes a Dictionary, 16 its element and 8 gathering it (pile.Values), 29
// a byte, and `"1a":0,` 32 its entry, 32 gathering it and its key's
// string, 28 a byte.
func treeBound(_ testing.TB, text []byte) uint64 { return hostile.Bound(len(text)) }

// onePassBound is treeBound, and treeBound again for a text with a key
// twice, which is read again in two passes, built whole the second time.
func onePassBound(t testing.TB, text []byte) uint64 {
	dec := mustDecoder(t, bytes.NewReader(text))
	require.NoError(t, dec.DecodeTo(gdvar.NewEncoder(io.Discard)))
	if dec.keys.dups {
		return 2 * treeBound(t, text)
	}
	return treeBound(t, text)
}

// decodeInto writes dec's value to out from its start.
func decodeInto(dec *Decoder, out *os.File) error {
	if _, err := out.Seek(0, io.SeekStart); err != nil {
		return err
	}
	enc := gdvar.NewEncoder(out)
	if err := dec.DecodeTo(enc); err != nil {
		return err
	}
	return enc.Flush()
}

// Every way to read text allocates within hostile.Bound on the texts that
// cost it most, reads them without error, and keeps nothing once done.
func TestHostileTextMemory(t *testing.T) {
	out, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer out.Close()
	sizes := []int{128 << 10, 1 << 20}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		for _, in := range hostileText(size) {
			for _, r := range readers {
				bound := r.bound(t, in.Data)
				hostile.Collect()
				before := hostile.HeapInUse()
				var err error
				alloc := hostile.Allocated(func() { err = r.read(in.Data, out) })
				if !assert.NoError(t, err, "%s: %s", r.name, in.Name) {
					continue
				}
				t.Logf("%s, %s: %d bytes, %d KiB allocated (%.1f per byte)", r.name, in.Name, len(in.Data), alloc>>10, float64(alloc)/float64(len(in.Data)))
				assert.LessOrEqual(t, alloc, bound, "%s: %s of %d bytes", r.name, in.Name, len(in.Data))
				hostile.Collect()
				left := int64(hostile.HeapInUse()) - int64(before)
				assert.Less(t, left, int64(hostile.Floor), "%s: %s left behind", r.name, in.Name)
			}
		}
	}
	hostile.Collect()
}

// The smallest values by the million, built whole, allocate within
// hostile.Bound at 1 MiB and at 8 MiB: an Array of empty Dictionaries took
// 32.8 bytes a byte, gathered as interfaces (16 bytes an element) before
// their Array was made to size; and empty Arrays 19.4, each boxed anew.
func TestHostileTreeMemory(t *testing.T) {
	out, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer out.Close()
	sizes := []int{1 << 20, 8 << 20}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		for _, in := range []hostile.Input{
			{Name: "empty Dictionaries", Data: repeated("[", "{},", "]", size)},
			{Name: "empty Arrays", Data: repeated("[", "[],", "]", size)},
			{Name: "zeros", Data: repeated("[", "0,", "]", size)},
			{Name: "distinct keys", Data: distinctKeys(size)},
		} {
			for _, r := range []int{0, 1, 3} { // Unmarshal, Decode, DecodeTo from a pipe
				r := readers[r]
				t.Run(fmt.Sprintf("%s, %s, %d MiB", r.name, in.Name, size>>20), func(t *testing.T) {
					hostile.Collect()
					var err error
					alloc := hostile.Allocated(func() { err = r.read(in.Data, out) })
					require.NoError(t, err)
					t.Logf("%d bytes: %.2f allocated a byte", len(in.Data), float64(alloc)/float64(len(in.Data)))
					assert.LessOrEqual(t, alloc, treeBound(t, in.Data))
				})
			}
		}
	}
}

// BenchmarkHostileTree builds the values of TestHostileTreeMemory with
// Unmarshal, next to ordinary text of the same size, at 1 MiB and at 8 MiB:
// the ratios of their CPU times per byte are what the smallest values cost,
// and a cost per byte that grows with the size is quadratic. On a busy
// machine compare cpu-ns/byte, the process's CPU time (the collector's
// included).
func BenchmarkHostileTree(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range []hostile.Input{
			{Name: "ordinary", Data: ordinaryText(b, size)},
			{Name: "empty Dictionaries", Data: repeated("[", "{},", "]", size)},
			{Name: "empty Arrays", Data: repeated("[", "[],", "]", size)},
			{Name: "zeros", Data: repeated("[", "0,", "]", size)},
			{Name: "distinct keys", Data: distinctKeys(size)},
		} {
			b.Run(fmt.Sprintf("%dMiB/%s", size>>20, in.Name), func(b *testing.B) {
				cputime.PerByte(b, len(in.Data), func() error {
					var v any
					return Unmarshal(in.Data, &v)
				})
			})
		}
	}
}

// Texts that break a limit or end inside their value fail with a
// *SyntaxError, within the same bounds, on every reader.
func TestHostileTextErrors(t *testing.T) {
	const size = 256 << 10
	keys := keysInKeys(1000, size)
	out, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer out.Close()
	for _, in := range []hostile.Input{
		{Name: "Dictionaries nested as keys 1025 deep", Data: keysInKeys(1025, size)},
		{Name: "Arrays nested as keys 513 deep", Data: nestedKeys(513, size, "{[", "]: 0}")},
		{Name: "Dictionaries nested as keys, cut short", Data: keys[:len(keys)-1]},
		{Name: "zeros, cut short", Data: repeated("[", "0,", "", size)},
		{Name: "a key twice, cut short", Data: repeated("{", "[0]:0,", "", size)},
	} {
		for _, r := range readers {
			var err error
			alloc := hostile.Allocated(func() { err = r.read(in.Data, out) })
			var syntax *SyntaxError
			assert.ErrorAs(t, err, &syntax, "%s: %s", r.name, in.Name)
			assert.LessOrEqual(t, alloc, treeBound(t, in.Data), "%s: %s", r.name, in.Name)
		}
	}
}

// A Decoder kept after a value holds little of it: not the value, nor the
// numbers of its keys, nor the stacks it took.
func TestIdleDecoder(t *testing.T) {
	text := keysInKeys(1000, 1<<20)
	out, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer out.Close()
	for _, once := range []bool{false, true} {
		hostile.Collect()
		before := hostile.HeapInUse()
		dec := mustDecoder(t, onlyReader{bytes.NewReader(text)})
		if once {
			dec.OnePass()
			require.NoError(t, decodeInto(dec, out))
		} else {
			var v any
			require.NoError(t, dec.Decode(&v))
		}
		hostile.Collect()
		held := int64(hostile.HeapInUse()) - int64(before)
		t.Logf("one pass %v: %d KiB held", once, held>>10)
		assert.Less(t, held, int64(hostile.Floor), "one pass: %v", once)
		runtime.KeepAlive(dec)
	}
}

// BenchmarkHostileText reads each hostileText with each reader, next to
// ordinary text of the same size (game-state players): the ratios of their
// times per byte are what a hostile text costs. On a busy machine compare
// cpu-ns/byte, the process's CPU time (the collector's included).
func BenchmarkHostileText(b *testing.B) {
	ordinary := ordinaryText(b, 256<<10)
	out, err := os.Create(filepath.Join(b.TempDir(), "out"))
	require.NoError(b, err)
	defer out.Close()
	for _, in := range append([]hostile.Input{{Name: "ordinary", Data: ordinary}}, hostileText(len(ordinary))...) {
		for _, r := range readers {
			b.Run(r.name+"/"+in.Name, func(b *testing.B) {
				cputime.PerByte(b, len(in.Data), func() error { return r.read(in.Data, out) })
			})
		}
	}
}

// Entries one after another, each holding a value 1000 deep, as a
// ConfigFile's keys and a resource's properties are read (NextEntry, then
// Decode), allocate within hostile.TextBound: the Decoder keeps its stack of
// open containers for the next value (it grew it again for each, 166 bytes
// a byte).
func TestHostileEntries(t *testing.T) {
	arrays := strings.Repeat("[", 1000) + strings.Repeat("]", 1000)
	dicts := strings.Repeat(`{"":`, 1000) + "0" + strings.Repeat("}", 1000)
	for _, in := range []struct {
		name   string
		header string
		opts   []Option
		value  string
	}{
		{"ConfigFile, Arrays", "", nil, arrays},
		{"ConfigFile, Dictionaries", "", nil, dicts},
		{"resource, Arrays", "[gd_resource type=\"Resource\" format=3]\n\n[resource]\n", []Option{WithResourceFormat(3)}, arrays},
		{"resource, Dictionaries", "[gd_resource type=\"Resource\" format=3]\n\n[resource]\n", []Option{WithResourceFormat(3)}, dicts},
	} {
		for _, size := range []int{1 << 20, 8 << 20} {
			body := hostile.Lines(size, func(i int) string { return hostile.Name(i) + " = " + in.value + "\n" })
			text := append([]byte(in.header), body...)
			t.Run(fmt.Sprintf("%s, %d MiB", in.name, size>>20), func(t *testing.T) {
				var keys int
				var err error
				alloc := hostile.Allocated(func() { keys, err = readEntries(text, in.opts) })
				require.NoError(t, err)
				assert.Equal(t, bytes.Count(body, []byte("\n")), keys)
				t.Logf("%d bytes: %.1f allocated a byte", len(text), float64(alloc)/float64(len(text)))
				assert.LessOrEqual(t, alloc, hostile.TextBound(text))
			})
		}
	}
}

// readEntries reads the entries of text and their values, which it drops,
// and returns how many keys it read.
func readEntries(text []byte, opts []Option) (int, error) {
	c, err := NewCodec(opts...)
	if err != nil {
		return 0, err
	}
	d := c.NewDecoder(bytes.NewReader(text))
	keys := 0
	var v any
	for {
		e, err := d.NextEntry()
		if err == io.EOF {
			return keys, nil
		}
		if err != nil {
			return keys, err
		}
		if !e.Section {
			keys++
			if err := d.Decode(&v); err != nil {
				return keys, err
			}
		}
	}
}
