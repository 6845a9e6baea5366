extends Resource
export var count = 0
export(Resource) var other
export(Array) var list = []
export(Resource) var first
