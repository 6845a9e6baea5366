extends Resource
export var v41: Resource
export var v11: Resource
export var v78: Resource
export var v83: Resource
export var v81: Resource
export var v99: Resource
export var v58: Resource
export var v4: Resource
export var v27: Resource
export var v75: Resource
export var v61: Resource
