package cli

import (
	"runtime/debug"
	"strings"
)

// Version is the module's version as the build recorded it: a release
// (gdvar v1.2.0, from go install …@v1.2.0), or (devel) and the commit for
// a build from a clone; then the Go version.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "gdvar (unknown version)"
	}
	v := "gdvar " + info.Main.Version
	var extra []string
	for _, s := range info.Settings {
		switch {
		case s.Key == "vcs.revision":
			extra = append(extra, "commit "+s.Value[:min(12, len(s.Value))])
		case s.Key == "vcs.modified" && s.Value == "true":
			extra = append(extra, "modified")
		}
	}
	extra = append(extra, info.GoVersion)
	return v + " (" + strings.Join(extra, ", ") + ")"
}
