package loadcmd

import (
	"testing"

	"github.com/gdvar/gdvar/loadtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSegmentOf(t *testing.T) {
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	s, err := segmentOf("", env(nil))
	require.NoError(t, err)
	assert.Equal(t, loadtest.Segment{}, s, "the whole test")
	s, err = segmentOf("", env(map[string]string{"JOB_COMPLETION_INDEX": "2", "JOB_COMPLETIONS": "5"}))
	require.NoError(t, err)
	assert.Equal(t, loadtest.Segment{Index: 2, Count: 5}, s)
	s, err = segmentOf("1/3", env(map[string]string{"JOB_COMPLETION_INDEX": "2", "JOB_COMPLETIONS": "5"}))
	require.NoError(t, err)
	assert.Equal(t, loadtest.Segment{Index: 1, Count: 3}, s, "the flag first")
	_, err = segmentOf("", env(map[string]string{"JOB_COMPLETIONS": "5"}))
	assert.ErrorContains(t, err, "JOB_COMPLETIONS is set but not JOB_COMPLETION_INDEX")
}
