class_name MainMenu
extends Control


@onready var host: Button = %Host
@onready var join: Button = %Join
@onready var credits: Button = %Credits
@onready var quit: Button = %Quit

func _enter_tree() -> void:
	if Game.multiplayer_test:
		get_tree().change_scene_to_file.call_deferred("res://lobby/lobby_test.tscn")


func _ready() -> void:
	quit.pressed.connect(func(): get_tree().quit())
	host.pressed.connect(func(): get_tree().change_scene_to_file("res://lobby/host_screen.tscn"))
	join.pressed.connect(func(): get_tree().change_scene_to_file("res://lobby/join_screen.tscn"))
	credits.pressed.connect(func(): get_tree().change_scene_to_file("res://ui/credits.tscn"))
	
	host.grab_focus()
