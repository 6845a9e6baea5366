package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"

	"github.com/gdvar/gdvar/internal/procstat"
)

// processCPU returns the CPU time process pid has used, to the
// nanosecond (procstat.Usage): a match of 2 players uses a few
// milliseconds a second, which /proc/PID/stat's 10 ms ticks measured to
// ±30% over a run.
func processCPU(pid int) (procstat.Usage, error) { return procstat.ReadUsage(pid) }

// processRSS returns the resident memory of process pid (VmRSS), in bytes.
func processRSS(pid int) (int64, error) { return procstat.RSS(pid) }

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
