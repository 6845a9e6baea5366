extends Resource
@export var count := 3
@export var ratio := 1.5
@export var label := ""
@export var child: Resource
@export var items: Array[Resource] = []
@export var dict := {}
@export_storage var hidden := 7
var not_saved := 1
