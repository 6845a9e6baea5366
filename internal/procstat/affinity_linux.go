package procstat

import "golang.org/x/sys/unix"

// allowedCPUs reports the cores this process may run on, or nil if its
// affinity cannot be read.
func allowedCPUs() func(cpu int) bool {
	var set unix.CPUSet
	if unix.SchedGetaffinity(0, &set) != nil {
		return nil
	}
	return set.IsSet
}
