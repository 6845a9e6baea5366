// Command wsvar is a WebSocket server for Godot games that use
// WebSocketPeer directly, without the high-level multiplayer: the game
// sends values with put_var and reads them with get_var, one bare value
// (var_to_bytes, no length before it) per binary message. The server
// answers each value with the same value, as the engine would read it.
//
//	go run ./examples/wsvar -listen 127.0.0.1:8911
//
// In the game:
//
//	var ws := WebSocketPeer.new()
//	ws.connect_to_url("ws://127.0.0.1:8911")
//	# each frame: ws.poll(); once ws.get_ready_state() == WebSocketPeer.STATE_OPEN:
//	ws.put_var({"hello": Vector3(1, 2, 3)})
//	# later, while ws.get_available_packet_count() > 0: print(ws.get_var())
package main

import (
	"context"
	"flag"
	"log"
	"net/http"

	"github.com/coder/websocket"
	"github.com/gdvar/gdvar"
)

// maxMessage is the largest message a client may send: the engine's own
// buffer (WebSocketPeer.inbound_buffer_size) is 64 KiB by default.
const maxMessage = 1 << 20

func main() {
	listen := flag.String("listen", "127.0.0.1:8911", "address to listen on")
	flag.Parse()
	log.Printf("listening on ws://%s", *listen)
	log.Fatal(http.ListenAndServe(*listen, handler(log.Default())))
}

// handler accepts WebSocket clients and echoes each value they send.
func handler(logger *log.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ws.SetReadLimit(maxMessage)
		ctx := context.Background()
		for {
			_, msg, err := ws.Read(ctx)
			if err != nil {
				return
			}
			// The generic form keeps every value as the engine wrote it, so
			// Marshal gives back the same bytes; a struct would do as well.
			var v any
			if err := gdvar.Unmarshal(msg, &v); err != nil {
				logger.Printf("%s: %v", r.RemoteAddr, err)
				continue
			}
			reply, err := gdvar.Marshal(v)
			if err == nil {
				err = ws.Write(ctx, websocket.MessageBinary, reply)
			}
			if err != nil {
				logger.Printf("%s: %v", r.RemoteAddr, err)
				return
			}
		}
	})
}
