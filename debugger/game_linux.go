package debugger

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel kill the game when the process that
// started it dies, even killed by SIGKILL, so that no game outlives a
// test or tool that could not Close it. (The signal comes when the thread
// that started the game ends: Go ends a thread only with a goroutine that
// locked it, so Launch is not to be called from one that did.)
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
