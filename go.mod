module gpufn

go 1.26.8

require (
	github.com/klauspost/compress v1.20.0
	github.com/valyala/fasthttp v1.74.0
	github.com/vmihailenco/msgpack/v5 v5.4.1
	go.uber.org/zap v1.28.0
	golang.org/x/sys v0.49.0
)

require (
	github.com/molecule-man/go-brrr v1.0.1 // indirect
	github.com/stretchr/testify v1.11.1 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	go.uber.org/multierr v1.10.0 // indirect
	golang.org/x/tools v0.48.0 // indirect
)
