extends Resource
export(Resource) var first
export(Array) var list = []
export var count = 0
export(Resource) var other
