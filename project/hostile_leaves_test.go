package project

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// leavesOverChain is a base script of vars stored variables and leaves
// scripts each extending it with one of its own: StoredProperties' list
// of each leaf holds the whole chain, as the engine's does, so that what
// is made grows as leaves × vars from leaves + vars lines of scripts.
func leavesOverChain(vars, leaves int) (map[string]string, int) {
	var base strings.Builder
	base.WriteString("extends Resource\n")
	for i := range vars {
		fmt.Fprintf(&base, "@export var v_%s: int\n", hostile.Name(i))
	}
	files := map[string]string{"base.gd": base.String()}
	size := base.Len()
	for i := range leaves {
		src := fmt.Sprintf("extends \"base.gd\"\n@export var leaf_%d: int\n", i)
		files[fmt.Sprintf("leaf%d.gd", i)] = src
		size += len(src)
	}
	return files, size
}

// Scripts by the thousand over one long chain, read and resolved, ask
// StoredProperties for a list each of the whole chain: the lists made are held to the project's
// budget (Limits.TreeBytesPerByte a byte of the scripts read, and a
// floor), and the leaf that would pass it is refused with ErrBudget, so
// that the project holds within hostile.Bound of the scripts it read.
// Before, 1 000 leaves over 4 080 variables held 1 002 bytes a byte. An
// ordinary project, a few dozen scripts over a base of a few dozen
// variables, is far within the budget.
func TestHostileLeavesOverChain(t *testing.T) {
	for _, tc := range []struct {
		name         string
		vars, leaves int
		refused      bool
	}{
		{"ordinary: 50 leaves over 40 variables", 40, 50, false},
		{"1000 leaves over 4080 variables", 4080, 1000, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files, size := leavesOverChain(tc.vars, tc.leaves)
			p, err := Open(writeProject(t, files))
			require.NoError(t, err)
			for i := range tc.leaves { // read and resolved: what is measured is the lists
				_, err := p.Resolve(fmt.Sprintf("res://leaf%d.gd", i))
				require.NoError(t, err)
			}
			var refused error
			hostile.Collect()
			held := hostile.Allocated(func() {
				for i := range tc.leaves {
					props, err := p.StoredProperties(fmt.Sprintf("res://leaf%d.gd", i))
					if err != nil {
						refused = err
						return
					}
					require.Len(t, props, tc.vars+1)
				}
			})
			t.Logf("%d leaves over %d variables, %d bytes of scripts: %d KiB allocated, %.1f a byte; %v", tc.leaves, tc.vars, size, held>>10, float64(held)/float64(size), refused)
			if tc.refused {
				assert.ErrorIs(t, refused, ErrBudget)
				assert.Less(t, len(refused.Error()), 300)
			} else {
				assert.NoError(t, refused)
			}
			assert.LessOrEqual(t, held, hostile.Bound(size))
		})
	}
}
