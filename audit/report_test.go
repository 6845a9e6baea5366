package audit

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The table says where each finding is without a stray dot: a function
// of no node (an error at a peer's leave) is named alone.
func TestWriteTableWhere(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    Finding
		want string
	}{
		{"node and method", Finding{Kind: NoSenderCheck, Level: Medium, Node: "/root/Main", Method: "hit", Param: "n"}, "/root/Main.hit(n)"},
		{"function of no node", Finding{Kind: LeaveError, Level: Medium, Method: "_on_left", Script: "res://level.gd", Line: 26}, "_on_left res://level.gd:26"},
		{"node alone", Finding{Kind: SyncAccepted, Level: High, Node: "/root/Main/Ship"}, "/root/Main/Ship"},
		{"the project", Finding{Kind: ObjectDecoding, Level: High, Script: "res://net.gd", Line: 3}, "res://net.gd:3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, (&Report{Findings: []Finding{tc.f}}).WriteTable(&b))
			assert.Contains(t, b.String(), string(tc.f.Kind)+"  "+tc.want+"  ")
			assert.NotContains(t, b.String(), " ."+tc.f.Method)
		})
	}
}
