class_name JamminErrors

const INSTANCE_ALREADY_EXISTS := "JamminLobby instance already exists; should be an autoload / singleton"

const REMOTE_PEER_NOT_HOST := "My assumption is wrong; I'm not the host but I got a remote peer online!"

const NO_TEMPLATE_ROW = "UIUtils.%s(node, item, i): Must have at least one template row, but got an empty array."

const INVALID_ARITY = "UIUtils.%s(node, item, i): must accept 2 or 3 arguments, but got %s"

