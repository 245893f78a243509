// Package netspin makes reads of a connection spin for a while on an empty socket before they
// park. A goroutine that reads a socket with nothing in it parks in the Go runtime's network
// poller; when the data comes, the poller must wake a thread to run the goroutine again, and on
// an idle host (a virtual machine's halted vCPU above all) that wake-up costs tens of
// microseconds, paid on every read that waits. A spinning read polls its socket instead, with
// non-blocking reads of the raw descriptor (syscall.RawConn), for up to a budget before it
// parks, so that the goroutine waiting for the data is running when the data arrives.
//
// Two callers share it: the server's reads of its clients' connections (package frontend,
// --conn-spin-for) and the load generator's reads of the server's answers (package bench/load,
// --spin-wait). Each chooses its own budget and bound: a spinner costs a core while it spins,
// so a Limiter bounds the reads spinning at once, and a read that finds every slot taken parks
// at once, as without spinning.
//
// A spin starts when a read finds the socket empty (a read that finds data never takes a slot)
// and ends at data, the end of the stream, an error, the budget, or the connection's read
// deadline. A spin that ends without data gives its slot back before the read parks, so that a
// read parked for long (an idle keep-alive connection's) never keeps another from spinning; the
// plain read then waits and reports exactly as net.Conn's Read does. The bytes read and the
// errors returned are those of the plain connection.
//
// The package imports nothing of gpufn: it is a leaf, so that the server and the bench, which
// must not import each other, can both use it.
package netspin
