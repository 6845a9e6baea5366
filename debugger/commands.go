package debugger

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/gdvar/gdvar"
)

// arity4 is the number of data elements Godot 4.6 requires of the
// messages that wedge the game's debug loop, or crash the game, when sent
// with fewer (or that read past a shorter check): exactly what the engine's
// own editor sends.
var arity4 = map[string]int{
	"get_stack_frame_vars":            1,
	"evaluate":                        2,
	"breakpoint":                      3,
	"set_skip_breakpoints":            1,
	"set_ignore_error_breaks":         1,
	"break":                           0,
	"step":                            0,
	"next":                            0,
	"out":                             0,
	"continue":                        0,
	"get_stack_dump":                  0,
	"scene:request_scene_tree":        0,
	"scene:inspect_objects":           2,
	"scene:inspect_object":            1,
	"scene:set_object_property":       3,
	"scene:set_object_property_field": 4,
	"scene:suspend_changed":           1,
	"scene:override_cameras":          2,
	"scene:transform_camera_2d":       1,
	"scene:transform_camera_3d":       5,
	"scene:live_set_root":             2,
	"scene:live_node_path":            2,
	"scene:live_res_path":             2,
	"scene:live_node_prop":            3,
	"scene:live_node_prop_res":        3,
	"scene:live_res_prop":             3,
	"scene:live_res_prop_res":         3,
	"scene:live_create_node":          3,
	"scene:live_instantiate_node":     3,
	"scene:live_remove_node":          1,
	"scene:live_remove_and_keep_node": 2,
	"scene:live_restore_node":         3,
	"scene:live_duplicate_node":       2,
	"scene:live_reparent_node":        4,
	"scene:save_node":                 2,
	"scene:rq_screenshot":             1,
}

// arity3 is the same for Godot 3.6, whose commands are [name, args…]:
// live_node_call and live_res_call read eight argument slots whatever
// their length, and abort the game when they are not there.
var arity3 = map[string]int{
	"request_scene_tree":   0,
	"inspect_object":       1,
	"set_object_property":  3,
	"breakpoint":           3,
	"set_skip_breakpoints": 1,
	"get_stack_frame_vars": 1,
	"break":                0,
	"step":                 0,
	"next":                 0,
	"continue":             0,
	"get_stack_dump":       0,
	"live_node_call":       10,
	"live_res_call":        10,
}

// Send sends a message to the game's main thread: data is what the engine
// expects for name (see docs/debugger.md). Names known to wedge or crash
// the game when sent with other arities are checked: a wrong count is
// [ErrBadArity] and nothing is sent. For Godot 3, name is the command
// ("request_scene_tree", not "scene:request_scene_tree"). While the
// game is recorded ([Recorder]), Send is refused ([ErrNotRecordable]): a
// replay file holds no such message.
func (s *Session) Send(name string, data ...any) error {
	if s.recording() {
		return fmt.Errorf("%w: a message sent as it is (Send)", ErrNotRecordable)
	}
	s.act()
	return s.send(context.Background(), name, data)
}

// send sends name with data within the context and the request timeout.
// A send cut short ends the session: the stream is out of step.
func (s *Session) send(ctx context.Context, name string, data []any) error {
	table := arity4
	if s.Engine() == gdvar.Godot3 {
		table = arity3
	}
	if n, ok := table[name]; ok && n != len(data) {
		return fmt.Errorf("%w: %s takes %d, not %d", ErrBadArity, name, n, len(data))
	}
	if data == nil {
		data = []any{}
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.requestTimeout)
	defer cancel()
	err := s.conn.WriteContext(ctx, name, 1, data)
	if errors.Is(err, ErrCutShort) {
		s.end(err)
	}
	return err
}

// cmd returns the name of a Godot 4 request in the game's engine version:
// Godot 3's have no "scene:" capture.
func (s *Session) cmd(name string) string {
	if s.Engine() == gdvar.Godot3 {
		return strings.TrimPrefix(name, "scene:")
	}
	return name
}

// reply returns the name of a Godot 4 reply in the game's engine version:
// Godot 3 says "message:" where Godot 4 says "scene:".
func (s *Session) reply(name string) string {
	if s.Engine() == gdvar.Godot3 {
		if rest, ok := strings.CutPrefix(name, "scene:"); ok {
			return "message:" + rest
		}
	}
	return name
}
