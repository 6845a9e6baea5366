// Package procstat reads another process's CPU time and resident memory
// from Linux's /proc: what a benchmark or a load test reports of a server
// it measures from outside.
package procstat

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"time"
)

// clockTick is the unit of /proc/PID/stat's times: USER_HZ, 100 on Linux.
const clockTick = 10 * time.Millisecond

// CPU returns the CPU time (user and system, all threads) process pid has
// used, to 10 ms.
func CPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command may hold spaces; the fields after its ")" are 3 onwards.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, fmt.Errorf("procstat: /proc/%d/stat: %q", pid, b)
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 13 {
		return 0, fmt.Errorf("procstat: /proc/%d/stat: %q", pid, b)
	}
	utime, err1 := strconv.ParseInt(string(f[11]), 10, 64) // field 14
	stime, err2 := strconv.ParseInt(string(f[12]), 10, 64) // field 15
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("procstat: /proc/%d/stat: %q", pid, b)
	}
	return time.Duration(utime+stime) * clockTick, nil
}

// RSS returns the resident memory of process pid (VmRSS), in bytes.
func RSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range bytes.Lines(b) {
		if rest, ok := bytes.CutPrefix(line, []byte("VmRSS:")); ok {
			f := bytes.Fields(rest)
			if len(f) == 0 {
				break
			}
			kb, err := strconv.ParseInt(string(f[0]), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("procstat: no VmRSS in /proc/%d/status", pid)
}
