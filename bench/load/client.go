package load

import (
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/netspin"
)

// Client is an HTTP client for one server: one connection per request in flight (no
// pipelining), kept open between requests. The load generator sends with the HTTP client that
// ClientOptions.HTTPClient names (fasthttp's HostClient by default, or net/http's Transport);
// the management API (Do) always goes through fasthttp. It is safe for concurrent use.
type Client struct {
	// Base is the server's URL without a trailing slash, e.g. "http://127.0.0.1:8080".
	Base string
	hc   *fasthttp.HostClient
	// load sends the load generator's requests: through hc, or net/http's Transport.
	load exchanger
	spin *netspin.Limiter
	// opts are the options the client was made with, defaults applied.
	opts ClientOptions
}

// The load generator's HTTP clients (ClientOptions.HTTPClient, --http-client).
const (
	// HTTPClientFast is fasthttp's HostClient, the default: the bench's own request path, with
	// spin-waiting (ClientOptions.SpinWait) available.
	HTTPClientFast = "fasthttp"
	// HTTPClientNet is Go's net/http Transport (HTTP/1.1, keep-alive, no connection limit):
	// the HTTP stack vegeta is built on. Its connections cannot spin-wait.
	HTTPClientNet = "nethttp"
)

// ClientOptions configure NewClient.
type ClientOptions struct {
	// MaxConns is the most connections open at once (default 10000). The load generator never
	// has more requests in flight than this, so a request never waits for a free connection.
	MaxConns int
	// Timeout bounds each read and write on a connection (default 10 s); the load generator
	// also gives each request a deadline of its own.
	Timeout time.Duration
	// BufferSize is the size of each connection's read and write buffers (default
	// DefaultBufferSize). Bodies larger than it bypass it: fasthttp reads and writes them
	// directly, so a small buffer saves a copy of every large body (see DefaultBufferSize).
	BufferSize int
	// SpinWait, when positive, is how long a goroutine waiting for an answer polls its
	// socket before parking (see spinconn.go); Client.SetSpinWait changes it later.
	SpinWait time.Duration
	// MaxSpinners bounds the goroutines spinning at once (default GOMAXPROCS-1, at least 1).
	MaxSpinners int
	// HTTPClient is the HTTP client of the load generator: HTTPClientFast ("fasthttp", the
	// default when empty) or HTTPClientNet ("nethttp"). SpinWait must be 0 with HTTPClientNet.
	HTTPClient string
}

// DefaultBufferSize is the connections' default buffer size, fasthttp's own default. With
// 128 KiB bodies each way, a buffer at least as large as the body costs a copy of the body
// through it in each direction (and 64 KiB, half of one); with 4 KiB, the request's body is
// written and the answer's body read directly, a few kilobytes excepted. Measured on a
// 2-core VM (docs/bench.md, "The generator's own cost"): 67 us of client CPU per closed-loop
// matmul round trip with 4 KiB, 77 us with 64 KiB, 68 to 92 us with 1 MiB.
const DefaultBufferSize = 4096

// NewClient returns a client for the server at base ("http://host:port", with or without a
// trailing slash; https is not supported).
func NewClient(base string, o ClientOptions) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(base, "/"))
	if err != nil {
		return nil, fmt.Errorf("bench: server URL %q: %w", base, err)
	}
	if u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("bench: server URL %q: want http://host:port", base)
	}
	if o.MaxConns <= 0 {
		o.MaxConns = 10000
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	if o.BufferSize <= 0 {
		o.BufferSize = DefaultBufferSize
	}
	switch o.HTTPClient {
	case "", HTTPClientFast:
		o.HTTPClient = HTTPClientFast
	case HTTPClientNet:
		if o.SpinWait > 0 {
			return nil, fmt.Errorf("bench: spin-waiting (%v) needs the fasthttp client: net/http's connections cannot poll their sockets", o.SpinWait)
		}
	default:
		return nil, fmt.Errorf("bench: HTTP client %q: want %s or %s", o.HTTPClient, HTTPClientFast, HTTPClientNet)
	}
	addr := u.Host
	if u.Port() == "" {
		addr += ":80"
	}
	spin := newSpinLimiter(o.MaxSpinners)
	spin.SetBudget(o.SpinWait)
	c := &Client{
		Base: "http://" + u.Host + strings.TrimRight(u.Path, "/"),
		spin: spin,
		opts: o,
		hc: &fasthttp.HostClient{
			Addr: addr,
			Name: "gpufn-bench",
			// fasthttp's own dialing (as when no dialer is set); the connection is wrapped so
			// that its reads can spin (they do not while the spin budget is 0).
			DialTimeout: func(addr string, timeout time.Duration) (net.Conn, error) {
				var c net.Conn
				var err error
				if timeout > 0 {
					c, err = fasthttp.DialTimeout(addr, timeout)
				} else {
					c, err = fasthttp.Dial(addr)
				}
				if err != nil {
					return nil, err
				}
				return newSpinConn(c, spin), nil
			},
			MaxConns:                 o.MaxConns,
			ReadTimeout:              o.Timeout,
			WriteTimeout:             o.Timeout,
			MaxIdleConnDuration:      time.Minute,
			ReadBufferSize:           o.BufferSize,
			WriteBufferSize:          o.BufferSize,
			MaxResponseBodySize:      1 << 30,
			NoDefaultUserAgentHeader: true,
			// One attempt: a request that failed is an error, never silently sent again.
			MaxIdemponentCallAttempts: 1,
		},
	}
	if o.HTTPClient == HTTPClientNet {
		c.load = newNetExchanger(o)
	} else {
		c.load = fastExchanger{c.hc}
	}
	return c, nil
}

// HTTPClient names the HTTP client the load generator sends with (HTTPClientFast or
// HTTPClientNet).
func (c *Client) HTTPClient() string { return c.opts.HTTPClient }

// WithHTTPClient returns a new client of the same server with the same options but the load
// generator's HTTP client kind, and no spin-waiting with net/http (which cannot spin).
func (c *Client) WithHTTPClient(kind string) (*Client, error) {
	o := c.opts
	o.HTTPClient, o.SpinWait = kind, c.SpinWait()
	if kind == HTTPClientNet {
		o.SpinWait = 0
	}
	return NewClient(c.Base, o)
}

// SetSpinWait sets how long a goroutine waiting for an answer polls its socket before it
// parks (0: never; see spinconn.go). It applies to the reads that start after it. A client
// whose load goes through net/http never spins: its budget stays 0.
func (c *Client) SetSpinWait(d time.Duration) {
	if c.opts.HTTPClient == HTTPClientNet {
		return
	}
	c.spin.SetBudget(d)
}

// SpinWait returns the current spin budget.
func (c *Client) SpinWait() time.Duration { return c.spin.Budget() }

// URL returns the absolute URL of path (which starts with "/").
func (c *Client) URL(path string) string { return c.Base + path }

// CloseIdle closes the client's idle connections.
func (c *Client) CloseIdle() {
	c.hc.CloseIdleConnections()
	if n, ok := c.load.(*netExchanger); ok {
		n.tr.CloseIdleConnections()
	}
}

// APIError is a non-2xx answer of the server's management API.
type APIError struct {
	Method, Path string
	Status       int
	Body         string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s %s: HTTP %d: %s", e.Method, e.Path, e.Status, e.Body)
}

// Do sends one request and returns the status and a copy of the body. It is for the
// management API (registration, readiness), not for load.
func (c *Client) Do(method, path, contentType string, body []byte, timeout time.Duration) (int, []byte, error) {
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(c.URL(path))
	req.Header.SetMethod(method)
	if contentType != "" {
		req.Header.SetContentType(contentType)
	}
	if body != nil {
		req.SetBodyRaw(body)
	}
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	if err := c.hc.DoTimeout(req, resp, timeout); err != nil {
		return 0, nil, fmt.Errorf("%s %s: %w", method, c.URL(path), err)
	}
	return resp.StatusCode(), append([]byte(nil), resp.Body()...), nil
}

// mustOK turns a non-2xx answer of Do into an *APIError.
func mustOK(method, path string, status int, body []byte, err error) error {
	if err != nil {
		return err
	}
	if status < 200 || status > 299 {
		b := string(body)
		if len(b) > 500 {
			b = b[:500] + "..."
		}
		return &APIError{Method: method, Path: path, Status: status, Body: strings.TrimSpace(b)}
	}
	return nil
}
