extends Resource
class_name DataMap

@export var cash:int = 10000
@export var structures:Array[DataStructure]
