package bench

import (
	"context"
	"time"
)

// timeoutCtx returns a context that ends after d (its cancel runs then by itself).
func timeoutCtx(d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	time.AfterFunc(d, cancel)
	return ctx
}
