package auditcmd

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/gdvar/gdvar/audit"
)

// The bounds of -watch: each property is read through the debugger after
// every call, so a few, each a node's path and a property's name.
const (
	maxWatches       = 32
	maxWatchNode     = 1024 // bytes of NODE: a path a few dozen names deep
	maxWatchProperty = 256  // bytes of PROPERTY
)

// watchFlags are -watch's values as given, checked once the flags are
// parsed (watches): the flag package repeats a value it refuses whole,
// and a value of 1 MiB would make its error as long.
type watchFlags []string

func (w *watchFlags) String() string { return strings.Join(*w, " ") }

func (w *watchFlags) Set(s string) error {
	*w = append(*w, s)
	return nil
}

// watches checks -watch's values and returns their properties; an error
// is audit.ErrConfig, on one line of a few hundred bytes at most.
func (w watchFlags) watches() ([]audit.Watch, error) {
	if len(w) > maxWatches {
		return nil, fmt.Errorf("%w: -watch given %d times: at most %d properties", audit.ErrConfig, len(w), maxWatches)
	}
	out := make([]audit.Watch, 0, len(w))
	for _, s := range w {
		i := strings.LastIndex(s, ":")
		node, property := s[:max(i, 0)], s[i+1:]
		switch {
		case i <= 0 || property == "" || !strings.HasPrefix(node, "/"):
			return nil, fmt.Errorf("%w: -watch %.80q: NODE:PROPERTY, NODE an absolute path, as /root/Main/Players/{victim}:health", audit.ErrConfig, s)
		case len(node) > maxWatchNode || len(property) > maxWatchProperty:
			return nil, fmt.Errorf("%w: -watch %.80q: at most %d bytes of NODE and %d of PROPERTY", audit.ErrConfig, s, maxWatchNode, maxWatchProperty)
		case strings.ContainsFunc(s, unicode.IsControl):
			return nil, fmt.Errorf("%w: -watch %.80q: a control character", audit.ErrConfig, s)
		}
		out = append(out, audit.Watch{Node: node, Property: property})
	}
	return out, nil
}
