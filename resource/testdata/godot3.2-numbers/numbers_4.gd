extends Resource
export var v59: Resource
export var v12: Resource
export var v67: Resource
export var v34: Resource
export var v29: Resource
export var v90: Resource
export var v73: Resource
export var v54: Resource
export var v6: Resource
export var v20: Resource
