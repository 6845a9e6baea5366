extends Resource
export var count = 0
export(Resource) var first
export(Resource) var other
export(Array) var list = []
