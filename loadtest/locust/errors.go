package locust

import (
	"errors"
	"strings"

	"github.com/gdvar/gdvar/internal/textcut"
)

// The errors of a worker's master, each a kind a *Error's Is matches.
var (
	// ErrNoMaster is a master that is not there: nothing listens at its
	// address, or what does makes no handshake or ack in time.
	ErrNoMaster = errors.New("locust: no master")
	// ErrMaster is a master that breaks the protocol: a message this
	// worker cannot read (another protocol version's), or past a bound.
	ErrMaster = errors.New("locust: bad master")
	// ErrMasterGone is a master that went away as the test ran: its
	// connection closed, it fell silent, or it stopped reading.
	ErrMasterGone = errors.New("locust: master gone")
)

// maxError bounds an error's text.
const maxError = 300

// An Error is what went wrong with a worker's master: one line of at
// most 300 bytes, which errors.Is matches to its kind (ErrNoMaster,
// ErrMaster, ErrMasterGone) and to what it wraps.
type Error struct {
	text string
	err  error
}

func (e *Error) Error() string { return e.text }

// Unwrap returns the error it says.
func (e *Error) Unwrap() error { return e.err }

// bounded is err as an *Error: its text on one line, cut to maxError
// bytes.
func bounded(err error) error {
	text := strings.Join(strings.Fields(err.Error()), " ")
	if len(text) > maxError {
		text = textcut.Prefix(text, maxError-len("…")) + "…"
	}
	return &Error{text: text, err: err}
}
