//go:build !unix

package multiplayer

import (
	"errors"
	"net"
	"syscall"
)

// nowSocket returns nil: here a socket's bytes all go through its Write.
func nowSocket(net.Conn) syscall.RawConn { return nil }

// writeNow is not called where nowSocket returns nil.
func writeNow(syscall.RawConn, []byte) (int, error) { return 0, errors.ErrUnsupported }
