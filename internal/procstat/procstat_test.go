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
