// SPDX-License-Identifier: Apache-2.0 OR MIT

//go:build go1.26

package main

// -cases hpke-seal: crypto/hpke's single-shot Seal and Open of 1 KiB with
// MLKEM768-X25519, HKDF-SHA256 and AES-128-GCM, no info or aad, to key
// objects made once (DeriveKeyPair of bench/bench.c's 32 coins, 7, 8, 9,
// 0, ...; the public key from it): what bench/bench.c's HPKE row times
// with mlkem_hpke_seal and mlkem_hpke_open on imported key objects. Seal
// draws its randomness from crypto/rand. A round trip is checked first.

import (
	"bytes"
	"crypto/hpke"
	"fmt"
)

const hpkeMsgBytes = 1024

func hpkeSealCases() []benchCase {
	kem, kdf, aead := hpke.MLKEM768X25519(), hpke.HKDFSHA256(), hpke.AES128GCM()
	ikm := append([]byte{7, 8, 9}, make([]byte, 29)...)
	sk, err := kem.DeriveKeyPair(ikm)
	must(err)
	pk := sk.PublicKey()
	msg := make([]byte, hpkeMsgBytes)
	ct, err := hpke.Seal(pk, kdf, aead, nil, msg)
	must(err)
	pt, err := hpke.Open(sk, kdf, aead, nil, ct)
	must(err)
	if !bytes.Equal(pt, msg) {
		must(fmt.Errorf("HPKE round trip"))
	}
	return []benchCase{
		{"HPKE", "seal", func() {
			var err error
			sink, err = hpke.Seal(pk, kdf, aead, nil, msg)
			must(err)
		}},
		{"HPKE", "open", func() {
			var err error
			sink, err = hpke.Open(sk, kdf, aead, nil, ct)
			must(err)
		}},
	}
}

func init() {
	groups["hpke-seal"] = group{"Go crypto/hpke Seal/Open, MLKEM768X25519 HKDF-SHA256 AES-128-GCM",
		"Go, with amd64 assembly for Keccak, AES-GCM and the X25519 field multiplication",
		hpkeSealCases}
}
