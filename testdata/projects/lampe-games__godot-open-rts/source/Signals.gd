extends Node

# notifications
signal god_mode_enabled
signal god_mode_disabled
