package frontend

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/valyala/fasthttp"

	"gpufn/call"
)

// What fasthttp rejects before the handler, answered and logged without the request's bytes.
// fasthttp's errors quote what they could not parse (a header line, a snippet of the read
// buffer), and that may be an Authorization header: neither the answer nor the log shows an
// error's text, only its class.

// transportError answers what fasthttp rejects before the handler: oversized or malformed
// requests, and requests read too slowly.
func (s *Server) transportError(ctx *fasthttp.RequestCtx, err error) {
	code, msg := s.classify(err)
	writeError(ctx, code, msg, nil)
}

// classify returns the code and message of an error of fasthttp's, in words of its own.
func (s *Server) classify(err error) (call.Code, string) {
	var ne net.Error
	var small *fasthttp.ErrSmallBuffer
	var chunk *fasthttp.ErrBrokenChunk
	switch {
	case errors.Is(err, fasthttp.ErrBodyTooLarge):
		return call.CodeBodyTooLarge, "the request body exceeds the limit of " + strconv.Itoa(s.cfg.MaxBodyBytes) + " bytes (--max-body-bytes)"
	case errors.Is(err, fasthttp.ErrTimeout), errors.Is(err, os.ErrDeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return call.CodeTimeout, "reading the request timed out"
	case errors.As(err, &small), errors.Is(err, fasthttp.ErrSmallReadBuffer):
		return call.CodeHeaderTooLarge, "the request line and header exceed " + strconv.Itoa(readBufferSize) + " bytes"
	case errors.Is(err, fasthttp.ErrDuplicateContentLength):
		return call.CodeBadRequest, "malformed request: two Content-Length fields"
	case errors.Is(err, fasthttp.ErrUnsupportedTransferEncoding):
		return call.CodeBadRequest, "malformed request: a Transfer-Encoding other than chunked, or one in an HTTP/1.0 request"
	case errors.Is(err, fasthttp.ErrNonNumericChars):
		return call.CodeBadRequest, "malformed request: a Content-Length that is not a number"
	case errors.As(err, &chunk):
		return call.CodeBadRequest, "malformed request: a broken chunk in a chunked body"
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return call.CodeBadRequest, "the connection closed in the middle of the request"
	}
	return call.CodeBadRequest, "malformed request: its request line or a header field could not be read"
}

// fasthttpLogger gives fasthttp's log lines to zap. A connection's error (a client's malformed
// or abandoned request) is logged at debug level, by its class only; the others (connection
// limits, the listener's errors) at warn level as they are.
type fasthttpLogger struct{ s *Server }

func (l fasthttpLogger) Printf(format string, args ...any) {
	if !strings.HasPrefix(format, "error when serving connection") {
		l.s.log.Warn("http server: " + fmt.Sprintf(format, args...))
		return
	}
	for i, a := range args {
		if err, ok := a.(error); ok {
			_, args[i] = l.s.classify(err)
		}
	}
	l.s.log.Debug("http server: " + fmt.Sprintf(format, args...))
}
