package childproc

import (
	"os/exec"
	"syscall"
)

// DieWithParent has the kernel kill cmd's process when the process that
// started it dies, even killed by SIGKILL, so that no child outlives a
// test or tool that could not end it. (The signal comes when the thread
// that started the child ends: Go ends a thread only with a goroutine
// that locked it, so cmd is not to be started from one that did.) Call
// it before cmd.Start.
func DieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
