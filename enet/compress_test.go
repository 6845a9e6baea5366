package enet

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/fastlz"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/klauspost/compress/zlib"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// compressZlib and compressZstd are Godot's COMPRESS_ZLIB and
// COMPRESS_ZSTD, which package enet/compress's Compressors serve
// (WithCompressor): the tests give a host their codecs as they give it
// this package's modes.
const (
	compressZlib Compression = 3
	compressZstd Compression = 4
)

// namedCodec is a mode's codec, named as Godot's enum names the mode.
type namedCodec struct {
	name string
	new  func() Compressor
}

// compressors are the codecs of those two modes, which package
// enet/compress holds: codecs_test.go, an external test, which may import
// it, gives them here (GiveCodecs) before the tests run.
var compressors = map[Compression]namedCodec{}

// GiveCodecs gives the tests package enet/compress's codecs.
func GiveCodecs(zlib, zstd func() Compressor) {
	compressors[compressZlib] = namedCodec{"ZLIB", zlib}
	compressors[compressZstd] = namedCodec{"ZSTD", zstd}
}

// compressorOf returns a new codec of mode m, zlib's and zstd's included,
// as a host has it: under ENet's rules (datagrams); nil for none.
func compressorOf(m Compression) Compressor {
	return newDatagrams(codecOf(m))
}

// codecOf returns a new codec of mode m, zlib's and zstd's included; nil
// for none.
func codecOf(m Compression) Compressor {
	if m == compressZlib || m == compressZstd {
		c, ok := compressors[m]
		if !ok {
			panic("no zlib or zstd codec: codecs_test.go gives them")
		}
		return c.new()
	}
	return m.newCompressor()
}

// withCompression is WithCompression(m), or WithCompressor of zlib's or
// zstd's.
func withCompression(m Compression) Option {
	if m == compressZlib || m == compressZstd {
		return WithCompressor(func() Compressor { return codecOf(m) })
	}
	return WithCompression(m)
}

// modeName names a mode as Godot's enum does, zlib and zstd included.
func modeName(m Compression) string {
	if c, ok := compressors[m]; ok {
		return c.name
	}
	return m.String()
}

// tooLarge is the error of mode m's codec for a datagram past the limit:
// FastLZ does not tell too long from corrupt.
func tooLarge(m Compression) error {
	if m == CompressFastLZ {
		return fastlz.ErrCorrupt
	}
	return ErrOverLimit
}

// codecModes are the modes with a codec.
var codecModes = []Compression{CompressRangeCoder, CompressFastLZ, compressZlib, compressZstd}

// datagramLimit is the decompression limit ENet gives: its receive buffer
// (the largest MTU, 4096) less the smallest header.
const datagramLimit = 4096 - 2

// testInputs are inputs of many sizes, skewed towards small byte values as
// command streams are, up to more than a datagram's largest.
func testInputs() [][]byte {
	r := rand.New(rand.NewPCG(25, 2))
	var ins [][]byte
	for _, n := range []int{1, 2, 7, 15, 16, 100, 1200, 4096, 10000} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(1 + i%256))
		}
		ins = append(ins, b)
	}
	return ins
}

// expanded is what in decompresses to under mode c: Godot's FastLZ pads
// short inputs with zeros to 16 bytes.
func expanded(c Compression, in []byte) []byte {
	if c == CompressFastLZ && len(in) < fastlzMin {
		return append(bytes.Clone(in), make([]byte, fastlzMin-len(in))...)
	}
	return in
}

func TestCompressionString(t *testing.T) {
	for c, want := range []string{"NONE", "RANGE_CODER", "FASTLZ", "Compression(3)"} {
		assert.Equal(t, want, Compression(c).String())
	}
	assert.Nil(t, CompressNone.newCompressor())
	assert.Nil(t, compressZlib.newCompressor(), "package enet/compress's")
	assert.Nil(t, compressZstd.newCompressor(), "package enet/compress's")
}

// Every mode reads back what it writes, appending to what dst holds, one
// codec doing many datagrams in turn.
func TestCompressRoundTrip(t *testing.T) {
	for _, c := range codecModes {
		t.Run(modeName(c), func(t *testing.T) {
			codec := compressorOf(c)
			for _, in := range testInputs() {
				for range 2 {
					out := codec.Compress([]byte("dst"), in, 2*len(in)+64)
					require.NotNil(t, out, "%d bytes", len(in))
					require.Equal(t, "dst", string(out[:3]))
					back, err := codec.Decompress([]byte("x"), out[3:], max(len(in), fastlzMin))
					require.NoError(t, err, "%d bytes", len(in))
					assert.Equal(t, append([]byte("x"), expanded(c, in)...), back, "%d bytes", len(in))
				}
			}
		})
	}
}

// compress returns nil exactly when its output would not be shorter than
// limit, as ENet then sends the datagram as it is, and decompress refuses
// output beyond its limit.
func TestCompressLimit(t *testing.T) {
	in := bytes.Repeat([]byte("ENet commands, "), 80)
	for _, c := range codecModes {
		codec := compressorOf(c)
		full := bytes.Clone(codec.Compress(nil, in, len(in)))
		require.NotNil(t, full, c)
		n := len(full)
		for _, limit := range []int{0, 1, n - 1, n} {
			assert.Nil(t, codec.Compress(make([]byte, 0, 4096), in, limit), "%s: %d bytes, limit %d", c, n, limit)
		}
		assert.Equal(t, full, codec.Compress(nil, in, n+1), c)
		assert.Nil(t, codec.Compress(nil, nil, 100), "%s: nothing to compress", c)

		_, err := codec.Decompress(nil, full, len(in)-1)
		assert.ErrorIs(t, err, tooLarge(c), c)
		back, err := codec.Decompress(nil, full, len(in))
		require.NoError(t, err, c)
		assert.Equal(t, in, back, c)
	}
}

// Godot's FastLZ decoder given room for less than 16 bytes decodes 16, as
// short inputs are padded to 16, and keeps what fits.
func TestFastLZShortLimit(t *testing.T) {
	codec := compressorOf(CompressFastLZ)
	out := codec.Compress(nil, []byte("hello"), 100)
	require.NotNil(t, out)
	got, err := codec.Decompress([]byte(">"), out, 5)
	require.NoError(t, err)
	assert.Equal(t, ">hello", string(got))
	got, err = codec.Decompress(nil, out, 16)
	require.NoError(t, err)
	assert.Equal(t, "hello\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", string(got))
	_, err = codec.Decompress(nil, out[:len(out)-1], 5)
	assert.Error(t, err)
}

// Random inputs do not compress: every mode gives up rather than grow them.
func TestCompressIncompressible(t *testing.T) {
	in := make([]byte, 1200)
	r := rand.New(rand.NewPCG(1, 1))
	for i := range in {
		in[i] = byte(r.Uint32())
	}
	for _, c := range codecModes {
		assert.Nil(t, compressorOf(c).Compress(nil, in, len(in)), c)
	}
}

// godotVector is an input and what Godot 4.6's FastLZ, zlib and Zstd
// compressors made of it.
type godotVector struct {
	name string
	in   []byte
	out  map[Compression][]byte
}

// godotVectors reads testdata/compress, written by
// scripts/enet/gen-godot-compress.sh.
func godotVectors(t testing.TB) []godotVector {
	paths, err := filepath.Glob("testdata/compress/*.hex")
	require.NoError(t, err)
	require.NotEmpty(t, paths, "no golden vectors: run scripts/enet/gen-godot-compress.sh")
	var vs []godotVector
	for _, p := range paths {
		text, err := os.ReadFile(p)
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSpace(string(text)), "\n")
		require.Len(t, lines, 4, p)
		v := godotVector{name: filepath.Base(p), out: map[Compression][]byte{}}
		v.in, err = hex.DecodeString(lines[0])
		require.NoError(t, err, p)
		for i, c := range []Compression{CompressFastLZ, compressZlib, compressZstd} {
			v.out[c], err = hex.DecodeString(lines[1+i])
			require.NoError(t, err, p)
		}
		vs = append(vs, v)
	}
	return vs
}

// We read what Godot's compressors write. Our FastLZ writes the same bytes;
// our zlib and Zstd, other libraries, write Zstd about as short, zlib 13%
// longer (Go's Deflate encoders find no matches shorter than 4 bytes).
func TestCompressGodotGolden(t *testing.T) {
	vs := godotVectors(t)
	slack := map[Compression]int{CompressFastLZ: 0, compressZlib: 15, compressZstd: 3} // percent
	for _, c := range []Compression{CompressFastLZ, compressZlib, compressZstd} {
		codec := compressorOf(c)
		ours, theirs := 0, 0
		for _, v := range vs {
			back, err := codec.Decompress(nil, v.out[c], max(len(v.in), fastlzMin))
			require.NoError(t, err, "%s %s", c, v.name)
			assert.Equal(t, expanded(c, v.in), back, "%s %s", c, v.name)
			out := codec.Compress(nil, v.in, 1<<20)
			if c == CompressFastLZ {
				assert.Equal(t, hex.EncodeToString(v.out[c]), hex.EncodeToString(out), v.name)
			}
			ours += len(out)
			theirs += len(v.out[c])
		}
		t.Logf("%s: ours %d bytes, Godot's %d", modeName(c), ours, theirs)
		assert.LessOrEqual(t, ours, theirs*(100+slack[c])/100, c)
	}
}

// Godot 4.6 reads what our FastLZ, zlib and Zstd compressors write.
func TestLiveGodotDecompresses(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	var list strings.Builder
	var want []string
	for _, v := range godotVectors(t) {
		for mode, c := range []Compression{CompressFastLZ, compressZlib, compressZstd} { // FileAccess.COMPRESSION_*
			out := compressorOf(c).Compress(nil, v.in, 1<<20)
			in := expanded(c, v.in)
			fmt.Fprintf(&list, "%d %d %x\n", mode, len(in), out)
			want = append(want, hex.EncodeToString(in))
		}
	}
	path := filepath.Join(t.TempDir(), "list.txt")
	require.NoError(t, os.WriteFile(path, []byte(list.String()), 0o644))
	var got []string
	for line := range strings.Lines(godot.RunScript(t, engine, "scripts/enet/godot-decompress.gd", path)) {
		if out, ok := strings.CutPrefix(line, "= "); ok {
			got = append(got, strings.TrimSpace(out))
		}
	}
	assert.Equal(t, want, got)
}

// hostileInputs are compressed datagrams a hostile peer sends, by mode:
// bombs that expand far past the limit, frames declaring huge sizes,
// truncated and garbage data.
func hostileInputs(t testing.TB) map[Compression][][]byte {
	zeros := make([]byte, 1<<20)
	var zbomb bytes.Buffer
	w := zlib.NewWriter(&zbomb)
	_, err := w.Write(zeros)
	require.NoError(t, err)
	require.NoError(t, w.Close())

	fbomb := []byte{0, 0} // a literal zero, then matches of 264 copying it
	for range 4000 {
		fbomb = append(fbomb, 7<<5, 255, 0)
	}

	zstdHuge := binary.LittleEndian.AppendUint64([]byte{0x28, 0xb5, 0x2f, 0xfd, 0xe0}, 1<<40) // single segment, 1 TiB
	zstdHuge = append(zstdHuge, 0x01, 0x00, 0x00)                                             // a raw block, last, empty
	zstdWindow := []byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 0xf8, 0x01, 0x00, 0x00}                // a 2 TiB window

	in := map[Compression][][]byte{
		CompressRangeCoder: {(&rangeCoder{}).Compress(nil, zeros[:100000], 1<<20)},
		CompressFastLZ:     {fbomb, {0xe0}, {31, 1, 2}, {0, 'a', 0x20}, {0, 'a', 0x20, 5}},
		compressZlib:       {zbomb.Bytes(), {0x78, 0xbb, 0, 0, 0, 0}, {0x78, 0x9c, 0x63}},
		compressZstd:       {codecOf(compressZstd).Compress(nil, zeros[:200000], 1<<20), zstdHuge, zstdWindow, {0x28, 0xb5, 0x2f, 0xfd}},
	}
	r := rand.New(rand.NewPCG(7, 7))
	for _, c := range codecModes {
		for _, v := range godotVectors(t)[:6] {
			block := v.out[c]
			if c == CompressRangeCoder {
				block = (&rangeCoder{}).Compress(nil, v.in, 1<<20)
			}
			in[c] = append(in[c], block[:len(block)/2], block[:len(block)-1])
		}
		for _, n := range []int{0, 1, 5, 100, 1500} {
			g := make([]byte, n)
			for i := range g {
				g[i] = byte(r.Uint32())
			}
			in[c] = append(in[c], g)
		}
	}
	return in
}

// Hostile data fails or decodes within the limit, without a panic, and
// costs no more memory than the limit and the codec's own state. The bombs
// fail; of the rest, the range coder, which reads anything, decodes some.
func TestDecompressHostile(t *testing.T) {
	for c, inputs := range hostileInputs(t) {
		codec := compressorOf(c)
		dst := make([]byte, 0, datagramLimit+1)
		_, _ = codec.Decompress(dst, []byte("warm up"), datagramLimit)
		failed := 0
		for i, in := range inputs {
			var out []byte
			var err error
			alloc := hostile.Allocated(func() { out, err = codec.Decompress(dst, in, datagramLimit) })
			assert.LessOrEqual(t, alloc, uint64(64<<10), "%s input %d (%d bytes): %d bytes allocated", c, i, len(in), alloc)
			if err != nil {
				failed++
				continue
			}
			assert.NotEmpty(t, out, "%s input %d", c, i)
			assert.LessOrEqual(t, len(out), datagramLimit, "%s input %d", c, i)
		}
		t.Logf("%s: %d of %d hostile inputs fail", c, failed, len(inputs))
		if c != CompressRangeCoder {
			assert.Greater(t, failed, len(inputs)*3/4, "%s: most hostile inputs fail", c)
		}
	}
}

// The bombs fail, and decoded again and again allocate nothing once the
// codec is warm.
func TestDecompressBombAllocs(t *testing.T) {
	for c, inputs := range hostileInputs(t) {
		codec := compressorOf(c)
		dst := make([]byte, 0, datagramLimit+1)
		_, err := codec.Decompress(dst, inputs[0], datagramLimit)
		assert.ErrorIs(t, err, tooLarge(c), c)
		allocs := testing.AllocsPerRun(10, func() {
			if _, err := codec.Decompress(dst, inputs[0], datagramLimit); err == nil {
				panic("a bomb decoded")
			}
		})
		assert.LessOrEqual(t, allocs, 2.0, c)
	}
}

// benchDatagram is a datagram's 1200 bytes of ENet commands, from the
// traffic of two ENet 1.3.18 hosts (testdata/rangecoder).
func benchDatagram(b *testing.B) []byte {
	text, err := os.ReadFile("testdata/rangecoder/datagram-12-1360.hex")
	require.NoError(b, err)
	in, err := hex.DecodeString(strings.SplitN(string(text), "\n", 2)[0])
	require.NoError(b, err)
	return in[:1200]
}

func BenchmarkCompress(b *testing.B) {
	in := benchDatagram(b)
	for _, c := range codecModes {
		codec := compressorOf(c)
		out := codec.Compress(nil, in, len(in))
		require.NotNil(b, out)
		b.Run(modeName(c)+"/compress", func(b *testing.B) {
			dst := make([]byte, 0, 4096)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				codec.Compress(dst, in, len(in))
			}
			b.ReportMetric(float64(len(out))/float64(len(in)), "ratio")
		})
		b.Run(modeName(c)+"/decompress", func(b *testing.B) {
			dst := make([]byte, 0, 4096)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := codec.Decompress(dst, out, datagramLimit); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
