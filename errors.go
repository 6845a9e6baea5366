package gdvar

import (
	"errors"
	"fmt"
	"io"
)

// Sentinel errors naming the kind of a decoding failure. The error a Decoder
// returns is a *SyntaxError that matches exactly one of them with errors.Is.
var (
	// ErrTruncated: the input ended inside a value. Such errors also match
	// io.ErrUnexpectedEOF.
	ErrTruncated = errors.New("truncated input")
	// ErrInvalidType: a type number the engine does not have.
	ErrInvalidType = errors.New("invalid type")
	// ErrInvalidLength: a negative or impossible length or count.
	ErrInvalidLength = errors.New("invalid length")
	// ErrInvalidUTF8: a string that is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("invalid UTF-8")
	// ErrInvalidValue: a payload the engine refuses for another reason, such
	// as the old NodePath form or a typed container of an unknown type.
	ErrInvalidValue = errors.New("invalid value")
	// ErrTooDeep: a value nested in more containers than Godot allows (1024)
	// or than Limits.MaxDepth allows. An Encoder refuses such a value with an
	// *EncodeError matching it (and ErrUnexpectedToken), and so do Marshal
	// and Encode, which also refuse a Go value through more than 8200
	// pointers and interfaces (see ErrCycle for one that contains itself).
	ErrTooDeep = errors.New("nesting too deep")
	// ErrLimit: the input broke one of the Limits; errors.As finds the
	// *LimitError with the details.
	ErrLimit = errors.New("limit exceeded")
	// ErrObjectsNotAllowed: a full object in input decoded without
	// AllowObjects, as Godot's bytes_to_var refuses it.
	ErrObjectsNotAllowed = errors.New("full objects not allowed")
	// ErrRead: the underlying reader failed; the reader's error is wrapped
	// too. The Decoder is where it was: the call can be repeated.
	ErrRead = errors.New("read error")
	// ErrInterrupted: Decode, SkipValue or CopyValue failed part way through
	// a value (the reader failed, say after a read deadline, or an
	// Unmarshaler or the Encoder did), so the part it had read is lost. The
	// Decoder cannot carry on and must be discarded: every later call
	// returns this error, which wraps the cause.
	ErrInterrupted = errors.New("interrupted inside a value, the Decoder must be discarded")
)

// SyntaxError is the error a Decoder returns for input it cannot decode. It
// says where (the byte offset from the start of the input and the path to the
// value, like $[3]["pos"]) and what (Kind, one of the Err* sentinels).
type SyntaxError struct {
	Offset int64  // byte offset of the failing element
	Path   string // path to the failing value, "$" for the top level
	Kind   error  // ErrTruncated, ErrInvalidType, …
	Detail string // what was wrong, for people
	Err    error  // underlying error (a *LimitError, a reader's error), or nil
}

func (e *SyntaxError) Error() string {
	msg := fmt.Sprintf("gdvar: offset %d, at %s: %s", e.Offset, shortPath(e.Path), e.Kind)
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// shortPath shortens a very deep path for messages, keeping both ends.
func shortPath(p string) string {
	const keep = 60
	if len(p) <= 3*keep {
		return p
	}
	return p[:keep] + "…" + p[len(p)-keep:]
}

// Unwrap returns the kind and the underlying error, so that errors.Is and
// errors.As see both. A truncation also unwraps to io.ErrUnexpectedEOF.
func (e *SyntaxError) Unwrap() []error {
	errs := []error{e.Kind}
	if e.Err != nil {
		errs = append(errs, e.Err)
	} else if e.Kind == ErrTruncated {
		errs = append(errs, io.ErrUnexpectedEOF)
	}
	return errs
}

// ErrUnexpectedToken is matched by the errors an Encoder returns when a token
// does not fit where it is written: an element past a container's declared
// count, an end too early, a key where a value belongs, chunks that do not add
// up to the declared length, or a type the engine version lacks.
var ErrUnexpectedToken = errors.New("unexpected token")

// errTooDeepToken is the Err of an Encoder's error for a token nested too
// deep: a token that does not fit, because of the depth.
var errTooDeepToken = fmt.Errorf("%w: %w", ErrUnexpectedToken, ErrTooDeep)

// EncodeError is the error an Encoder returns. It says where in the value
// being written the problem is and what was expected instead.
type EncodeError struct {
	Path   string // path to the value being written, like $[3]["pos"]
	Detail string // what was wrong and what was expected
	Err    error  // ErrUnexpectedToken, or the writer's error
}

func (e *EncodeError) Error() string {
	if errors.Is(e.Err, ErrUnexpectedToken) || e.Err == ErrTooDeep || e.Err == ErrCycle {
		return fmt.Sprintf("gdvar: encode at %s: %s", shortPath(e.Path), e.Detail)
	}
	return fmt.Sprintf("gdvar: encode at %s: %s: %v", shortPath(e.Path), e.Detail, e.Err)
}

// Unwrap returns the underlying error.
func (e *EncodeError) Unwrap() error { return e.Err }
