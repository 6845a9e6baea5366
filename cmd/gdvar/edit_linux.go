package main

import (
	"os/exec"
	"syscall"
)

// dieWithGdvar makes the kernel kill the program when gdvar dies, however
// it dies (SIGKILL included).
func dieWithGdvar(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
