//go:build !unix

package temps

import "syscall"

// ownProcessGroup is nil: no process groups to leave.
func ownProcessGroup() *syscall.SysProcAttr { return nil }
