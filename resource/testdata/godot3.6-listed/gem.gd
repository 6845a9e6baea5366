extends Resource
export(Resource) var first
export(Resource) var other
export var count = 0
export(Array) var list = []
