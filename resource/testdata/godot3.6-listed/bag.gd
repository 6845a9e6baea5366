extends Resource
export(Resource) var other
export(Resource) var first
export var count = 0
export(Array) var list = []
