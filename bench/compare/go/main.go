// The Go peer of make bench-compare: the standard library's crypto/mlkem
// (ML-KEM-768 and -1024; it has no ML-KEM-512).
//
// keygen: NewDecapsulationKey768(seed), derandomized from the 64-byte seed,
// then the encoded ek. encaps: NewEncapsulationKey768(encoded ek) (modulus
// check, H(ek)), then mlkemtest.Encapsulate768 with the fixed m, which
// re-encodes ek and parses it once more before encapsulating (its only
// derandomized entry point). decaps: Decapsulate on the key object keygen
// made (Go keeps private keys as seeds and objects: no encoded dk to check).
package main

import (
	"bytes"
	"crypto/mlkem"
	"crypto/mlkem/mlkemtest"
	"flag"
	"fmt"
	"os"
	"runtime"
)

var (
	seed = append([]byte{1, 2, 3}, make([]byte, 61)...)
	m    = append([]byte{4, 5, 6}, make([]byte, 29)...)
	sink []byte
)

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "harness check failed:", err)
		os.Exit(1)
	}
}

func cases768() []benchCase {
	dk, err := mlkem.NewDecapsulationKey768(seed)
	must(err)
	ekBytes := dk.EncapsulationKey().Bytes()
	ek, err := mlkem.NewEncapsulationKey768(ekBytes)
	must(err)
	ss, ct, err := mlkemtest.Encapsulate768(ek, m)
	must(err)
	ss2, err := dk.Decapsulate(ct)
	must(err)
	if !bytes.Equal(ss, ss2) {
		must(fmt.Errorf("round trip"))
	}
	return []benchCase{
		{"ML-KEM-768", "keygen", func() {
			k, err := mlkem.NewDecapsulationKey768(seed)
			must(err)
			sink = k.EncapsulationKey().Bytes()
		}},
		{"ML-KEM-768", "encaps", func() {
			ek, err := mlkem.NewEncapsulationKey768(ekBytes)
			must(err)
			sink, _, err = mlkemtest.Encapsulate768(ek, m)
			must(err)
		}},
		{"ML-KEM-768", "decaps", func() {
			var err error
			sink, err = dk.Decapsulate(ct)
			must(err)
		}},
	}
}

func cases1024() []benchCase {
	dk, err := mlkem.NewDecapsulationKey1024(seed)
	must(err)
	ekBytes := dk.EncapsulationKey().Bytes()
	ek, err := mlkem.NewEncapsulationKey1024(ekBytes)
	must(err)
	ss, ct, err := mlkemtest.Encapsulate1024(ek, m)
	must(err)
	ss2, err := dk.Decapsulate(ct)
	must(err)
	if !bytes.Equal(ss, ss2) {
		must(fmt.Errorf("round trip"))
	}
	return []benchCase{
		{"ML-KEM-1024", "keygen", func() {
			k, err := mlkem.NewDecapsulationKey1024(seed)
			must(err)
			sink = k.EncapsulationKey().Bytes()
		}},
		{"ML-KEM-1024", "encaps", func() {
			ek, err := mlkem.NewEncapsulationKey1024(ekBytes)
			must(err)
			sink, _, err = mlkemtest.Encapsulate1024(ek, m)
			must(err)
		}},
		{"ML-KEM-1024", "decaps", func() {
			var err error
			sink, err = dk.Decapsulate(ct)
			must(err)
		}},
	}
}

func main() {
	iterations := flag.Int("iterations", 2000, "timed calls per operation")
	passes := flag.Int("passes", 10, "passes the calls are spread over")
	jsonPath := flag.String("json", "", "write the results as JSON to this file")
	flag.Parse()
	cases := append(cases768(), cases1024()...)
	lib := "Go crypto/mlkem (" + runtime.Version() + ")"
	must(runCases(lib, "pure Go", *iterations, *passes, *jsonPath, cases))
}
