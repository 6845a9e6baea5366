package varjson

import "github.com/gdvar/gdvar"

// Option configures Marshal, Unmarshal and a Decoder.
type Option func(*config)

type config struct {
	engine gdvar.Engine
}

func newConfig(opts []Option) config {
	var c config
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithEngine selects the engine version for what goes through the binary
// format: values kept as $Raw, and Go values other than gdvar's generic
// form (default Godot 4).
func WithEngine(e gdvar.Engine) Option { return func(c *config) { c.engine = e } }

// binary returns the options for gdvar's codec; full objects are allowed,
// as a value given to Marshal has already been accepted.
func (c config) binary() []gdvar.Option {
	return []gdvar.Option{gdvar.WithEngine(c.engine), gdvar.AllowObjects(true)}
}
