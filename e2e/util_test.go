package e2e

import "github.com/vmihailenco/msgpack/v5"

func msgpackMarshal(v any) ([]byte, error) { return msgpack.Marshal(v) }
