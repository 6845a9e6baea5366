package multiplayer

import (
	"encoding/binary"
	"fmt"
	"math"
	"sync"

	"github.com/gdvar/gdvar"
)

// The arguments of a remote call are in a compressed form of the Variant
// encoding (MultiplayerAPI::encode_and_compress_variant). Its first byte,
// the meta byte, holds the type in its low 6 bits:
//
//   - a bool is the meta byte alone, its value in bit 7 (0x01, 0x81);
//   - an int is the meta byte with its width in bits 6–7 (0x00 8 bits,
//     0x40 16, 0x80 32, 0xC0 64; the smallest that holds it), then the
//     value in that many little-endian bytes;
//   - any other value is var_to_bytes's encoding as it is: the first byte
//     of its header is its type, so it is its own meta byte.

// Godot 4's wire types of the two compressed kinds, and the number of types.
const (
	typeBool  = 1
	typeInt   = 2
	typeCount = 39
)

const (
	metaTypeMask = 0x3f
	metaBoolTrue = 0x80
	metaWidth    = 0xc0 // an int's width: 0x00, 0x40, 0x80, 0xc0 for 1, 2, 4, 8 bytes
)

// AppendArg appends v, encoded as a remote call's argument, to dst. v is
// encoded as the Codec c encodes it (nil: gdvar's defaults, as Marshal);
// bools and ints then take their compressed form, as the engine sends
// them.
func AppendArg(dst []byte, v any, c *gdvar.Codec) ([]byte, error) {
	start := len(dst)
	dst, err := c.AppendMarshal(dst, v)
	if err != nil {
		return dst[:start], err
	}
	return compressTail(dst, start), nil
}

// CompressArg appends to dst the argument form of value, one value in the
// encoding var_to_bytes gives it (written token by token with a
// gdvar.Encoder, say): a bool or an int is compressed, any other value is
// copied as it is. It does not check value beyond its header.
func CompressArg(dst, value []byte) ([]byte, error) {
	if len(value) < 4 {
		return dst, fmt.Errorf("%w: an argument of %d bytes", ErrMalformed, len(value))
	}
	header := binary.LittleEndian.Uint32(value)
	if t := header & 0xff; t == typeBool || t == typeInt {
		if want := 8 + 4*int(header>>16&1); t == typeInt && len(value) != want || t == typeBool && len(value) != 8 {
			return dst, fmt.Errorf("%w: a bool or int argument of %d bytes", ErrMalformed, len(value))
		}
	}
	start := len(dst)
	return compressTail(append(dst, value...), start), nil
}

// compressTail compresses the value encoded at b[start:] in place, when it
// is a bool or an int.
func compressTail(b []byte, start int) []byte {
	v := b[start:]
	header := binary.LittleEndian.Uint32(v)
	switch header & 0xff {
	case typeBool:
		meta := byte(typeBool)
		if binary.LittleEndian.Uint32(v[4:]) != 0 {
			meta |= metaBoolTrue
		}
		return append(b[:start], meta)
	case typeInt:
		var n int64
		if len(v) == 12 { // 64 bits
			n = int64(binary.LittleEndian.Uint64(v[4:]))
		} else {
			n = int64(int32(binary.LittleEndian.Uint32(v[4:])))
		}
		return appendInt(b[:start], n)
	}
	return b
}

// appendInt appends an int argument in the smallest width that holds it.
func appendInt(b []byte, n int64) []byte {
	switch {
	case n >= math.MinInt8 && n <= math.MaxInt8:
		return append(b, typeInt, byte(n))
	case n >= math.MinInt16 && n <= math.MaxInt16:
		return binary.LittleEndian.AppendUint16(append(b, typeInt|0x40), uint16(n))
	case n >= math.MinInt32 && n <= math.MaxInt32:
		return binary.LittleEndian.AppendUint32(append(b, typeInt|0x80), uint32(n))
	}
	return binary.LittleEndian.AppendUint64(append(b, typeInt|0xc0), uint64(n))
}

// ReadArg reads the argument at the start of b. It appends the argument to
// dst in the encoding var_to_bytes gives it (a compressed bool or int
// expanded, as the engine's decoder does) and returns that and the number
// of bytes the argument takes in b. Decoding the value, with
// gdvar.Unmarshal or token by token with a gdvar.Decoder, is the caller's;
// the Codec c's settings (gdvar.AllowObjects, limits; nil: the defaults)
// apply to finding its end.
func ReadArg(dst, b []byte, c *gdvar.Codec) (value []byte, n int, err error) {
	dec := argDecoders.Get().(*gdvar.Decoder)
	value, n, err = readArg(nil, dec, dst, b, c)
	dec.ResetBytes(nil) // keeps nothing of b
	argDecoders.Put(dec)
	return value, n, err
}

// argDecoders keeps the Decoders ReadArg finds values' ends with: a new
// one for each argument cost an allocation of about 450 bytes.
var argDecoders = sync.Pool{New: func() any { return new(gdvar.Decoder) }}

// readArg is ReadArg with the Decoder that finds the end of a value, for
// a peer whose errors are errs (see refuse).
func readArg(errs *errorRuns, dec *gdvar.Decoder, dst, b []byte, c *gdvar.Codec) ([]byte, int, error) {
	if len(b) == 0 {
		return dst, 0, errs.refuse(ErrMalformed, func() error { return fmt.Errorf("%w: an argument is missing", ErrMalformed) })
	}
	meta := b[0]
	switch meta & metaTypeMask {
	case typeBool:
		v := uint32(0)
		if meta&metaBoolTrue != 0 {
			v = 1
		}
		return binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(dst, typeBool), v), 1, nil
	case typeInt:
		size := 1 << (meta >> 6)
		if len(b) < 1+size {
			return dst, 0, errs.refuse(ErrMalformed, func() error {
				return fmt.Errorf("%w: an int argument of %d bytes is cut short", ErrMalformed, size)
			})
		}
		var n int64
		switch size {
		case 1:
			n = int64(int8(b[1]))
		case 2:
			n = int64(int16(binary.LittleEndian.Uint16(b[1:])))
		case 4:
			n = int64(int32(binary.LittleEndian.Uint32(b[1:])))
		default:
			n = int64(binary.LittleEndian.Uint64(b[1:]))
		}
		return appendVarInt(dst, n), 1 + size, nil
	}
	if meta&metaTypeMask >= typeCount {
		return dst, 0, errs.refuse(ErrMalformed, func() error {
			return fmt.Errorf("%w: an argument of type %d", ErrMalformed, meta&metaTypeMask)
		})
	}
	c.ResetDecoderBytes(dec, b)
	if err := dec.SkipValue(); err != nil {
		return dst, 0, errs.refuse(ErrMalformed, func() error { return fmt.Errorf("%w: %w", ErrMalformed, err) })
	}
	end := int(dec.InputOffset())
	return append(dst, b[:end]...), end, nil
}

// appendVarInt appends an int as var_to_bytes encodes it: 32 bits when it
// fits, else 64.
func appendVarInt(b []byte, n int64) []byte {
	if n >= math.MinInt32 && n <= math.MaxInt32 {
		return binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(b, typeInt), uint32(n))
	}
	return binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint32(b, typeInt|1<<16), uint64(n))
}
