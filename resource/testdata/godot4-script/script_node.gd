extends Node2D
@export var speed := 2.0
@export var target: NodePath
@export var target_node: Node
@export var nodes: Array[Node] = []
@export var res: Resource
