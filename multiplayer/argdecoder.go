package multiplayer

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/gdvar/gdvar"
)

// argDecoder decodes the arguments of a connection's calls, one call at a
// time (the connection's handling goroutine's own): their var_to_bytes
// encodings, in buffers the next call reuses, its Decoder, and the strings
// it kept (decodeString).
type argDecoder struct {
	dec  gdvar.Decoder
	buf  []byte
	args [][]byte
	ends []int // where each argument starts and ends in buf
	strs map[string]any
}

// decode decodes an argument into v with the connection's Decoder: a
// fresh one for each argument (gdvar.Unmarshal) would cost about 1 KiB,
// more than most arguments' bytes. The argument is one whole value
// (readArg found its end), so there is nothing after it to check.
func (d *argDecoder) decode(arg []byte, v any, codec *gdvar.Codec) error {
	codec.ResetDecoderBytes(&d.dec, arg)
	err := d.dec.Decode(v)
	if de, ok := errors.AsType[*gdvar.DecodeError](err); ok && errors.Is(de.Reason, gdvar.ErrInterrupted) {
		return de.Err // as Unmarshal: the cause, not the interruption
	}
	return err
}

// decodeArgs returns a call's arguments, each as var_to_bytes encodes it,
// in buffers of the decoder's that the next call reuses; errs are the
// caller's (see refuse).
func (d *argDecoder) decodeArgs(errs *errorRuns, call remoteCall, codec *gdvar.Codec) ([][]byte, error) {
	buf, args := d.buf[:0], d.args[:0]
	if call.byteOnly {
		if len(call.args) > 0 {
			buf = appendPackedBytes(buf, call.args)
			args = append(args, buf)
		}
	} else {
		rest := call.args
		ends := d.ends[:0]
		for i := range call.argc {
			var n int
			var err error
			start := len(buf)
			if buf, n, err = readArg(errs, &d.dec, buf, rest, codec); err != nil {
				return nil, errs.refuse(ErrMalformed, func() error { return fmt.Errorf("argument %d: %w", i, err) })
			}
			ends = append(ends, start, len(buf))
			rest = rest[n:]
		}
		for i := 0; i < len(ends); i += 2 {
			args = append(args, buf[ends[i]:ends[i+1]])
		}
		d.ends = ends
	}
	d.buf, d.args = buf, args
	return args, nil
}

// appendPackedBytes appends a byte-only call's bytes as var_to_bytes
// encodes a PackedByteArray.
func appendPackedBytes(b, data []byte) []byte {
	b = binary.LittleEndian.AppendUint32(b, 29) // PackedByteArray
	b = binary.LittleEndian.AppendUint32(b, uint32(len(data)))
	b = append(b, data...)
	return append(b, make([]byte, -len(data)&3)...)
}
