//go:build !unix

package cputime

import "time"

// Process returns 0: CPU time is not measured here.
func Process() time.Duration { return 0 }
