package auditcmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/audit"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
)

// -watch and -start at their extremes: each refused with exit 2 on one
// line of at most 300 bytes, within hostile.Bound of the arguments. A
// -watch the flag package refused was repeated whole in its error (1 MiB
// of it); 10 000 -watch, a NODE of 1 MiB or of 100 000 names, a relative
// one (never read, so never found changed) or one holding a line break
// were taken.
func TestHostileAuditFlags(t *testing.T) {
	server := func(args ...string) []string {
		return append(append([]string{"-project", "p", "-addr", "127.0.0.1:1"}, args...), "--", "godot")
	}
	var many []string
	for range 10_000 {
		many = append(many, "-watch", "/root/Main:health")
	}
	mib := strings.Repeat("é", 1<<19)
	deep := "/root" + strings.Repeat("/a", 100_000)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"a 1 MiB -watch with no property", server("-watch", mib), "NODE:PROPERTY"},
		{"a 1 MiB NODE", server("-watch", "/"+mib+":health"), "at most 1024 bytes of NODE"},
		{"a 1 MiB PROPERTY", server("-watch", "/root:"+mib), "and 256 of PROPERTY"},
		{"a NODE of 100 000 names", server("-watch", deep+":health"), "at most 1024 bytes of NODE"},
		{"10 000 -watch", server(many...), "-watch given 10000 times: at most 32"},
		{"a relative NODE", server("-watch", "Main:health"), "NODE an absolute path"},
		{"a line break", server("-watch", "/root/Main\n:health"), "a control character"},
		{"-static and 1 MiB", []string{"-project", "p", "-static", "-watch", mib}, "NODE:PROPERTY"},
		{"a 1 MiB -start", server("-start", "set:/root/Main:health=\""+mib+"\""), "-start: audit: bad scenario: 1048600 bytes: at most 65536"},
		{"a -start of 100 000 names", server("-start", "call:"+deep+":go"), "at most 65536"},
		{"a -start value 30 000 deep", server("-start", "set:/root/Main:health="+strings.Repeat("[", 30_000)), "-start: audit: bad scenario: the value"},
		{"a -start of another kind, 60 KiB", server("-start", "press:"+strings.Repeat("x", 60<<10)), "-start: audit: bad scenario: a step"},
	} {
		t.Run(c.name, func(t *testing.T) {
			size := 0
			for _, a := range c.args {
				size += len(a)
			}
			var stderr bytes.Buffer
			var code int
			var ok bool
			alloc := hostile.Allocated(func() { _, code, ok = parseAuditFlags(c.args, &stderr) })
			require.False(t, ok)
			assert.Equal(t, auditExitUsage, code)
			line := strings.TrimSuffix(stderr.String(), "\n")
			t.Logf("%d bytes of arguments: %.1f bytes allocated a byte; %s", size, float64(alloc)/float64(size), line)
			assert.Contains(t, line, c.want)
			assert.NotContains(t, line, "\n")
			assert.LessOrEqual(t, len(line), 300)
			assert.LessOrEqual(t, alloc, hostile.Bound(size))
		})
	}
}

// What -watch takes: up to 32 properties, a node's absolute path in any
// script's letters, the victim's id in it; the errors are audit.ErrConfig.
func TestWatchFlags(t *testing.T) {
	w := watchFlags{"/root/Joueurs/{victim}:santé", "/root/Main:a:b", "/" + strings.Repeat("n", 1023) + ":x"}
	for len(w) < maxWatches {
		w = append(w, "/root/Main:health")
	}
	got, err := w.watches()
	require.NoError(t, err)
	assert.Equal(t, audit.Watch{Node: "/root/Joueurs/{victim}", Property: "santé"}, got[0])
	assert.Equal(t, audit.Watch{Node: "/root/Main:a", Property: "b"}, got[1])
	assert.Len(t, got, maxWatches)
	for _, bad := range []watchFlags{append(w, "/root:x"), {"/root:"}, {":x"}, {"/root\x7f:x"}, {"/" + strings.Repeat("n", 1024) + ":x"}} {
		_, err := bad.watches()
		assert.ErrorIs(t, err, audit.ErrConfig, "%.40q", bad)
	}
}
