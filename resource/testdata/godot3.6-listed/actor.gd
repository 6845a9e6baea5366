extends Resource
export(Array) var list = []
export(Resource) var first
export(Resource) var other
export var count = 0
