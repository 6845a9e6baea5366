//go:build !unix

package multiplayer

import "github.com/gdvar/gdvar/internal/testrig/godot"

// pause does nothing here: the engine goes on spinning.
func pause(*godot.Process) {}

// resume does nothing here.
func resume(*godot.Process) {}
