// SPDX-License-Identifier: Apache-2.0 OR MIT

// Command tlspeer is the Go crypto/tls end of the provider's TLS tests
// (tests/provider/tls_interop.py): a client that completes a handshake (and
// optionally an HTTP GET) and reports the group Go negotiated, and a server
// that reports the group of each connection it accepts.
//
//	tlspeer client -addr 127.0.0.1:PORT -ca CERT [-group NAME] [-get PATH]
//	tlspeer server -cert CERT -key KEY [-group NAME] [-n CONNS]
//
// -group restricts Config.CurvePreferences to one group; without it Go's
// defaults apply (X25519MLKEM768 first, since Go 1.24). The client prints
// "group=NAME" and, with -get, "status=LINE" and "body=TEXT"; the server
// prints "port=N" once listening, then "group=NAME" per handshake. Both
// stop after -timeout.
package main

import (
	"bufio"
	"crypto/tls"
	"crypto/x509"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"
)

var groups = map[string]tls.CurveID{
	"X25519MLKEM768":     tls.X25519MLKEM768,
	"SecP256r1MLKEM768":  tls.SecP256r1MLKEM768,
	"SecP384r1MLKEM1024": tls.SecP384r1MLKEM1024,
	"X25519":             tls.X25519,
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "tlspeer: "+format+"\n", args...)
	os.Exit(1)
}

func preferences(name string) []tls.CurveID {
	if name == "" {
		return nil
	}
	id, ok := groups[name]
	if !ok {
		fail("unknown group %q", name)
	}
	return []tls.CurveID{id}
}

func client(args []string) {
	fs := flag.NewFlagSet("client", flag.ExitOnError)
	addr := fs.String("addr", "", "host:port")
	ca := fs.String("ca", "", "PEM certificate to trust")
	group := fs.String("group", "", "the only group to offer")
	get := fs.String("get", "", "path of an HTTP GET after the handshake")
	timeout := fs.Duration("timeout", 20*time.Second, "give up after")
	fs.Parse(args)
	pem, err := os.ReadFile(*ca)
	if err != nil {
		fail("%v", err)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(pem) {
		fail("no certificate in %s", *ca)
	}
	config := &tls.Config{
		RootCAs:          roots,
		ServerName:       "localhost",
		MinVersion:       tls.VersionTLS13,
		CurvePreferences: preferences(*group),
	}
	dialer := &net.Dialer{Timeout: *timeout}
	conn, err := tls.DialWithDialer(dialer, "tcp", *addr, config)
	if err != nil {
		fail("handshake: %v", err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(*timeout))
	fmt.Printf("group=%s\n", conn.ConnectionState().CurveID)
	if *get == "" {
		return
	}
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: localhost\r\n"+
		"User-Agent: tlspeer\r\nConnection: close\r\n\r\n", *get)
	r := bufio.NewReader(conn)
	status, err := r.ReadString('\n')
	if err != nil {
		fail("reading the response: %v", err)
	}
	rest, _ := io.ReadAll(r)
	body := string(rest)
	if i := strings.Index(body, "\r\n\r\n"); i >= 0 {
		body = body[i+4:]
	}
	fmt.Printf("status=%s\n", strings.TrimSpace(status))
	fmt.Printf("body=%s\n", strings.TrimSpace(body))
}

func server(args []string) {
	fs := flag.NewFlagSet("server", flag.ExitOnError)
	certFile := fs.String("cert", "", "PEM certificate")
	keyFile := fs.String("key", "", "PEM private key")
	group := fs.String("group", "", "the only group to accept")
	n := fs.Int("n", 1, "connections to accept")
	timeout := fs.Duration("timeout", 60*time.Second, "give up after")
	fs.Parse(args)
	cert, err := tls.LoadX509KeyPair(*certFile, *keyFile)
	if err != nil {
		fail("%v", err)
	}
	config := &tls.Config{
		Certificates:     []tls.Certificate{cert},
		MinVersion:       tls.VersionTLS13,
		CurvePreferences: preferences(*group),
	}
	ln, err := tls.Listen("tcp", "127.0.0.1:0", config)
	if err != nil {
		fail("%v", err)
	}
	defer ln.Close()
	go func() {
		time.Sleep(*timeout)
		fail("timed out")
	}()
	fmt.Printf("port=%d\n", ln.Addr().(*net.TCPAddr).Port)
	for i := 0; i < *n; i++ {
		c, err := ln.Accept()
		if err != nil {
			fail("accept: %v", err)
		}
		conn := c.(*tls.Conn)
		conn.SetDeadline(time.Now().Add(*timeout))
		if err := conn.Handshake(); err != nil {
			fmt.Printf("error=%v\n", err)
			conn.Close()
			continue
		}
		fmt.Printf("group=%s\n", conn.ConnectionState().CurveID)
		io.WriteString(conn, "hello from Go\n")
		conn.Close()
	}
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: tlspeer client|server [flags]")
	}
	switch os.Args[1] {
	case "client":
		client(os.Args[2:])
	case "server":
		server(os.Args[2:])
	default:
		fail("unknown mode %q", os.Args[1])
	}
}
