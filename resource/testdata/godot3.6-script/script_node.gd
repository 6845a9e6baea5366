extends Node2D
export var speed = 2.0
export var target = NodePath()
export(Resource) var res
