package gdvar_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const modulePath = "github.com/gdvar/gdvar"

// packageLayers maps the packages named in docs/internals.md's table of
// layers to their layer: a name ending in "/..." stands for the packages
// under it, and `gdvar` for the root.
type packageLayers map[string]int

// layerRow is a row of the table: its layer number, then its packages.
var layerRow = regexp.MustCompile(`^\| (\d+) [^|]*\| ([^|]*) \|`)

// readLayers reads the table of layers from the doc.
func readLayers(doc []byte) (packageLayers, error) {
	layers := packageLayers{}
	sc := bufio.NewScanner(bytes.NewReader(doc))
	for sc.Scan() {
		m := layerRow.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		for _, name := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(m[2], -1) {
			path := modulePath + "/" + name[1]
			if name[1] == "gdvar" {
				path = modulePath
			}
			layers[path] = n
		}
	}
	if len(layers) == 0 {
		return nil, fmt.Errorf("no table of layers")
	}
	return layers, sc.Err()
}

// of returns the layer of package path, and whether the table places it.
func (l packageLayers) of(path string) (int, bool) {
	if n, ok := l[path]; ok {
		return n, true
	}
	for name, n := range l {
		if prefix, ok := strings.CutSuffix(name, "/..."); ok && (path == prefix || strings.HasPrefix(path, prefix+"/")) {
			return n, true
		}
	}
	return 0, false
}

// testRigs are the packages of test rigs, which no package below the
// programs imports but those of rigUsers.
const testRigs = modulePath + "/internal/testrig"

// rigUsers are the packages below the programs that may import a test rig:
// debuggertest starts games for tests.
var rigUsers = []string{modulePath + "/debugger/debuggertest"}

// violations returns what in imports (a package's path to its non-test
// imports) runs against the layers: a package of the module in no layer,
// an import of a higher layer, a test rig imported below the programs.
func (l packageLayers) violations(imports map[string][]string) []string {
	var bad []string
	programs, _ := l.of(modulePath + "/cmd/gdvar")
	for pkg, deps := range imports {
		n, ok := l.of(pkg)
		if !ok {
			bad = append(bad, pkg+" is in no layer")
			continue
		}
		for _, dep := range deps {
			if dep != modulePath && !strings.HasPrefix(dep, modulePath+"/") {
				continue // the standard library, another module
			}
			m, ok := l.of(dep)
			switch {
			case !ok:
				bad = append(bad, dep+" is in no layer")
			case m > n:
				bad = append(bad, fmt.Sprintf("%s (layer %d) imports %s (layer %d)", pkg, n, dep, m))
			case strings.HasPrefix(dep, testRigs+"/") && n < programs && !strings.HasPrefix(pkg, testRigs+"/") && !slices.Contains(rigUsers, pkg):
				bad = append(bad, pkg+" imports the test rig "+dep)
			}
		}
	}
	slices.Sort(bad)
	return slices.Compact(bad)
}

// The checker itself: each rule catches what it is for.
func TestLayerViolations(t *testing.T) {
	layers := packageLayers{modulePath: 1, modulePath + "/stream": 2, modulePath + "/internal/testrig/...": 8, modulePath + "/cmd/gdvar": 10, modulePath + "/examples/...": 10}
	tests := []struct {
		name    string
		imports map[string][]string
		want    []string
	}{
		{"downward and outside", map[string][]string{modulePath + "/stream": {modulePath, "io"}, modulePath + "/examples/x": {modulePath + "/internal/testrig/godot"}}, nil},
		{"upward", map[string][]string{modulePath: {modulePath + "/stream"}}, []string{modulePath + " (layer 1) imports " + modulePath + "/stream (layer 2)"}},
		{"in no layer", map[string][]string{modulePath + "/newpkg": {modulePath}}, []string{modulePath + "/newpkg is in no layer"}},
		{"a test rig", map[string][]string{modulePath + "/stream": {testRigs + "/golden"}}, []string{
			modulePath + "/stream (layer 2) imports " + testRigs + "/golden (layer 8)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, layers.violations(tt.imports))
		})
	}
	layers[modulePath+"/debugger"] = 9
	assert.Equal(t, []string{modulePath + "/debugger imports the test rig " + testRigs + "/godot"},
		layers.violations(map[string][]string{modulePath + "/debugger": {testRigs + "/godot"}}))
}

// Every package of the module stands in a layer of docs/internals.md and
// imports none of a higher one.
func TestPackageLayers(t *testing.T) {
	gocmd := goCommand(t, "runs go list on the module")
	doc, err := os.ReadFile("docs/internals.md")
	require.NoError(t, err)
	layers, err := readLayers(doc)
	require.NoError(t, err)
	out, err := exec.Command(gocmd, "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...").Output()
	require.NoError(t, err, "go list: %s", out)
	imports := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		imports[fields[0]] = fields[1:]
	}
	require.Contains(t, imports, modulePath+"/multiplayer/fromproject", "go list listed the module")
	assert.Empty(t, layers.violations(imports))
}

// goCommand returns the go command, for a test that runs it (what it does
// is why): the test is skipped with -short or without one.
func goCommand(t *testing.T, why string) string {
	if testing.Short() {
		t.Skip(why)
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	return gocmd
}
