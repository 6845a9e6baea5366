//go:build !unix

package vartext

import "time"

// cpuTime is 0 where the process's CPU time is not at hand: the benchmarks
// then report no CPU time.
func cpuTime() time.Duration { return 0 }
