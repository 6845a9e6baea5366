extends Resource
export var count = 0
export(Array) var list = []
export(Resource) var first
export(Resource) var other
