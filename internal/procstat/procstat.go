// Package procstat reads a process's CPU time and resident memory, and
// how busy this machine's cores are, from Linux's /proc: what a benchmark
// or a load test reports of a server it measures from outside, and of the
// machine they share.
package procstat

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
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

// Machine returns the clock ticks (USER_HZ) the cores this process may
// run on (its CPU affinity, where it is known; else every core) have been
// busy, and those they have been counted (busy or idle), summed since
// boot, from
// /proc/stat: the share of two readings' differences is how busy those
// cores were between them, whatever process made them so. In a container
// given a few of a host's cores, those are its affinity; a CPU quota
// (cgroup cpu.max) is not counted. Where /proc/stat lists none of them
// (lxcfs numbers a container's cores from 0), every core it lists counts.
func Machine() (busy, total int64, err error) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0, err
	}
	if allowed := allowedCPUs(); allowed != nil {
		if busy, total, err := machineOf(b, allowed); err == nil {
			return busy, total, nil
		}
	}
	return machineOf(b, nil)
}

// machineOf reads /proc/stat's lines of the cores allowed (cpuN), or its
// first line, the sum of all cores' ("cpu"), if allowed is nil: the clock
// ticks spent in user, nice, system, idle, iowait, irq, softirq and steal
// time (and guest time, which user time already counts).
func machineOf(stat []byte, allowed func(cpu int) bool) (busy, total int64, err error) {
	counts := func(name string) bool { return name == "cpu" }
	if allowed != nil {
		counts = func(name string) bool {
			n, err := strconv.Atoi(strings.TrimPrefix(name, "cpu"))
			return err == nil && allowed(n)
		}
	}
	counted := false
	for line := range bytes.Lines(stat) {
		f := bytes.Fields(line)
		if len(f) == 0 || !counts(string(f[0])) {
			continue
		}
		b, t, err := coreTicks(f)
		if err != nil {
			return 0, 0, err
		}
		if total > math.MaxInt64-t {
			return 0, 0, fmt.Errorf("procstat: /proc/stat: more ticks than an int64 holds")
		}
		busy, total, counted = busy+b, total+t, true
	}
	if !counted {
		return 0, 0, fmt.Errorf("procstat: /proc/stat: no line of the cores counted in %.80q", stat)
	}
	return busy, total, nil
}

// coreTicks reads a cpu line's fields: its busy and total ticks.
func coreTicks(f [][]byte) (busy, total int64, err error) {
	bad := func() error { return fmt.Errorf("procstat: /proc/stat: %.80q", bytes.Join(f, []byte(" "))) }
	if len(f) < 9 {
		return 0, 0, bad()
	}
	for i := range 8 {
		t, err := strconv.ParseInt(string(f[1+i]), 10, 64)
		if err != nil || t < 0 || total > math.MaxInt64-t {
			return 0, 0, bad()
		}
		total += t
		if i != 3 && i != 4 { // idle and iowait
			busy += t
		}
	}
	return busy, total, nil
}
