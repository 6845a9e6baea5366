//go:build !unix

package wsframe

import (
	"errors"
	"net"
	"syscall"
)

// NowSocket returns nil: here a socket's bytes all go through its Write.
func NowSocket(net.Conn) syscall.RawConn { return nil }

// writeNow is not called where NowSocket returns nil.
func writeNow(syscall.RawConn, []byte) (int, error) { return 0, errors.ErrUnsupported }

// QuietReads returns nc: here a socket's reads are its own, and idle is
// not called.
func QuietReads(nc net.Conn, idle func()) net.Conn { return nc }
