//go:build !unix

package procstat

import "time"

// Self returns 0: CPU time is not measured here.
func Self() time.Duration { return 0 }
