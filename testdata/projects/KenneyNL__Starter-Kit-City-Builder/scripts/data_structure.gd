extends Resource
class_name DataStructure

@export var position:Vector2i
@export var orientation:int
@export var structure:int
