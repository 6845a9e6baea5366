//go:build !linux

package childproc

import "os/exec"

// DieWithParent does nothing here: only Linux kills a child with its
// parent. The caller ends the child.
func DieWithParent(*exec.Cmd) {}
