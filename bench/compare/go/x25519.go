// SPDX-License-Identifier: Apache-2.0 OR MIT

package main

// X25519 from crypto/ecdh (-cases x25519), on bench/bench.c's inputs: our
// scalar 7, 8, 9, 0, ...; the peer's public key that of 1, 2, 3, 0, ....
//
// x25519 (the shared secret): X25519().NewPublicKey(the peer's bytes),
// then ECDH on our private key object, made once (which also refuses an
// all-zero result). x25519_base (the public key): NewPrivateKey(scalar),
// which computes X25519(k, 9) with the same ladder as ECDH, then
// PublicKey().Bytes().

import (
	"bytes"
	"crypto/ecdh"
	"fmt"
)

var (
	ourScalar  = append([]byte{7, 8, 9}, make([]byte, 29)...)
	peerScalar = append([]byte{1, 2, 3}, make([]byte, 29)...)
)

func x25519Cases() []benchCase {
	curve := ecdh.X25519()
	ours, err := curve.NewPrivateKey(ourScalar)
	must(err)
	peer, err := curve.NewPrivateKey(peerScalar)
	must(err)
	peerBytes := peer.PublicKey().Bytes()
	ss1, err := ours.ECDH(peer.PublicKey())
	must(err)
	ss2, err := peer.ECDH(ours.PublicKey())
	must(err)
	if !bytes.Equal(ss1, ss2) {
		must(fmt.Errorf("the two sides' secrets differ"))
	}
	return []benchCase{
		{"X25519", "x25519", func() {
			pub, err := curve.NewPublicKey(peerBytes)
			must(err)
			sink, err = ours.ECDH(pub)
			must(err)
		}},
		{"X25519", "x25519_base", func() {
			k, err := curve.NewPrivateKey(ourScalar)
			must(err)
			sink = k.PublicKey().Bytes()
		}},
	}
}

func init() {
	groups["x25519"] = group{"Go crypto/ecdh X25519",
		"Go, with amd64 assembly for the field multiplication", x25519Cases}
}
