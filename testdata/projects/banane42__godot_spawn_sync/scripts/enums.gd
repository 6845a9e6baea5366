extends Node

enum PlayerColors {
	RED,
	GREEN,
	BLUE,
	WHITE
}
