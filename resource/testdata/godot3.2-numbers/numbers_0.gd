extends Resource
export var v28: Resource
export var v20: Resource
export var v15: Resource
