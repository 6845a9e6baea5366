extends Resource
export var v63: Resource
export var v74: Resource
