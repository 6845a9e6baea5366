package audit

import (
	"fmt"
	"strings"

	"github.com/gdvar/gdvar/project"
)

// sceneChange is a call the server ran whose function changes its scene
// (change_scene_to_file or change_scene_to_packed, as its script says).
type sceneChange struct {
	t   target
	ref project.SceneRef
}

// noteSceneChange keeps a call the server ran if its function changes
// the scene: the nodes of the scene the server ran are gone after it.
func (a *auditor) noteSceneChange(t target) {
	refs, err := a.cfg.Project.SceneRefs(t.script)
	if err != nil {
		return
	}
	for _, ref := range refs.Scenes {
		if ref.Func == t.rpc.Name && strings.HasPrefix(ref.Call, "change_scene_to_") {
			a.sceneChanges = append(a.sceneChanges, sceneChange{t, ref})
			return
		}
	}
}

// blameSceneChange, for a node the server no longer has, makes the last
// call that changed its scene a ChangesScene finding, and returns what
// the node's note says of it; "" when no call the audit made changed it.
func (a *auditor) blameSceneChange(missing string) string {
	if len(a.sceneChanges) == 0 {
		return ""
	}
	c := a.sceneChanges[len(a.sceneChanges)-1]
	a.addAt(findingKey{ChangesScene, c.t.endpoint.node, c.t.rpc.Name, "", c.t.script}, c.t.script, c.ref.Line, attackValid,
		fmt.Sprintf("a peer's call changed the server's scene (%s to %s, %s:%d): the nodes of the scene it ran were gone for every player after it (%s)",
			c.ref.Call, c.ref.Scene, c.t.script, c.ref.Line, missing))
	return fmt.Sprintf("; an earlier call of %s.%s, which the server ran, changed its scene to %s (%s:%d)",
		c.t.endpoint.node, c.t.rpc.Name, c.ref.Scene, c.t.script, c.ref.Line)
}
