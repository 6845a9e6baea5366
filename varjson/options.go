package varjson

import (
	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/optset"
)

// config is what varjson takes from its options: gdvar.WithEngine selects
// the engine version for what goes through the binary format (values kept
// as $Raw, and Go values other than gdvar's generic form; default Godot 4).
type config struct {
	engine gdvar.Engine
	err    error // the first invalid option
}

func newConfig(opts []gdvar.Option) config {
	shared, err := optset.SharedOf(opts, "varjson")
	return config{engine: gdvar.Engine(shared.Engine), err: err}
}

// binary returns the options for gdvar's codec; full objects are allowed,
// as a value given to Marshal has already been accepted.
func (c config) binary() []gdvar.Option {
	return []gdvar.Option{gdvar.WithEngine(c.engine), gdvar.AllowObjects(true)}
}
