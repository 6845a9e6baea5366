// Package optset is what the Codecs of gdvar, vartext and varjson share:
// settings made once from options applied in turn, the first invalid one
// the error, and a Must for a package's variables.
package optset

// With returns base with opts applied in turn, and the error err reports
// of the result (the first invalid option's; nil: a package none of
// whose options can be).
func With[S any, O ~func(*S)](base S, opts []O, err func(*S) error) (S, error) {
	for _, o := range opts {
		o(&base)
	}
	if err != nil {
		if e := err(&base); e != nil {
			return base, e
		}
	}
	return base, nil
}

// Must returns v, or panics with err: a package's MustCodec, for options
// known to be valid.
func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
