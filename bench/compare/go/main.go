// SPDX-License-Identifier: Apache-2.0 OR MIT

// The Go peer of make bench-compare. By default the standard library's
// crypto/mlkem (ML-KEM-768 and -1024; it has no ML-KEM-512); -cases x25519
// times crypto/ecdh's X25519 (x25519.go), -cases hpke and xwing-parts
// X-Wing (xwing.go), -cases hpke-seal HPKE's single-shot Seal and Open
// (hpke_seal.go).
//
// keygen: NewDecapsulationKey768(seed), derandomized from the 64-byte seed,
// then the encoded ek. encaps: NewEncapsulationKey768(encoded ek) (modulus
// check, H(ek), and the expansion of the matrix A, which Go keeps in the key
// object), then Encapsulate, which draws m from crypto/rand. The one
// derandomized encapsulation, mlkemtest.Encapsulate768 (Go 1.26), re-encodes
// and re-parses the key object it is given, so it would time the parse and
// the matrix expansion twice; it is not used. decaps: Decapsulate on the key object keygen made (Go keeps
// private keys as seeds and expanded objects, with A: no encoded dk to
// check, and no matrix to sample in decaps).
package main

import (
	"bytes"
	"crypto/mlkem"
	"flag"
	"fmt"
	"os"
	"runtime"
)

var (
	seed = append([]byte{1, 2, 3}, make([]byte, 61)...)
	sink []byte
)

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "harness check failed:", err)
		os.Exit(1)
	}
}

// decapsulationKey and encapsulationKey are what the 768 and 1024 key
// types of crypto/mlkem have in common.
type decapsulationKey interface {
	Decapsulate(ciphertext []byte) ([]byte, error)
}

type encapsulationKey interface {
	Bytes() []byte
	Encapsulate() (sharedKey, ciphertext []byte)
}

func setCases[DK decapsulationKey, EK encapsulationKey](name string,
	newDK func(seed []byte) (DK, error), ekOf func(DK) EK,
	newEK func(encoded []byte) (EK, error)) []benchCase {
	dk, err := newDK(seed)
	must(err)
	ekBytes := ekOf(dk).Bytes()
	ek, err := newEK(ekBytes)
	must(err)
	ss, ct := ek.Encapsulate()
	ss2, err := dk.Decapsulate(ct)
	must(err)
	if !bytes.Equal(ss, ss2) {
		must(fmt.Errorf("round trip"))
	}
	return []benchCase{
		{name, "keygen", func() {
			k, err := newDK(seed)
			must(err)
			sink = ekOf(k).Bytes()
		}},
		{name, "encaps", func() {
			ek, err := newEK(ekBytes)
			must(err)
			sink, _ = ek.Encapsulate()
		}},
		{name, "decaps", func() {
			var err error
			sink, err = dk.Decapsulate(ct)
			must(err)
		}},
	}
}

// mlkemCases are the ML-KEM sets of crypto/mlkem (this harness's cases
// by default).
func mlkemCases() []benchCase {
	return append(
		setCases("ML-KEM-768", mlkem.NewDecapsulationKey768,
			(*mlkem.DecapsulationKey768).EncapsulationKey, mlkem.NewEncapsulationKey768),
		setCases("ML-KEM-1024", mlkem.NewDecapsulationKey1024,
			(*mlkem.DecapsulationKey1024).EncapsulationKey, mlkem.NewEncapsulationKey1024)...)
}

// group is what one run of the harness times (-cases NAME): its cases
// and how the JSON names the implementation.
type group struct {
	library, backend string
	cases            func() []benchCase
}

var groups = map[string]group{
	"mlkem": {"Go crypto/mlkem", "Go, with amd64 assembly for Keccak", mlkemCases},
}

func main() {
	iterations := flag.Int("iterations", 2000, "timed calls per operation")
	passes := flag.Int("passes", 10, "passes the calls are spread over")
	jsonPath := flag.String("json", "", "write the results as JSON to this file")
	which := flag.String("cases", "mlkem", "what to time: mlkem, x25519, hpke, xwing-parts or hpke-seal")
	flag.Parse()
	g, ok := groups[*which]
	if !ok {
		must(fmt.Errorf("no cases %q in this build (crypto/hpke needs Go 1.26)", *which))
	}
	lib := g.library + " (" + runtime.Version() + ")"
	must(runCases(lib, g.backend, *iterations, *passes, *jsonPath, g.cases()))
}
