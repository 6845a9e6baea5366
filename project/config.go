package project

import (
	"bytes"
	"fmt"

	"github.com/gdvar/gdvar/configfile"
)

// configRead is project.godot read as a ConfigFile, or why it could not
// be.
type configRead struct {
	file *configfile.File
	err  error
}

// settingsFile returns project.godot read as the engine's ProjectSettings
// reads it, a ConfigFile, once.
func (p *Project) settingsFile() (*configfile.File, error) {
	if p.config == nil {
		r := &configRead{}
		data, err := p.readFile("res://project.godot")
		if err == nil {
			r.file, err = configfile.Read(bytes.NewReader(data))
		}
		if err != nil {
			r.err = fmt.Errorf("res://project.godot: %w", err)
		}
		p.config = r
	}
	return p.config.file, p.config.err
}

// setting returns a setting of project.godot, or nil.
func (p *Project) setting(section, key string) any {
	f, err := p.settingsFile()
	if err != nil {
		return nil
	}
	v, _ := f.Get(section, key)
	return v
}

// features returns application/config/features: the engine version the
// project was last saved with ("4.7") and the renderer's name.
func (p *Project) features() []string {
	return stringList(p.setting("application", "config/features"))
}

// MainScene returns application/run/main_scene, the scene the engine runs
// first, as a res:// path (uid:// resolved), or "" when the project names
// none.
func (p *Project) MainScene() (string, error) {
	if _, err := p.settingsFile(); err != nil {
		return "", err
	}
	main, _ := p.setting("application", "run/main_scene").(string)
	if main == "" {
		return "", nil
	}
	return p.fromUID(main)
}
