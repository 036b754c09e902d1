// SPDX-License-Identifier: Apache-2.0 OR MIT

// The Go peer of tests/hpke/interop.py: Go 1.26's crypto/hpke, driven by
// one command per line on standard input, one answer per line on standard
// output (hex byte strings; "-" for an empty one):
//
//	pk KEM IKM                     -> PK         DeriveKeyPair(ikm), its public key
//	sk KEM IKM                     -> SK PK      the same key pair, both keys
//	                                             (tests/cli/hpke_test.py)
//	seal KEM KDF AEAD PK INFO AAD PT -> ENC CT   NewSender, Sender.Seal
//	open KEM KDF AEAD IKM ENC INFO AAD CT -> PT  NewRecipient, Recipient.Open
//	sendexp KEM KDF AEAD PK INFO CTX L -> ENC V  NewSender, Sender.Export
//	recvexp KEM KDF AEAD IKM ENC INFO CTX L -> V NewRecipient, Recipient.Export
//
// KEM, KDF, AEAD are HPKE's identifiers in hex; the recipient's private key
// is given by the ikm it was derived from. A failure answers "error: ...".
package main

import (
	"bufio"
	"crypto/hpke"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func unhex(s string) ([]byte, error) {
	if s == "-" {
		return nil, nil
	}
	return hex.DecodeString(s)
}

func enhex(b []byte) string {
	if len(b) == 0 {
		return "-"
	}
	return hex.EncodeToString(b)
}

func id(s string) (uint16, error) {
	v, err := strconv.ParseUint(s, 16, 16)
	return uint16(v), err
}

type suite struct {
	kem  hpke.KEM
	kdf  hpke.KDF
	aead hpke.AEAD
}

func parseSuite(f []string) (suite, error) {
	var s suite
	if len(f) < 3 {
		return s, errors.New("missing suite")
	}
	k, err := id(f[0])
	if err != nil {
		return s, err
	}
	if s.kem, err = hpke.NewKEM(k); err != nil {
		return s, err
	}
	if len(f) > 1 {
		if k, err = id(f[1]); err != nil {
			return s, err
		}
		if s.kdf, err = hpke.NewKDF(k); err != nil {
			return s, err
		}
	}
	if k, err = id(f[2]); err != nil {
		return s, err
	}
	s.aead, err = hpke.NewAEAD(k)
	return s, err
}

func args(f []string, n int) ([][]byte, error) {
	if len(f) != n {
		return nil, fmt.Errorf("want %d arguments, got %d", n, len(f))
	}
	out := make([][]byte, n)
	for i, s := range f {
		b, err := unhex(s)
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

func run(line string) (string, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", errors.New("empty command")
	}
	switch f[0] {
	case "pk", "sk":
		if len(f) != 3 {
			return "", errors.New("pk|sk KEM IKM")
		}
		k, err := id(f[1])
		if err != nil {
			return "", err
		}
		kem, err := hpke.NewKEM(k)
		if err != nil {
			return "", err
		}
		ikm, err := unhex(f[2])
		if err != nil {
			return "", err
		}
		sk, err := kem.DeriveKeyPair(ikm)
		if err != nil {
			return "", err
		}
		if f[0] == "sk" {
			b, err := sk.Bytes()
			if err != nil {
				return "", err
			}
			return enhex(b) + " " + enhex(sk.PublicKey().Bytes()), nil
		}
		return enhex(sk.PublicKey().Bytes()), nil
	case "seal", "sendexp":
		s, err := parseSuite(f[1:])
		if err != nil {
			return "", err
		}
		n := 4
		if f[0] == "sendexp" {
			n = 3 // and L, decimal
		}
		if len(f) < 4+n {
			return "", errors.New("missing arguments")
		}
		a, err := args(f[4:4+n], n)
		if err != nil {
			return "", err
		}
		pk, err := s.kem.NewPublicKey(a[0])
		if err != nil {
			return "", err
		}
		enc, snd, err := hpke.NewSender(pk, s.kdf, s.aead, a[1])
		if err != nil {
			return "", err
		}
		if f[0] == "seal" {
			ct, err := snd.Seal(a[2], a[3])
			if err != nil {
				return "", err
			}
			return enhex(enc) + " " + enhex(ct), nil
		}
		l, err := strconv.Atoi(f[7])
		if err != nil {
			return "", err
		}
		v, err := snd.Export(string(a[2]), l)
		if err != nil {
			return "", err
		}
		return enhex(enc) + " " + enhex(v), nil
	case "open", "recvexp":
		s, err := parseSuite(f[1:])
		if err != nil {
			return "", err
		}
		n := 5
		if f[0] == "recvexp" {
			n = 4 // and L, decimal
		}
		if len(f) < 4+n {
			return "", errors.New("missing arguments")
		}
		a, err := args(f[4:4+n], n)
		if err != nil {
			return "", err
		}
		sk, err := s.kem.DeriveKeyPair(a[0])
		if err != nil {
			return "", err
		}
		rcv, err := hpke.NewRecipient(a[1], sk, s.kdf, s.aead, a[2])
		if err != nil {
			return "", err
		}
		if f[0] == "open" {
			pt, err := rcv.Open(a[3], a[4])
			if err != nil {
				return "", err
			}
			return enhex(pt), nil
		}
		l, err := strconv.Atoi(f[8])
		if err != nil {
			return "", err
		}
		v, err := rcv.Export(string(a[3]), l)
		if err != nil {
			return "", err
		}
		return enhex(v), nil
	}
	return "", fmt.Errorf("unknown command %q", f[0])
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadString('\n')
		if len(line) == 0 && err != nil {
			break
		}
		ans, rerr := run(strings.TrimSpace(line))
		if rerr != nil {
			ans = "error: " + rerr.Error()
		}
		fmt.Fprintln(out, ans)
		out.Flush()
	}
}
