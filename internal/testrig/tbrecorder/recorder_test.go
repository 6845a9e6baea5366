package tbrecorder

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A helper that skips its subtest skips the test around it, which would
// otherwise assert on what the helper never said.
func TestSubtestSkipsItsTest(t *testing.T) {
	for _, c := range []struct {
		name string
		skip func(r *Recorder)
	}{
		{"Skipf", func(r *Recorder) { r.Skipf("no %s", "engine") }},
		{"Skip", func(r *Recorder) { r.Skip("no engine") }},
		{"the subtest's own t", func(r *Recorder) { r.TB.Skip("no engine") }},
	} {
		var outer *testing.T
		t.Run(c.name, func(t *testing.T) {
			outer = t
			r := &Recorder{}
			r.Subtest(t, "inner", func() { c.skip(r) })
			t.Error("the test went on after its subtest skipped")
		})
		assert.True(t, outer.Skipped(), c.name)
	}
}

// A subtest that fails through the recorder fails neither test: the
// recorder keeps what it said.
func TestSubtestRecords(t *testing.T) {
	r := &Recorder{}
	r.Subtest(t, "inner", func() {
		r.Errorf("said %d", 1)
		r.Fatalf("stopped")
		r.Errorf("not reached")
	})
	assert.True(t, r.Failed())
	assert.Equal(t, "said 1\nstopped", r.Text())
}
