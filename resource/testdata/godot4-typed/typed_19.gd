extends Resource
const Item0 = preload("item_0.gd")
@export var v0_3: Array[Item0]
const Item2 = preload("item_2.gd")
@export var v1_7: Array[Item2]
@export var v2_49: Script = preload("res://item_2.gd")
