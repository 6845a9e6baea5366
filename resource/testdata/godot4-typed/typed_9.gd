extends Resource
const Item2 = preload("res://item_2.gd")
@export var v0_5: Array[int] = [6, 7]
const Item0 = preload("item_0.gd")
@export var v1_27: Item0
@export var v2_71: Array[int] = [7, 4]
const Item1 = preload("item_1.gd")
@export var v3_4: Array[Item1]
@export var v4_3: Script = preload("res://item_0.gd")
