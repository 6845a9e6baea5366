package loadtesttest

import (
	"os/exec"
	"syscall"
)

// dieWithTest has the kernel kill the server when the test process dies,
// even killed, so that no server outlives a test that could not end it.
func dieWithTest(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
