extends Resource

class_name  InvItem

@export var nam: String = ""
@export var type: String = ""
@export var texture: Texture2D
@export var asociated_plant: InvItem
@export var max_items_per_slot: int
