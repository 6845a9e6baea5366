extends Resource
const Item1 = preload("res://item_1.gd")
@export var v0_31: Array[Item1]
@export var v1_31: Array[int] = [7, 6]
const Item2 = preload("res://item_2.gd")
@export var v2_45: Script = preload("res://item_2.gd")
