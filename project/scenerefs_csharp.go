package project

import (
	"unicode/utf8"

	"github.com/gdvar/gdvar/project/internal/csharp"
	"github.com/gdvar/gdvar/project/internal/source"
)

// csCalls are the C# methods a scene's path is given to, by their
// GDScript names.
var csCalls = map[string]string{
	"ChangeSceneToFile": "change_scene_to_file", "ChangeSceneToPacked": "change_scene_to_packed",
	"AddSpawnableScene": "add_spawnable_scene",
}

// csSceneRefs returns the scenes a C# script's string literals name
// (GD.Load<PackedScene>("res://…"), ChangeSceneToFile("res://…"), a
// const string): the call is the one the literal is given to, through
// Load. Its spawn functions are not read.
func (p *Project) csSceneRefs(file string) (SceneRefs, error) {
	res, err := p.readKey(file)
	if err != nil {
		return SceneRefs{}, err
	}
	src, err := p.readFile(res)
	if err != nil {
		return SceneRefs{}, err
	}
	if !utf8.Valid(src) {
		return SceneRefs{}, nil // the compiler refuses it: no build runs it
	}
	var out SceneRefs
	for _, lit := range csharp.Literals(source.Text(src), p.limits.MaxDepth) {
		scene, ok := p.scenePath(res, lit.Value)
		if !ok {
			continue
		}
		call := lit.Call
		if call == "Load" {
			call = lit.Outer
		}
		out.Scenes = append(out.Scenes, SceneRef{Scene: scene, Line: lit.Line, Call: csCalls[call]})
	}
	return out, nil
}
