package cputime

import (
	"time"

	"github.com/gdvar/gdvar/internal/procstat"
)

// Process returns the CPU time the process has used, in user and system
// mode, all threads (the collector's too), or 0 where it is not measured.
func Process() time.Duration { return procstat.Self() }
