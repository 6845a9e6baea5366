extends Resource
export var v56: Resource
export var v98: Resource
export var v3: Resource
export var v9: Resource
export var v51: Resource
export var v27: Resource
export var v47: Resource
export var v37: Resource
export var v29: Resource
export var v31: Resource
