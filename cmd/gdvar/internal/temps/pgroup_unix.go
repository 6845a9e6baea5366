//go:build unix

package temps

import "syscall"

// ownProcessGroup starts a process in a process group of its own, which
// the signals to gdvar's group (a terminal's Ctrl-C) do not reach.
func ownProcessGroup() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
