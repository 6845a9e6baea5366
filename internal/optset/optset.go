// Package optset lets gdvar's sibling packages (stream, vartext, varjson,
// fileaccess, multiplayer) keep their settings in gdvar.Option, so the
// whole module has one option type. It cannot import gdvar (gdvar imports nothing of theirs), so gdvar
// fills in the two hooks when it initialises; by then every package that
// imports gdvar can use them.
package optset

// Ext is what the sibling packages read from a list of options: their own
// settings, and the two of gdvar's they need.
type Ext struct {
	Engine    int  // gdvar.Engine
	Precision int8 // 0 when not set, else gdvar.Precision+1

	Dialect       int8  // 0 when not set, else vartext.Dialect+1
	AsHeld        bool  // vartext: values are written as the engine holds them read from text, not as decoded from the binary form
	Resource      int8  // vartext: 0, or the format (2 to 4) of the resource file whose syntax is read and written
	MaxFrame      int64 // 0 when not set
	SkipOversized bool

	Key        []byte // fileaccess: nil when not set
	IV         []byte // fileaccess: nil when not set
	MaxBlock   int64  // fileaccess: 0 when not set
	MaxContent int64  // fileaccess: 0 when not set

	Multiplayer Multiplayer // multiplayer's settings
}

// Multiplayer is package multiplayer's settings; 0 when not set.
type Multiplayer struct {
	MaxPacket    int64
	Rate         float64
	Burst        int
	SendQueue    int64
	WriteTimeout int64 // nanoseconds
	MaxPeers     int
	IdleTimeout  int64 // nanoseconds
	ReadTimeout  int64 // nanoseconds
	NoRelay      bool
	AuthTimeout  int64 // nanoseconds
	Tick         int64 // nanoseconds
}

var (
	// Option returns a gdvar.Option, as an any, that applies set to the
	// options' Ext; an error from set makes the options invalid.
	Option func(set func(*Ext) error) any
	// Read returns the Ext of a []gdvar.Option, given as an any, and the
	// error of its first invalid option.
	Read func(opts any) (Ext, error)
)
