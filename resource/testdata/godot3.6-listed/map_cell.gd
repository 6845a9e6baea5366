extends Resource
export(Resource) var first
export(Array) var list = []
export(Resource) var other
export var count = 0
