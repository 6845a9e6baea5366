//go:build !unix

package multiplayer

import "time"

// processCPU is not measured here.
func processCPU() time.Duration { return 0 }
