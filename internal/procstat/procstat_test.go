package procstat

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOwnProcess(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	before, err := CPU(os.Getpid())
	require.NoError(t, err)
	for end := time.Now().Add(50 * time.Millisecond); time.Now().Before(end); {
	}
	after, err := CPU(os.Getpid())
	require.NoError(t, err)
	assert.GreaterOrEqual(t, after, before)
	assert.Positive(t, after, "50 ms spun")
	rss, err := RSS(os.Getpid())
	require.NoError(t, err)
	assert.Greater(t, rss, int64(1<<20))
}

func TestNoProcess(t *testing.T) {
	_, err := CPU(-1)
	assert.Error(t, err)
	_, err = RSS(-1)
	assert.Error(t, err)
}

func TestMachineOf(t *testing.T) {
	const stat = "cpu  100 5 45 800 20 10 10 10 0 0\n" +
		"cpu0 60 3 25 400 10 5 5 5 0 0\n" +
		"cpu1 40 2 20 400 10 5 5 5 0 0\n" +
		"intr 1 2 3\n"
	only := func(cpu int) func(int) bool { return func(n int) bool { return n == cpu } }
	for _, tc := range []struct {
		name, stat  string
		allowed     func(int) bool
		busy, total int64
		bad         bool
	}{
		{"every core", stat, nil, 180, 1000, false},
		{"both cores allowed", stat, func(int) bool { return true }, 180, 1000, false},
		{"core 0 alone", stat, only(0), 103, 513, false},
		{"core 1 alone", stat, only(1), 77, 487, false},
		{"no core allowed listed", stat, only(7), 0, 0, true},
		{"no cpu line", "intr 1 2 3\n", nil, 0, 0, true},
		{"short", "cpu 1 2 3\n", nil, 0, 0, true},
		{"not a number", "cpu 1 2 3 x 5 6 7 8\n", nil, 0, 0, true},
		{"negative", "cpu 1 2 3 -4 5 6 7 8\n", nil, 0, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			busy, total, err := machineOf([]byte(tc.stat), tc.allowed)
			if tc.bad {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.busy, busy)
			assert.Equal(t, tc.total, total)
		})
	}
}

func TestMachineCountsASpin(t *testing.T) {
	if _, err := os.Stat("/proc/stat"); err != nil {
		t.Skip("no /proc")
	}
	busy0, total0, err := Machine()
	require.NoError(t, err)
	for end := Self() + 100*time.Millisecond; Self() < end; { // 100 ms run, however busy the machine
	}
	busy1, total1, err := Machine()
	require.NoError(t, err)
	assert.Greater(t, total1, total0, "the cores' time goes on")
	assert.GreaterOrEqual(t, busy1-busy0, int64(7), "100 ms run on an allowed core, counted in 10 ms ticks")
	assert.LessOrEqual(t, busy1-busy0, total1-total0)
}

// FuzzMachineOf: whatever /proc/stat holds, machineOf returns an error or
// busy ticks within a total, both at least 0, and its error is short.
func FuzzMachineOf(f *testing.F) {
	f.Add([]byte("cpu  100 5 45 800 20 10 10 10 0 0\ncpu0 60 3 25 400 10 5 5 5 0 0\ncpu1 40 2 20 400 10 5 5 5 0 0\n"))
	f.Add([]byte("cpu 9223372036854775807 9223372036854775807 1 1 1 1 1 1\n"))
	f.Add([]byte("cpu18446744073709551616 1 2 3 4 5 6 7 8\n"))
	f.Fuzz(func(t *testing.T, stat []byte) {
		for _, allowed := range []func(int) bool{nil, func(n int) bool { return n%2 == 0 }} {
			busy, total, err := machineOf(stat, allowed)
			if err != nil {
				assert.Less(t, len(err.Error()), 1000, "80 runes of the input, quoted, at most")
				continue
			}
			assert.GreaterOrEqual(t, busy, int64(0))
			assert.LessOrEqual(t, busy, total)
		}
	})
}
