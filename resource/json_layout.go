package resource

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar/vartext"
)

// jsonLayout is the JSON form of what a binary file read keeps to be
// written back as it was (binaryLayout): the version of the engine that
// saved it, its format and flags, its names table (names of properties at
// their defaults too, which the engine lists), and whether it was
// compressed. Without it, json then encode would write Godot 4.6's header
// and names.
type jsonLayout struct {
	Version    string   `json:"version"` // "4.7"
	Format     uint32   `json:"format"`
	Flags      uint32   `json:"flags,omitzero"`
	Compressed bool     `json:"compressed,omitzero"`
	Names      []string `json:"names,omitzero"`
}

// jsonEngines are the JSON form's names of the dialects other than
// Godot 4's, the default: gdvar's -engine flag's.
var jsonEngines = map[vartext.Dialect]string{vartext.Godot3: "3", vartext.Godot32: "3.2"}

// dialectOfJSON returns the dialect a JSON "engine" member names.
func dialectOfJSON(s string) (vartext.Dialect, error) {
	if s == "" {
		return vartext.Godot4, nil
	}
	for d, name := range jsonEngines {
		if name == s {
			return d, nil
		}
	}
	return 0, fmt.Errorf("resource: JSON: engine %q, not 3 or 3.2 (Godot 4 is said by none)", s)
}

// layoutJSON returns the JSON form of l, of a file of dialect d: none for
// a header that does not go with d (a file read as another engine's),
// which the binary writer does not keep either.
func layoutJSON(l *binaryLayout, d vartext.Dialect) *jsonLayout {
	if l == nil {
		return nil
	}
	j := &jsonLayout{Version: fmt.Sprintf("%d.%d", l.major, l.minor), Format: l.format, Flags: l.flags,
		Compressed: l.compressed, Names: l.names}
	if _, err := j.layout(d); err != nil {
		return nil
	}
	return j
}

// layout returns the binaryLayout j says, checked as the binary reader
// checks a header: a version the format goes with, for the dialect d.
func (j *jsonLayout) layout(d vartext.Dialect) (*binaryLayout, error) {
	major, minor, ok := strings.Cut(j.Version, ".")
	ma, err1 := strconv.ParseUint(major, 10, 32)
	mi, err2 := strconv.ParseUint(minor, 10, 32)
	godot4 := d == vartext.Godot4
	switch {
	case !ok || err1 != nil || err2 != nil:
		return nil, fmt.Errorf("resource: JSON: layout version %q is not major.minor", j.Version)
	case (ma >= 4) != godot4 || ma < 3 || ma > 4:
		return nil, fmt.Errorf("resource: JSON: layout version %s is not %s's", j.Version, d)
	case j.Format < binaryFormat3 || j.Format > binaryFormat4 || (j.Format > binaryFormat3) != godot4:
		return nil, fmt.Errorf("resource: JSON: layout format %d is not %s's", j.Format, d)
	case !godot4 && j.Flags != 0:
		return nil, fmt.Errorf("resource: JSON: layout flags %d: Godot 3's format has none", j.Flags)
	}
	return &binaryLayout{major: uint32(ma), minor: uint32(mi), format: j.Format, flags: j.Flags,
		names: j.Names, compressed: j.Compressed}, nil
}
