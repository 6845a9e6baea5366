package stream

import (
	"bytes"
	"errors"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A broken stream's error names the package once, and still matches
// ErrBroken and the cause.
func TestBrokenErrorNamesPackageOnce(t *testing.T) {
	for _, c := range []struct {
		name  string
		input []byte
		cause error
		text  string
	}{
		{"frame too large", []byte{0xcc, 0xcc, 0xf0, 0xe9, 0, 0, 0, 0}, ErrFrameTooLarge,
			"stream: broken: frame at offset 0 (3924872396 bytes): frame too large"},
		{"truncated frame", []byte{8, 0, 0, 0, 2, 0}, nil,
			"stream: broken: frame at offset 0 (8 bytes): unexpected EOF"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var v any
			err := mustReader(t, bytes.NewReader(c.input)).GetVar(&v)
			require.Error(t, err)
			assert.Equal(t, c.text, err.Error())
			assert.Equal(t, 1, strings.Count(err.Error(), "stream:"))
			assert.ErrorIs(t, err, ErrBroken)
			if c.cause != nil {
				assert.ErrorIs(t, err, c.cause)
			}
			var fe *FrameError
			assert.True(t, errors.As(err, &fe))
		})
	}
}

// go doc shows PutVar and GetVar with Peer: they are Peer's own methods,
// not only promoted from its fields.
func TestPeerDocumentsItsMethods(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	require.NoError(t, err)
	var files []*ast.File
	for _, name := range names {
		if !strings.HasSuffix(name, "_test.go") {
			f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
			require.NoError(t, err)
			files = append(files, f)
		}
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/gdvar/gdvar/stream")
	require.NoError(t, err)
	var methods []string
	for _, typ := range p.Types {
		if typ.Name == "Peer" {
			for _, m := range typ.Methods {
				require.NotEmpty(t, m.Doc, m.Name)
				methods = append(methods, m.Name)
			}
		}
	}
	for _, want := range []string{"PutVar", "GetVar", "PutVarContext", "GetVarContext"} {
		assert.Contains(t, methods, want)
	}
}
