package stream

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"errors"
	"io"
	"net"
	"os"
	"runtime"
	"sync"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hostile peers: what each attack costs a Reader, measured with
// runtime.ReadMemStats, and how it ends (a typed error, never a panic).

// readers are the ways a server reads a frame: whole, or token by token,
// or as a value from the frame's Decoder.
var readers = []struct {
	name string
	read func(r *Reader) error
}{
	{"GetVar", func(r *Reader) error {
		var v any
		return r.GetVar(&v)
	}},
	{"NextFrame and tokens", func(r *Reader) error {
		dec, err := r.NextFrame()
		for err == nil {
			_, err = dec.ReadToken()
		}
		if err == io.EOF { // the end of the frame
			return nil
		}
		return err
	}},
	{"NextFrame and Decode", func(r *Reader) error {
		dec, err := r.NextFrame()
		if err == nil {
			var v any
			err = dec.Decode(&v)
		}
		return err
	}},
}

// readFrame reads a frame whole without decoding it, as a relay does.
var readFrame = struct {
	name string
	read func(r *Reader) error
}{"ReadFrame", func(r *Reader) error {
	_, err := r.ReadFrame()
	return err
}}

// stalledFrame declares a 16 MiB frame and starts it with two Arrays that
// declare 16M elements each; then the peer sends nothing more.
var stalledFrame = append([]byte{0, 0, 0, 1}, hostile.NestedArrays(2, 16<<20, 16)...)

// 200 peers each send stalledFrame and stall, against a server reading
// each connection in its own goroutine: each costs at most 256 KiB of heap
// (a Decoder's read buffer and its first size hint), not the 16 MiB
// declared; at most 16 KiB (a frame buffer) where the frame is read into
// one before it is decoded, if at all.
func TestStalledPeers(t *testing.T) {
	const peers = 200
	bound := map[string]int64{"GetVar": 16 << 10, "ReadFrame": 16 << 10}
	for _, rd := range append(readers, readFrame) {
		t.Run(rd.name, func(t *testing.T) {
			before := hostile.HeapInUse()
			errs := stalledPeers(t, peers, rd.read, func() {
				perPeer := (int64(hostile.HeapInUse()) - int64(before)) / peers
				t.Logf("%d stalled peers: %d KiB of heap each", peers, perPeer>>10)
				assert.Less(t, perPeer, cmp.Or(bound[rd.name], 256<<10))
			})
			for _, err := range errs {
				assert.ErrorIs(t, err, io.ErrUnexpectedEOF, "the peers closed inside the frame")
			}
		})
	}
}

// A Reader idle after a frame it decoded as it arrived holds no more than
// after a small frame: 200 Readers that read a 192 KiB frame, then stall in
// a 16 MiB frame, each hold under 16 KiB.
func TestIdleAfterLargeFrame(t *testing.T) {
	const peers = 200
	large, err := gdvar.Marshal(bytes.Repeat([]byte{1}, 3*defaultStreamFrom))
	require.NoError(t, err)
	data := append(hostile.Frame(large), stalledFrame...)
	rs := make([]*Reader, peers)
	hostile.Collect()
	before := hostile.HeapInUse()
	for i := range rs {
		rs[i] = mustReader(t, hostile.Stalled(data))
		var v []byte
		require.NoError(t, rs[i].GetVar(&v))
		require.ErrorIs(t, rs[i].GetVar(&v), os.ErrDeadlineExceeded)
	}
	perPeer := (int64(hostile.HeapInUse()) - int64(before)) / peers
	t.Logf("%d idle Readers: %d KiB of heap each", peers, perPeer>>10)
	assert.Less(t, perPeer, int64(16<<10))
	runtime.KeepAlive(rs)
}

// stalledPeers connects n peers that send stalledFrame to a server that
// reads each with read, calls measure once every server is waiting for
// more, then closes the peers and returns what read returned.
func stalledPeers(t *testing.T, n int, read func(*Reader) error, measure func()) []error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	var waiting, done sync.WaitGroup
	waiting.Add(n)
	done.Add(n)
	errs := make([]error, n)
	go func() {
		for i := range n {
			c, err := ln.Accept()
			if err != nil {
				waiting.Done()
				done.Done()
				continue
			}
			go func() {
				defer done.Done()
				defer c.Close()
				errs[i] = read(mustReader(t, hostile.Waiting(c, len(stalledFrame), waiting.Done)))
			}()
		}
	}()
	clients := make([]net.Conn, n)
	for i := range clients {
		c, err := net.Dial("tcp", ln.Addr().String())
		require.NoError(t, err)
		clients[i] = c
		_, err = c.Write(stalledFrame)
		require.NoError(t, err)
	}
	waiting.Wait()
	measure()
	for _, c := range clients {
		c.Close()
	}
	done.Wait()
	return errs
}

// An attack on a Reader: a stream, the bytes it delivers, and how it must
// end.
type attack struct {
	name   string
	stream func() io.Reader
	size   int // bytes the stream delivers
	read   func(r *Reader) error
	want   any    // nil, an error errors.Is finds, or a target for errors.As
	max    uint64 // the most the read may allocate, beyond the bound for size
}

func stalled(data []byte) (func() io.Reader, int) {
	return func() io.Reader { return hostile.Stalled(data) }, len(data)
}

func gzipped(data []byte) (func() io.Reader, int) {
	z := hostile.Gzip(data)
	return func() io.Reader {
		zr, err := gzip.NewReader(&sliceReader{b: z})
		if err != nil {
			panic(err)
		}
		return zr
	}, len(data)
}

type sliceReader struct{ b []byte }

func (s *sliceReader) Read(p []byte) (int, error) {
	if len(s.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, s.b)
	s.b = s.b[n:]
	return n, nil
}

func getVarInto(v any) func(r *Reader) error { return func(r *Reader) error { return r.GetVar(v) } }

func attacks() []attack {
	var as []attack
	add := func(name string, s func() io.Reader, size int, want any, max uint64) {
		for _, rd := range readers {
			as = append(as, attack{name + ", " + rd.name, s, size, rd.read, want, max})
		}
	}
	s, n := stalled([]byte{0, 0, 0, 1})
	add("a 16 MiB frame declared, then nothing", s, n, os.ErrDeadlineExceeded, 0)
	s, n = stalled(hostile.Frame(hostile.NestedArrays(1024, 16<<20, 256<<10)))
	add("1024 Arrays declaring 16M elements each, 256 KiB", s, n, gdvar.ErrTruncated, 0)
	s, n = gzipped(hostile.Frame(hostile.NestedArrays(1024, 16<<20, 16<<20-4)))
	add("a gzip bomb: a 16 MiB frame of nested Arrays", s, n, gdvar.ErrTruncated, 0)
	s, n = stalled(hostile.Frame(hostile.ArrayOf(hostile.EmptyDictionary, 1<<20)))
	add("1 MiB of empty Dictionaries", s, n, nil, 0)
	s, n = stalled(hostile.Frame(hostile.PackedBytes(1 << 20)))
	as = append(as, attack{"1 MiB PackedByteArray into []Projection", s, n, getVarInto(new([]gdvar.Projection)), new(*gdvar.UnmarshalTypeError), 0})
	var many [][]byte
	for range 64 {
		many = append(many, hostile.PackedBytes(16<<10))
	}
	s, n = stalled(hostile.Frames(many...))
	as = append(as, attack{"64 PackedByteArrays of 16 KiB into []Projection", s, n, func(r *Reader) error {
		for {
			var ps []gdvar.Projection
			if err := r.GetVar(&ps); !errors.As(err, new(*gdvar.UnmarshalTypeError)) {
				return err
			}
		}
	}, os.ErrDeadlineExceeded, 0})
	s, n = stalled(append([]byte{0, 0, 0, 1}, hostile.NestedArrays(1, 16<<20, 256<<10)...))
	as = append(as, attack{"a 16 MiB frame declared, 256 KiB sent, ReadFrame", s, n, readFrame.read, os.ErrDeadlineExceeded, 0})
	s, n = stalled(hostile.Frame(hostile.NestedArrays(1, 16<<20, 16<<20-4)))
	as = append(as, attack{"SkipFrame of a 16 MiB frame", s, n, func(r *Reader) error {
		if _, err := r.SkipFrame(); err != nil {
			return err
		}
		_, err := r.SkipFrame()
		return err
	}, os.ErrDeadlineExceeded, 0})
	return as
}

// Every attack ends with its typed error and allocates at most the bound
// for the bytes the stream delivered (hostile.Bound).
func TestHostileFrames(t *testing.T) {
	t.Cleanup(hostile.Collect)
	for _, a := range attacks() {
		t.Run(a.name, func(t *testing.T) {
			stream := a.stream()
			var err error
			alloc := hostile.Allocated(func() { err = a.read(mustReader(t, stream)) })
			t.Logf("%d bytes received: %d KiB allocated (%.1f per byte)", a.size, alloc>>10, float64(alloc)/float64(a.size))
			assert.LessOrEqual(t, alloc, hostile.Bound(a.size)+a.max)
			assertOutcome(t, err, a.want)
		})
	}
}

// assertOutcome checks that err is what want says (see attack.want).
func assertOutcome(t *testing.T, err error, want any) {
	t.Helper()
	switch want := want.(type) {
	case nil:
		assert.NoError(t, err)
	case error:
		assert.ErrorIs(t, err, want)
	default:
		assert.ErrorAs(t, err, want)
	}
}

// The figures: 256 KiB of nested Arrays declaring 16M elements each
// into an interface{}, and a 1 MiB PackedByteArray into []Projection, each
// allocate at most 8 MiB through GetVar.
func TestHostileTargets(t *testing.T) {
	for _, c := range []struct {
		name  string
		frame []byte
		into  any
	}{
		{"nested Arrays", hostile.NestedArrays(1024, 16<<20, 256<<10), new(any)},
		{"PackedByteArray into []Projection", hostile.PackedBytes(1 << 20), new([]gdvar.Projection)},
	} {
		var err error
		r := mustReader(t, hostile.Stalled(hostile.Frame(c.frame)))
		alloc := hostile.Allocated(func() { err = r.GetVar(c.into) })
		t.Logf("%s: %d KiB allocated", c.name, alloc>>10)
		assert.Less(t, alloc, uint64(8<<20), c.name)
		var fe *FrameError
		assert.ErrorAs(t, err, &fe, c.name)
	}
}

// A datagram of nested Arrays (the largest UDP payload) costs GetVarFrom at
// most the bound for its size, and is a *PacketError; the next datagram is
// read as usual.
func TestHostileDatagram(t *testing.T) {
	server, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer server.Close()
	client, err := net.Dial("udp", server.LocalAddr().String())
	require.NoError(t, err)
	defer client.Close()
	bomb := hostile.NestedArrays(1024, 16<<20, maxDatagram)
	good, err := gdvar.Marshal("fine")
	require.NoError(t, err)
	peer := mustPacketPeer(t, server)
	for _, d := range [][]byte{good, bomb, good} { // the first allocates the peer's buffer
		_, err = client.Write(d)
		require.NoError(t, err)
	}
	var v any
	_, err = peer.GetVarFrom(&v)
	require.NoError(t, err)
	alloc := hostile.Allocated(func() { _, err = peer.GetVarFrom(&v) })
	t.Logf("a %d-byte datagram: %d KiB allocated", len(bomb), alloc>>10)
	assert.LessOrEqual(t, alloc, hostile.Bound(len(bomb)))
	var pe *PacketError
	assert.ErrorAs(t, err, &pe)
	assert.ErrorIs(t, err, gdvar.ErrTruncated)
	_, err = peer.GetVarFrom(&v)
	require.NoError(t, err)
	assert.Equal(t, "fine", v)
}

// BenchmarkHostileFrames compares the time per byte of adversarial frames
// with an ordinary frame of the same size (the game state's first players),
// for each way of reading a frame.
func BenchmarkHostileFrames(b *testing.B) {
	ordinary := gamestate.Bytes(6350)
	inputs := append([]hostile.Input{{Name: "ordinary", Data: ordinary}}, hostile.Adversarial(len(ordinary))...)
	for _, rd := range readers {
		for _, in := range inputs {
			b.Run(rd.name+"/"+in.Name, func(b *testing.B) {
				frame := hostile.Frame(in.Data)
				b.SetBytes(int64(len(frame)))
				b.ReportAllocs()
				for b.Loop() {
					_ = rd.read(mustReader(b, bytes.NewReader(frame)))
				}
			})
		}
	}
}
