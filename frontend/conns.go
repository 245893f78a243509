package frontend

import (
	"encoding/json"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
)

// perIPListener caps the connections open at once from one client: an IPv4 address, or an
// IPv6 /64 prefix (what one IPv6 client holds). A connection beyond the cap is answered 429
// and closed at once, so that one client's idle or silent connections cannot fill the
// server's (Config.Concurrency) and lock everyone else out. fasthttp's own cap counts IPv4
// clients only.
type perIPListener struct {
	net.Listener
	max int
	log *zap.Logger

	mu      sync.Mutex
	open    map[netip.Addr]int
	lastLog time.Time
}

func newPerIPListener(ln net.Listener, max int, log *zap.Logger) *perIPListener {
	return &perIPListener{Listener: ln, max: max, log: log, open: map[netip.Addr]int{}}
}

// Accept returns the next connection within the cap; it answers the others itself.
func (l *perIPListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		client, ok := clientOf(c.RemoteAddr())
		if !ok {
			return c, nil
		}
		l.mu.Lock()
		if l.open[client] >= l.max {
			logIt := time.Since(l.lastLog) > time.Minute
			if logIt {
				l.lastLog = time.Now()
			}
			l.mu.Unlock()
			if logIt {
				l.log.Warn("a client has as many connections open as one may; refusing more (logged once a minute)", zap.Stringer("client", client), zap.Int("max_connections_per_ip", l.max))
			}
			refuseConn(c, l.max)
			continue
		}
		l.open[client]++
		l.mu.Unlock()
		return &ipConn{Conn: c, l: l, client: client}, nil
	}
}

func (l *perIPListener) release(client netip.Addr) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[client]--; l.open[client] <= 0 {
		delete(l.open, client)
	}
}

// clientOf returns the client a remote address counts for: the IPv4 address, or the IPv6
// address's /64 prefix.
func clientOf(a net.Addr) (netip.Addr, bool) {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return netip.Addr{}, false
	}
	ip, ok := netip.AddrFromSlice(ta.IP)
	if !ok {
		return netip.Addr{}, false
	}
	if ip = ip.Unmap(); ip.Is6() {
		return netip.PrefixFrom(ip, 64).Masked().Addr(), true
	}
	return ip, true
}

// refuseConn answers a connection over the cap with 429 and closes it. The answer is small
// and the connection new, so the write goes to an empty socket buffer; the deadline only
// bounds the impossible.
func refuseConn(c net.Conn, max int) {
	code := call.CodeTooManyConnections
	body, _ := json.Marshal(errorBody{Error: errorDetail{Code: code, Message: "this client has " + strconv.Itoa(max) + " connections open, the most one may (--max-connections-per-ip)"}})
	body = append(body, '\n')
	c.SetWriteDeadline(time.Now().Add(time.Second))
	c.Write([]byte("HTTP/1.1 " + strconv.Itoa(code.Status()) + " " + http.StatusText(code.Status()) + "\r\nConnection: close\r\nContent-Type: application/json\r\nRetry-After: 1\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + string(body)))
	c.Close()
}

// ipConn is a connection counted for its client until it is closed.
type ipConn struct {
	net.Conn
	l      *perIPListener
	client netip.Addr
	once   sync.Once
}

// Close gives the connection's place back before it closes, so that a client that has seen
// one of its connections closed may open another.
func (c *ipConn) Close() error {
	c.once.Do(func() { c.l.release(c.client) })
	return c.Conn.Close()
}
