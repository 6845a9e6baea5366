package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/fileaccess"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// engineSave is a save file Godot 4.6 wrote in a container mode.
func engineSave(t *testing.T, mode string) string {
	return filepath.Join("..", "..", "fileaccess", "testdata", "godot4", mode+".bin")
}

const testKeyHex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"

// The conversions open the engine's containers of every mode (password
// from the flag or the environment, key in hex), and print what they
// print for the same save file without a container.
func TestReadContainers(t *testing.T) {
	_, want, errOut := runGdvar(nil, "json", "-framing", "stream", "-password", "hunter2", engineSave(t, "pass"))
	require.NotEmpty(t, want, errOut)
	t.Setenv("GDVAR_PASSWORD", "")
	for _, c := range []struct {
		mode string
		args []string
	}{
		{"key", []string{"-key", testKeyHex}},
		{"fastlz", nil}, {"deflate", nil}, {"zstd", nil}, {"gzip", nil},
	} {
		args := append(append([]string{"json", "-framing", "stream"}, c.args...), engineSave(t, c.mode))
		code, out, errOut := runGdvar(nil, args...)
		require.Equal(t, 0, code, "%s: %s", c.mode, errOut)
		assert.Equal(t, want, out, c.mode)
	}
	t.Setenv("GDVAR_PASSWORD", "hunter2")
	code, out, errOut := runGdvar(nil, "json", "-framing", "stream", engineSave(t, "pass"))
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, want, out, "password from the environment")
	plain, err := os.ReadFile(engineSave(t, "pass"))
	require.NoError(t, err)
	code, out, errOut = runGdvar(plain, "json", "-framing", "stream", "-")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, want, out, "from standard input")
}

// A wrong password, a missing one, a changed byte, a truncated file and a
// declared block size of 1 GiB fail with a message that says so, and write
// nothing.
func TestContainerFailures(t *testing.T) {
	file, err := os.ReadFile(engineSave(t, "pass"))
	require.NoError(t, err)
	changed := bytes.Clone(file)
	changed[len(changed)/2] ^= 1
	zstd, err := os.ReadFile(engineSave(t, "zstd"))
	require.NoError(t, err)
	hugeBlocks := bytes.Clone(zstd)
	hugeBlocks[10] = 0x40 // a block size of 1 GiB
	t.Setenv("GDVAR_PASSWORD", "")
	for _, c := range []struct {
		name  string
		input []byte
		args  []string
		msg   string
	}{
		{"wrong password", file, []string{"-password", "wrong"}, "wrong key or password"},
		{"no password", file, nil, "give its password (-password or $GDVAR_PASSWORD) or its key (-key"},
		{"changed byte", changed, []string{"-password", "hunter2"}, "does not match its MD5"},
		{"truncated", file[:len(file)-100], []string{"-password", "hunter2"}, "ends before the container does"},
		{"truncated compressed", zstd[:len(zstd)-10], nil, "ends before the container does"},
		{"huge blocks", hugeBlocks, nil, "block larger than the limit"},
	} {
		for _, cmd := range []string{"text", "json", "validate", "copy"} {
			if cmd == "copy" && len(c.args) == 0 {
				continue // copy streams what it read before the damage; only an encrypted file is checked first
			}
			args := append([]string{cmd}, c.args...)
			if cmd != "copy" {
				args = append(args, "-framing", "stream")
			}
			code, out, errOut := runGdvar(c.input, append(args, "-")...)
			assert.Equal(t, 1, code, "%s %s", cmd, c.name)
			if cmd != "validate" { // which prints what it found valid on the way
				assert.Empty(t, out, "%s %s", cmd, c.name)
			}
			assert.Contains(t, errOut, c.msg, "%s %s", cmd, c.name)
		}
	}
}

// encode writes every container mode: fileaccess reads the same records
// back, and so does gdvar's own reading side.
func TestEncodeContainers(t *testing.T) {
	code, js, errOut := runGdvar(nil, "json", "-framing", "stream", "-password", "hunter2", engineSave(t, "pass"))
	require.Equal(t, 0, code, errOut)
	code, plain, errOut := runGdvar([]byte(js), "encode", "-framing", "stream", "-")
	require.Equal(t, 0, code, errOut)
	for _, c := range []struct {
		args []string
		open []string
	}{
		{[]string{"-password", "hunter2"}, []string{"-password", "hunter2"}},
		{[]string{"-key", testKeyHex}, []string{"-key", testKeyHex}},
		{[]string{"-compress", "fastlz"}, nil}, {[]string{"-compress", "deflate"}, nil},
		{[]string{"-compress", "zstd"}, nil}, {[]string{"-compress", "gzip"}, nil},
	} {
		code, sealed, errOut := runGdvar([]byte(js), append(append([]string{"encode", "-framing", "stream"}, c.args...), "-")...)
		require.Equal(t, 0, code, "%v: %s", c.args, errOut)
		assert.NotEqual(t, plain, sealed, "%v: a container", c.args)
		code, again, errOut := runGdvar([]byte(sealed), append(append([]string{"json", "-framing", "stream"}, c.open...), "-")...)
		require.Equal(t, 0, code, "%v: %s", c.args, errOut)
		assert.Equal(t, js, again, c.args)
		r, err := fileaccess.NewReader(bytes.NewReader([]byte(sealed)), fileaccess.WithPassword("hunter2"))
		if c.args[0] == "-key" {
			var k fileaccess.Key
			for i := range k {
				k[i] = byte(i)
			}
			r, err = fileaccess.NewReader(bytes.NewReader([]byte(sealed)), fileaccess.WithKey(k))
		}
		require.NoError(t, err)
		content, err := io.ReadAll(r)
		require.NoError(t, err)
		assert.Equal(t, plain, string(content), c.args)
	}
	code, out, errOut := runGdvar([]byte(js), "encode", "-compress", "zstd", "-password", "x", "-")
	assert.Equal(t, 2, code, "a usage error")
	assert.Empty(t, out)
	assert.Contains(t, errOut, "either compressed or encrypted")

	// -compress writes a compressed file although $GDVAR_PASSWORD is set.
	t.Setenv("GDVAR_PASSWORD", "hunter2")
	code, sealed, errOut := runGdvar([]byte(js), "encode", "-framing", "stream", "-compress", "zstd", "-")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(sealed, fileaccess.MagicCompressed), "a compressed container")
}
