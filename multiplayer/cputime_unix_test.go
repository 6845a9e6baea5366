//go:build unix

package multiplayer

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process has used, all threads (the
// collector's too): on a busy machine it measures work where the clock
// measures the wait for a core as well.
func processCPU() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
