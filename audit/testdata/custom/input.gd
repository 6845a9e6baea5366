extends MultiplayerSynchronizer
# A player's input, which its peer owns and syncs: a direction.

var direction := Vector2.ZERO
