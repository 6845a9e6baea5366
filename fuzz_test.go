package gdvar

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"
	"testing/iotest"

	"github.com/gdvar/gdvar/internal/testrig/golden"
)

// Every target is seeded with the engine-written vectors up to 4 KiB and the
// hand-made Godot 2 ones; testdata/fuzz/<Target>/ keeps only inputs that once
// failed. Run a long campaign with, e.g.,
//
//	go test -run '^$' -fuzz '^FuzzDecode$' -fuzztime 1h .

// addSeeds seeds a target with the golden vectors.
func addSeeds(f *testing.F) {
	golden.AddSeeds(f, 4096, func(v golden.Vector, _ string) { f.Add(v.Bin) })
	for _, v := range godot2Vectors {
		f.Add(unhex(v.hex))
	}
}

// fuzzCodecs are the settings each input is decoded with: every engine
// version, full objects off and on, and a chunk size small enough to chunk
// most strings and arrays.
var fuzzCodecs = []*Codec{
	MustCodec(),
	MustCodec(AllowObjects(true), WithLimits(Limits{ChunkSize: MinChunkSize, MaxNameBytes: 256})),
	MustCodec(WithEngine(Godot3), AllowObjects(true)),
	MustCodec(WithEngine(Godot2), WithLimits(Limits{ChunkSize: MinChunkSize})),
}

// FuzzDecode decodes arbitrary bytes: it must not panic, must fail only with
// a *DecodeError, must hold no token larger than the limits allow, and must
// give the same tokens reading in place and reading through a reader that
// returns bytes a few at a time.
func FuzzDecode(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, codec := range fuzzCodecs {
			limits := codec.Limits()
			inPlace := codec.NewDecoderBytes(data)
			streamed := codec.NewDecoder(iotest.HalfReader(bytes.NewReader(data)))
			for {
				a, errA := inPlace.ReadToken()
				b, errB := streamed.ReadToken()
				if errA != nil || errB != nil {
					if (errA == nil) != (errB == nil) || errA.Error() != errB.Error() {
						t.Fatalf("in place: %v; streamed: %v", errA, errB)
					}
					var se *DecodeError
					if errA != io.EOF && !errors.As(errA, &se) {
						t.Fatalf("error %T is not a *DecodeError: %v", errA, errA)
					}
					break
				}
				if a.String() != b.String() || !bytes.Equal(a.Bytes(), b.Bytes()) {
					t.Fatalf("in place %s, streamed %s", a, b)
				}
				if n := len(a.Bytes()); n > limits.ChunkSize && n > limits.MaxNameBytes {
					t.Fatalf("token %s holds %d bytes", a, n)
				}
			}
		}
	})
}

// FuzzRoundTrip checks that whatever decodes encodes back to the same bytes:
// every value of the input is written back exactly, up to where decoding
// stops, token by token and by CopyValue, from memory and from a reader.
func FuzzRoundTrip(f *testing.F) {
	addSeeds(f)
	tokenCopy := func(enc *Encoder, dec *Decoder) error { return dec.eachOfValue(enc.WriteToken) }
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, codec := range fuzzCodecs {
			tokens, done, tokenErr := copyAll(t, codec.NewDecoderBytes(data), codec, tokenCopy)
			// Every byte written, including the tokens of a value that
			// failed part way, is the input's.
			if int64(len(tokens)) < done || !bytes.HasPrefix(data, tokens) {
				t.Fatalf("re-encoded %x\nfrom       %x (%d bytes decoded)", tokens, data, done)
			}
			// CopyValue, which copies a value as its bytes, writes what
			// the token copy writes, and fails as it does; from memory,
			// it writes nothing of a value that fails.
			whole, _, err := copyAll(t, codec.NewDecoderBytes(data), codec, CopyValue)
			if !bytes.Equal(whole, tokens[:done]) || fmt.Sprint(err) != fmt.Sprint(tokenErr) {
				t.Fatalf("CopyValue wrote %x, %v\nthe token copy  %x, %v", whole, err, tokens[:done], tokenErr)
			}
			// From a reader, it may have written part of a value that
			// fails: never more than the token copy.
			fromReader := func() *Decoder { return codec.NewDecoder(iotest.HalfReader(bytes.NewReader(data))) }
			tokens, done, tokenErr = copyAll(t, fromReader(), codec, tokenCopy)
			got, _, err := copyAll(t, fromReader(), codec, CopyValue)
			if !bytes.HasPrefix(tokens, got) || int64(len(got)) < done || fmt.Sprint(err) != fmt.Sprint(tokenErr) {
				t.Fatalf("from a reader, CopyValue wrote %x, %v\nthe token copy  %x, %v", got, err, tokens, tokenErr)
			}
		}
	})
}

// copyAll copies every value from dec with copy and returns the output,
// where the last whole value ended in the input, and the error that stopped
// it (nil at the end of input).
func copyAll(t *testing.T, dec *Decoder, codec *Codec, copy func(*Encoder, *Decoder) error) ([]byte, int64, error) {
	var out bytes.Buffer
	enc := codec.NewEncoder(&out)
	var done int64
	var err error
	for {
		if err = copy(enc, dec); err != nil {
			var ee *EncodeError
			if errors.As(err, &ee) {
				t.Fatalf("decoded tokens were refused by the Encoder: %v", err)
			}
			break
		}
		done = dec.InputOffset()
	}
	if err == io.EOF {
		err = nil
		if ferr := enc.Flush(); ferr != nil {
			t.Fatal(ferr)
		}
	} else {
		enc.Flush() // a copy that failed part way may have made the Encoder's error final
	}
	return out.Bytes(), done, err
}

// FuzzValueRoundTrip checks that whatever Unmarshal accepts into an
// interface{}, Marshal writes back to the same bytes.
func FuzzValueRoundTrip(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, codec := range []*Codec{MustCodec(), MustCodec(WithEngine(Godot3), AllowObjects(true)), MustCodec(WithEngine(Godot2))} {
			var v any
			if err := codec.Unmarshal(data, &v); err != nil {
				continue
			}
			got, err := codec.Marshal(v)
			if err != nil {
				t.Fatalf("Marshal of what Unmarshal gave (%T): %v", v, err)
			}
			if !bytes.Equal(got, data) {
				t.Fatalf("Marshal wrote %x\nUnmarshal read %x (%#v)", got, data, v)
			}
		}
	})
}
