//go:build !linux

package debugger

import (
	"fmt"
	"net"
)

// fromProcess lets every connection through: other systems say which
// process holds a socket only through interfaces this package does not use
// (cgo, or privileges), so there Launch takes the first connection that
// sends a debugger message.
func fromProcess(net.Conn, int) error { return nil }

// saysPID checks a Godot 4 game's first message, m, which must be set_pid
// naming the game's process, pid: elsewhere than on Linux this package
// cannot tell the game's descendants.
func saysPID(c net.Conn, m Message, pid int) error {
	reported, err := reportedPID(m)
	if err == nil && reported != pid {
		err = fmt.Errorf("%w: %s says it is process %d, not the game's %d", ErrNotTheGame, c.RemoteAddr(), reported, pid)
	}
	return err
}
