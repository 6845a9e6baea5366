//go:build !linux

package procstat

// allowedCPUs returns nil: every core counts.
func allowedCPUs() func(cpu int) bool { return nil }
