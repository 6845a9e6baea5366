class_name PlayerDataResource
extends Resource

@export var name: String
