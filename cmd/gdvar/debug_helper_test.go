package main

import (
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/stretchr/testify/assert"
)

// gdvar debug's tree leaves out the input helper it installed, before a
// key and after; tree -helper shows it.
func TestLiveDebugTreeHelper(t *testing.T) {
	game := append([]string{"--"}, gametest.WithoutHelper(t)...)
	script := `wait /root/Main/Added; tree /root 1; key A; tree /root 1; tree -helper /root 1; tree -helper /root/GdvarInput; tree /root 1 * x`
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", script}, game...)...)
	assert.Equal(t, 1, code, "%s\n---\n%s", out, errOut)
	assert.Equal(t, gametest.TreeWithoutHelper+gametest.TreeWithoutHelper+gametest.TreeWithHelper+"/root/GdvarInput Node\n", out, errOut)
	assert.Contains(t, errOut, "gdvar debug: tree /root 1 * x: usage: tree [-helper] [PATH [DEPTH [FILTER]]]")
}
