extends Resource
const Item0 = preload("res://item_0.gd")
@export var v0_85: Array[int] = [5, 9]
const Item2 = preload("item_2.gd")
@export var v1_37: Script = preload("res://item_2.gd")
const Item1 = preload("res://item_1.gd")
@export var v2_3: Script = preload("res://item_1.gd")
@export var v3_52: PackedScene = preload("scene_1.tscn")
@export var v4_93: Script = preload("res://item_0.gd")
@export var v5_21: Script = preload("res://item_0.gd")
@export var v6_95: Array[Item0]
