package varjson

import (
	"math/rand/v2"
	"testing"

	"github.com/gdvar/gdvar/internal/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A pile holds what a slice would, through pushes and truncations at any
// position, across its chunks' edges.
func TestPile(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var p pile[any]
	var want []any
	for step := range 400 {
		switch r := rng.IntN(100); {
		case r < 97:
			for range rng.IntN(200) {
				p.push(step)
				want = append(want, step)
			}
		case r < 99:
			n := rng.IntN(len(want) + 1)
			p.truncate(n)
			clear(want[n:])
			want = want[:n]
		default:
			p.empty()
			want = want[:0]
		}
		require.Equal(t, len(want), p.len())
		from := rng.IntN(len(want) + 1)
		var got []any
		for k, n := p.from(from), len(want)-from; n > 0; {
			s := k.take(1 + rng.IntN(n))
			got, n = append(got, s...), n-len(s)
		}
		require.Equal(t, want[from:], append([]any{}, got...), "step %d", step)
		k, got := p.from(from), got[:0]
		for range len(want) - from {
			got = append(got, k.next())
		}
		require.Equal(t, want[from:], append([]any{}, got...), "step %d", step)
	}
	p.truncate(0)
	for _, c := range p.chunks {
		assert.Equal(t, make([]any, len(c)), c, "truncated elements are let go")
	}
}

// A pile of more than its first chunks (1004 elements) allocates little
// more than 16 bytes an element of any it held at the most, where a slice
// doubling when full allocated 32 to 64.
func TestPileAllocates(t *testing.T) {
	for _, n := range []int{1 << 16, 1 << 19, 1<<19 + 1} {
		var p pile[any]
		alloc := hostile.Allocated(func() {
			for range n {
				p.push(nil)
			}
		})
		t.Logf("%d elements: %.2f bytes each", n, float64(alloc)/float64(n))
		assert.LessOrEqual(t, float64(alloc)/float64(n), 16.5)
	}
}

// values hands back what was pushed since a mark, as interfaces of any
// type, through containers opened and closed (marks taken and truncated
// to) in any order, runs of one type long and short.
func TestValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	kinds := []func(int) any{
		func(i int) any { return int64(i) },
		func(i int) any { return "s" + string(rune('a'+i%26)) },
		func(int) any { return nil },
		func(int) any { return []any{} },
		func(int) any { return &struct{ n int }{} },
	}
	var s values
	var want []any
	var marks []mark
	var lens []int
	for step := range 3000 {
		switch r := rng.IntN(100); {
		case r < 10: // open a container
			marks, lens = append(marks, s.mark()), append(lens, len(want))
		case r < 20 && len(marks) > 0: // close one: its values, then dropped
			m, n := marks[len(marks)-1], lens[len(lens)-1]
			marks, lens = marks[:len(marks)-1], lens[:len(lens)-1]
			got := make([]any, s.len()-m.words)
			s.copyTo(got, m)
			require.Equal(t, want[n:], got, "step %d", step)
			s.truncate(m)
			want = want[:n]
		default: // a run of values of one kind
			kind := kinds[rng.IntN(len(kinds))]
			for range 1 + rng.IntN(1+rng.IntN(300)) {
				v := kind(step)
				s.push(v)
				want = append(want, v)
			}
		}
		require.Equal(t, len(want), s.len())
	}
	got := make([]any, s.len())
	s.copyTo(got, mark{})
	require.Equal(t, append([]any{}, want...), got)
}
