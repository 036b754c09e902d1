// SPDX-License-Identifier: Apache-2.0 OR MIT

// The Go peer of tests/hybrid/interop.py: Go's own X-Wing (crypto/hpke's
// MLKEM768X25519, KEM id 0x647A) and X25519MLKEM768 key shares put
// together from crypto/mlkem and crypto/ecdh as a Go TLS stack does, so
// that the library's hybrids are checked against an implementation it did
// not write.
//
// It reads one command per line on standard input and answers each with
// one line (byte strings in hex; "error MESSAGE" when Go refuses):
//
//	xwing-pk SEED            the public key of the 32-byte private key
//	xwing-seal PK            HPKE base mode to PK: enc and the exporter
//	                         secret Export("mlkem export", 32)
//	xwing-open SEED ENC      the same exporter secret, as recipient
//	tls-client               a client share; answers ID SHARE
//	tls-finish ID SHARE      the client's 64-byte secret for a server share
//	tls-server SHARE         the server's share and 64-byte secret
//
// HPKE uses HKDF-SHA256, the export-only AEAD and info "mlkem interop".
package main

import (
	"bufio"
	"crypto/ecdh"
	"crypto/hpke"
	"crypto/mlkem"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

const (
	info          = "mlkem interop"
	exportContext = "mlkem export"
)

type client struct {
	dk *mlkem.DecapsulationKey768
	x  *ecdh.PrivateKey
}

var clients []client

func unhex(s string) ([]byte, error) { return hex.DecodeString(s) }

func run(args []string) (string, error) {
	if len(args) == 0 {
		return "", errors.New("empty command")
	}
	kem := hpke.MLKEM768X25519()
	switch args[0] {
	case "xwing-pk":
		seed, err := unhex(args[1])
		if err != nil {
			return "", err
		}
		priv, err := kem.NewPrivateKey(seed)
		if err != nil {
			return "", err
		}
		return hex.EncodeToString(priv.PublicKey().Bytes()), nil
	case "xwing-seal":
		pkb, err := unhex(args[1])
		if err != nil {
			return "", err
		}
		pk, err := kem.NewPublicKey(pkb)
		if err != nil {
			return "", err
		}
		enc, s, err := hpke.NewSender(pk, hpke.HKDFSHA256(), hpke.ExportOnly(), []byte(info))
		if err != nil {
			return "", err
		}
		exp, err := s.Export(exportContext, 32)
		if err != nil {
			return "", err
		}
		return hex.EncodeToString(enc) + " " + hex.EncodeToString(exp), nil
	case "xwing-open":
		seed, err := unhex(args[1])
		if err != nil {
			return "", err
		}
		enc, err := unhex(args[2])
		if err != nil {
			return "", err
		}
		priv, err := kem.NewPrivateKey(seed)
		if err != nil {
			return "", err
		}
		r, err := hpke.NewRecipient(enc, priv, hpke.HKDFSHA256(), hpke.ExportOnly(), []byte(info))
		if err != nil {
			return "", err
		}
		exp, err := r.Export(exportContext, 32)
		if err != nil {
			return "", err
		}
		return hex.EncodeToString(exp), nil
	case "tls-client":
		dk, err := mlkem.GenerateKey768()
		if err != nil {
			return "", err
		}
		x, err := ecdh.X25519().GenerateKey(nil)
		if err != nil {
			return "", err
		}
		clients = append(clients, client{dk, x})
		share := append(dk.EncapsulationKey().Bytes(), x.PublicKey().Bytes()...)
		return strconv.Itoa(len(clients)-1) + " " + hex.EncodeToString(share), nil
	case "tls-finish":
		id, err := strconv.Atoi(args[1])
		if err != nil || id < 0 || id >= len(clients) {
			return "", errors.New("no such client")
		}
		share, err := unhex(args[2])
		if err != nil {
			return "", err
		}
		if len(share) != mlkem.CiphertextSize768+32 {
			return "", errors.New("server share of the wrong length")
		}
		c := clients[id]
		ssM, err := c.dk.Decapsulate(share[:mlkem.CiphertextSize768])
		if err != nil {
			return "", err
		}
		peer, err := ecdh.X25519().NewPublicKey(share[mlkem.CiphertextSize768:])
		if err != nil {
			return "", err
		}
		ssX, err := c.x.ECDH(peer)
		if err != nil {
			return "", err
		}
		return hex.EncodeToString(append(ssM, ssX...)), nil
	case "tls-server":
		share, err := unhex(args[1])
		if err != nil {
			return "", err
		}
		if len(share) != mlkem.EncapsulationKeySize768+32 {
			return "", errors.New("client share of the wrong length")
		}
		ek, err := mlkem.NewEncapsulationKey768(share[:mlkem.EncapsulationKeySize768])
		if err != nil {
			return "", err
		}
		peer, err := ecdh.X25519().NewPublicKey(share[mlkem.EncapsulationKeySize768:])
		if err != nil {
			return "", err
		}
		x, err := ecdh.X25519().GenerateKey(nil)
		if err != nil {
			return "", err
		}
		ssX, err := x.ECDH(peer)
		if err != nil {
			return "", err
		}
		ssM, ct := ek.Encapsulate()
		out := append(ct, x.PublicKey().Bytes()...)
		return hex.EncodeToString(out) + " " + hex.EncodeToString(append(ssM, ssX...)), nil
	}
	return "", fmt.Errorf("unknown command %q", args[0])
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		answer, err := run(strings.Fields(in.Text()))
		if err != nil {
			answer = "error " + strings.ReplaceAll(err.Error(), "\n", " ")
		}
		fmt.Fprintln(out, answer)
		out.Flush()
	}
}
