extends Node
# The main scene's script of a copy of a corpus project (testdata/projects),
# run as a game runs, so that its autoloads are the globals its scripts
# name (run with -s, the scripts naming one do not compile). Writes
# var_to_str(get_rpc_config()) of each script the file named by the first
# user argument lists, a line each (res://a.gd), to the file the second
# names: ">>>" and the line, then the text, or REFUSED where the script
# does not compile, then "<<<". project/corpus_rpc_test.go copies it into
# the project and compares gdvar's reading with it.
func _ready():
	var args := OS.get_cmdline_user_args()
	var list := FileAccess.get_file_as_string(args[0])
	var answers := FileAccess.open(args[1], FileAccess.WRITE)
	for line in list.split("\n", false):
		var s = load(line)
		var out := "REFUSED"
		if s != null and s.can_instantiate():
			out = var_to_str(s.get_rpc_config())
		answers.store_string(">>>" + line + "\n" + out + "\n<<<\n")
	answers.close()
	get_tree().quit()
