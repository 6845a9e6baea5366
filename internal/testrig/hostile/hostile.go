// Package hostile builds the inputs a hostile peer sends (Godot 4 wire
// bytes, made by hand so that they can declare what they do not hold) and
// measures what decoding them costs. The tests of every layer attack it with
// these.
package hostile

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"io"
	"math"
	"net"
	"os"
	"runtime"
	"strings"
	"sync"
)

// Godot 4 type numbers.
const (
	typeNil             = 0
	typeInt             = 2
	typeString          = 4
	typeDictionary      = 27
	typeArray           = 28
	typePackedByteArray = 29
)

func u32(b []byte, v uint32) []byte { return binary.LittleEndian.AppendUint32(b, v) }

// NestedArrays is depth Arrays, each declaring count elements and holding
// the next, the innermost holding Nils up to size bytes: every level claims
// far more than the input holds, and the input ends inside the value.
func NestedArrays(depth int, count uint32, size int) []byte {
	b := make([]byte, 0, size)
	for range depth {
		b = u32(u32(b, typeArray), count)
	}
	for len(b)+4 <= size {
		b = u32(b, typeNil)
	}
	return b
}

// DeepArrays is one complete value: depth Arrays of one element each around
// an int.
func DeepArrays(depth int) []byte {
	var b []byte
	for range depth {
		b = u32(u32(b, typeArray), 1)
	}
	return u32(u32(b, typeInt), 7)
}

// DeepDictionaries is one complete value: depth Dictionaries of one entry
// each, keyed by a 24-byte string of quotes (the longest key a path shows,
// each character escaped), around an int.
func DeepDictionaries(depth int) []byte {
	key := strings.Repeat(`"`, 24)
	var b []byte
	for range depth {
		b = u32(u32(b, typeDictionary), 1)
		b = append(u32(u32(b, typeString), uint32(len(key))), key...)
	}
	return u32(u32(b, typeInt), 7)
}

// PackedBytes is a PackedByteArray of n bytes.
func PackedBytes(n int) []byte {
	b := u32(u32(nil, typePackedByteArray), uint32(n))
	return append(b, make([]byte, n+(-n&3))...)
}

// Nil and EmptyDictionary are the smallest values of their kind; OddInt is
// an int written with 64 bits though it fits in 32, which Godot never
// writes and the generic form keeps as a RawValue.
var (
	Nil             = u32(nil, typeNil)
	EmptyDictionary = u32(u32(nil, typeDictionary), 0)
	OddInt          = binary.LittleEndian.AppendUint64(u32(nil, typeInt|1<<16), 1)
)

// ArrayOf is one complete value of at most size bytes: an Array of as many
// copies of elem as fit.
func ArrayOf(elem []byte, size int) []byte {
	n := (size - 8) / len(elem)
	b := u32(u32(make([]byte, 0, 8+n*len(elem)), typeArray), uint32(n))
	for range n {
		b = append(b, elem...)
	}
	return b
}

// An Input is a named input.
type Input struct {
	Name string
	Data []byte
}

// Adversarial returns the inputs of about size bytes that cost a decoder
// the most per byte: declared counts that are not there, the smallest
// elements, the deepest nesting, the longest paths.
func Adversarial(size int) []Input {
	return []Input{
		{"nested Arrays declaring 16M elements", NestedArrays(maxDepth, 16<<20, size)},
		{"Nils", ArrayOf(Nil, size)},
		{"empty Dictionaries", ArrayOf(EmptyDictionary, size)},
		{"64-bit ints that fit in 32 bits", ArrayOf(OddInt, size)},
		{"deepest Arrays", ArrayOf(DeepArrays(maxDepth-1), size)},
		{"deepest Dictionaries", ArrayOf(DeepDictionaries(maxDepth-1), size)},
	}
}

// maxDepth is the most containers a value may be nested in.
const maxDepth = 1024

// Frame puts a stream frame's length word before value.
func Frame(value []byte) []byte { return append(u32(nil, uint32(len(value))), value...) }

// Frames is the frames of values, one after another.
func Frames(values ...[]byte) []byte {
	var b bytes.Buffer
	for _, v := range values {
		b.Write(Frame(v))
	}
	return b.Bytes()
}

// The bound every entry point that reads from a peer or a file keeps (see
// gdvar.Unmarshal): what it allocates is at most PerByte bytes per byte
// received, plus Floor (a Decoder's stack at the deepest nesting, its read
// buffer, a stream's first frame buffer).
const (
	PerByte = 32
	Floor   = 512 << 10
)

// Bound is the most an entry point may allocate for n bytes received.
func Bound(n int) uint64 { return PerByte*uint64(n) + Floor }

// Stalled returns a reader of data that then fails as a read deadline
// does, as a peer that stops sending leaves a connection.
func Stalled(data []byte) io.Reader { return io.MultiReader(bytes.NewReader(data), stall{}) }

type stall struct{}

func (stall) Read([]byte) (int, error) { return 0, os.ErrDeadlineExceeded }

// Waiting returns c, calling signal once when its reader asks for more than
// the first after bytes: a server reading c is then waiting for the peer,
// holding what it holds for what it has read.
func Waiting(c net.Conn, after int, signal func()) net.Conn {
	return &waiting{Conn: c, after: after, signal: signal}
}

type waiting struct {
	net.Conn
	after, n int
	once     sync.Once
	signal   func()
}

func (w *waiting) Read(b []byte) (int, error) {
	if w.n >= w.after {
		w.once.Do(w.signal)
	}
	n, err := w.Conn.Read(b)
	w.n += n
	return n, err
}

// Gzip compresses data.
func Gzip(data []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, _ = w.Write(data)
	_ = w.Close()
	return b.Bytes()
}

// Allocated returns the bytes the heap allocated while f ran (from
// runtime.MemStats.TotalAlloc, so other goroutines' allocations count too:
// call it with nothing else running).
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// AllocatedLeast returns the least of n measures of Allocated(f). Other
// goroutines (a test's server still closing, the runtime's own) only add
// to a measure: the least is f's own, for bounds too small to bear them
// (a few KiB). f must do the same work each time.
func AllocatedLeast(n int, f func()) uint64 {
	least := uint64(math.MaxUint64)
	for range n {
		least = min(least, Allocated(f))
	}
	return least
}

// HeapInUse returns the bytes in use on the heap after a collection.
func HeapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// Collect frees what an attack left: the garbage, and the buffers pools
// keep (a sync.Pool drops them over two collections), so that later tests
// that measure the heap start clean.
func Collect() {
	runtime.GC()
	runtime.GC()
}
