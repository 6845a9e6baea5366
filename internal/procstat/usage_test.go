package procstat

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUsageSince(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name          string
		before, after Usage
		want          time.Duration
	}{
		{"run, finer than ticks", Usage{100 * ms, 95 * ms}, Usage{110 * ms, 107 * ms}, 12 * ms},
		{"ticks rounded up the other way", Usage{100 * ms, 105 * ms}, Usage{130 * ms, 115 * ms}, 10 * ms},
		{"a thread ended", Usage{100 * ms, 100 * ms}, Usage{200 * ms, 40 * ms}, 100 * ms},
		{"a thread of little run time ended", Usage{100 * ms, 100 * ms}, Usage{100 * ms, 95 * ms}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.after.Since(tc.before))
		})
	}
}

func TestSchedRun(t *testing.T) {
	got, err := schedRun([]byte("123456789 2000 30\n"))
	require.NoError(t, err)
	assert.Equal(t, 123456789*time.Nanosecond, got)
	for _, bad := range []string{"", "x 1 2", "-5 1 2"} {
		_, err := schedRun([]byte(bad))
		assert.Error(t, err, "%q", bad)
	}
}

func TestReadUsageOfASpin(t *testing.T) {
	if _, err := os.Stat("/proc/self/task"); err != nil {
		t.Skip("no /proc")
	}
	before, err := ReadUsage(os.Getpid())
	require.NoError(t, err)
	for end := Self() + 50*time.Millisecond; Self() < end; { // 50 ms run, however busy the machine
	}
	after, err := ReadUsage(os.Getpid())
	require.NoError(t, err)
	used := after.Since(before)
	assert.GreaterOrEqual(t, used, 45*time.Millisecond, "50 ms run")
	assert.Less(t, used, 10*time.Second)
	_, err = ReadUsage(-1)
	assert.Error(t, err)
}
