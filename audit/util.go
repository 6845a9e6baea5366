package audit

import (
	"fmt"
	"strconv"

	"github.com/gdvar/gdvar/multiplayer"
)

func itoa(n int) string { return strconv.Itoa(n) }

// peerName is a peer's id as a spawned node's name holds it.
func peerName(id multiplayer.PeerID) string { return strconv.Itoa(int(id)) }

// typeName is a Go value's type's name.
func typeName(v any) string { return fmt.Sprintf("%T", v) }
