//go:build !linux

package debuggertest

import "os/exec"

// dieWithTest does nothing here: only Linux kills a child with its
// parent. The test's cleanup ends Xvfb.
func dieWithTest(*exec.Cmd) {}
