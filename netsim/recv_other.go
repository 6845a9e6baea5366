//go:build !unix

package netsim

import (
	"errors"
	"net"
	"net/netip"
)

// framesSupported is false: reading a socket without waiting needs a unix
// system's MSG_DONTWAIT.
const framesSupported = false

// recvNow is not available here (New refuses a link of frames).
func recvNow(*net.UDPConn, []byte) (int, netip.AddrPort, bool, error) {
	return 0, netip.AddrPort{}, false, errors.New("netsim: a link of frames needs a unix system")
}

// recvStreamNow is not available here (NewStream refuses a link of
// frames).
func recvStreamNow(*net.TCPConn, []byte) (int, bool, error) {
	return 0, false, errors.New("netsim: a link of frames needs a unix system")
}
