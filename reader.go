package gdvar

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"unsafe"

	"github.com/valyala/bytebufferpool"
)

// Decoder reads Godot Variant values from an input as a stream of tokens.
//
// It reads its input in blocks into a pooled buffer of about
// Limits.ChunkSize bytes, so it may read past the end of the value it
// returns; Buffered returns those bytes. To decode a value that is followed by
// bytes meant for someone else (one frame of a framed stream), bound it with
// [WithInputLimit], or decode from a byte slice with [NewDecoderBytes].
//
// Memory stays bounded by the limits whatever the input declares: strings and
// packed arrays arrive in chunks of at most ChunkSize bytes, names in one
// token are at most MaxNameBytes, and nothing is allocated from a declared
// length. Errors are *DecodeError values carrying the byte offset and the
// path. Such errors are final: every later call returns the same error.
//
// Reset and ResetBytes start a Decoder afresh on a new input, keeping its
// memory: a Decoder reused for message after message allocates nothing.
//
// Which calls can be repeated: an error from the reader (a network read
// deadline, say) leaves the Decoder where it was, so ReadToken can always be
// repeated, and Decode, SkipValue and [CopyValue] can be when they had not
// read any token of their value yet. Part way through a value, these three
// fail instead with an error matching [ErrInterrupted], which is final:
// discard the Decoder (close the connection). They never return part of a
// value as if it were whole.
type Decoder struct {
	input // what Reset starts afresh

	// Kept across Resets, so that a reused Decoder allocates nothing: the
	// parts of a Decoder that most inputs never need are out of line,
	// made on first use, so that a new Decoder is small.
	inline [2]frame     // the first frames' room: a shallow value pushes without allocating
	names  interner     // names read (see token_intern.go)
	ext    *tokenExt    // the extras of the last rarer token (see extra)
	ds     *decodeState // the value layer's state (see state)
}

// input is a Decoder's state for one input.
type input struct {
	r   io.Reader // nil when decoding a byte slice
	cfg *config   // read only: a Codec's, or defaultConfig
	tab *engineTable

	maxDepth int // cfg.limits.MaxDepth, past which the fast path is off (see setFastStop)

	bb       *bytebufferpool.ByteBuffer // pooled buffer (reader mode)
	buf      []byte
	pos, end int   // unread bytes are buf[pos:end]
	base     int64 // input offset of buf[0]
	consumed int64 // bytes taken from r, for the input limit

	st         stack
	valueStart int64    // input offset where the current top-level value starts
	valueEnd   int64    // buf index the current value must not pass (MaxValueBytes)
	fastStop   int      // buf index ReadToken's fast path may read up to (setFastStop)
	fastString uint32   // the longest string the fast path reads: fastStringMax, or MaxStringBytes if less
	eof        bool     // r reported the end of input
	single     bool     // SingleValue: ReadToken's fast path leaves top-level values to readTopValue
	begun      bool     // a top-level value has begun (read by SingleValue)
	err        error    // final error
	tee        *Encoder // CopyValue: where the bytes read go (see flushTee)
	teeAt      int      // buf index from which they have not gone yet
	tokenAt    int      // buf index where the last token read starts (see TokenOffset)
}

// NewDecoder returns a [Decoder] reading from r with the default settings
// (a Codec's NewDecoder takes others). See Decoder for how it reads.
func NewDecoder(r io.Reader) *Decoder {
	d := &Decoder{}
	d.init(r, nil, &defaultConfig)
	return d
}

// NewDecoderBytes returns a [Decoder] reading data in place: no buffer is
// allocated and chunks are sub-slices of data, which must not be modified
// while the Decoder's tokens are used.
func NewDecoderBytes(data []byte) *Decoder {
	d := &Decoder{}
	d.init(nil, data, &defaultConfig)
	return d
}

// settings returns the configuration d was made with, which Reset keeps.
func (d *Decoder) settings() *config {
	if d.cfg == nil { // a zero Decoder
		return &defaultConfig
	}
	return d.cfg
}

// init starts d afresh on an input, with the configuration cfg (a
// Codec's, or defaultConfig), which it never writes.
func (d *Decoder) init(r io.Reader, data []byte, cfg *config) {
	if d.bb != nil {
		d.release()
	}
	frames := d.st.frames[:0]
	if frames == nil {
		frames = d.inline[:0]
	}
	// Cleared in place, then set: a composite literal would be built
	// aside and copied.
	d.input = input{}
	d.r, d.cfg, d.tab, d.single = r, cfg, cfg.engine.table(), cfg.single
	d.maxDepth, d.fastString = cfg.limits.MaxDepth, uint32(min(fastStringMax, cfg.limits.MaxStringBytes))
	d.st.frames = frames
	if d.ds != nil { // what the last value kept goes, as with a new Decoder
		*d.ds = decodeState{text: d.ds.text[:0]}
	}
	if r == nil {
		d.buf, d.end, d.eof = data, len(data), true
	}
	// fastStop stays 0 (valueEnd is 0) until the first value's setValueEnd.
}

// state returns the value layer's state, made on the first Decode and kept
// with the Decoder, so that a reused Decoder decodes without allocating.
func (d *Decoder) state() *decodeState {
	if d.ds == nil {
		d.ds = new(decodeState)
	}
	return d.ds
}

// extra returns the room for the extras of a rarer token (container types,
// NodePaths, Godot 2's Image), made on first use and reused.
func (d *Decoder) extra() *tokenExt {
	if d.ext == nil {
		d.ext = new(tokenExt)
	}
	return d.ext
}

// Reset makes d read a new input r with the settings it was made with,
// reusing its memory ([Codec.ResetDecoder] changes the settings).
func (d *Decoder) Reset(r io.Reader) { d.init(r, nil, d.settings()) }

// ResetBytes makes d read data in place, as [NewDecoderBytes] does, with the
// settings it was made with, reusing its memory: one Decoder can read
// packet after packet without allocating.
func (d *Decoder) ResetBytes(data []byte) { d.init(nil, data, d.settings()) }

// InputOffset returns the offset in the input of the next byte to be
// decoded: after a complete top-level value, the number of bytes it and the
// values before it used.
func (d *Decoder) InputOffset() int64 { return d.base + int64(d.pos) }

// TokenOffset returns the offset in the input of the first byte of the
// token ReadToken returned last (after an error, of the token that failed):
// tokens follow one another without gaps, so it is the InputOffset before
// that call. For the first token of a value it is the value's type header;
// for a PackedStringArray element, its length word; for a later chunk of a
// string or a PackedChunk, its first byte of data; for PackedEnd, a byte
// array's padding; for an ObjectProperty, its name's length word. DictKey
// and the ends of Arrays, Dictionaries and objects take no bytes: for them
// it equals InputOffset. Decode, SkipValue and [CopyValue] may read a value
// without going through its tokens: around them, use InputOffset before
// and after the call.
func (d *Decoder) TokenOffset() int64 { return d.base + int64(d.tokenAt) }

// Depth returns the number of open containers, packed arrays and chunked
// strings.
func (d *Decoder) Depth() int { return len(d.st.frames) }

// Path returns the location of the last token read within its top-level
// value, like $[3]["pos"]; "$" is the top-level value itself, and {#2} is the
// key of a Dictionary's third entry.
func (d *Decoder) Path() string { return d.st.pathIn(d.buf, false) }

// AppendShortPath appends Path with at most max levels to dst: the
// outermost and the innermost, around …(n)… for the n levels left out, like
// $[0][0]…(1016)…[0]["pos"]. Unlike Path, its cost does not grow with the
// depth: to show the path of every token of deeply nested input.
func (d *Decoder) AppendShortPath(dst []byte, max int) []byte {
	dst, _ = d.st.appendPath(dst, d.buf, false, max, math.MaxInt)
	return dst
}

// AppendCutPath appends AppendShortPath(dst, levels) cut to at most maxBytes
// (4 or more): a longer path keeps its first maxBytes/3 bytes and its last
// ones around "…", each end cut at a character, and cut is true. It renders only the
// parts of the path it keeps, so its cost is bounded by maxBytes, however
// long the keys on the path: to show the path of every token in a line of
// its own.
func (d *Decoder) AppendCutPath(dst []byte, levels, maxBytes int) (_ []byte, cut bool) {
	return d.st.appendPath(dst, d.buf, false, levels, maxBytes)
}

// Buffered returns the bytes read from the reader but not decoded yet.
func (d *Decoder) Buffered() io.Reader { return bytes.NewReader(bytes.Clone(d.buf[d.pos:d.end])) }

// release gives the read buffer back to the pool once the Decoder is done
// with it (at the end of input, or after a final error); the bytes it held
// are dropped.
func (d *Decoder) release() {
	if d.bb != nil {
		d.st.keepKeys(d.buf)
		putReadBuffer(d.bb)
		d.bb, d.buf = nil, nil
		d.base += int64(d.pos)
		d.valueEnd -= int64(d.pos)
		d.tokenAt -= d.pos
		d.pos, d.end = 0, 0
		d.setFastStop()
	}
}

// setFastStop follows a change of end, valueEnd or the depth: a value of
// the fast path is buffered whole and within MaxValueBytes if it ends at or
// before fastStop. Zero turns the fast path off, as it is while the
// containers are deeper than MaxDepth, so that it need not check the depth.
func (d *Decoder) setFastStop() {
	d.fastStop = int(min(int64(d.end), d.valueEnd))
	if !fastTokens || d.st.depth > d.maxDepth {
		d.fastStop = 0
	}
}

// bufSize is the read buffer's size: a chunk and the largest fixed-size
// element. A longer name grows the buffer as its bytes arrive (see fill).
func (d *Decoder) bufSize() int { return d.cfg.limits.ChunkSize + 256 }

// errNeedInput is returned by need when the input ended first.
var errNeedInput = errors.New("input ended")

// need makes n bytes available at buf[pos:], reading as much as fits. It
// never drops unread bytes. It returns errNeedInput at the end of input, or
// the reader's error.
func (d *Decoder) need(n int) error {
	if d.end-d.pos >= n {
		return nil
	}
	return d.fill(n)
}

func (d *Decoder) fill(n int) error {
	if d.eof {
		return errNeedInput
	}
	if d.bb == nil {
		d.bb = getReadBuffer(d.bufSize())
		d.buf = d.bb.B
	}
	if d.pos == d.end || len(d.buf)-d.pos < n {
		d.compact()
	}
	for d.end-d.pos < n {
		if d.end == len(d.buf) {
			d.grow(n)
		}
		space := d.buf[d.end:]
		if lim := d.cfg.inputLimit; lim >= 0 && int64(len(space)) > lim-d.consumed {
			space = space[:lim-d.consumed]
			if len(space) == 0 {
				d.eof = true
				return errNeedInput
			}
		}
		m, err := d.r.Read(space)
		d.end += m
		d.setFastStop()
		d.consumed += int64(m)
		if err == io.EOF {
			d.eof = true
			if d.end-d.pos >= n {
				return nil
			}
			return errNeedInput
		}
		if err != nil {
			if d.end-d.pos >= n {
				return nil
			}
			return err
		}
	}
	return nil
}

// grow enlarges a full buffer towards n bytes, at most doubling it, so that
// memory follows the bytes that really arrive, not the length a name
// declares.
func (d *Decoder) grow(n int) {
	nb := getReadBuffer(min(2*len(d.buf), n))
	copy(nb.B, d.buf[:d.end])
	putReadBuffer(d.bb)
	d.bb, d.buf = nb, nb.B
}

// compact moves the unread bytes to the start of the buffer.
func (d *Decoder) compact() {
	if d.r == nil {
		return
	}
	d.flushTee()
	d.st.keepKeys(d.buf)
	copy(d.buf, d.buf[d.pos:d.end])
	d.base += int64(d.pos)
	d.valueEnd -= int64(d.pos)
	d.tokenAt -= d.pos
	d.end -= d.pos
	d.pos, d.teeAt = 0, 0
	d.setFastStop()
}

func (d *Decoder) u32(at int) uint32 { return binary.LittleEndian.Uint32(d.buf[d.pos+at:]) }

// failAt builds a DecodeError for the element at buf[pos+at]. pending says
// the failing element is the next one of the top frame, not yet recorded.
// Reader errors are not final: the state is unchanged, and the call can be
// repeated. Every other error is, and gives the buffer back to the pool.
func (d *Decoder) failAt(at int, pending bool, kind error, detail string, err error) error {
	e := &DecodeError{Offset: d.InputOffset() + int64(at), Path: d.st.pathIn(d.buf, pending), Reason: kind, Detail: detail, Err: err}
	if kind != ErrRead {
		d.stop(e)
	}
	return e
}

// stop makes err final and gives the buffer back. It also forgets the top
// frame, so that ReadToken's fast path, which goes to the general path (and
// its error) when there is none, need not test the error itself.
func (d *Decoder) stop(err error) {
	d.err = err
	d.release()
	d.st.last = nil
}

// interrupt makes err final: a value-layer call (Decode, SkipValue,
// CopyValue) failed part way through a value, and what it had read of the
// value is lost, so neither it nor the next call could carry on in step.
// The error says so, matches ErrInterrupted, and wraps the cause (the
// reader's error itself for a failed read).
func (d *Decoder) interrupt(err error) error {
	if d.err != nil {
		return d.err
	}
	var se *DecodeError
	if errors.As(err, &se) && se.Reason == ErrRead {
		err = se.Err
	}
	d.stop(&DecodeError{Offset: d.InputOffset(), Path: d.Path(), Reason: ErrInterrupted, Err: err})
	return d.err
}

// interruptCause returns the cause of an ErrInterrupted error, else err:
// for callers whose Decoder nobody else sees (Unmarshal, a RawValue's
// check), so there is none to discard.
func interruptCause(err error) error {
	var se *DecodeError
	if errors.As(err, &se) && se.Reason == ErrInterrupted {
		return se.Err
	}
	return err
}

// needAt is need for an element at buf[pos+at], turning a short input into a
// DecodeError.
func (d *Decoder) needAt(n, at int, pending bool) error {
	if err := d.need(n); err != nil {
		return d.inputError(err, at, pending)
	}
	return nil
}

// inputError turns an error from need into a DecodeError.
func (d *Decoder) inputError(err error, at int, pending bool) error {
	if err == errNeedInput {
		return d.failAt(at, pending, ErrTruncated, "", nil)
	}
	return d.failAt(at, pending, ErrRead, "", err)
}

func (d *Decoder) limit(at int, pending bool, name string, v, max int64) error {
	return d.failAt(at, pending, ErrLimit, "", &LimitError{Limit: name, Value: v, Max: max})
}

// lenError is the LimitError of a length n, declared at buf[pos+at], that
// breaks limit k.
func (d *Decoder) lenError(at int, k lenLimit, n int64) error {
	return d.limit(at, true, lenLimitNames[k], n, d.cfg.limits.max(k))
}

// checkSize fails if a value's payload, ending at buf[pos+end] plus
// declared more bytes, would break MaxValueBytes.
func (d *Decoder) checkSize(at, end int, declared int64, pending bool) error {
	size := d.InputOffset() + int64(end) + declared - d.valueStart
	if max := d.cfg.limits.MaxValueBytes; size > max {
		return d.limit(at, pending, "MaxValueBytes", size, max)
	}
	return nil
}

// readToken is ReadToken's general path (see reader_fast.go), which reads the
// markers and ends of Arrays and Dictionaries itself.
func (d *Decoder) readToken() (Token, error) {
	var t Token
	if d.err != nil {
		return t, d.err
	}
	var err error
	f := d.st.top()
	if f == nil {
		err = d.readTopValue(&t)
		return t, err
	}
	switch f.next() {
	case expValue:
		err = d.readValue(&t)
	case expProperty:
		err = d.readProperty(&t)
	case expObjectEnd:
		d.st.pop()
		d.setFastStop()
		return ObjectEndToken, nil
	case expChunk:
		err = d.readPackedChunk(&t, f)
	case expPackedEnd:
		err = d.readPackedEnd(&t, f)
	case expElement:
		err = d.readString(&t, KindString, TypeString, 0, 0)
	default:
		err = d.readStringChunk(&t, f)
	}
	return t, err
}

// readTopValue starts a top-level value, or reports io.EOF at a clean end.
func (d *Decoder) readTopValue(t *Token) error {
	if d.singleDone() {
		return d.trailing()
	}
	if d.pos == d.end && d.eof { // the common end, without asking need
		d.release()
		return io.EOF
	}
	if err := d.need(4); err != nil {
		if err == errNeedInput && d.pos == d.end {
			d.release()
			return io.EOF
		}
		return d.inputError(err, 0, true)
	}
	d.valueStart = d.InputOffset()
	d.begun = true
	d.setValueEnd()
	return d.readValue(t)
}

// singleDone says a SingleValue Decoder has begun its one value: what
// comes at the top level after it is trailing data.
func (d *Decoder) singleDone() bool { return d.single && d.begun }

// trailing is what follows the value of a SingleValue input: io.EOF at the
// end of the input, else a final ErrTrailingData. It reads, if it must, to
// tell which.
func (d *Decoder) trailing() error {
	if err := d.need(1); err != nil {
		if err == errNeedInput {
			d.release()
			return io.EOF
		}
		return d.inputError(err, 0, true)
	}
	n := fmt.Sprintf("%d bytes", d.end-d.pos)
	if !d.eof {
		n += " or more"
	}
	return d.failAt(0, true, ErrTrailingData, n, nil)
}

// setValueEnd computes where in buf the current value must end to respect
// MaxValueBytes; it changes when the buffer is compacted.
func (d *Decoder) setValueEnd() {
	d.valueEnd = math.MaxInt64 // a limit past what an int64 can count
	if max := d.cfg.limits.MaxValueBytes; max <= math.MaxInt64-d.valueStart {
		d.valueEnd = d.valueStart + max - d.base
	}
	d.setFastStop()
}

// readValue reads the first token of a value.
func (d *Decoder) readValue(t *Token) error {
	if d.st.depth > d.cfg.limits.MaxDepth {
		return d.failAt(0, true, ErrTooDeep, fmt.Sprintf("more than %d nested containers", d.cfg.limits.MaxDepth), nil)
	}
	if err := d.needAt(4, 0, true); err != nil {
		return err
	}
	hdr := d.u32(0)
	typ, ok := d.tab.wireType(hdr)
	if !ok {
		return d.failAt(0, true, ErrInvalidType, fmt.Sprintf("type number %d", hdr&d.tab.typeMask), nil)
	}
	wide := hdr&d.tab.flagBits[typ]&flag64 != 0
	var flags uint8
	if wide {
		flags = flagWide
	}
	*t = newToken(KindInvalid, typ, flags)
	t.x = uint64(d.tab.ignoredBits(hdr, typ))
	kind := d.tab.kindOf(typ, hdr)
	size := 4 // bytes of the token on the wire
	switch kind {
	case KindString, KindStringName:
		return d.readString(t, kind, typ, hdr, 4)
	case KindNodePath:
		return d.readNodePath(t)
	case KindObjectStart:
		return d.readObjectStart(t)
	case KindImageStart:
		return d.readImageStart(t)
	case KindInputEvent:
		return d.readInputEvent(t)
	case KindSignal:
		return d.readSignal(t)
	case KindArrayStart, KindDictStart:
		return d.readContainerStart(t, hdr)
	case KindPackedStart:
		return d.readPackedStart(t)
	case KindBool, KindInt32, KindFloat32:
		size = 8
	case KindInt64, KindFloat64:
		size = 12
	case KindRID:
		if d.tab.ridPayload {
			size = 12
		}
	case KindObjectID:
		if d.tab.objectPayload { // Godot 2 writes no id: a null object
			size = 12
		}
	case KindNil, KindCallable:
	default:
		size = 4 + typ.mathSize(wide)
	}
	if err := d.needAt(size, 0, true); err != nil {
		return err
	}
	t.setKind(kind)
	switch {
	case mathKinds[typ] != KindInvalid:
		t.setData(d.buf[d.pos+4 : d.pos+size])
	case size == 8 && kind == KindInt32:
		t.num = uint64(int64(int32(d.u32(4))))
	case size == 8:
		t.num = uint64(d.u32(4))
	case size == 12:
		t.num = binary.LittleEndian.Uint64(d.buf[d.pos+4:])
	}
	d.st.startValue()
	if kind == KindInt32 || kind == KindInt64 {
		d.st.noteKey(kind, nil, int64(t.num))
	}
	return d.advance(size)
}

// commit records that a value starts in the current frame and consumes its
// first token, size bytes long.
func (d *Decoder) commit(size int) error {
	d.st.startValue()
	return d.advance(size)
}

// advance consumes n bytes, enforcing MaxValueBytes.
func (d *Decoder) advance(n int) error {
	d.pos += n
	if int64(d.pos) > d.valueEnd {
		return d.valueTooLarge()
	}
	return nil
}

func (d *Decoder) valueTooLarge() error {
	return d.limit(0, false, "MaxValueBytes", d.InputOffset()-d.valueStart, d.cfg.limits.MaxValueBytes)
}

// readString reads the first chunk of a string at buf[pos+at]: after a header
// when at is 4, or a PackedStringArray element when at is 0.
func (d *Decoder) readString(t *Token, kind Kind, typ Type, hdr uint32, at int) error {
	if err := d.needAt(at+4, 0, true); err != nil {
		return err
	}
	n := lenWord(d.u32(at))
	if n < 0 {
		return d.failAt(at, true, ErrInvalidLength, fmt.Sprintf("string length %d", n), nil)
	}
	if !d.cfg.limits.allows(limitString, n) {
		return d.lenError(at, limitString, n)
	}
	pad := padding(n)
	if err := d.checkSize(at, at+4, n+int64(pad), true); err != nil {
		return err
	}
	*t = newToken(kind, typ, flagWire)
	t.setRaw(n, 0)
	t.x = uint64(d.tab.ignoredBits(hdr, typ))
	start := at + 4
	chunk := int64(d.cfg.limits.ChunkSize)
	if n <= chunk {
		if err := d.needAt(start+int(n)+pad, at, true); err != nil {
			return err
		}
		data := d.buf[d.pos+start : d.pos+start+int(n)]
		if !isShortASCII(data) && !d.validString(data) {
			return d.failAt(start, true, ErrInvalidUTF8, "", nil)
		}
		t.setData(data)
		t.addFlags(flagLast)
		t.setPad(d.padBytes(start+int(n), pad))
		d.st.startValue()
		d.st.noteKey(kind, data, 0)
		return d.advance(start + int(n) + pad)
	}
	if err := d.needAt(start+int(chunk), at, true); err != nil {
		return err
	}
	cut, nul, ok := d.tab.utf8.check(d.buf[d.pos+start:d.pos+start+int(chunk)], false)
	if !ok {
		return d.failAt(start, true, ErrInvalidUTF8, "", nil)
	}
	data := d.buf[d.pos+start : d.pos+start+cut]
	t.setData(data)
	d.st.startValue()
	d.st.noteKey(kind, data, 0)
	d.st.push(frame{kind: frameString, typ: typ, total: n, remain: n - int64(cut), nulSeen: nul})
	return d.advance(start + cut)
}

// readStringChunk reads the next chunk of a string in frame f.
func (d *Decoder) readStringChunk(t *Token, f *frame) error {
	kind := KindString
	if f.typ == TypeStringName {
		kind = KindStringName
	}
	*t = newToken(kind, f.typ, flagWire)
	t.setRaw(f.total, uint32(f.total-f.remain))
	if f.nulSeen {
		t.addFlags(flagAfterNUL)
	}
	n := min(f.remain, int64(d.cfg.limits.ChunkSize))
	last := n == f.remain
	pad := 0
	if last {
		pad = padding(f.total)
	}
	if err := d.needAt(int(n)+pad, 0, false); err != nil {
		return err
	}
	cut, nul, ok := int(n), f.nulSeen, true
	if !f.nulSeen {
		cut, nul, ok = d.tab.utf8.check(d.buf[d.pos:d.pos+int(n)], last)
		if !ok {
			return d.failAt(0, false, ErrInvalidUTF8, "", nil)
		}
	}
	t.setData(d.buf[d.pos : d.pos+cut])
	f.remain -= int64(cut)
	f.nulSeen = nul
	if last {
		t.addFlags(flagLast)
		t.setPad(d.padBytes(cut, pad))
		d.st.pop()
		return d.advance(cut + pad)
	}
	return d.advance(cut)
}

// validString checks a whole string's UTF-8 as the engine does.
func (d *Decoder) validString(b []byte) bool {
	_, _, ok := d.tab.utf8.check(b, true)
	return ok
}

// padBytes returns the pad bytes at buf[pos+at:], which the engine does not
// check, so that non-zero padding can be written back.
func (d *Decoder) padBytes(at, n int) uint32 { return padValue(d.buf[d.pos+at : d.pos+at+n]) }

// readName reads a name (a string held whole in a token) at buf[pos+at],
// spending its wire size from budget. It returns the name, its padding and
// the offset after it.
func (d *Decoder) readName(at int, budget *int, pending bool) (string, uint32, int, error) {
	if err := d.needAt(at+4, at, pending); err != nil {
		return "", 0, 0, err
	}
	n := lenWord(d.u32(at))
	if n < 0 {
		return "", 0, 0, d.failAt(at, pending, ErrInvalidLength, fmt.Sprintf("name length %d", n), nil)
	}
	pad := padding(n)
	wire := 4 + n + int64(pad)
	if wire > int64(*budget) {
		max := d.cfg.limits.MaxNameBytes
		return "", 0, 0, d.limit(at, pending, "MaxNameBytes", int64(max-*budget)+wire, int64(max))
	}
	*budget -= int(wire)
	end := at + 4 + int(n)
	if err := d.needAt(end+pad, at, pending); err != nil {
		return "", 0, 0, err
	}
	b := d.buf[d.pos+at+4 : d.pos+end]
	if !d.validString(b) {
		return "", 0, 0, d.failAt(at+4, pending, ErrInvalidUTF8, "", nil)
	}
	return d.names.intern(b), d.padBytes(end, pad), end + pad, nil
}

// setName stores an interned name in t.
func setName(t *Token, name string, pad uint32) {
	t.setData(stringBytes(name))
	t.setPad(pad)
	t.addFlags(flagNameOwned)
}

func (d *Decoder) readNodePath(t *Token) error {
	if err := d.needAt(8, 0, true); err != nil {
		return err
	}
	if d.u32(4)&nodePathNewForm == 0 {
		return d.readOldNodePath(t)
	}
	if err := d.needAt(16, 0, true); err != nil {
		return err
	}
	w := &d.extra().path
	w.words = [3]uint32{d.u32(4), d.u32(8), d.u32(12)}
	// The engine counts in uint32 and wraps, so must we.
	total := w.words[0]&^nodePathNewForm + w.words[1]
	if w.words[2]&nodePathProperty != 0 {
		total++
	}
	budget := d.cfg.limits.MaxNameBytes
	if int64(total)*4 > int64(budget) {
		return d.limit(4, true, "MaxNameBytes", int64(total)*4, int64(budget))
	}
	w.names, w.pads = w.names[:0], w.pads[:0]
	at := 16
	for range total {
		name, pad, next, err := d.readName(at, &budget, true)
		if err != nil {
			return err
		}
		w.names = append(w.names, name)
		w.pads = append(w.pads, pad)
		at = next
	}
	t.setKind(KindNodePath)
	t.setExt(d.ext)
	return d.commit(at)
}

// readOldNodePath reads Godot 2's plain-string NodePath: the string's length
// (without the new-form bit) and bytes.
func (d *Decoder) readOldNodePath(t *Token) error {
	if !d.tab.nodePathOldForm {
		return d.failAt(4, true, ErrInvalidValue, "old-form NodePath", nil)
	}
	budget := d.cfg.limits.MaxNameBytes
	path, pad, at, err := d.readName(4, &budget, true)
	if err != nil {
		return err
	}
	w := &d.extra().path
	w.words = [3]uint32{uint32(len(path))}
	w.names = append(w.names[:0], path)
	w.pads = append(w.pads[:0], pad)
	t.setKind(KindNodePath)
	t.setExt(d.ext)
	return d.commit(at)
}

// readImageStart reads a Godot 2 Image's header; its data follows as a
// packed byte payload.
func (d *Decoder) readImageStart(t *Token) error {
	if err := d.needAt(24, 0, true); err != nil {
		return err
	}
	word := d.u32(20)
	n := lenWord(word)
	if n < 0 {
		return d.failAt(20, true, ErrInvalidLength, fmt.Sprintf("image data length %d", n), nil)
	}
	if !d.cfg.limits.allows(limitPacked, n) {
		return d.lenError(20, limitPacked, n)
	}
	if err := d.checkSize(20, 24, n, true); err != nil {
		return err
	}
	d.extra().image = ImageHeader{Format: d.u32(4), Mipmaps: d.u32(8), Width: d.u32(12), Height: d.u32(16)}
	t.setKind(KindImageStart)
	t.setRaw(n, word)
	t.setExt(d.ext)
	d.st.startValue()
	d.st.push(frame{kind: framePacked, typ: TypeImage, remain: n, total: n})
	return d.advance(24)
}

// readInputEvent reads a Godot 2 InputEvent: type, device, length word, then
// the type's fields. Known types have the fields Godot 2 reads for them; the
// others, the fields the length word says.
func (d *Decoder) readInputEvent(t *Token) error {
	if err := d.needAt(16, 0, true); err != nil {
		return err
	}
	typ, length := d.u32(4), d.u32(12)
	fields, known := knownFields(typ)
	if !known {
		if length < 12 || length%4 != 0 || length > uint32(d.cfg.limits.MaxNameBytes) {
			return d.failAt(12, true, ErrInvalidLength, fmt.Sprintf("InputEvent length %d", length), nil)
		}
		fields = int(length-12) / 4
	}
	size := 16 + 4*fields
	if err := d.needAt(size, 0, true); err != nil {
		return err
	}
	t.setKind(KindInputEvent)
	t.num = uint64(typ) | uint64(d.u32(8))<<32
	t.setData(d.buf[d.pos+16 : d.pos+size])
	t.setPad(length)
	return d.commit(size)
}

func (d *Decoder) readSignal(t *Token) error {
	budget := d.cfg.limits.MaxNameBytes
	name, pad, at, err := d.readName(4, &budget, true)
	if err != nil {
		return err
	}
	if err := d.needAt(at+8, at, true); err != nil {
		return err
	}
	t.setKind(KindSignal)
	setName(t, name, pad)
	t.num = binary.LittleEndian.Uint64(d.buf[d.pos+at:])
	return d.commit(at + 8)
}

func (d *Decoder) readObjectStart(t *Token) error {
	if !d.cfg.objects {
		return d.failAt(0, true, ErrObjectsNotAllowed, "", nil)
	}
	budget := d.cfg.limits.MaxNameBytes
	class, pad, at, err := d.readName(4, &budget, true)
	if err != nil {
		return err
	}
	t.setKind(KindObjectStart)
	setName(t, class, pad)
	var count int64
	var word uint32
	if class != "" {
		if err := d.needAt(at+4, at, true); err != nil {
			return err
		}
		word = d.u32(at)
		count = max(lenWord(word), 0) // the engine reads a negative count as none
		if !d.cfg.limits.allows(limitContainer, count) {
			return d.lenError(at, limitContainer, count)
		}
		at += 4
	}
	t.setRaw(count, word)
	d.st.startValue()
	d.st.push(frame{kind: frameObject, remain: count, total: count})
	d.setFastStop()
	return d.advance(at)
}

func (d *Decoder) readProperty(t *Token) error {
	budget := d.cfg.limits.MaxNameBytes
	name, pad, at, err := d.readName(0, &budget, true)
	if err != nil {
		return err
	}
	*t = newToken(KindObjectProperty, TypeNil, 0)
	setName(t, name, pad)
	d.st.startEntry()
	d.st.noteKey(KindString, stringBytes(name), 0)
	return d.advance(at)
}

// readContainerType reads a typed-container descriptor of the given kind at
// buf[pos+at] into ct and returns the offset after it.
func (d *Decoder) readContainerType(kind ContainerKind, at int, budget *int, ct *ContainerType) (int, error) {
	*ct = ContainerType{Kind: kind}
	switch kind {
	case TypedBuiltin:
		if err := d.needAt(at+4, at, true); err != nil {
			return 0, err
		}
		n := d.u32(at)
		if n >= uint32(len(d.tab.types)) {
			return 0, d.failAt(at, true, ErrInvalidType, fmt.Sprintf("container element type number %d", n), nil)
		}
		ct.Builtin = d.tab.types[n]
		return at + 4, nil
	case TypedClass, TypedScript:
		name, pad, next, err := d.readName(at, budget, true)
		ct.Name, ct.pad = name, pad
		return next, err
	}
	return at, nil
}

func (d *Decoder) readContainerStart(t *Token, hdr uint32) error {
	budget := d.cfg.limits.MaxNameBytes
	at := 4
	var err error
	fk := frameArray
	if t.Type() == TypeArray {
		t.setKind(KindArrayStart)
		if kind := ContainerKind(hdr & d.tab.flagBits[TypeArray] >> arrayKindShift); kind != Untyped {
			at, err = d.readContainerType(kind, at, &budget, &d.extra().elem)
			t.setExt(d.ext)
		}
	} else {
		fk = frameDict
		t.setKind(KindDictStart)
		bits := hdr & d.tab.flagBits[TypeDictionary] // none where typed dictionaries do not exist
		kk := ContainerKind(bits >> dictKeyShift & containerKindMask)
		vk := ContainerKind(bits >> dictValueShift & containerKindMask)
		if kk != Untyped || vk != Untyped {
			at, err = d.readContainerType(kk, at, &budget, &d.extra().key)
			if err == nil {
				at, err = d.readContainerType(vk, at, &budget, &d.extra().value)
			}
			t.setExt(d.ext)
		}
	}
	if err != nil {
		return err
	}
	if err := d.needAt(at+4, at, true); err != nil {
		return err
	}
	word := d.u32(at)
	count := int64(word &^ countSharedBit)
	if !d.cfg.limits.allows(limitContainer, count) {
		return d.lenError(at, limitContainer, count)
	}
	t.setRaw(count, word)
	d.st.startValue()
	d.st.push(frame{kind: fk, remain: count, total: count})
	d.setFastStop()
	return d.advance(at + 4)
}

func (d *Decoder) readPackedStart(t *Token) error {
	if err := d.needAt(8, 0, true); err != nil {
		return err
	}
	t.setKind(KindPackedStart)
	word := d.u32(4)
	count := lenWord(word)
	typ := t.Type()
	fr := frame{kind: framePacked, typ: typ, wide: t.Is64()}
	var size int64
	if typ == TypePackedStringArray {
		fr.kind = framePackedStrings
		count = max(count, 0) // the engine reads a negative count as empty
		size = count * 4
	} else {
		if count < 0 {
			return d.failAt(4, true, ErrInvalidLength, fmt.Sprintf("%s count %d", typ, count), nil)
		}
		size = count * int64(typ.packedElemSize(fr.wide))
	}
	if !d.cfg.limits.allows(limitPacked, size) {
		return d.lenError(4, limitPacked, size)
	}
	if err := d.checkSize(4, 8, size, true); err != nil {
		return err
	}
	t.setRaw(count, word)
	fr.total = size
	fr.remain = count
	if fr.kind == framePacked {
		fr.remain = size
	}
	d.st.startValue()
	d.st.push(fr)
	return d.advance(8)
}

// readPackedChunk reads the next chunk of a numeric packed array in frame f.
func (d *Decoder) readPackedChunk(t *Token, f *frame) error {
	elem := f.typ.packedElemSize(f.wide)
	n := min(f.remain, int64(d.cfg.limits.ChunkSize/elem*elem))
	// Keep 8-byte elements aligned in the buffer, so that typed views need
	// no copy: when the rest of the array must be read anyway, move the
	// buffered bytes to the (aligned) start of the buffer first.
	if elem%8 == 0 && d.r != nil && int64(d.end-d.pos) < f.remain &&
		uintptr(unsafe.Pointer(unsafe.SliceData(d.buf[d.pos:])))%8 != 0 {
		d.compact()
	}
	f.idx = (f.total - f.remain) / int64(elem)
	if err := d.needAt(int(n), 0, false); err != nil {
		return err
	}
	var flags uint8
	if f.wide {
		flags = flagWide
	}
	*t = newToken(KindPackedChunk, f.typ, flags)
	t.setRaw(f.total/int64(elem), uint32((f.total-f.remain)/int64(elem)))
	t.setData(d.buf[d.pos : d.pos+int(n)])
	f.remain -= n
	return d.advance(int(n))
}

// readPackedEnd closes the packed array in frame f, reading a byte array's
// padding.
func (d *Decoder) readPackedEnd(t *Token, f *frame) error {
	*t = newToken(KindPackedEnd, f.typ, 0)
	pad := 0
	if f.typ == TypePackedByteArray || f.typ == TypeImage {
		pad = padding(f.total)
	}
	if err := d.need(pad); err != nil {
		if err != errNeedInput || f.typ != TypePackedByteArray {
			return d.inputError(err, 0, false)
		}
		// The engine does not check that a byte array's padding is there:
		// at the end of the input, what is missing is accepted.
		pad = d.end - d.pos
		t.addFlags(flagUnpadded)
		t.num = uint64(pad)
	}
	t.setPad(d.padBytes(0, pad))
	d.st.pop()
	return d.advance(pad)
}

// PeekKind returns the kind of the next token without consuming it, or
// [KindInvalid] if the next token cannot be read; ReadToken then reports why.
func (d *Decoder) PeekKind() Kind {
	if d.err != nil {
		return KindInvalid
	}
	switch d.st.next() {
	case expArrayEnd:
		return KindArrayEnd
	case expDictKey:
		return KindDictKey
	case expDictEnd:
		return KindDictEnd
	case expProperty:
		return KindObjectProperty
	case expObjectEnd:
		return KindObjectEnd
	case expChunk:
		return KindPackedChunk
	case expPackedEnd:
		return KindPackedEnd
	case expElement:
		return KindString
	case expStringChunk:
		if d.st.top().typ == TypeStringName {
			return KindStringName
		}
		return KindString
	}
	if d.singleDone() && d.st.top() == nil || d.need(4) != nil {
		return KindInvalid
	}
	hdr := d.u32(0)
	typ, ok := d.tab.wireType(hdr)
	if !ok {
		return KindInvalid
	}
	return d.tab.kindOf(typ, hdr)
}

// SkipValue skips the next value without keeping it, however large, still
// checking it as ReadToken would. Inside a string or packed array it skips
// the rest of that value. It fails if the next token is not part of a value
// (an end, a DictKey or ObjectProperty marker) with a *DecodeError matching
// [ErrUnexpectedToken], and returns io.EOF after the last top-level value.
func (d *Decoder) SkipValue() error {
	if err := d.eachOfValue(func(Token) error { return nil }); err != nil {
		return err
	}
	return d.trailingHeld()
}

// eachOfValue calls f with every token of the next value (or of the rest of
// the string or packed array being read), as SkipValue describes.
func (d *Decoder) eachOfValue(f func(Token) error) error {
	if d.err != nil {
		return d.err
	}
	target := len(d.st.frames)
	switch e := d.st.next(); e {
	case expValue, expElement:
	case expStringChunk, expChunk, expPackedEnd:
		target--
	default:
		// A caller's mistake, not the input's: the Decoder stays usable.
		return &DecodeError{Offset: d.InputOffset(), Path: d.Path(), Reason: ErrUnexpectedToken, Detail: fmt.Sprintf("no value to skip or copy: the next token is %s", e)}
	}
	read := false // a token of the value has been read
	for {
		t, err := d.ReadToken()
		if err == nil {
			read = true
			err = f(t)
		}
		if err != nil && read && len(d.st.frames) > target {
			return d.interrupt(err)
		}
		if err != nil || len(d.st.frames) <= target {
			return err
		}
	}
}
