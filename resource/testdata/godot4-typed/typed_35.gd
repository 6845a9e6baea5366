extends Resource
const Item1 = preload("item_1.gd")
@export var v0_13: Array[int] = [0, 2]
@export var v1_94: Array[Item1]
const Item2 = preload("res://item_2.gd")
@export var v2_74: Array[Item2]
@export var v3_72: Array[int] = [8, 3]
