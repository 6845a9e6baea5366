package project

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// classNameChain is n scripts, each a global class extending the next
// by its class_name.
func classNameChain(n int) map[string]string {
	files := map[string]string{}
	for i := range n {
		base := fmt.Sprintf("C%d", i+1)
		if i == n-1 {
			base = "Resource"
		}
		files[fmt.Sprintf("c%d.gd", i)] = fmt.Sprintf("class_name C%d\nextends %s\n", i, base)
	}
	return files
}

// oneClassName is n scripts, each declaring the global class A.
func oneClassName(n int) map[string]string {
	files := map[string]string{}
	for i := range n {
		files[fmt.Sprintf("a%d.gd", i)] = "class_name A\nextends Resource\n"
	}
	return files
}

func classes(p *Project) (any, error) { return p.Classes() }

// classAttacks are projects of small scripts by the thousand, each
// naming a global class: a chain of class names, one name declared by
// each.
func classAttacks() []expansion {
	return []expansion{
		{"a chain of 3000 class_names", classNameChain(3000), classes, nil},
		{"a chain of 3000 class_names, resolved", classNameChain(3000), func(p *Project) (any, error) { return p.Resolve("res://c0.gd") }, ErrTooDeep},
		{"a class declared by 4000 scripts", oneClassName(4000), classes, nil},
		{"a class declared by 4000 scripts, resolved", oneClassName(4000), func(p *Project) (any, error) {
			classes, err := p.Classes()
			if err != nil {
				return nil, err
			}
			return p.Resolve(classes["A"]) // the last scanned, which holds it
		}, nil},
	}
}

// The project's global classes are read by a walk of its files, which
// reads them one after another into one buffer and their headers with
// one parser: many small scripts cost their bytes and the walk's own, and
// a chain of class names is followed within MaxDepth. Before, a chain of
// 3 000 class_names cost 50 B/B (58 resolved), a class declared by 4 000
// scripts 44.
func TestHostileClassNames(t *testing.T) {
	for _, e := range classAttacks() {
		checkExpansion(t, e, 1)
	}
}

// A script the walk cannot read (a dangling symbolic link, one to a
// device) costs only itself: the other scripts' classes are the
// project's, and the script itself fails when asked for, with its error.
// Before, one dangling link failed every class name of the project.
func TestUnreadableScriptCostsItself(t *testing.T) {
	dir := writeProject(t, map[string]string{"a.gd": "class_name A\nextends Node\n", "z.gd": "class_name Z\nextends A\n"})
	require.NoError(t, os.Symlink(filepath.Join(dir, "gone.gd"), filepath.Join(dir, "dangling.gd")))
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(dir, "zero.gd")))
	p, err := Open(dir)
	require.NoError(t, err)
	classes, err := p.Classes()
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"A": "res://a.gd", "Z": "res://z.gd"}, classes)
	_, err = p.Resolve("res://z.gd")
	assert.NoError(t, err)
	_, err = p.Script("res://zero.gd")
	assert.ErrorIs(t, err, ErrNotRegular)
	_, err = p.Script("res://dangling.gd")
	assert.ErrorIs(t, err, os.ErrNotExist)
}
