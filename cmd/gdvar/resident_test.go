package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
)

// The commands that read a ConfigFile whole (text, json, scan, migrate),
// run as processes on the files that cost the reader most, 4 MiB each:
// their peak resident memory exceeds that on an ordinary file of the same
// size by at most hostile.TextBound of the file (it exceeded it by 53–132
// bytes a byte).
func TestConfigFileResident(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command 28 times on 4 MiB")
	}
	const size = 4 << 20
	dir := t.TempDir()
	ordinary := filepath.Join(dir, "ordinary.cfg")
	require.NoError(t, os.WriteFile(ordinary, hostile.OrdinaryConfigFile(size), 0o600))
	for _, cmd := range []string{"text", "json", "scan", "migrate"} {
		base := peakResident(t, cmd, ordinary)
		for i, in := range hostile.ConfigFiles(size) {
			path := filepath.Join(dir, fmt.Sprintf("hostile%d.cfg", i))
			require.NoError(t, os.WriteFile(path, in.Data, 0o600))
			t.Run(cmd+", "+in.Name, func(t *testing.T) {
				peak := peakResident(t, cmd, path)
				t.Logf("%d KiB resident, %d more than on an ordinary file: %.1f bytes a byte", peak>>10, (peak-base)>>10, float64(peak-base)/float64(len(in.Data)))
				assert.LessOrEqual(t, peak-base, int64(hostile.TextBound(in.Data)))
			})
		}
	}
}

// peakResident runs gdvar cmd path as a process, its output discarded, and
// returns its peak resident memory in bytes: VmHWM, which the process
// writes as it ends (the rusage of a child counts the parent's memory at
// the fork too).
func peakResident(t *testing.T, cmd, path string) int64 {
	t.Helper()
	out := filepath.Join(t.TempDir(), "peak")
	c := exec.Command(os.Args[0], "-test.run=^$")
	c.Env = append(os.Environ(), "GDVAR_TEST_MAIN="+cmd+" "+path, "GDVAR_TEST_PEAK="+out)
	var stderr strings.Builder
	c.Stderr = &stderr
	require.NoError(t, c.Run(), "gdvar %s: %s", cmd, stderr.String())
	kib, err := os.ReadFile(out)
	require.NoError(t, err)
	n, err := strconv.ParseInt(string(kib), 10, 64)
	require.NoError(t, err)
	return n << 10
}

// writePeak writes the process's peak resident memory in KiB, VmHWM of
// /proc/self/status, to the file path.
func writePeak(path string) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		panic(err)
	}
	m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(status)
	if m == nil {
		panic("no VmHWM in /proc/self/status")
	}
	if err := os.WriteFile(path, m[1], 0o600); err != nil {
		panic(err)
	}
}
