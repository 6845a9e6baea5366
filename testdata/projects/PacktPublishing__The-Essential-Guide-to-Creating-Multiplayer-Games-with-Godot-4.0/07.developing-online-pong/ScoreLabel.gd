extends Label


func update_score(new_score):
	text = "%s" % new_score
