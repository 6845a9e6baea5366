extends Resource
export var count = 3
export var ratio = 1.5
export var label = ""
export(Resource) var child
export var items = []
export var dict = {}
var not_saved = 1
