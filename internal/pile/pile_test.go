package pile

import (
	"math/rand/v2"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Pile holds what a slice would, through pushes, changes, takes and
// truncations at any position, across its chunks' edges.
func TestPile(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var p Pile[any]
	var want []any
	for step := range 400 {
		switch r := rng.IntN(100); {
		case r < 94:
			for range rng.IntN(200) {
				p.Push(step)
				want = append(want, step)
			}
		case r < 96 && len(want) > 0:
			i := rng.IntN(len(want))
			p.Set(i, -step)
			want[i] = -step
		case r < 97:
			n := rng.IntN(len(want) + 1)
			require.Equal(t, append([]any{}, want[n:]...), p.Take(n), "step %d", step)
			clear(want[n:])
			want = want[:n]
		case r < 99:
			n := rng.IntN(len(want) + 1)
			p.Truncate(n)
			clear(want[n:])
			want = want[:n]
		default:
			p.Empty()
			want = want[:0]
		}
		require.Equal(t, len(want), p.Len())
		if len(want) > 0 {
			i := rng.IntN(len(want))
			require.Equal(t, want[i], p.At(i), "step %d", step)
		}
		from := rng.IntN(len(want) + 1)
		var got []any
		for k, n := p.From(from), len(want)-from; n > 0; {
			s := k.Take(1 + rng.IntN(n))
			got, n = append(got, s...), n-len(s)
		}
		require.Equal(t, want[from:], append([]any{}, got...), "step %d", step)
		k, got := p.From(from), got[:0]
		for range len(want) - from {
			got = append(got, k.Next())
		}
		require.Equal(t, want[from:], append([]any{}, got...), "step %d", step)
	}
	p.Truncate(0)
	for _, c := range p.chunks {
		assert.Equal(t, make([]any, len(c)), c, "truncated elements are let go")
	}
}

// A pile of more than its first chunks (1004 elements) allocates little
// more than 16 bytes an element of any it held at the most, where a slice
// doubling when full allocated 32 to 64.
func TestPileAllocates(t *testing.T) {
	for _, n := range []int{1 << 16, 1 << 19, 1<<19 + 1} {
		var p Pile[any]
		alloc := hostile.Allocated(func() {
			for range n {
				p.Push(nil)
			}
		})
		t.Logf("%d elements: %.2f bytes each", n, float64(alloc)/float64(n))
		assert.LessOrEqual(t, float64(alloc)/float64(n), 16.5)
	}
}

// Values hands back what was pushed since a mark, as interfaces of any
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
	var s Values
	var want []any
	var marks []Mark
	var lens []int
	for step := range 3000 {
		switch r := rng.IntN(100); {
		case r < 10: // open a container
			marks, lens = append(marks, s.Mark()), append(lens, len(want))
		case r < 20 && len(marks) > 0: // close one: its values, then dropped
			m, n := marks[len(marks)-1], lens[len(lens)-1]
			marks, lens = marks[:len(marks)-1], lens[:len(lens)-1]
			require.Equal(t, append([]any{}, want[n:]...), s.Take(m), "step %d", step)
			want = want[:n]
		default: // a run of values of one kind
			kind := kinds[rng.IntN(len(kinds))]
			for range 1 + rng.IntN(1+rng.IntN(300)) {
				v := kind(step)
				s.Push(v)
				want = append(want, v)
			}
		}
		require.Equal(t, len(want), s.words.Len())
	}
	require.Equal(t, append([]any{}, want...), s.Take(Mark{}))
	assert.Zero(t, s.words.Len())
}
