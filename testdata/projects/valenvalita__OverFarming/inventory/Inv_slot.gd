extends Resource

class_name InvSlot
@export var item:InvItem
@export var amount: int
