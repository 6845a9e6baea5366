//go:build !unix

package main

import "syscall"

// ownProcessGroup is nil: no process groups to leave.
func ownProcessGroup() *syscall.SysProcAttr { return nil }
