extends ConfirmationDialog

## Called when user resumes export after filename collision
signal resume_export_function
signal about_to_preview(dict: Dictionary)

var preview_current_frame := 0
var preview_frames: Array[Texture2D] = []

# Allow custom exporters to be added
var image_exports: Array[Export.FileFormat] = [
	Export.FileFormat.PNG,
	Export.FileFormat.WEBP,
	Export.FileFormat.JPEG,
	Export.FileFormat.SVG,
	Export.FileFormat.EXR,
	Export.FileFormat.GIF,
	Export.FileFormat.APNG,
	Export.FileFormat.MP4,
	Export.FileFormat.AVI,
	Export.FileFormat.OGV,
	Export.FileFormat.MKV,
	Export.FileFormat.WEBM,
]
var spritesheet_exports: Array[Export.FileFormat] = [
	Export.FileFormat.PNG,
	Export.FileFormat.WEBP,
	Export.FileFormat.JPEG,
	Export.FileFormat.SVG,
	Export.FileFormat.EXR
]

var _preview_images: Array[Export.ProcessedImage]
var _is_initializing_export_settings := false

@onready var tabs: TabBar = $VBoxContainer/TabBar
@onready var checker: ColorRect = $"%TransparentChecker"
@onready var previews: GridContainer = $"%Previews"

@onready var spritesheet_orientation: OptionButton = $"%Orientation"
@onready var spritesheet_lines_count: SpinBox = $"%LinesCount"
@onready var spritesheet_lines_count_label: Label = $"%LinesCountLabel"
@onready var spritesheet_layers_as_separate_files: CheckBox = %LayersAsSeparateFiles

@onready var frames_option_button: OptionButton = $"%Frames"
@onready var layers_option_button: OptionButton = $"%Layers"
@onready var split_layers_checkbox: CheckBox = %SplitLayers
@onready var direction_option_button: OptionButton = %Direction
@onready var repeat_count_spinbox: SpinBox = %RepeatCount
@onready var dimension_label: Label = $"%DimensionLabel"
@onready var options_resize: ValueSlider = $"%Resize"
@onready var options_quality: ValueSlider = %Quality

@onready var options_interpolation: OptionButton = $"%Interpolation"
@onready var separator_character_edit: LineEdit = %SeparatorCharacter
@onready var export_json_checkbox: CheckBox = %ExportJSON
@onready var include_tags_in_filename_checkbox: CheckBox = %IncludeTagsInFilename
@onready var multiple_animations_directories_checkbox: CheckBox = %MultipleAnimationsDirectories
@onready var erase_outside_selection: CheckBox = %EraseOutsideSelection
@onready var crop_image_option: OptionButton = %CropImages

@onready var directory_path_label: Label = %DirectoryPathLabel
@onready var path_line_edit: LineEdit = $"%PathLineEdit"
@onready var file_format_options: OptionButton = $"%FileFormat"

@onready var file_exists_alert_popup: AcceptDialog = $FileExistsAlert
@onready var path_validation_alert_popup: AcceptDialog = $PathValidationAlert
@onready var path_dialog_popup: FileDialog = $PathDialog
@onready var export_progress_popup: Window = $ExportProgressBar
@onready var export_progress_bar := %ProgressBar as ProgressBar
@onready var frame_timer: Timer = $FrameTimer


func _ready() -> void:
	get_ok_button().size_flags_horizontal = Control.SIZE_EXPAND_FILL
	get_cancel_button().size_flags_horizontal = Control.SIZE_EXPAND_FILL
	crop_image_option.add_item("None", Export.CropMode.NONE)
	crop_image_option.add_item("Content", Export.CropMode.CONTENT)
	crop_image_option.add_item("Selection", Export.CropMode.SELECTION)
	tabs.add_tab("Image")
	tabs.add_tab("Spritesheet")
	if OS.get_name() == "Windows":
		file_exists_alert_popup.add_button("Cancel Export", true, "cancel")
	else:
		file_exists_alert_popup.add_button("Cancel Export", false, "cancel")
		if OS.get_name() == "Android":
			path_dialog_popup.file_mode = FileDialog.FILE_MODE_OPEN_DIR
			directory_path_label.visible = true
		elif OS.get_name() == "Web":
			file_format_options.show()
	# TODO: Remove the loop when https://github.com/godotengine/godot/issues/92848 gets fixed.
	for dialog_child in path_dialog_popup.find_children("", "Window", true, false):
		if dialog_child is Window:
			dialog_child.always_on_top = path_dialog_popup.always_on_top


func show_tab() -> void:
	get_tree().call_group("ExportImageOptions", "hide")
	get_tree().call_group("ExportSpritesheetOptions", "hide")
	set_file_format_selector()
	create_frame_tag_list()
	var export_profile := Global.current_project.export_profile
	frames_option_button.select(export_profile.frame_current_tag)
	create_layer_list()
	layers_option_button.select(export_profile.export_layers)
	match export_profile.current_tab:
		Export.ExportTab.IMAGE:
			Export.process_animation()
			get_tree().call_group("ExportImageOptions", "show")
			get_tree().set_group(
				"ExportMultipleFilesOptions", "disabled", Export.is_single_file_format()
			)
			get_tree().set_group(
				"ExportMultipleFilesEditableOptions", "editable", !Export.is_single_file_format()
			)
		Export.ExportTab.SPRITESHEET:
			frame_timer.stop()
			Export.process_spritesheet()
			spritesheet_orientation.selected = export_profile.orientation
			spritesheet_lines_count.max_value = export_profile.number_of_frames
			spritesheet_lines_count.value = export_profile.lines_count
			spritesheet_layers_as_separate_files.disabled = !export_profile.split_layers
			get_tree().call_group("ExportSpritesheetOptions", "show")
			_handle_orientation_ui()
	set_preview()
	update_dimensions_label()
	tabs.current_tab = export_profile.current_tab
	if OS.get_name() == "Web":
		get_tree().call_group("NotHTML5", "hide")
	elif OS.get_name() == "Android":
		get_tree().call_group("NotAndroid", "hide")


func _set_project_export_settings(
	directory_path: String, file_name: String, file_format: Export.FileFormat
) -> void:
	var project := Global.current_project
	var settings_changed := (
		project.export_profile.directory_path != directory_path
		or project.export_profile.file_name != file_name
		or project.export_profile.file_format != file_format
	)
	project.export_profile.directory_path = directory_path
	project.export_profile.file_name = file_name
	project.export_profile.file_format = file_format
	if settings_changed and not _is_initializing_export_settings:
		project.has_changed = true


func set_preview() -> void:
	var export_profile := Global.current_project.export_profile
	_preview_images = Export.processed_images
	if _preview_images.is_empty():
		return
	var preview_data := {
		"exporter_id": export_profile.file_format,
		"export_tab": export_profile.current_tab,
		"preview_images": _preview_images,
	}
	about_to_preview.emit(preview_data)
	remove_previews()
	if _preview_images.size() == 1:
		previews.columns = 1
		add_image_preview(_preview_images[0].image)
	else:
		if Export.is_single_file_format():
			previews.columns = 1
			add_animated_preview()
		else:
			previews.columns = ceili(sqrt(_preview_images.size()))
			for i in range(_preview_images.size()):
				add_image_preview(_preview_images[i].image, i + 1)


func add_image_preview(image: Image, canvas_number: int = -1) -> void:
	var container := create_preview_container()
	var preview := create_preview_rect()
	preview.texture = ImageTexture.create_from_image(image)
	container.add_child(preview)

	if canvas_number != -1:
		var label := Label.new()
		label.horizontal_alignment = HORIZONTAL_ALIGNMENT_CENTER
		label.text = str(canvas_number)
		container.add_child(label)

	previews.add_child(container)


func add_animated_preview() -> void:
	preview_current_frame = 0
	preview_frames = []

	for processed_image in _preview_images:
		var texture := ImageTexture.create_from_image(processed_image.image)
		preview_frames.push_back(texture)

	var container := create_preview_container()
	container.name = "PreviewContainer"
	var preview := create_preview_rect()
	preview.name = "Preview"
	preview.texture = preview_frames[preview_current_frame]
	container.add_child(preview)

	previews.add_child(container)
	frame_timer.set_one_shot(true)  # wait_time can't change correctly if the timer is playing
	frame_timer.wait_time = _preview_images[preview_current_frame].duration
	frame_timer.start()


func create_preview_container() -> VBoxContainer:
	var container := VBoxContainer.new()
	container.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	container.size_flags_vertical = Control.SIZE_EXPAND_FILL
	container.custom_minimum_size = Vector2(0, 128)
	return container


func create_preview_rect() -> TextureRect:
	var preview := TextureRect.new()
	preview.expand_mode = TextureRect.EXPAND_IGNORE_SIZE
	preview.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	preview.size_flags_vertical = Control.SIZE_EXPAND_FILL
	preview.stretch_mode = TextureRect.STRETCH_KEEP_ASPECT_CENTERED
	return preview


func remove_previews() -> void:
	for child in previews.get_children():
		child.free()


func set_file_format_selector() -> void:
	match Global.current_project.export_profile.current_tab:
		Export.ExportTab.IMAGE:
			_set_file_format_selector_suitable_file_formats(image_exports)
		Export.ExportTab.SPRITESHEET:
			_set_file_format_selector_suitable_file_formats(spritesheet_exports)


## Updates the suitable list of file formats. First is preferred.
## Note that if the current format is in the list, it stays for consistency.
func _set_file_format_selector_suitable_file_formats(formats: Array[Export.FileFormat]) -> void:
	var project := Global.current_project
	var export_profile := project.export_profile
	file_format_options.clear()
	path_dialog_popup.clear_filters()
	var ffmpeg_installed := Export.is_ffmpeg_installed()
	var needs_update := true
	for i in formats:
		if i == Export.FileFormat.EXR:
			if OS.get_name() == "Android" or OS.get_name() == "Web":
				continue
		if export_profile.file_format == i:
			needs_update = false
		if not ffmpeg_installed:
			if i in Export.ffmpeg_formats:
				continue
		var label := Export.file_format_string(i) + "; " + Export.file_format_description(i)
		file_format_options.add_item(label, i)
		if OS.get_name() != "Android":
			path_dialog_popup.add_filter(
				"*" + Export.file_format_string(i), Export.file_format_description(i)
			)
	if needs_update:
		_set_project_export_settings(
			export_profile.directory_path, export_profile.file_name, formats[0]
		)
	file_format_options.selected = file_format_options.get_item_index(export_profile.file_format)
	if OS.get_name() == "Android":
		var file_ext_str := "*" + Export.file_format_string(export_profile.file_format)
		var file_format_description := Export.file_format_description(export_profile.file_format)
		path_dialog_popup.add_filter(file_ext_str, file_format_description)


func create_frame_tag_list() -> void:
	# Clear existing tag list from entry if it exists
	frames_option_button.clear()
	# Re-add removed items
	frames_option_button.add_item("All frames", 0)
	frames_option_button.add_item("Selected frames", 1)

	# Repopulate list with current tag list
	for item in Global.current_project.animation_tags:
		frames_option_button.add_item(item.name)


func create_layer_list() -> void:
	# Clear existing tag list from entry if it exists
	layers_option_button.clear()
	# Re-add removed items
	layers_option_button.add_item("Visible layers", 0)
	layers_option_button.add_item("Selected layers", 1)

	# Repopulate list with current tag list
	for layer in Global.current_project.layers:
		var layer_name := tr("Pixel layer:")
		if layer is GroupLayer:
			layer_name = tr("Group layer:")
		elif layer is Layer3D:
			layer_name = tr("3D layer:")
		elif layer is LayerTileMap:
			layer_name = tr("Tilemap layer:")
		layer_name += " %s" % layer.get_layer_path()
		layers_option_button.add_item(layer_name)


func update_dimensions_label() -> void:
	if _preview_images.size() > 0:
		var export_profile := Global.current_project.export_profile
		var new_size: Vector2i = (
			_preview_images[0].image.get_size() * (export_profile.resize / 100.0)
		)
		dimension_label.text = str(new_size.x, "×", new_size.y)


func open_path_validation_alert_popup(path_or_name: int = -1) -> void:
	# 0 is invalid path, 1 is invalid name
	var error_text := "Directory path and file name are not valid!"
	if path_or_name == 0:
		error_text = "Directory path is not valid!"
	elif path_or_name == 1:
		error_text = "File name is not valid!"

	path_validation_alert_popup.dialog_text = error_text
	print(error_text)
	path_validation_alert_popup.popup_centered_clamped()


func open_file_exists_alert_popup(text: String) -> void:
	var file_exists_label := file_exists_alert_popup.get_node(^"ScrollContainer/Label") as Label
	file_exists_label.text = text
	file_exists_alert_popup.popup_centered_clamped()


func toggle_export_progress_popup(open: bool) -> void:
	if open:
		export_progress_popup.popup_centered_clamped()
	else:
		export_progress_popup.hide()


func set_export_progress_bar(value: float) -> void:
	export_progress_bar.value = value


func _on_about_to_popup() -> void:
	_is_initializing_export_settings = true
	get_ok_button().text = "Export"
	Global.transform_content_confirmed.emit()
	var project := Global.current_project
	var export_profile := project.export_profile
	# If we're on Web, don't let the user change the directory path
	if OS.get_name() == "Web":
		_set_project_export_settings(
			"user://", export_profile.file_name, export_profile.file_format
		)

	if export_profile.directory_path.is_empty():
		var default_directory_path: String = Global.config_cache.get_value(
			"data", "current_dir", OS.get_system_dir(OS.SYSTEM_DIR_DESKTOP)
		)
		_set_project_export_settings(
			default_directory_path, export_profile.file_name, export_profile.file_format
		)

	# If export already occurred - sets GUI to show previous settings
	# we don't emit signals because there settings are already set, so nothing new is changed.
	options_resize.set_value_no_signal(export_profile.resize)
	options_interpolation.selected = export_profile.interpolation
	options_quality.set_value_no_signal(export_profile.save_quality * 100.0)
	direction_option_button.selected = export_profile.direction
	repeat_count_spinbox.set_value_no_signal(export_profile.repeat_count)
	split_layers_checkbox.set_pressed_no_signal(export_profile.split_layers)
	crop_image_option.selected = export_profile.crop_mode
	erase_outside_selection.disabled = (export_profile.crop_mode == Export.CropMode.SELECTION)
	erase_outside_selection.set_pressed_no_signal(export_profile.erase_unselected_area)
	separator_character_edit.text = export_profile.separator_character
	export_json_checkbox.set_pressed_no_signal(export_profile.export_json)
	include_tags_in_filename_checkbox.set_pressed_no_signal(export_profile.include_tag_in_filename)
	multiple_animations_directories_checkbox.set_pressed_no_signal(
		export_profile.new_dir_for_each_frame_tag
	)

	directory_path_label.text = export_profile.directory_path
	var file_ext := Export.file_format_string(export_profile.file_format)
	if OS.get_name() == "Web" or OS.get_name() == "Android":
		path_line_edit.text = export_profile.file_name + file_ext
	else:
		path_line_edit.text = (
			export_profile.directory_path.path_join(export_profile.file_name) + file_ext
		)
	path_dialog_popup.current_dir = export_profile.directory_path
	Export.cache_blended_frames()
	show_tab()

	# Set the size of the preview checker
	checker.size = checker.get_parent().size
	_is_initializing_export_settings = false


func _on_tab_bar_tab_changed(tab: Export.ExportTab) -> void:
	Global.current_project.export_profile.current_tab = tab
	show_tab()


func _on_orientation_item_selected(id: Export.Orientation) -> void:
	Global.current_project.export_profile.orientation = id
	_handle_orientation_ui()
	spritesheet_lines_count.value = Export.frames_divided_by_spritesheet_lines()
	Export.process_spritesheet()
	update_dimensions_label()
	set_preview()


func _handle_orientation_ui() -> void:
	if Global.current_project.export_profile.orientation == Export.Orientation.ROWS:
		spritesheet_lines_count_label.visible = true
		spritesheet_lines_count.visible = true
		spritesheet_lines_count_label.text = "Columns:"
	elif Global.current_project.export_profile.orientation == Export.Orientation.COLUMNS:
		spritesheet_lines_count_label.visible = true
		spritesheet_lines_count.visible = true
		spritesheet_lines_count_label.text = "Rows:"
	else:
		spritesheet_lines_count_label.visible = false
		spritesheet_lines_count.visible = false


func _on_lines_count_value_changed(value: float) -> void:
	Global.current_project.export_profile.lines_count = value
	Export.process_spritesheet()
	update_dimensions_label()
	set_preview()


func _on_direction_item_selected(id: Export.AnimationDirection) -> void:
	Global.current_project.export_profile.direction = id
	preview_current_frame = 0
	Export.process_data()
	set_preview()
	spritesheet_lines_count.max_value = Global.current_project.export_profile.number_of_frames
	update_dimensions_label()


func _on_repeat_count_changed(value: int) -> void:
	Global.current_project.export_profile.repeat_count = value
	preview_current_frame = 0
	Export.process_data()
	set_preview()
	spritesheet_lines_count.max_value = Global.current_project.export_profile.number_of_frames
	update_dimensions_label()


func _on_resize_value_changed(value: float) -> void:
	Global.current_project.export_profile.resize = value
	update_dimensions_label()


func _on_quality_value_changed(value: float) -> void:
	Global.current_project.export_profile.save_quality = value / 100.0


func _on_interpolation_item_selected(id: Image.Interpolation) -> void:
	Global.current_project.export_profile.interpolation = id


func _on_confirmed() -> void:
	export()


func export() -> void:
	Global.current_project.export_overwrite = false
	if await Export.export_processed_images(false, self, Global.current_project):
		hide()


func _on_path_button_pressed() -> void:
	path_dialog_popup.popup_centered_clamped()
	path_dialog_popup.current_file = path_line_edit.text.get_file()


func _on_path_line_edit_text_changed(new_text: String) -> void:
	var project := Global.current_project
	var export_profile := project.export_profile
	var directory_path := export_profile.directory_path
	if OS.get_name() != "Android":
		directory_path = new_text.get_base_dir()
	var file_name := new_text.get_file().get_basename()
	var file_format := Export.get_file_format_from_extension(new_text.get_extension())
	_set_project_export_settings(directory_path, file_name, file_format)
	if not Export.is_single_file_format():
		get_tree().set_group("ExportMultipleFilesOptions", "disabled", false)
		get_tree().set_group("ExportMultipleFilesEditableOptions", "editable", true)
		frame_timer.stop()
	else:
		get_tree().set_group("ExportMultipleFilesOptions", "disabled", true)
		get_tree().set_group("ExportMultipleFilesEditableOptions", "editable", false)

	var show_quality := file_format == Export.FileFormat.JPEG
	%QualityLabel.visible = show_quality
	%Quality.visible = show_quality
	set_preview()


func _on_path_dialog_file_selected(path: String) -> void:
	path_line_edit.text = path
	_on_path_line_edit_text_changed(path)
	# Needed because if native file dialogs are enabled
	# the export dialog closes when the path dialog closes
	if not visible:
		show()


func _on_path_dialog_dir_selected(dir: String) -> void:
	directory_path_label.text = dir
	var project := Global.current_project
	_set_project_export_settings(
		dir, project.export_profile.file_name, project.export_profile.file_format
	)


func _on_path_dialog_canceled() -> void:
	# Needed because if native file dialogs are enabled
	# the export dialog closes when the path dialog closes
	if not visible:
		show()


func _on_file_format_item_selected(index: int) -> void:
	var id := file_format_options.get_item_id(index) as Export.FileFormat
	var ext_string := Export.file_format_string(id)
	var path := path_line_edit.text
	path = path.replace("." + path.get_extension(), ext_string)
	path_line_edit.text = path
	_on_path_line_edit_text_changed(path)
	if OS.get_name() == "Android":
		path_dialog_popup.clear_filters()
		var file_format_description := Export.file_format_description(id)
		path_dialog_popup.add_filter("*" + ext_string, file_format_description)


## Overwrite existing file
func _on_file_exists_alert_confirmed() -> void:
	var file_exists_label := file_exists_alert_popup.get_node(^"ScrollContainer/Label") as Label
	file_exists_label.text = Export.file_exists_alert
	Export.stop_export = false
	resume_export_function.emit()


func _on_file_exists_alert_custom_action(action: StringName) -> void:
	if action == &"cancel":
		# Cancel export
		var file_exists_label := file_exists_alert_popup.get_node(^"ScrollContainer/Label") as Label
		file_exists_label.text = Export.file_exists_alert
		Export.stop_export = true
		resume_export_function.emit()
		file_exists_alert_popup.hide()


func _on_frame_timer_timeout() -> void:
	var preview_texture_rect: TextureRect = previews.get_node("PreviewContainer/Preview")
	if not preview_texture_rect:
		return
	preview_texture_rect.texture = preview_frames[preview_current_frame]

	if preview_current_frame == preview_frames.size() - 1:
		preview_current_frame = 0
	else:
		preview_current_frame += 1

	frame_timer.wait_time = _preview_images[preview_current_frame - 1].duration
	frame_timer.start()


func _on_ExportDialog_visibility_changed() -> void:
	if not visible:
		frame_timer.stop()
		Export.blended_frames.clear()
		Export.processed_images.clear()


func _on_export_json_toggled(toggled_on: bool) -> void:
	Global.current_project.export_profile.export_json = toggled_on


func _on_split_layers_toggled(toggled_on: bool) -> void:
	var export_profile := Global.current_project.export_profile
	export_profile.split_layers = toggled_on
	spritesheet_layers_as_separate_files.disabled = !export_profile.split_layers
	Export.process_data()
	set_preview()


func _on_layers_as_separate_files_toggled(toggled_on: bool) -> void:
	Global.current_project.export_profile.sheet_layers_as_separate_files = toggled_on
	Export.process_data()
	set_preview()


func _on_include_tags_in_filename_toggled(button_pressed: bool) -> void:
	Global.current_project.export_profile.include_tag_in_filename = button_pressed


func _on_multiple_animations_directories_toggled(button_pressed: bool) -> void:
	Global.current_project.export_profile.new_dir_for_each_frame_tag = button_pressed


func _on_crop_image_option_selected(index: int) -> void:
	Global.current_project.export_profile.crop_mode = index as Export.CropMode
	erase_outside_selection.disabled = index == Export.CropMode.SELECTION
	Export.process_data()
	set_preview()


func _on_clip_images_selection_toggled(toggled_on: bool) -> void:
	Global.current_project.export_profile.erase_unselected_area = toggled_on
	Export.process_data()
	set_preview()


func _on_frames_item_selected(id: int) -> void:
	var export_profile := Global.current_project.export_profile
	export_profile.frame_current_tag = id
	Export.process_data()
	set_preview()
	spritesheet_lines_count.max_value = export_profile.number_of_frames
	spritesheet_lines_count.value = export_profile.lines_count


func _on_layers_item_selected(id: int) -> void:
	Global.current_project.export_profile.export_layers = id
	Export.cache_blended_frames()
	Export.process_data()
	set_preview()


func _on_separator_character_text_changed(new_text: String) -> void:
	Global.current_project.export_profile.separator_character = new_text
