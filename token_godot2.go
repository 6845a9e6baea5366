package gdvar

import "encoding/binary"

// ImageHeader is the header of a Godot 2 Image; the pixel data follows it in
// chunks.
type ImageHeader struct {
	Format  uint32 // Godot 2's Image::Format
	Mipmaps uint32 // 0: no mipmaps
	Width   uint32 // pixels
	Height  uint32 // pixels
}

// InputEvent is a Godot 2 InputEvent as the wire holds it: the event type,
// the device, and the type's fields as 32-bit words. Types gdvar does not
// know keep the fields their length word says they have.
type InputEvent struct {
	Type   uint32
	Device uint32
	Fields []uint32
}

// Godot 2's InputEvent types.
const (
	InputEventNone           = 0
	InputEventKey            = 1 // fields: modifier mask, scancode
	InputEventMouseMotion    = 2
	InputEventMouseButton    = 3 // field: button index
	InputEventJoystickMotion = 4 // field: axis
	InputEventJoystickButton = 5 // field: button index
	InputEventScreenTouch    = 6 // field: index
	InputEventScreenDrag     = 7
	InputEventAction         = 8
)

// inputEventFields is the number of field words Godot 2 writes and reads
// for each event type it knows.
var inputEventFields = [InputEventAction + 1]int{
	InputEventKey: 2, InputEventMouseButton: 1, InputEventJoystickMotion: 1,
	InputEventJoystickButton: 1, InputEventScreenTouch: 1,
}

// knownFields returns the field count of a known event type.
func knownFields(typ uint32) (int, bool) {
	if typ > InputEventAction {
		return 0, false
	}
	return inputEventFields[typ], true
}

// eventLen is an InputEvent token's length word: the payload's size,
// including type, device and the length word itself. It is kept where other
// tokens keep padding, which an InputEvent has none of.
func (t Token) eventLen() uint32 { return t.pad() }

// Image returns a [KindImageStart] token's header.
func (t Token) Image() ImageHeader {
	if e := t.ext(); e != nil && t.Kind() == KindImageStart {
		return e.image
	}
	return ImageHeader{}
}

// InputEvent returns a [KindInputEvent] token's event.
func (t Token) InputEvent() InputEvent {
	if t.Kind() != KindInputEvent {
		return InputEvent{}
	}
	ev := InputEvent{Type: uint32(t.num), Device: uint32(t.num >> 32)}
	b := t.Bytes()
	for i := 0; i+4 <= len(b); i += 4 {
		ev.Fields = append(ev.Fields, binary.LittleEndian.Uint32(b[i:]))
	}
	return ev
}

// ImageStartToken opens a Godot 2 Image with dataLen bytes of pixel data.
// Write [PackedChunkToken] pieces holding dataLen bytes in all, then
// [PackedEndToken].
func ImageStartToken(h ImageHeader, dataLen int) Token {
	t := newToken(KindImageStart, TypeImage, 0)
	t.num = uint64(dataLen)
	t.setExt(&tokenExt{image: h})
	return t
}

// InputEventToken returns a Godot 2 InputEvent.
func InputEventToken(ev InputEvent) Token {
	t := newToken(KindInputEvent, TypeInputEvent, 0)
	t.num = uint64(ev.Type) | uint64(ev.Device)<<32
	b := make([]byte, 0, 4*len(ev.Fields))
	for _, f := range ev.Fields {
		b = binary.LittleEndian.AppendUint32(b, f)
	}
	t.setData(b)
	t.setPad(uint32(12 + len(b)))
	return t
}
