package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"time"
)

// clockTick is the unit of /proc/PID/stat's times: USER_HZ, 100 on Linux.
const clockTick = 10 * time.Millisecond

// processCPU returns the CPU time (user and system, all threads) process
// pid has used, from /proc/PID/stat.
func processCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command may hold spaces; the fields after its ")" are 3 onwards.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, fmt.Errorf("players: /proc/%d/stat: %q", pid, b)
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 13 {
		return 0, fmt.Errorf("players: /proc/%d/stat: %q", pid, b)
	}
	utime, err1 := strconv.ParseInt(string(f[11]), 10, 64) // field 14
	stime, err2 := strconv.ParseInt(string(f[12]), 10, 64) // field 15
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("players: /proc/%d/stat: %q", pid, b)
	}
	return time.Duration(utime+stime) * clockTick, nil
}

// processRSS returns the resident memory of process pid (VmRSS), in bytes.
func processRSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range bytes.Lines(b) {
		if rest, ok := bytes.CutPrefix(line, []byte("VmRSS:")); ok {
			f := bytes.Fields(rest)
			kb, err := strconv.ParseInt(string(f[0]), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("players: no VmRSS in /proc/%d/status", pid)
}

// udpDrops returns the datagrams the kernel dropped for want of room in a
// socket's receive buffer (RcvbufErrors of /proc/net/snmp), in this
// network namespace: the server's and the clients' sockets, and any other
// process's.
func udpDrops() (int64, error) {
	b, err := os.ReadFile("/proc/net/snmp")
	if err != nil {
		return 0, err
	}
	var names [][]byte
	for line := range bytes.Lines(b) {
		rest, ok := bytes.CutPrefix(line, []byte("Udp:"))
		if !ok {
			continue
		}
		if names == nil {
			names = bytes.Fields(rest)
			continue
		}
		for i, v := range bytes.Fields(rest) {
			if i < len(names) && string(names[i]) == "RcvbufErrors" {
				return strconv.ParseInt(string(v), 10, 64)
			}
		}
	}
	return 0, fmt.Errorf("players: no Udp RcvbufErrors in /proc/net/snmp")
}
