package audit

import (
	"os"
	"strings"

	"github.com/gdvar/gdvar/project"
)

// notImported says why a project the server runs has not been imported,
// or "": it has files the editor imports (a .import beside each) and no
// .godot/imported folder, as a fresh clone of a game has. Its server then
// fails each load of such a file with a script error an audit would
// otherwise take for its calls' doing.
func notImported(p *project.Project) string {
	files, err := p.Files()
	if err != nil {
		return ""
	}
	needs := false
	for _, f := range files {
		if strings.HasSuffix(f, ".import") {
			needs = true
			break
		}
	}
	if !needs {
		return ""
	}
	dir, err := p.File("res://.godot/imported")
	if err != nil {
		return ""
	}
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		return ""
	}
	return "the project is not imported (no .godot/imported): its server cannot load the textures and other files the editor imports, " +
		"and a call that loads one fails with a script error of that; import it once (godot --headless --path DIR --import), then audit"
}
