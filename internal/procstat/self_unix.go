//go:build unix

package procstat

import (
	"syscall"
	"time"
)

// Self returns the CPU time this process has used, in user and system
// mode, all threads (the collector's too), to the microsecond, or 0 where
// it is not measured.
func Self() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
