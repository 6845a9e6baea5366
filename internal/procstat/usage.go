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
	if u.Run == 0 {
		// No schedstat to read (a sandbox without it), or all zeros (a
		// kernel that keeps none): the ticks are all there is.
		u.Run = ticks
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
// to the nanosecond, unless it is negative or Ticks' exceeds it by more
// than the ticks' rounding, then Ticks'. Either means a thread ended
// meanwhile and took its run time, all of it, with it; one that had run
// under 20 ms in all can go unseen, and costs the figure that much.
func (u Usage) Since(before Usage) time.Duration {
	run, ticks := u.Run-before.Run, u.Ticks-before.Ticks
	if run < 0 || ticks > run+2*clockTick {
		return max(ticks, 0)
	}
	return run
}
