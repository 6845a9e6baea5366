# meta-name: Default
# meta-default: true
extends _BASE_


func tick(actor: Node, blackboard: Blackboard) -> int:
	return SUCCESS
