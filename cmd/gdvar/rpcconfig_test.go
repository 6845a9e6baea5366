package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRPCConfig(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"project.godot": "config_version=5\n",
		"base.gd":       "class_name Base\nextends Node\n@rpc(\"any_peer\", \"unreliable\") func a(): pass\n",
		"game/p.gd":     "extends Base\n@rpc(\"call_local\", \"authority\", \"reliable\", 3)\nfunc c(): pass\n",
		"bad.gd":        "extends Node\n@rpc(\"foo\") func a(): pass\n",
	} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	tests := []struct {
		args       []string
		code       int
		out, inErr string
	}{
		{[]string{"rpc-config", filepath.Join(dir, "game", "p.gd")}, 0,
			"{\n&\"a\": {\n\"rpc_mode\": 1,\n\"transfer_mode\": 0\n},\n&\"c\": {\n\"call_local\": true,\n\"channel\": 3,\n\"rpc_mode\": 2,\n\"transfer_mode\": 2\n}\n}\n", ""},
		{[]string{"rpc-config", "-project", dir, filepath.Join(dir, "base.gd")}, 0,
			"{\n&\"a\": {\n\"rpc_mode\": 1,\n\"transfer_mode\": 0\n}\n}\n", ""},
		{[]string{"rpc-config", filepath.Join(dir, "bad.gd")}, 1, "", `res://bad.gd:2: Invalid RPC argument.`},
		{[]string{"rpc-config", filepath.Join(t.TempDir(), "x.gd")}, 1, "", "no project.godot"},
		{[]string{"rpc-config"}, 2, "", "want one SCRIPT"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &stdout, &stderr)
		assert.Equal(t, tt.code, code, "%v: %s", tt.args, stderr.String())
		assert.Equal(t, tt.out, stdout.String(), tt.args)
		assert.Contains(t, stderr.String(), tt.inErr, tt.args)
	}
}
