package multiplayer

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fileLayers are the package's files in their layers, lowest first (see
// docs/internals.md), by name (a pattern of filepath.Match's).
var fileLayers = [][]string{
	// Values and the wire: errors, options, packets, arguments, buffers.
	{"peerid.go", "errors.go", "errlimit.go", "options.go", "packet.go", "replication_packet.go", "args.go", "argdecoder.go",
		"argtype.go", "argconvert.go", "strings.go", "delivery.go", "packetbuf.go", "queue.go", "stats.go"},
	// The transport and its peers.
	{"peer.go", "peers.go", "joinbudget.go", "enet_link.go", "websocket_*.go", "logging.go"},
	// Authentication.
	{"auth.go"},
	// Remote calls.
	{"method.go", "params.go", "node.go", "call.go", "typed.go", "recvcache.go", "rpc.go", "stats_calls.go"},
	// Replication.
	{"replication.go", "syncmemo.go", "spawner.go", "sendspawn.go", "object.go", "static.go", "visibility.go"},
	// The Multiplayer: its parts together, the packets' routes, serving
	// and connecting.
	{"multiplayer.go", "router.go", "websocket.go", "httpconns.go", "enet.go", "transport.go", "dial.go", "doc.go", "stats_snapshot.go", "drain.go", "matches.go", "sendpath.go"},
}

// layerOf returns the layer of a file of the package, or -1.
func layerOf(file string) int {
	for i, patterns := range fileLayers {
		for _, p := range patterns {
			if ok, _ := filepath.Match(p, file); ok {
				return i
			}
		}
	}
	return -1
}

// Each file of the package stands in a layer, and uses what its own layer
// and the layers below declare, never what a layer above does: a
// transport's file knows nothing of calls or replication, the calls
// nothing of replication. Checked by type-checking the package's files
// and following each identifier to the file that declares it.
func TestFileLayers(t *testing.T) {
	pkg, files := checkPackage(t)
	uses := map[[2]string][]string{}
	for id, obj := range pkg.info.Uses {
		if obj.Pkg() != pkg.types || !obj.Pos().IsValid() {
			continue
		}
		from, to := filepath.Base(pkg.fset.File(id.Pos()).Name()), filepath.Base(pkg.fset.File(obj.Pos()).Name())
		if layerOf(to) > layerOf(from) {
			uses[[2]string{from, to}] = append(uses[[2]string{from, to}], obj.Name())
		}
	}
	for _, f := range files {
		assert.GreaterOrEqual(t, layerOf(f), 0, "%s stands in no layer: place it in fileLayers (and docs/internals.md)", f)
	}
	for ft, names := range uses {
		t.Errorf("%s (layer %d) uses %s of %s, a layer above (%d)", ft[0], layerOf(ft[0]), strings.Join(names, ", "), ft[1], layerOf(ft[1]))
	}
}

// checkedPackage is this package type-checked.
type checkedPackage struct {
	fset  *token.FileSet
	types *types.Package
	info  *types.Info
}

// listedPackage is a package as the go command lists it.
type listedPackage struct {
	ImportPath, Export, Dir string
	GoFiles                 []string
}

// listPackage returns this package as the go command lists it, and the
// export data of each package it imports, directly or not, by import
// path; it skips the test without a go command.
func listPackage(t *testing.T) (listedPackage, map[string]string) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the imports with")
	}
	out, err := exec.Command(goCmd, "list", "-export", "-deps", "-json", ".").Output()
	require.NoError(t, err)
	exports := map[string]string{}
	var self listedPackage
	for dec := json.NewDecoder(strings.NewReader(string(out))); ; {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else {
			require.NoError(t, err)
		}
		exports[p.ImportPath], self = p.Export, p // the package itself comes last
	}
	delete(exports, self.ImportPath)
	return self, exports
}

// checkPackage type-checks the package's files (not its tests), its
// imports read from their export data.
func checkPackage(t *testing.T) (checkedPackage, []string) {
	self, exports := listPackage(t)
	pkg := checkedPackage{fset: token.NewFileSet(), info: &types.Info{Uses: map[*ast.Ident]types.Object{}}}
	var files []*ast.File
	for _, name := range self.GoFiles {
		f, err := parser.ParseFile(pkg.fset, filepath.Join(self.Dir, name), nil, 0)
		require.NoError(t, err)
		files = append(files, f)
	}
	imports := importer.ForCompiler(pkg.fset, "gc", func(path string) (io.ReadCloser, error) { return os.Open(exports[path]) })
	var err error
	pkg.types, err = (&types.Config{Importer: imports}).Check(self.ImportPath, pkg.fset, files, pkg.info)
	require.NoError(t, err)
	return pkg, self.GoFiles
}
