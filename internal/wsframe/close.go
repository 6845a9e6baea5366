package wsframe

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unicode/utf8"
)

// CloseCode is a close frame's status code (RFC 6455, 7.4).
type CloseCode uint16

// The close codes this package sends or looks at.
const (
	CloseNormal        CloseCode = 1000 // the purpose is fulfilled
	CloseGoingAway     CloseCode = 1001 // the endpoint goes away
	CloseProtocolError CloseCode = 1002 // a frame RFC 6455 refuses
	CloseNoStatus      CloseCode = 1005 // a close frame with no code: never sent
	CloseAbnormal      CloseCode = 1006 // no close frame came: never sent
	CloseInvalidData   CloseCode = 1007 // text, or a close reason, not UTF-8
	ClosePolicy        CloseCode = 1008 // a message the endpoint's policy refuses
	CloseTooBig        CloseCode = 1009 // a message over the endpoint's limit
	CloseTLSHandshake  CloseCode = 1015 // the TLS handshake failed: never sent
)

// CloseError is a close frame's code and reason: the peer's, in the
// error that ends the reading once its close frame has come, or this
// side's, in the error of a frame refused, which the connection closes
// with. Errors of this package carry it, for errors.As.
type CloseError struct {
	Code   CloseCode
	Reason string // at most 123 bytes, UTF-8
}

func (e CloseError) Error() string {
	if e.Reason == "" {
		return fmt.Sprintf("close status %d", e.Code)
	}
	return fmt.Sprintf("close status %d, reason %q", e.Code, e.Reason)
}

// CodeOf returns the code of the CloseError err holds, or 0 if it holds
// none.
func CodeOf(err error) CloseCode {
	var ce CloseError
	if errors.As(err, &ce) {
		return ce.Code
	}
	return 0
}

// refuse is the error of a frame that RFC 6455 refuses: what was wrong,
// and the code the connection closes with. Its text is short: it shows
// none of the frame's bytes.
func refuse(code CloseCode, format string, args ...any) error {
	return fmt.Errorf("websocket: "+format+": %w", append(args, CloseError{Code: code})...)
}

// peerClosed is the error that ends the reading once the peer's close
// frame p (checked: checkClose) has come.
func peerClosed(p []byte) error {
	ce := CloseError{Code: CloseNoStatus}
	if len(p) >= 2 {
		ce = CloseError{Code: CloseCode(binary.BigEndian.Uint16(p)), Reason: string(p[2:])}
	}
	return fmt.Errorf("websocket: received close frame: %w", ce)
}

// checkClose refuses a close frame's payload that RFC 6455 refuses (5.5.1,
// 7.1.6, 7.4): one byte, a code not to be sent, a reason not UTF-8.
func checkClose(p []byte) error {
	switch {
	case len(p) == 0:
		return nil
	case len(p) == 1:
		return refuse(CloseProtocolError, "received a close frame of 1 byte")
	case !sendable(CloseCode(binary.BigEndian.Uint16(p))):
		return refuse(CloseProtocolError, "received close code %d", binary.BigEndian.Uint16(p))
	case !utf8.Valid(p[2:]):
		return refuse(CloseInvalidData, "received a close reason that is not UTF-8")
	}
	return nil
}

// sendable reports whether a close frame may carry code (RFC 6455, 7.4):
// one that RFC 6455 defines for a frame, or one of 3000–4999, which
// libraries and applications register or keep for themselves.
func sendable(code CloseCode) bool {
	switch code {
	case 1004, CloseNoStatus, CloseAbnormal, CloseTLSHandshake:
		return false
	}
	return code >= CloseNormal && code <= 1014 || code >= 3000 && code <= 4999
}
