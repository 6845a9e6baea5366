extends Resource
# An autoload that is no Node: the engine does not add it.
