package gdvar

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seamNames are the unexported names of the token layer (token*.go,
// reader*.go, writer*.go, pool.go) that the value layer (value_*.go) may
// use. Everything else a value-layer file takes from the package is
// exported or shared: wire.go and the files of the Godot types, the
// options and the limits (see docs/internals.md).
var seamNames = []string{
	// The Decoder's read-only configuration (in its input) and its seam
	// (token_seam.go).
	"input.cfg", "input.tab", "Decoder.init",
	"Decoder.state", "Decoder.interrupt", "interruptCause",
	"Decoder.rawValue", "Decoder.rawCommit", "Decoder.buffered",
	"Decoder.inputRead", "Decoder.heldBytes", "Decoder.trailingHeld", "Decoder.trailingBytes",
	"Decoder.valuePath",
	// The Encoder's read-only configuration and its seam.
	"Encoder.cfg", "Encoder.tab", "Encoder.reset",
	"Encoder.state", "Encoder.final", "Encoder.path", "Encoder.writeKey",
	"Encoder.rawValue", "Encoder.rawCommit", "Encoder.direct",
	"Encoder.appendTo", "Encoder.detach", "Encoder.output",
	// Tokens the value layer builds or reads beyond the exported API.
	"payloadToken", "sharedToken", "wireStringToken", "Token.pad", "mathKinds",
}

// TestSeam fails when a value-layer file reaches into the token layer past
// seamNames, or when a name there is no longer used.
func TestSeam(t *testing.T) {
	start := time.Now()
	used := seamCrossings(t)
	var past []string
	for name, at := range used {
		if !slices.Contains(seamNames, name) {
			past = append(past, name+" at "+strings.Join(at, ", "))
		}
	}
	slices.Sort(past)
	assert.Empty(t, past, "value-layer files use token-layer names past the seam: use a seam method (token_seam.go), or add one")
	for _, name := range seamNames {
		assert.Contains(t, used, name, "a seam name no value-layer file uses: take it out of seamNames")
	}
	t.Logf("%d names cross the seam (checked in %v)", len(used), time.Since(start).Round(time.Millisecond))
}

// seamCrossings type-checks the package and returns each unexported
// token-layer name used in a value-layer file, qualified by its receiver
// type for fields and methods, with where it is used.
func seamCrossings(t *testing.T) map[string][]string {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	require.NoError(t, err)
	var files []*ast.File
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		require.NoError(t, err)
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("github.com/gdvar/gdvar", fset, files, info)
	require.NoError(t, err)

	layer := func(pos token.Pos) string {
		switch name := filepath.Base(fset.Position(pos).Filename); {
		case strings.HasPrefix(name, "value_"):
			return "value"
		case strings.HasPrefix(name, "token"), strings.HasPrefix(name, "reader"),
			strings.HasPrefix(name, "writer"), name == "pool.go":
			return "token"
		}
		return "shared"
	}
	used := map[string][]string{}
	note := func(id *ast.Ident, obj types.Object, recv types.Type) {
		if obj == nil || obj.Pkg() != pkg || obj.Exported() || layer(id.Pos()) != "value" || layer(obj.Pos()) != "token" {
			return
		}
		name := obj.Name()
		if recv != nil {
			if p, ok := recv.(*types.Pointer); ok {
				recv = p.Elem()
			}
			if n, ok := recv.(*types.Named); ok {
				name = n.Obj().Name() + "." + name
			}
		}
		at := fset.Position(id.Pos())
		used[name] = append(used[name], filepath.Base(at.Filename)+":"+strconv.Itoa(at.Line))
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr: // a field or method; a promoted one is named by the type that declares it
				if sel, ok := info.Selections[n]; ok {
					switch obj := sel.Obj().(type) {
					case *types.Var:
						note(n.Sel, obj, fieldOwner(pkg, obj))
					case *types.Func:
						note(n.Sel, obj, obj.Type().(*types.Signature).Recv().Type())
					}
				}
			case *ast.KeyValueExpr: // a field in a struct literal
				if id, ok := n.Key.(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok && v.IsField() {
						note(id, v, fieldOwner(pkg, v))
					}
				}
			case *ast.Ident: // a package-level name; fields, methods and locals have another scope
				if obj := info.Uses[n]; obj != nil && obj.Parent() == pkg.Scope() {
					note(n, obj, nil)
				}
			}
			return true
		})
	}
	return used
}

// fieldOwner returns the named struct type of the package that declares
// field v.
func fieldOwner(pkg *types.Package, v *types.Var) types.Type {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				if st.Field(i) == v {
					return tn.Type()
				}
			}
		}
	}
	return nil
}
