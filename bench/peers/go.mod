module github.com/gdvar/gdvar/bench/peers

go 1.26.0

replace github.com/gdvar/gdvar => ../..

require (
	github.com/fxamacker/cbor/v2 v2.10.0
	github.com/gdvar/gdvar v0.0.0-00010101000000-000000000000
	github.com/go-json-experiment/json v1.27.2
	github.com/shamaton/msgpack/v2 v2.4.0
	github.com/stretchr/testify v1.12.1
	github.com/tinylib/msgp v1.6.5
	github.com/vmihailenco/msgpack/v5 v5.4.1
)

require (
	github.com/philhofer/fwd v1.2.0 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	github.com/x448/float16 v0.8.4 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
