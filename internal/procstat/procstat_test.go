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
	for _, tc := range []struct {
		name, stat  string
		busy, total time.Duration
		bad         bool
	}{
		{"two cores", "cpu  100 5 45 800 20 10 10 10 0 0\ncpu0 50 2 20 400 10 5 5 5 0 0\n", 180 * clockTick, 1000 * clockTick, false},
		{"no cpu line", "intr 1 2 3\n", 0, 0, true},
		{"short", "cpu 1 2 3\n", 0, 0, true},
		{"not a number", "cpu 1 2 3 x 5 6 7 8\n", 0, 0, true},
		{"negative", "cpu 1 2 3 -4 5 6 7 8\n", 0, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			busy, total, err := machineOf([]byte(tc.stat))
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
	for end := time.Now().Add(100 * time.Millisecond); time.Now().Before(end); {
	}
	busy1, total1, err := Machine()
	require.NoError(t, err)
	assert.Greater(t, total1, total0, "the cores' time goes on")
	assert.GreaterOrEqual(t, busy1-busy0, 50*time.Millisecond, "100 ms spun on one core, counted to 10 ms")
	assert.LessOrEqual(t, busy1-busy0, total1-total0)
}
