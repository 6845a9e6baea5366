package vartext

// Option configures Marshal, Unmarshal and a Decoder.
type Option func(*config)

type config struct {
	dialect Dialect
}

func newConfig(opts []Option) config {
	var c config
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithDialect selects the engine version of the text form (default Godot4).
func WithDialect(d Dialect) Option { return func(c *config) { c.dialect = d } }
