# tiles4.gd for Godot 4.6: random TileSets (layers of every kind, terrain
# sets, custom data, atlas sources whose tiles set their TileData, with
# alternatives, animations, larger tiles, patterns and proxies) and
# FontFiles holding a cache (sizes, textures of Images, glyphs, kerning),
# as test cases for gdvar's resource package (TestTileSetsAndFonts):
#   godot4 --headless --path PROJECT -s tiles4.gd -- DIR SEED COUNT
# writes in DIR (res://tiles, or an absolute path) each case NAME.tres and
# the engine's conversions: to binary (NAME.conv.res), that back to text
# (NAME.back.tres) and the text to text at another path (NAME.moved.tres).
# index.txt lists the names.
extends SceneTree

var rng := RandomNumberGenerator.new()
var textures := []

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var dir := args[0]
	rng.seed = int(args[1])
	DirAccess.make_dir_recursive_absolute(dir)
	for k in 2:
		var t := GradientTexture2D.new()
		t.width = 64
		t.height = 64 + 32 * k
		ResourceSaver.save(t, dir + "/texture_%d.tres" % k)
		textures.append(load(dir + "/texture_%d.tres" % k))
	var index := PackedStringArray()
	for i in int(args[2]):
		var name := ("font_%d" if i % 4 == 3 else "tiles_%d") % i
		var res: Resource = font() if i % 4 == 3 else tile_set()
		var path := dir + "/" + name
		if ResourceSaver.save(res, path + ".tres") != OK:
			print("fail " + name)
			continue
		for c in [[".tres", ".conv.res"], [".conv.res", ".back.tres"], [".tres", ".moved.tres"]]:
			var r := ResourceLoader.load(path + c[0], "", ResourceLoader.CACHE_MODE_IGNORE)
			if r == null or ResourceSaver.save(r, path + c[1]) != OK:
				print("fail " + name + c[1])
		index.append(name)
	var f := FileAccess.open(dir + "/index.txt", FileAccess.WRITE)
	for name in index:
		f.store_line(name)
	f.close()
	print("wrote %d" % index.size())
	quit()

func chance(n: int) -> bool:
	return rng.randi_range(0, n - 1) == 0

func tile_set() -> TileSet:
	var ts := TileSet.new()
	ts.tile_shape = rng.randi_range(0, 3) as TileSet.TileShape
	ts.tile_size = Vector2i(16, 16)
	for k in rng.randi_range(0, 2):
		ts.add_physics_layer()
		ts.set_physics_layer_collision_layer(k, rng.randi_range(1, 8))
	for k in rng.randi_range(0, 2):
		ts.add_terrain_set()
		ts.set_terrain_set_mode(k, rng.randi_range(0, 2) as TileSet.TerrainMode)
		for j in rng.randi_range(1, 2):
			ts.add_terrain(k)
			ts.set_terrain_name(k, j, "t%d_%d" % [k, j])
	for k in rng.randi_range(0, 1):
		ts.add_navigation_layer()
	for k in rng.randi_range(0, 1):
		ts.add_occlusion_layer()
	var types := [TYPE_INT, TYPE_STRING, TYPE_BOOL, TYPE_FLOAT, TYPE_COLOR]
	for k in rng.randi_range(0, 2):
		ts.add_custom_data_layer()
		ts.set_custom_data_layer_name(k, "data_%d" % k)
		ts.set_custom_data_layer_type(k, types[rng.randi_range(0, types.size() - 1)])
	for s in rng.randi_range(1, 2):
		var src := TileSetAtlasSource.new()
		src.texture = textures[rng.randi_range(0, textures.size() - 1)]
		src.texture_region_size = Vector2i(16, 16)
		ts.add_source(src, s * rng.randi_range(1, 3))
		for y in 2:
			for x in 3:
				if chance(3):
					continue
				var at := Vector2i(x, y)
				if x == 2 and chance(3):
					src.create_tile(at)
					src.set_tile_animation_frames_count(at, 2)
					src.set_tile_animation_separation(at, Vector2i(0, 1))
				elif x == 0 and chance(4):
					src.create_tile(at, Vector2i(2, 1))
				else:
					if src.get_tile_at_coords(at) != Vector2i(-1, -1):
						continue
					src.create_tile(at)
				tile(ts, src.get_tile_data(at, 0), false)
				for a in rng.randi_range(0, 1):
					tile(ts, src.get_tile_data(at, src.create_alternative_tile(at)), true)
	if chance(2):
		var pattern := TileMapPattern.new()
		pattern.set_cell(Vector2i(0, 0), ts.get_source_id(0), Vector2i(1, 0), 0)
		ts.add_pattern(pattern)
	if chance(3):
		ts.set_source_level_tile_proxy(7, ts.get_source_id(0))
	return ts

# tile sets a tile's TileData at random, as an editor would; only an
# alternative may be flipped.
func tile(ts: TileSet, td: TileData, alternative: bool) -> void:
	if alternative and chance(2):
		td.flip_h = true
	if chance(3):
		td.modulate = Color(1, 0.5, 0.5)
	if chance(3):
		td.z_index = rng.randi_range(1, 3)
	if chance(4):
		td.probability = 0.5
	for k in ts.get_physics_layers_count():
		if chance(2):
			td.add_collision_polygon(k)
			td.set_collision_polygon_points(k, 0, PackedVector2Array([Vector2(-8, -8), Vector2(8, -8), Vector2(8, 8)]))
			td.set_collision_polygon_one_way(k, 0, chance(2))
	if ts.get_terrain_sets_count() > 0 and chance(2):
		td.terrain_set = rng.randi_range(0, ts.get_terrain_sets_count() - 1)
		td.terrain = 0
		for bit in 16:
			if td.is_valid_terrain_peering_bit(bit) and chance(2):
				td.set_terrain_peering_bit(bit, rng.randi_range(0, ts.get_terrains_count(td.terrain_set) - 1))
	for k in ts.get_navigation_layers_count():
		if chance(3):
			var nav := NavigationPolygon.new()
			nav.vertices = PackedVector2Array([Vector2(-8, -8), Vector2(8, -8), Vector2(8, 8)])
			nav.add_polygon(PackedInt32Array([0, 1, 2]))
			td.set_navigation_polygon(k, nav)
	for k in ts.get_custom_data_layers_count():
		if chance(2):
			match ts.get_custom_data_layer_type(k):
				TYPE_INT: td.set_custom_data_by_layer_id(k, rng.randi_range(1, 9))
				TYPE_STRING: td.set_custom_data_by_layer_id(k, "s%d" % rng.randi_range(0, 9))
				TYPE_BOOL: td.set_custom_data_by_layer_id(k, true)
				TYPE_FLOAT: td.set_custom_data_by_layer_id(k, 0.25)
				TYPE_COLOR: td.set_custom_data_by_layer_id(k, Color(0, 1, 0))

func font() -> FontFile:
	var f := FontFile.new()
	f.fixed_size = 8 * rng.randi_range(1, 2)
	for size in [f.fixed_size, f.fixed_size * 2].slice(0, rng.randi_range(1, 2)):
		f.set_cache_ascent(0, size, size * 0.75)
		f.set_cache_descent(0, size, size * 0.25)
		for k in rng.randi_range(1, 2):
			var img := Image.create(8 * (k + 1), 8, false, Image.FORMAT_LA8)
			img.fill(Color(1, 1, 1, rng.randf()))
			f.set_texture_image(0, Vector2i(size, 0), k, img)
		for glyph in [65, 66, 97].slice(0, rng.randi_range(1, 3)):
			f.set_glyph_advance(0, size, glyph, Vector2(size / 2, 0))
			f.set_glyph_offset(0, Vector2i(size, 0), glyph, Vector2(0, -size))
			f.set_glyph_size(0, Vector2i(size, 0), glyph, Vector2(size / 2, size))
			f.set_glyph_uv_rect(0, Vector2i(size, 0), glyph, Rect2(0, 0, size / 2, size))
			f.set_glyph_texture_idx(0, Vector2i(size, 0), glyph, 0)
		if chance(2):
			f.set_kerning(0, size, Vector2i(65, 66), Vector2(-1, 0))
	return f
