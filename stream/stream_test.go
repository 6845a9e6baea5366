package stream

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"io"
	"net"
	"os"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// frame is a length word and a value, as put_var writes them.
func frame(value []byte) []byte {
	return append(binary.LittleEndian.AppendUint32(nil, uint32(len(value))), value...)
}

func marshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := gdvar.Marshal(v)
	require.NoError(t, err)
	return b
}

func TestPutVarGetVar(t *testing.T) {
	var buf bytes.Buffer
	w := mustWriter(t, &buf)
	values := []any{int64(1), "two", []any{int64(3), 4.5}, gdvar.Vector3{X: 1, Y: 2, Z: 3}}
	for _, v := range values {
		require.NoError(t, w.PutVar(v))
	}
	var want []byte
	for _, v := range values {
		want = append(want, frame(marshal(t, v))...)
	}
	assert.Equal(t, want, buf.Bytes(), "length word, then the value")

	r := mustReader(t, bytes.NewReader(buf.Bytes()))
	for _, v := range values {
		var got any
		require.NoError(t, r.GetVar(&got))
		assert.Equal(t, v, got)
	}
	var x any
	assert.Equal(t, io.EOF, r.GetVar(&x))
	assert.Equal(t, int64(len(want)), r.Offset())
}

// Codec options reach both sides: here 64-bit reals for a double build.
func TestCodecOptions(t *testing.T) {
	var buf bytes.Buffer
	double := WithCodec(gdvar.MustCodec(gdvar.WithMathPrecision(gdvar.Double)))
	require.NoError(t, mustWriter(t, &buf, double).PutVar(gdvar.Vector2{X: 1, Y: 2}))
	want, err := gdvar.MustCodec(gdvar.WithMathPrecision(gdvar.Double)).Marshal(gdvar.Vector2{X: 1, Y: 2})
	require.NoError(t, err)
	assert.Equal(t, frame(want), buf.Bytes())
	assert.Len(t, want, 4+16)

	// A 64-bit int that fits in 32 bits: a RawValue, or with Semantic the int.
	buf.Reset()
	buf.Write(frame([]byte{2, 0, 1, 0, 5, 0, 0, 0, 0, 0, 0, 0}))
	var v any
	require.NoError(t, mustReader(t, bytes.NewReader(buf.Bytes()), WithCodec(gdvar.MustCodec(gdvar.Semantic(true)))).GetVar(&v))
	assert.Equal(t, int64(5), v)
}

// A Reader never reads past its frame.
func TestReaderStopsAtTheFrame(t *testing.T) {
	data := append(frame(marshal(t, "first")), []byte("not a frame")...)
	src := bytes.NewReader(data)
	var s string
	require.NoError(t, mustReader(t, src).GetVar(&s))
	rest, _ := io.ReadAll(src)
	assert.Equal(t, "not a frame", string(rest))

	src = bytes.NewReader(data)
	dec, err := mustReader(t, src).NextFrame()
	require.NoError(t, err)
	tok, err := dec.ReadToken()
	require.NoError(t, err)
	assert.Equal(t, "first", tok.Text())
	_, err = dec.ReadToken()
	assert.Equal(t, io.EOF, err, "the frame's Decoder ends with the frame")
	rest, _ = io.ReadAll(src)
	assert.Equal(t, "not a frame", string(rest))
}

func TestNextFrameAndSkip(t *testing.T) {
	var buf bytes.Buffer
	w := mustWriter(t, &buf)
	for i := range 3 {
		require.NoError(t, w.PutVar([]any{i, "x"}))
	}
	r := mustReader(t, &buf)
	dec, err := r.NextFrame()
	require.NoError(t, err)
	_, err = dec.ReadToken() // read only the start, leave the rest
	require.NoError(t, err)
	n, err := r.SkipFrame()
	require.NoError(t, err)
	assert.Equal(t, int64(len(marshal(t, []any{1, "x"}))), n)
	var v []any
	require.NoError(t, r.GetVar(&v))
	assert.Equal(t, []any{int64(2), "x"}, v)
}

// A proxy copies frames from one connection to another token by token,
// each streamed with the length FrameLen gives: the engine's golden vectors
// (large ones among them) come out as they came in.
func TestProxyFrames(t *testing.T) {
	var in bytes.Buffer
	for _, v := range golden.Load(t, golden.Path("golden", "godot4")) {
		if !v.Objects {
			in.Write(frame(v.Bin))
		}
	}
	src := mustReader(t, bytes.NewReader(in.Bytes()), WithMaxFrame(1<<30))
	assert.Equal(t, int64(-1), src.FrameLen(), "between frames")
	upstream, downstream := net.Pipe()
	defer upstream.Close()
	out := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(downstream)
		out <- b
	}()
	dst := mustWriter(t, upstream)
	for {
		dec, err := src.NextFrame()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		require.Positive(t, src.FrameLen())
		require.NoError(t, dst.WriteFrameLen(src.FrameLen(), func(enc *gdvar.Encoder) error {
			return gdvar.CopyValue(enc, dec)
		}))
	}
	upstream.Close()
	assert.Equal(t, in.Bytes(), <-out)
}

func TestWriteFrame(t *testing.T) {
	var buf bytes.Buffer
	w := mustWriter(t, &buf)
	write := func(enc *gdvar.Encoder) error {
		for _, tok := range []gdvar.Token{gdvar.ArrayStartToken(1, gdvar.UntypedContainer), gdvar.IntToken(7), gdvar.ArrayEndToken} {
			if err := enc.WriteToken(tok); err != nil {
				return err
			}
		}
		return nil
	}
	require.NoError(t, w.WriteFrame(write))
	require.NoError(t, w.WriteFrameLen(16, write))
	want := frame(marshal(t, []any{7}))
	assert.Equal(t, append(append([]byte(nil), want...), want...), buf.Bytes())

	// A declared length that the value does not fill breaks the Writer.
	err := w.WriteFrameLen(20, write)
	assert.ErrorIs(t, err, ErrBroken)
	assert.ErrorIs(t, w.PutVar(1), ErrBroken)

	// An unfinished value is refused, and nothing is written.
	buf.Reset()
	w = mustWriter(t, &buf)
	err = w.WriteFrame(func(enc *gdvar.Encoder) error {
		return enc.WriteToken(gdvar.ArrayStartToken(1, gdvar.UntypedContainer))
	})
	assert.ErrorContains(t, err, "incomplete")
	assert.Zero(t, buf.Len())
}

// A frame of any size goes through with bounded memory: 64 MiB written
// with WriteFrameLen and read with NextFrame.
func TestLargeFrameBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("moves 64 MiB")
	}
	const size = 64 << 20
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		w := mustWriter(t, pw)
		chunk := bytes.Repeat([]byte{0xab}, 1<<16)
		done <- w.WriteFrameLen(8+size, func(enc *gdvar.Encoder) error {
			if err := enc.WriteToken(gdvar.PackedStartToken(gdvar.TypePackedByteArray, size, gdvar.Single)); err != nil {
				return err
			}
			for range size / len(chunk) {
				if err := enc.WriteToken(gdvar.PackedChunkToken(chunk)); err != nil {
					return err
				}
			}
			return enc.WriteToken(gdvar.PackedEndToken)
		})
		pw.Close()
	}()
	r := mustReader(t, pr, WithMaxFrame(size+8), WithCodec(gdvar.MustCodec(gdvar.WithLimits(gdvar.Limits{MaxPackedBytes: size}))))
	dec, err := r.NextFrame()
	require.NoError(t, err)
	var got int
	var peak uint64
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		if tok.Kind() == gdvar.KindPackedChunk {
			got += len(tok.Bytes())
			require.Equal(t, byte(0xab), tok.Bytes()[0])
		}
		if got%(8<<20) == 0 {
			peak = max(peak, heapInUse())
		}
	}
	require.NoError(t, <-done)
	assert.Equal(t, size, got)
	assert.Less(t, peak, uint64(32<<20), "heap in use while streaming 64 MiB")
}

func TestOversizedFrame(t *testing.T) {
	big := frame(make([]byte, 100))
	data := append(append([]byte(nil), big...), frame(marshal(t, "after"))...)

	// By default the Reader breaks before reading the body.
	src := bytes.NewReader(data)
	r := mustReader(t, src, WithMaxFrame(64))
	var v any
	err := r.GetVar(&v)
	var fe *FrameError
	require.ErrorAs(t, err, &fe)
	assert.ErrorIs(t, err, ErrFrameTooLarge)
	assert.ErrorIs(t, err, ErrBroken)
	assert.Equal(t, int64(0), fe.Offset)
	assert.Equal(t, int64(100), fe.Length)
	assert.Equal(t, len(data)-4, src.Len(), "the body was not read")
	assert.ErrorIs(t, r.GetVar(&v), ErrBroken, "and stays broken")

	// With SkipOversizedFrames, it reports the frame and goes on.
	r = mustReader(t, bytes.NewReader(data), WithMaxFrame(64), SkipOversizedFrames(true))
	err = r.GetVar(&v)
	assert.ErrorIs(t, err, ErrFrameTooLarge)
	assert.NotErrorIs(t, err, ErrBroken)
	require.NoError(t, r.GetVar(&v))
	assert.Equal(t, "after", v)
}

func TestBadValueInAFrame(t *testing.T) {
	bad := frame([]byte{0xff, 0, 0, 0}) // type 255
	data := append(append(frame(marshal(t, 1)), bad...), frame(marshal(t, 2))...)
	r := mustReader(t, bytes.NewReader(data))
	var n int
	require.NoError(t, r.GetVar(&n))
	err := r.GetVar(&n)
	var fe *FrameError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, int64(12), fe.Offset, "the frame's offset")
	assert.ErrorIs(t, err, gdvar.ErrInvalidType)
	require.NoError(t, r.GetVar(&n), "the next frame is read")
	assert.Equal(t, 2, n)
}

// Fault tests on loopback TCP.
func tcpPair(tb testing.TB) (client, server *net.TCPConn) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(tb, err)
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, _ := ln.Accept()
		accepted <- c
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(tb, err)
	s := <-accepted
	require.NotNil(tb, s)
	tb.Cleanup(func() { c.Close(); s.Close() })
	return c.(*net.TCPConn), s.(*net.TCPConn)
}

// udpPair returns two UDP sockets on loopback, closed when the test ends.
func udpPair(tb testing.TB) (a, b net.PacketConn) {
	var conns [2]net.PacketConn
	for i := range conns {
		c, err := net.ListenPacket("udp", "127.0.0.1:0")
		require.NoError(tb, err)
		tb.Cleanup(func() { c.Close() })
		conns[i] = c
	}
	return conns[0], conns[1]
}

func TestTruncatedFrameThenClose(t *testing.T) {
	client, server := tcpPair(t)
	whole := frame(marshal(t, "a string"))
	_, err := client.Write(whole[:len(whole)-3])
	require.NoError(t, err)
	client.Close()
	var v any
	err = mustPeer(t, server).GetVar(&v)
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
	assert.ErrorIs(t, err, ErrBroken)
}

func TestSlowWriterWithReadDeadline(t *testing.T) {
	client, server := tcpPair(t)
	whole := frame(marshal(t, []any{"slow", 1}))
	peer := mustPeer(t, server)
	_, err := client.Write(whole[:2]) // half a length word
	require.NoError(t, err)
	require.NoError(t, server.SetReadDeadline(time.Now().Add(50*time.Millisecond)))
	var v []any
	err = peer.GetVar(&v)
	assert.ErrorIs(t, err, os.ErrDeadlineExceeded)
	assert.NotErrorIs(t, err, ErrBroken, "a deadline breaks nothing")

	_, err = client.Write(whole[2:10]) // the rest of the word, part of the value
	require.NoError(t, err)
	require.NoError(t, server.SetReadDeadline(time.Now().Add(50*time.Millisecond)))
	assert.ErrorIs(t, peer.GetVar(&v), os.ErrDeadlineExceeded)

	_, err = client.Write(whole[10:])
	require.NoError(t, err)
	require.NoError(t, server.SetReadDeadline(time.Time{}))
	require.NoError(t, peer.GetVar(&v), "the frame is finished where it was left")
	assert.Equal(t, []any{"slow", int64(1)}, v)
}

// A call that meets a read deadline inside a frame, repeated, carries on
// and gives what it would have given without the deadline: SkipFrame the
// frame's length, not the next frame's; an oversized frame being skipped
// is still reported.
func TestRepeatedCallsCarryOn(t *testing.T) {
	small := frame(marshal(t, "small"))
	getVarLen := func(r *Reader) (any, error) {
		var v []byte
		err := r.GetVar(&v)
		return len(v), err
	}
	for _, c := range []struct {
		name string
		size int // of the PackedByteArray in the frame
		call func(r *Reader) (any, error)
		want any
	}{
		{"SkipFrame", 100, func(r *Reader) (any, error) { return r.SkipFrame() }, int64(108)},
		{"GetVar", 100, getVarLen, 100},
		{"GetVar of a frame decoded as it arrives", 3 * defaultStreamFrom, getVarLen, 3 * defaultStreamFrom},
		{"GetVar of a frame decoded as it arrives, cut in its first part", defaultStreamFrom, getVarLen, defaultStreamFrom},
		{"ReadFrame", 100, func(r *Reader) (any, error) {
			body, err := r.ReadFrame()
			return len(body), err
		}, 108},
		{"GetVar of an oversized frame", 100, func(r *Reader) (any, error) {
			var v any
			return nil, r.GetVar(&v)
		}, nil},
	} {
		big := frame(marshal(t, bytes.Repeat([]byte{1}, c.size)))
		client, server := tcpPair(t)
		r := mustReader(t, server, WithMaxFrame(64), SkipOversizedFrames(true))
		if c.want != nil {
			r = mustReader(t, server)
		}
		_, err := client.Write(big[:len(big)/2])
		require.NoError(t, err)
		require.NoError(t, server.SetReadDeadline(time.Now().Add(50*time.Millisecond)))
		_, err = c.call(r)
		require.ErrorIs(t, err, os.ErrDeadlineExceeded, c.name)
		_, err = client.Write(append(big[len(big)/2:], small...))
		require.NoError(t, err)
		require.NoError(t, server.SetReadDeadline(time.Time{}))
		got, err := c.call(r)
		if c.want == nil {
			assert.ErrorIs(t, err, ErrFrameTooLarge, c.name)
		} else {
			require.NoError(t, err, c.name)
			assert.Equal(t, c.want, got, c.name)
		}
		var s string
		require.NoError(t, r.GetVar(&s), c.name)
		assert.Equal(t, "small", s, c.name)
	}
}

// ReadFrame gives each frame's body as it came, held whole in the Reader's
// read-ahead or in its frame buffer, and mixes with the other calls.
func TestReadFrame(t *testing.T) {
	values := [][]byte{
		marshal(t, "small"),                                      // in the read-ahead
		append(marshal(t, 7), 0xde, 0xad),                        // bytes after the value come too
		marshal(t, bytes.Repeat([]byte{2}, 3*defaultStreamFrom)), // in the frame buffer
		{0xff, 0, 0, 0},                                          // not a value: not checked
		marshal(t, []any{"x", bytes.Repeat([]byte{3}, 5000)}),    // larger than the read-ahead
	}
	var data []byte
	for _, v := range values {
		data = append(data, frame(v)...)
	}
	data = append(data, frame(marshal(t, "last"))...)
	client, server := tcpPair(t)
	go func() {
		for len(data) > 0 { // in pieces, as a network delivers them
			n := min(len(data), 3000)
			if _, err := client.Write(data[:n]); err != nil {
				return
			}
			data = data[n:]
		}
		client.Close()
	}()
	peer := mustPeer(t, server)
	for i, want := range values {
		got, err := peer.ReadFrame()
		require.NoError(t, err, i)
		assert.Equal(t, want, got, i)
		assert.Equal(t, len(got), cap(got), "an append cannot write over the next frame")
	}
	var last string
	require.NoError(t, peer.GetVar(&last))
	assert.Equal(t, "last", last)
	_, err := peer.ReadFrame()
	assert.Equal(t, io.EOF, err)
}

// A frame GetVar decodes as it arrives fails as one it reads whole and
// then decodes: the same error, at the same offset and path.
func TestGetVarStreamedErrors(t *testing.T) {
	long := bytes.Repeat([]byte{1}, 3*defaultStreamFrom)
	valid := marshal(t, []any{"first", long, map[string]any{"pos": gdvar.Vector2{X: 1, Y: 2}}})
	posAt := bytes.LastIndex(valid, []byte("pos")) + 4 // the Vector2's type word
	invalidType := bytes.Clone(valid)
	invalidType[posAt] = 0xff
	badUTF8 := bytes.Clone(valid)
	badUTF8[bytes.Index(valid, []byte("first"))] = 0xff
	for _, c := range []struct {
		name  string
		value []byte
		want  error
	}{
		{"a type that does not exist, after the long value", invalidType, gdvar.ErrInvalidType},
		{"a string that is not UTF-8, before it", badUTF8, gdvar.ErrInvalidUTF8},
		{"a frame that ends inside the value", valid[:posAt], gdvar.ErrTruncated},
	} {
		var v any
		want := gdvar.NewDecoderBytes(c.value).Decode(&v)
		require.ErrorIs(t, want, c.want, c.name)
		next := marshal(t, "next")
		r := mustReader(t, bytes.NewReader(append(frame(c.value), frame(next)...)))
		err := r.GetVar(&v)
		var fe *FrameError
		require.ErrorAs(t, err, &fe, c.name)
		assert.Equal(t, int64(0), fe.Offset, c.name)
		assert.Equal(t, want.Error(), fe.Err.Error(), c.name)
		var s string
		require.NoError(t, r.GetVar(&s), c.name)
		assert.Equal(t, "next", s, "the next frame is read")
	}
}

// An input limit among the options bounds Decoders on readers; GetVar
// decodes a frame as it arrives or whole alike, bounded by the frame.
func TestGetVarStreamedWithInputLimit(t *testing.T) {
	long := bytes.Repeat([]byte{1}, 3*defaultStreamFrom)
	r := mustReader(t, bytes.NewReader(frame(marshal(t, long))), WithCodec(gdvar.MustCodec(gdvar.WithInputLimit(defaultStreamFrom))))
	var got []byte
	require.NoError(t, r.GetVar(&got))
	assert.Equal(t, long, got)
}

func TestGarbageAfterAValidFrame(t *testing.T) {
	client, server := tcpPair(t)
	_, err := client.Write(append(frame(marshal(t, 5)), 0xde, 0xad, 0xbe, 0xef, 1, 2))
	require.NoError(t, err)
	client.Close()
	peer := mustPeer(t, server)
	var n int
	require.NoError(t, peer.GetVar(&n))
	assert.Equal(t, 5, n)
	err = peer.GetVar(&n)
	assert.ErrorIs(t, err, ErrFrameTooLarge, "0xefbeadde is no length a peer sends")
	assert.ErrorIs(t, err, ErrBroken)
}

func TestPeerResetMidFrame(t *testing.T) {
	client, server := tcpPair(t)
	whole := frame(marshal(t, bytes.Repeat([]byte{1}, 1000)))
	_, err := client.Write(whole[:500])
	require.NoError(t, err)
	require.NoError(t, client.SetLinger(0)) // close with a RST
	client.Close()
	time.Sleep(20 * time.Millisecond) // let the RST arrive
	var v any
	err = mustPeer(t, server).GetVar(&v)
	assert.ErrorIs(t, err, syscall.ECONNRESET, "the connection's error, as it is")
	var opErr *net.OpError
	assert.ErrorAs(t, err, &opErr)
}

func TestConcurrentReadAndWrite(t *testing.T) {
	client, server := tcpPair(t)
	a, b := mustPeer(t, client), mustPeer(t, server)
	const n = 200
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := range n {
			assert.NoError(t, a.PutVar(i))
		}
	}()
	go func() { // b echoes
		defer wg.Done()
		for range n {
			var v any
			if !assert.NoError(t, b.GetVar(&v)) {
				return
			}
			assert.NoError(t, b.PutVar(v))
		}
	}()
	for i := range n {
		var v int
		require.NoError(t, a.GetVar(&v))
		assert.Equal(t, i, v)
	}
	wg.Wait()
}

func TestGetVarContext(t *testing.T) {
	_, server := tcpPair(t)
	peer := mustPeer(t, server)
	ctx, cancel := contextWithCancelAfter(30 * time.Millisecond)
	defer cancel()
	var v any
	start := time.Now()
	err := peer.GetVarContext(ctx, &v)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Less(t, time.Since(start), 5*time.Second, "the read was interrupted")
}

func TestPacketPeer(t *testing.T) {
	a, b := udpPair(t)
	pa, pb := mustPacketPeer(t, a), mustPacketPeer(t, b)
	require.NoError(t, pa.PutVarTo(gdvar.NewDictionary("hp", 3), b.LocalAddr()))
	var d map[string]int
	from, err := pb.GetVarFrom(&d)
	require.NoError(t, err)
	assert.Equal(t, a.LocalAddr().String(), from.String())
	assert.Equal(t, map[string]int{"hp": 3}, d)

	_, err = a.WriteTo([]byte{0xff, 0, 0, 0}, b.LocalAddr())
	require.NoError(t, err)
	_, err = pb.GetVarFrom(&d)
	var pe *PacketError
	require.ErrorAs(t, err, &pe)
	assert.ErrorIs(t, err, gdvar.ErrInvalidType)

	assert.ErrorContains(t, pa.PutVarTo(make([]byte, 70000), b.LocalAddr()), "does not fit in a datagram")
}

// Save files through gzip: read and written without seeking.
func TestSaveFileThroughGzip(t *testing.T) {
	var file bytes.Buffer
	zw := gzip.NewWriter(&file)
	w := mustWriter(t, zw)
	records := []any{gdvar.NewDictionary("level", int64(3)), "checkpoint", []float32{1, 2}}
	for _, rec := range records {
		require.NoError(t, w.PutVar(rec))
	}
	require.NoError(t, zw.Close())

	zr, err := gzip.NewReader(&file)
	require.NoError(t, err)
	r := mustReader(t, zr)
	for _, rec := range records {
		var got any
		require.NoError(t, r.GetVar(&got))
		assert.Equal(t, rec, got)
	}
	var end any
	assert.Equal(t, io.EOF, r.GetVar(&end))
}

func TestPutVarContext(t *testing.T) {
	client, server := tcpPair(t)
	w := mustPeer(t, client) // Peer's own method, which is its Writer's
	require.NoError(t, w.PutVarContext(context.Background(), "hello"))
	var s string
	require.NoError(t, mustReader(t, server).GetVar(&s))
	assert.Equal(t, "hello", s)

	done, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, w.PutVarContext(done, "late"), context.Canceled, "a done context writes nothing")

	// Nobody reads the server side, so a large enough frame blocks until the
	// context ends.
	ctx, stop := contextWithCancelAfter(50 * time.Millisecond)
	defer stop()
	err := w.PutVarContext(ctx, make([]byte, 64<<20))
	assert.ErrorIs(t, err, context.Canceled)
}

func TestNextPacket(t *testing.T) {
	a, b := udpPair(t)
	require.NoError(t, mustPacketPeer(t, a).PutVarTo([]any{int64(7)}, b.LocalAddr()))
	dec, from, err := mustPacketPeer(t, b).NextPacket()
	require.NoError(t, err)
	assert.Equal(t, a.LocalAddr().String(), from.String())
	var kinds []gdvar.Kind
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		kinds = append(kinds, tok.Kind())
	}
	assert.Equal(t, []gdvar.Kind{gdvar.KindArrayStart, gdvar.KindInt32, gdvar.KindArrayEnd}, kinds)
}

// A Codec's settings reach every reader and writer: a Godot 3 Codec
// reads and writes Godot 3's wire format, where a Dictionary is type 18.
func TestWithCodec(t *testing.T) {
	godot3 := WithCodec(gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3)))
	var buf bytes.Buffer
	require.NoError(t, mustWriter(t, &buf, godot3).PutVar(gdvar.NewDictionary("a", int64(1))))
	assert.Equal(t, byte(18), buf.Bytes()[4])
	var d map[string]int
	require.NoError(t, mustReader(t, bytes.NewReader(buf.Bytes()), godot3).GetVar(&d))
	assert.Equal(t, map[string]int{"a": 1}, d)
	d = nil
	require.NoError(t, mustPeer(t, struct {
		io.Reader
		io.Writer
	}{bytes.NewReader(buf.Bytes()), io.Discard}, godot3).GetVar(&d))
	assert.Equal(t, map[string]int{"a": 1}, d)

	a, b := udpPair(t)
	require.NoError(t, mustPacketPeer(t, a, godot3).PutVarTo(gdvar.NewDictionary("a", int64(2)), b.LocalAddr()))
	dec, _, err := mustPacketPeer(t, b, godot3).NextPacket()
	require.NoError(t, err)
	d = nil
	require.NoError(t, dec.Decode(&d))
	assert.Equal(t, map[string]int{"a": 2}, d)
}

// Every constructor refuses an invalid option, before it reads or writes.
func TestInvalidOption(t *testing.T) {
	tests := []struct {
		name string
		opts []Option
	}{
		{"max frame 0", []Option{WithMaxFrame(0)}},
		{"max frame negative", []Option{WithMaxFrame(-1)}},
		{"invalid after valid", []Option{WithMaxFrame(1), SkipOversizedFrames(true), WithMaxFrame(0)}},
	}
	a, _ := udpPair(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := bytes.NewReader([]byte{4, 0, 0, 0, 0, 0, 0, 0})
			var out bytes.Buffer
			r, err := NewReader(in, tt.opts...)
			assert.Nil(t, r)
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
			assert.ErrorContains(t, err, "stream.WithMaxFrame")
			w, err := NewWriter(&out, tt.opts...)
			assert.Nil(t, w)
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
			p, err := NewPeer(struct {
				io.Reader
				io.Writer
			}{in, &out}, tt.opts...)
			assert.Nil(t, p)
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
			pp, err := NewPacketPeer(a, tt.opts...)
			assert.Nil(t, pp)
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
			assert.Equal(t, 8, in.Len(), "nothing read")
			assert.Zero(t, out.Len(), "nothing written")
		})
	}
}
