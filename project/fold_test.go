package project

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
)

// constLevels is a script whose constant K<i> adds K<i-1> to itself terms
// times, levels times over, from K0 = "any_peer", and whose @rpc folds the
// last: terms^levels times 8 bytes.
func constLevels(levels, terms int) []byte {
	var b strings.Builder
	b.WriteString("extends Node\nconst K0 = \"any_peer\"\n")
	for l := 1; l <= levels; l++ {
		prev := fmt.Sprintf("K%d", l-1)
		fmt.Fprintf(&b, "const K%d = %s%s\n", l, prev, strings.Repeat("+"+prev, terms-1))
	}
	fmt.Fprintf(&b, "@rpc(K%d) func f(): pass\n", levels)
	return []byte(b.String())
}

// Constants that double or multiply what they add make strings far
// larger than the script: folding them stops at its budget, with
// ErrBudget, within hostile.Bound.
func TestHostileConstFold(t *testing.T) {
	for _, in := range []hostile.Input{
		{Name: "3 levels of 256 terms", Data: constLevels(3, 256)}, // 128 MiB
		{Name: "4 levels of 256 terms", Data: constLevels(4, 256)}, // 32 GiB
		{Name: "21 levels of doubling", Data: constLevels(21, 2)},  // 16 MiB
		{Name: "64 levels of doubling", Data: constLevels(64, 2)},  // 2^67 bytes
	} {
		t.Run(in.Name, func(t *testing.T) {
			var err error
			hostile.Collect()
			alloc := hostile.Allocated(func() { _, err = ParseScript(in.Data, "res://a.gd") })
			t.Logf("%d bytes, %d KiB allocated (%.1f per byte): %v", len(in.Data), alloc>>10, float64(alloc)/float64(len(in.Data)), err)
			assert.ErrorIs(t, err, ErrBudget)
			assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)))
		})
	}
}
