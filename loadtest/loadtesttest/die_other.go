//go:build !linux

package loadtesttest

import "os/exec"

// dieWithTest does nothing here: only Linux kills a child with its
// parent. The test's cleanup ends the server.
func dieWithTest(*exec.Cmd) {}
