package stream

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
)

// Run a long campaign with, e.g.,
//
//	go test -run '^$' -fuzz '^FuzzReader$' -fuzztime 1h ./stream

// fuzzMaxFrame is small, so that oversized frames are common.
const fuzzMaxFrame = 1 << 10

// FuzzReader reads arbitrary bytes as a stream of frames with a mix of
// GetVar (with frames decoded as they arrive from a length ops chooses),
// NextFrame (and some of its tokens, or Decode), SkipFrame and ReadFrame
// that ops chooses, through a reader that delivers a few bytes at a time and fails
// now and then as a read deadline does. Each call that meets the deadline
// is repeated, and must then give what it gives uninterrupted: the frame
// as a model cut from the bytes says (its offset, its length, its value or
// error, its tokens), io.EOF at a clean end, and ErrBroken for ever after an
// oversized frame or a frame the input cuts short. Decode on NextFrame's
// Decoder is repeated only before its value's first token; after it, it must
// fail with gdvar.ErrInterrupted, never give part of the value.
func FuzzReader(f *testing.F) {
	hello, _ := gdvar.Marshal([]any{"hello", int64(7), gdvar.Vector2{X: 1}})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7}, hostile.Frames(hello, nil, hello[:5], hello))
	f.Add([]byte{1, 1, 1, 9}, hostile.Frames(hostile.NestedArrays(3, 16<<20, 64), hello))
	f.Add([]byte{2, 4, 0, 2}, append(hostile.Frames(hello), 0xff, 0xff, 0, 0, 1))
	f.Add([]byte{5}, hostile.Frame(hello)[:9])
	f.Fuzz(func(t *testing.T, ops, data []byte) {
		skip := len(ops) > 0 && ops[0]&0x80 != 0
		opts := []Option{WithMaxFrame(fuzzMaxFrame)}
		if skip {
			opts = append(opts, SkipOversizedFrames(true))
		}
		in := &flakyReader{data: data, ops: ops}
		r := mustReader(t, in, opts...)
		if len(ops) > 1 && ops[1]&0x80 == 0 {
			r.streamFrom = int64(ops[1]) // most frames decoded as they arrive
		}
		m := model{data: data, skip: skip}
		for i := 0; i < 64 && !m.done; i++ {
			op := byte(i)
			if len(ops) > 0 {
				op = ops[i%len(ops)]
			}
			switch op % 5 {
			case 0:
				checkGetVar(t, r, &m)
			case 1:
				checkNextFrame(t, r, &m, int(op/5))
			case 2:
				checkSkipFrame(t, r, &m)
			case 3:
				checkNextFrameDecode(t, r, &m)
			default:
				checkReadFrame(t, r, &m)
			}
		}
		if m.broken {
			var v any
			if err := r.GetVar(&v); !errors.Is(err, ErrBroken) {
				t.Fatalf("after the Reader broke: %v", err)
			}
		}
	})
}

// flakyReader delivers data a few bytes at a time, as ops say, and fails
// as a read deadline does now and then (never twice in a row).
type flakyReader struct {
	data, ops []byte
	i         int
	failed    bool
}

func (f *flakyReader) Read(b []byte) (int, error) {
	op := byte(7)
	if len(f.ops) > 0 {
		op = f.ops[f.i%len(f.ops)]
		f.i++
	}
	if op%4 == 0 && !f.failed {
		f.failed = true
		return 0, os.ErrDeadlineExceeded
	}
	f.failed = false
	if len(f.data) == 0 {
		return 0, io.EOF
	}
	n := copy(b[:min(len(b), int(op%16)+1)], f.data)
	f.data = f.data[n:]
	return n, nil
}

// model is what the stream holds, frame by frame.
type model struct {
	data   []byte
	off    int  // the next frame's offset
	skip   bool // oversized frames are skipped
	done   bool // the end, or the Reader broken
	broken bool
	cut    int // 1 + the offset of a frame NextFrame gave out that the input cuts short
}

// next is the next frame: its body when it is whole and not oversized, and
// the error the Reader must give instead (io.EOF, ErrFrameTooLarge, or
// ErrBroken). It moves the model past the frame. For NextFrame (decoder), a
// frame the input cuts short is given out, and the next call breaks.
func (m *model) next(decoder bool) (off int, body []byte, want error) {
	off = m.off
	rest := m.data[off:]
	switch {
	case m.cut > 0:
		m.done, m.broken = true, true
		return m.cut - 1, nil, ErrBroken
	case len(rest) == 0:
		m.done = true
		return off, nil, io.EOF
	case len(rest) < 4:
		m.done, m.broken = true, true
		return off, nil, ErrBroken
	}
	n := int(binary.LittleEndian.Uint32(rest))
	switch {
	case n > fuzzMaxFrame && !m.skip:
		m.done, m.broken = true, true
		return off, nil, ErrBroken
	case n > len(rest)-4 && decoder && n <= fuzzMaxFrame:
		m.off, m.cut = len(m.data), off+1
		return off, rest[4:], nil
	case n > len(rest)-4:
		m.done, m.broken = true, true
		return off, nil, ErrBroken
	case n > fuzzMaxFrame:
		m.off += 4 + n
		return off, nil, ErrFrameTooLarge
	}
	m.off += 4 + n
	return off, rest[4 : 4+n], nil
}

// retry repeats call while it meets the read deadline. Each try reads a
// byte at least, as the deadline never comes twice in a row.
func retry(t *testing.T, m *model, call func() error) error {
	for range len(m.data) + 2 {
		err := call()
		if !errors.Is(err, os.ErrDeadlineExceeded) || errors.Is(err, gdvar.ErrInterrupted) {
			return err
		}
	}
	t.Fatal("the deadline never passes")
	return nil
}

// checkError checks that err is the model's want for the frame at off.
func checkError(t *testing.T, err, want error, off int) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("frame at %d: got %v, want %v", off, err, want)
	}
	var fe *FrameError
	if want != io.EOF && errors.As(err, &fe) && fe.Offset != int64(off) {
		t.Fatalf("frame at %d: the error says offset %d", off, fe.Offset)
	}
}

func checkOffset(t *testing.T, r *Reader, want int) {
	t.Helper()
	if got := r.Offset(); got != int64(want) {
		t.Fatalf("Offset is %d, want %d", got, want)
	}
}

// checkGetVar checks GetVar against Decode on the frame's bytes.
func checkGetVar(t *testing.T, r *Reader, m *model) {
	var got any
	err := retry(t, m, func() error { return r.GetVar(&got) })
	off, body, want := m.next(false)
	if want != nil {
		checkError(t, err, want, off)
		return
	}
	checkValue(t, off, body, got, err)
	checkOffset(t, r, m.off)
}

// checkReadFrame checks ReadFrame against the frame's bytes.
func checkReadFrame(t *testing.T, r *Reader, m *model) {
	var got []byte
	err := retry(t, m, func() (err error) {
		got, err = r.ReadFrame()
		return err
	})
	off, body, want := m.next(false)
	if want != nil {
		checkError(t, err, want, off)
		return
	}
	if err != nil || !bytes.Equal(got, body) {
		t.Fatalf("frame at %d: ReadFrame gave %x, %v; want %x", off, got, err, body)
	}
	checkOffset(t, r, m.off)
}

// checkNextFrameDecode decodes the next frame's value with Decode on
// NextFrame's Decoder and checks it against Decode on the frame's bytes.
func checkNextFrameDecode(t *testing.T, r *Reader, m *model) {
	dec, off, body := nextFrame(t, r, m)
	if dec == nil {
		return
	}
	var got any
	err := retry(t, m, func() error { return dec.Decode(&got) })
	if errors.Is(err, gdvar.ErrInterrupted) {
		if !errors.Is(err, os.ErrDeadlineExceeded) || !errors.Is(dec.Decode(&got), gdvar.ErrInterrupted) {
			t.Fatalf("frame at %d: an interrupted Decode says %v", off, err)
		}
		return
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		err = &FrameError{Err: err} // as GetVar wraps it
	}
	checkValue(t, off, body, got, err)
}

// nextFrame calls NextFrame and checks what it gives: the frame's Decoder,
// or nil and the model's error.
func nextFrame(t *testing.T, r *Reader, m *model) (*gdvar.Decoder, int, []byte) {
	var dec *gdvar.Decoder
	err := retry(t, m, func() (err error) {
		dec, err = r.NextFrame()
		return err
	})
	off, body, want := m.next(true)
	if want != nil {
		checkError(t, err, want, off)
		return nil, off, nil
	}
	if err != nil {
		t.Fatalf("frame at %d: NextFrame: %v", off, err)
	}
	checkOffset(t, r, off)
	return dec, off, body
}

// checkValue checks a frame's value got and error err against Decode on the
// frame's bytes.
func checkValue(t *testing.T, off int, body []byte, got any, err error) {
	t.Helper()
	var v any
	werr := gdvar.NewDecoderBytes(body).Decode(&v)
	if werr == io.EOF {
		werr = io.ErrUnexpectedEOF
	}
	switch {
	case werr == nil && err != nil:
		t.Fatalf("frame at %d: %v; Decode of its bytes: a value", off, err)
	case werr != nil && (err == nil || errors.Unwrap(err).Error() != werr.Error()):
		t.Fatalf("frame at %d: %v; Decode of its bytes: %v", off, err, werr)
	case werr == nil:
		a, aerr := gdvar.Marshal(got)
		b, berr := gdvar.Marshal(v)
		if aerr != nil || berr != nil || !bytes.Equal(a, b) {
			t.Fatalf("frame at %d: got %#v, Decode of its bytes %#v", off, got, v)
		}
	}
}

// checkNextFrame reads up to n tokens of the next frame and checks them
// against a Decoder on the frame's bytes.
func checkNextFrame(t *testing.T, r *Reader, m *model, n int) {
	dec, off, body := nextFrame(t, r, m)
	if dec == nil {
		return
	}
	ref := gdvar.NewDecoderBytes(body)
	for range n {
		var tok gdvar.Token
		err := retry(t, m, func() (err error) {
			tok, err = dec.ReadToken()
			return err
		})
		wtok, werr := ref.ReadToken()
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Fatalf("frame at %d: token: %v; from its bytes: %v", off, err, werr)
		}
		if err != nil {
			return
		}
		if tok.String() != wtok.String() || !bytes.Equal(tok.Bytes(), wtok.Bytes()) {
			t.Fatalf("frame at %d: token %s; from its bytes %s", off, tok, wtok)
		}
	}
}

// checkSkipFrame checks SkipFrame's length and where the Reader goes on.
func checkSkipFrame(t *testing.T, r *Reader, m *model) {
	var n int64
	err := retry(t, m, func() (err error) {
		n, err = r.SkipFrame()
		return err
	})
	off, body, want := m.next(false)
	if want != nil {
		checkError(t, err, want, off)
		return
	}
	if err != nil || n != int64(len(body)) {
		t.Fatalf("frame at %d: SkipFrame gave %d, %v; want %d", off, n, err, len(body))
	}
	checkOffset(t, r, m.off)
}
