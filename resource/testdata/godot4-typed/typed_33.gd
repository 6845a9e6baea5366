extends Resource
const Item0 = preload("res://item_0.gd")
@export var v0_77: Array[int] = [4, 8]
const Item1 = preload("res://item_1.gd")
@export var v1_58: Array[Item1]
@export var v2_87: Script = preload("res://item_0.gd")
const Item2 = preload("res://item_2.gd")
@export var v3_36: Script = preload("res://item_2.gd")
