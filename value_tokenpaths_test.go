package gdvar

// The flat paths must give what the token paths give; these run the token
// paths alone, to compare.

// tokenMarshal is Marshal with the flat paths off.
func tokenMarshal(v any, opts ...Option) ([]byte, error) {
	flatPaths = false
	defer func() { flatPaths = true }()
	return MustCodec(opts...).Marshal(v)
}

// tokenUnmarshal is Unmarshal with the flat paths off.
func tokenUnmarshal(data []byte, v any, opts ...Option) error {
	flatPaths = false
	defer func() { flatPaths = true }()
	return MustCodec(opts...).Unmarshal(data, v)
}
