extends Resource
export var v89: Resource
export var v15: Resource
export var v47: Resource
export var v24: Resource
export var v28: Resource
export var v10: Resource
export var v50: Resource
