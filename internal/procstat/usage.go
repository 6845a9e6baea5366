package procstat

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"time"
)

// Usage is a process's CPU time read two ways: Ticks, every thread's
// (ended ones included) to USER_HZ's 10 ms, from /proc/PID/stat; Run,
// the live threads' to the nanosecond, summed from each thread's
// /proc/PID/task/TID/schedstat. A server of a small match uses a few
// milliseconds a second, which ticks measure over a few seconds to ±30%.
type Usage struct {
	Ticks, Run time.Duration
}

// ReadUsage reads process pid's Usage.
func ReadUsage(pid int) (Usage, error) {
	ticks, err := CPU(pid)
	if err != nil {
		return Usage{}, err
	}
	dir := fmt.Sprintf("/proc/%d/task", pid)
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return Usage{}, err
	}
	u := Usage{Ticks: ticks}
	for _, t := range tasks {
		b, err := os.ReadFile(dir + "/" + t.Name() + "/schedstat")
		if err != nil {
			continue // the thread ended meanwhile
		}
		run, err := schedRun(b)
		if err != nil {
			return Usage{}, err
		}
		u.Run += run
	}
	return u, nil
}

// schedRun reads the first field of a schedstat: the ns the thread ran.
func schedRun(b []byte) (time.Duration, error) {
	f := bytes.Fields(b)
	if len(f) == 0 {
		return 0, fmt.Errorf("procstat: schedstat %.40q", b)
	}
	ns, err := strconv.ParseInt(string(f[0]), 10, 64)
	if err != nil || ns < 0 {
		return 0, fmt.Errorf("procstat: schedstat %.40q", b)
	}
	return time.Duration(ns), nil
}

// Since returns the CPU time used between before and u: Run's difference,
// to the nanosecond, unless Ticks' exceeds it by more than the ticks'
// rounding (a thread that ran meanwhile has ended, and took its run time
// with it), then Ticks'.
func (u Usage) Since(before Usage) time.Duration {
	run, ticks := u.Run-before.Run, u.Ticks-before.Ticks
	if ticks > run+2*clockTick {
		return ticks
	}
	return run
}
