package gdvar

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// Errors come in four types, one per direction plus the value layer's two:
//
//   - *DecodeError: a Decoder (and Unmarshal, Decode, SkipValue, CopyValue)
//     could not go on. Its Reason is one of the sentinels below, so that
//     errors.Is tells the cases apart; ErrRead and ErrInterrupted are I/O
//     failures (IsIOError), every other reason is about the input itself.
//   - *EncodeError: an Encoder (and Marshal, Encode) refused a token or a Go
//     value, or its writer failed.
//   - *UnmarshalTypeError: a valid Godot value that does not fit the Go value
//     it is decoded into. The Decoder is still in step after it.
//   - *UnknownFieldError: a key that names no field of a Go struct, with
//     DisallowUnknownFields. The Decoder is still in step after it too.
//
// Every message starts with "gdvar: ", sentinels included.

// Reasons a [Decoder] gives for bad input. A *DecodeError matches exactly one
// of them (or [ErrRead], [ErrInterrupted] or [ErrUnexpectedToken]) with errors.Is.
var (
	// ErrTruncated: the input ended inside a value. Such errors also match
	// io.ErrUnexpectedEOF.
	ErrTruncated = errors.New("gdvar: truncated input")
	// ErrInvalidType: a type number the engine does not have.
	ErrInvalidType = errors.New("gdvar: invalid type")
	// ErrInvalidLength: a negative or impossible length or count.
	ErrInvalidLength = errors.New("gdvar: invalid length")
	// ErrInvalidUTF8: a string that is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("gdvar: invalid UTF-8")
	// ErrInvalidValue: a payload the engine refuses for another reason, such
	// as the old NodePath form or a typed container of an unknown type.
	ErrInvalidValue = errors.New("gdvar: invalid value")
	// ErrTooDeep: a value nested in more containers than Godot allows (1024)
	// or than Limits.MaxDepth allows. An [Encoder] refuses such a value with an
	// *EncodeError matching it (and [ErrUnexpectedToken]), and so do [Marshal]
	// and Encode, which also refuse a Go value through more than 8200
	// pointers and interfaces (see [ErrCycle] for one that contains itself).
	ErrTooDeep = errors.New("gdvar: nesting too deep")
	// ErrLimit: the input broke one of the [Limits]; errors.As finds the
	// *LimitError with the details.
	ErrLimit = errors.New("gdvar: limit exceeded")
	// ErrObjectsNotAllowed: a full object in input decoded without
	// [AllowObjects], as Godot's bytes_to_var refuses it.
	ErrObjectsNotAllowed = errors.New("gdvar: full objects not allowed")
	// ErrTrailingData: bytes after the value given to [Unmarshal], or after
	// the value of a Decoder's input with [SingleValue].
	ErrTrailingData = errors.New("gdvar: trailing data after the value")
)

// I/O failures: the input may be fine, the reader was not.
var (
	// ErrRead: the underlying reader failed; the reader's error is wrapped
	// too. The [Decoder] is where it was: the call can be repeated.
	ErrRead = errors.New("gdvar: read error")
	// ErrInterrupted: Decode, SkipValue or [CopyValue] failed part way through
	// a value (the reader failed, say after a read deadline, or an
	// [Unmarshaler] or the [Encoder] did), so the part it had read is lost. The
	// [Decoder] cannot carry on and must be discarded: every later call
	// returns this error, which wraps the cause.
	ErrInterrupted = errors.New("gdvar: interrupted inside a value, the Decoder must be discarded")
)

// Reasons shared by both directions and the value layer.
var (
	// ErrUnexpectedToken: a token does not fit where it is written or
	// skipped: an element past a container's declared count, an end too
	// early, a key where a value belongs, chunks that do not add up to the
	// declared length, a type the engine version lacks; or SkipValue and
	// [CopyValue] called where no value begins.
	ErrUnexpectedToken = errors.New("gdvar: unexpected token")
	// ErrUnsupportedType: a Go value that has no Godot form (a channel, a
	// function, a complex number, …), given to [Marshal] or Encode.
	ErrUnsupportedType = errors.New("gdvar: unsupported type")
	// ErrCycle: a Go value given to [Marshal] or Encode that contains itself,
	// through pointers, maps, slices or interfaces.
	ErrCycle = errors.New("gdvar: value contains itself")
	// ErrUnknownField: a key that names no field of the Go struct it is
	// decoded into, with [DisallowUnknownFields]; errors.As finds the
	// *UnknownFieldError with the key and its path.
	ErrUnknownField = errors.New("gdvar: unknown field")
	// ErrInvalidOption: an [Option] was given a value it does not accept (see
	// Option); the error says which.
	ErrInvalidOption = errors.New("gdvar: invalid option")
)

// errTooDeepToken is the Err of an Encoder's error for a token nested too
// deep: a token that does not fit, because of the depth.
var errTooDeepToken = fmt.Errorf("%w: %w", ErrUnexpectedToken, ErrTooDeep)

// reason is a sentinel's message without the common prefix, for messages
// that already start with it.
func reason(err error) string {
	return strings.TrimPrefix(err.Error(), "gdvar: ")
}

// DecodeError is the error a [Decoder] returns when it cannot go on. It says
// where (the byte offset from the start of the input and the path to the
// value, like $[3]["pos"]) and why (Reason, one of the sentinels).
type DecodeError struct {
	Offset int64  // byte offset of the failing element
	Path   string // path to the failing value, "$" for the top level
	Reason error  // ErrTruncated, ErrInvalidType, …, ErrRead
	Detail string // what was wrong, for people
	Err    error  // underlying error (a *LimitError, a reader's error), or nil
}

func (e *DecodeError) Error() string {
	msg := fmt.Sprintf("gdvar: offset %d, at %s: %s", e.Offset, shortPath(e.Path), reason(e.Reason))
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns the reason and the underlying error, so that errors.Is and
// errors.As see both. A truncation also unwraps to io.ErrUnexpectedEOF.
func (e *DecodeError) Unwrap() []error {
	errs := []error{e.Reason}
	if e.Err != nil {
		errs = append(errs, e.Err)
	} else if e.Reason == ErrTruncated {
		errs = append(errs, io.ErrUnexpectedEOF)
	}
	return errs
}

// IsIOError reports whether err is a Decoder's failure to read ([ErrRead] or
// [ErrInterrupted]), as opposed to input that is malformed or over a limit. A
// server drops a peer on either, but only the second is the peer's fault.
func IsIOError(err error) bool {
	return errors.Is(err, ErrRead) || errors.Is(err, ErrInterrupted)
}

// shortPath shortens a very deep path for messages, keeping both ends.
func shortPath(p string) string {
	const keep = 60
	if len(p) <= 3*keep {
		return p
	}
	return p[:keep] + "…" + p[len(p)-keep:]
}

// EncodeError is the error an [Encoder], [Marshal] and Encode return. It says
// where in the value being written the problem is and what was expected
// instead.
type EncodeError struct {
	Path   string // path to the value being written, like $[3]["pos"]
	Detail string // what was wrong and what was expected
	// Err is the reason: [ErrUnexpectedToken], [ErrTooDeep], [ErrCycle],
	// [ErrUnsupportedType], a Marshaler's error or the writer's error.
	Err error
}

func (e *EncodeError) Error() string {
	if errors.Is(e.Err, ErrUnexpectedToken) || e.Err == ErrTooDeep || e.Err == ErrCycle || e.Err == ErrUnsupportedType {
		return fmt.Sprintf("gdvar: encode at %s: %s", shortPath(e.Path), e.Detail)
	}
	return fmt.Sprintf("gdvar: encode at %s: %s: %v", shortPath(e.Path), e.Detail, e.Err)
}

// Unwrap returns the underlying error.
func (e *EncodeError) Unwrap() error { return e.Err }

// LimitError reports that input broke one of the [Limits]. It is found with
// errors.As in the error a [Decoder] returns, which also matches [ErrLimit].
type LimitError struct {
	Limit string // the Limits field, such as "MaxStringBytes"
	Value int64  // what the input declared or reached
	Max   int64  // the limit in force
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%s exceeded: %s > %s", e.Limit, strconv.FormatInt(e.Value, 10), strconv.FormatInt(e.Max, 10))
}

// UnmarshalTypeError reports a Godot value that cannot go into the Go value
// it is decoded into, such as
// `$[3]["pos"]: cannot unmarshal Vector3 into Go field Player.Pos of type string`.
type UnmarshalTypeError struct {
	Path   string       // where the value is, like $[3]["pos"]
	Godot  string       // its Godot type, like "Vector3"
	Type   reflect.Type // the Go type it could not go into
	Field  string       // the Go struct field, like "Player.Pos", if any
	Detail string       // why, when it is not the type (an overflow, …)
}

func (e *UnmarshalTypeError) Error() string {
	msg := "gdvar: " + shortPath(e.Path) + ": cannot unmarshal " + e.Godot + " into Go "
	if e.Field != "" {
		msg += "field " + e.Field + " of "
	}
	msg += "type " + e.Type.String()
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

// UnknownFieldError reports, with [DisallowUnknownFields], a Dictionary key
// or full-object property that names no field of the Go struct it is
// decoded into, such as
// `$[3]["hp"]: unknown field "hp" of Go type main.Player`. It matches
// [ErrUnknownField].
type UnknownFieldError struct {
	Path  string       // where the key's value is, like $[3]["hp"]
	Key   string       // the key's text, for a String or StringName key
	Godot string       // the key's Godot type, like "String", "StringName" or "int"
	Type  reflect.Type // the struct type
}

func (e *UnknownFieldError) Error() string {
	what := "unknown field " + shortPath(strconv.Quote(e.Key))
	if e.Godot != "String" && e.Godot != "StringName" {
		what = "a key of type " + e.Godot + " names no field"
	}
	return "gdvar: " + shortPath(e.Path) + ": " + what + " of Go type " + e.Type.String()
}

// Unwrap returns [ErrUnknownField].
func (e *UnknownFieldError) Unwrap() error { return ErrUnknownField }
