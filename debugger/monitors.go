package debugger

import "strconv"

// monitorNames4 are the names of the built-in performance monitors in the
// order Godot 4.6 sends their values (main/performance.h): the message
// carries no names. A build without 3D or navigation sends fewer.
var monitorNames4 = []string{
	"time/fps", "time/process", "time/physics_process", "time/navigation_process",
	"memory/static", "memory/static_max", "memory/msg_buf_max",
	"object/objects", "object/resources", "object/nodes", "object/orphan_nodes",
	"raster/total_objects_drawn", "raster/total_primitives_drawn", "raster/total_draw_calls",
	"video/video_mem", "video/texture_mem", "video/buffer_mem",
	"physics_2d/active_objects", "physics_2d/collision_pairs", "physics_2d/islands",
	"physics_3d/active_objects", "physics_3d/collision_pairs", "physics_3d/islands",
	"audio/driver/output_latency",
	"navigation/active_maps", "navigation/regions", "navigation/agents", "navigation/links",
	"navigation/polygons", "navigation/edges", "navigation/edges_merged", "navigation/edges_connected",
	"navigation/edges_free", "navigation/obstacles",
	"pipeline/compilations_canvas", "pipeline/compilations_mesh", "pipeline/compilations_surface",
	"pipeline/compilations_draw", "pipeline/compilations_specialization",
	"navigation_2d/active_maps", "navigation_2d/regions", "navigation_2d/agents", "navigation_2d/links",
	"navigation_2d/polygons", "navigation_2d/edges", "navigation_2d/edges_merged", "navigation_2d/edges_connected",
	"navigation_2d/edges_free", "navigation_2d/obstacles",
	"navigation_3d/active_maps", "navigation_3d/regions", "navigation_3d/agents", "navigation_3d/links",
	"navigation_3d/polygons", "navigation_3d/edges", "navigation_3d/edges_merged", "navigation_3d/edges_connected",
	"navigation_3d/edges_free", "navigation_3d/obstacles",
}

// Monitors are the values of the game's performance monitors by name
// ("time/fps", "object/nodes", …), as its last performance message gave
// them. Where the count of values is not Godot 4.6's, or past the built-in
// ones (custom monitors), a value is named "monitor/N" by its index; there
// are at most 1 024.
type Monitors map[string]float64

// maxMonitors bounds the monitors a message may give: the built-in ones
// and custom ones.
const maxMonitors = 1024

// parseMonitors reads performance:profile_frame (Godot 4) or performance
// (Godot 3): the values in the order of the engine's Monitor enum.
func parseMonitors(m Message) Monitors {
	values := m.Data
	if m.Thread == 0 && len(values) == 1 {
		values, _ = values[0].([]any)
	}
	values = values[:min(len(values), maxMonitors)]
	names := monitorNames4
	if m.Thread == 0 || len(values) < len(names) {
		names = nil
	}
	mon := make(Monitors, len(values))
	for i, v := range values {
		f, ok := v.(float64)
		if n, isInt := v.(int64); isInt {
			f, ok = float64(n), true
		}
		if !ok {
			continue
		}
		name := "monitor/" + strconv.Itoa(i)
		if i < len(names) {
			name = names[i]
		}
		mon[name] = f
	}
	return mon
}
