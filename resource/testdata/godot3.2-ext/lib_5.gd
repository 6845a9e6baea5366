extends Resource
export(Resource) var a5
export(Resource) var b5
export(Array) var c5 = []
