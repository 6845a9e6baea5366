//go:build !linux

package debugger

import "net"

// quickAck returns c: only Linux has TCP_QUICKACK.
func quickAck(c net.Conn) net.Conn { return c }
