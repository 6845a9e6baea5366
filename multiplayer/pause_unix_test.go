//go:build unix

package multiplayer

import (
	"syscall"

	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// pause stops an engine's process, which then uses no core, until resume.
func pause(p *godot.Process) { p.Signal(syscall.SIGSTOP) }

// resume lets a paused engine's process go on.
func resume(p *godot.Process) { p.Signal(syscall.SIGCONT) }
