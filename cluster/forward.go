package cluster

import (
	"sync"
	"time"

	"github.com/valyala/fasthttp"
	"go.uber.org/zap"
)

// hdrForwarded marks a forwarded request; the frontend never forwards such a request again.
const hdrForwarded = "X-Gpufn-Forwarded"

// forwarder keeps one HTTP client per peer address.
type forwarder struct {
	timeout time.Duration
	mu      sync.Mutex
	clients map[string]*fasthttp.HostClient
}

func (f *forwarder) init(cfg Config) {
	f.timeout, f.clients = cfg.ForwardTimeout, map[string]*fasthttp.HostClient{}
}

func (f *forwarder) client(addr string) *fasthttp.HostClient {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.clients[addr]
	if c == nil {
		c = &fasthttp.HostClient{Addr: addr, MaxConns: 1024, ReadTimeout: f.timeout, WriteTimeout: f.timeout,
			MaxResponseBodySize: 1 << 30, DisablePathNormalizing: true}
		f.clients[addr] = c
	}
	return c
}

// Overflow forwards an invocation this node's queues refused to the live peer with the most
// free capacity, once (frontend.Config.Overflow), and answers with the peer's answer. A peer
// that cannot be reached is forgotten until its next heartbeat and the next best is tried
// (at most two in all: a peer that died since its last heartbeat costs one try). It reports
// false, leaving the answer to the frontend (503), when no peer has room or none answered.
func (n *Node) Overflow(ctx *fasthttp.RequestCtx) bool {
	req := fasthttp.AcquireRequest()
	defer fasthttp.ReleaseRequest(req)
	ctx.Request.CopyTo(req)
	req.Header.Set(hdrForwarded, n.cfg.Name)
	req.UseHostHeader = false
	req.URI().SetScheme("http")
	for try := 0; try < 2; try++ {
		p, ok := n.bestPeer()
		if !ok {
			return false
		}
		req.URI().SetHost(p.HTTP)
		err := n.fwd.client(p.HTTP).DoTimeout(req, &ctx.Response, n.fwd.timeout)
		if err == nil {
			return true
		}
		n.log.Warn("forwarding an invocation to a peer failed", zap.String("peer", p.Name), zap.String("http", p.HTTP), zap.Error(err))
		ctx.Response.Reset()
		n.forget(p.Name)
	}
	return false
}
