package multiplayer

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gdvar/gdvar/project"
)

// Transfer's values are MultiplayerPeer.TransferMode's, as the project
// reader reads them from @rpc: the zero value is Unreliable, and a bare
// @rpc's default, Reliable, must be asked for.
func TestTransferIsEngineTransferMode(t *testing.T) {
	for _, tm := range []project.TransferMode{project.Unreliable, project.UnreliableOrdered, project.Reliable} {
		assert.Equal(t, tm.String(), Transfer(tm).String(), "value %d", tm)
	}
	var zero Method
	assert.Equal(t, Unreliable, zero.Transfer)
	assert.NotEqual(t, project.Reliable.String(), zero.Transfer.String(), "a bare @rpc is not the zero Method")
}
