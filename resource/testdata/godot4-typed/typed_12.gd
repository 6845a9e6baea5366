extends Resource
const Item0 = preload("item_0.gd")
@export var v0_37: Script = preload("res://item_0.gd")
const Item1 = preload("res://item_1.gd")
@export var v1_80: Script = preload("res://item_1.gd")
@export var v2_58: Array[Item1]
