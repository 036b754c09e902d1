// SPDX-License-Identifier: Apache-2.0 OR MIT

//go:build go1.26

package main

// X-Wing (draft-connolly-cfrg-xwing-kem; MLKEM768-X25519 of
// draft-ietf-hpke-pq) in Go 1.26, two ways.
//
// -cases hpke: crypto/hpke.MLKEM768X25519, the only public door to Go's
// X-Wing. keygen: NewPrivateKey(32-byte seed), which expands the seed with
// SHAKE256 into ML-KEM-768 and X25519 key objects, then PublicKey().Bytes().
// encaps: NewPublicKey(encoded ek), then hpke.NewSender with HKDF-SHA256
// and the export-only AEAD: Go's KEM encapsulation is unexported, so this
// includes HPKE's key schedule (RFC 9180 section 5.1) on top of X-Wing's
// encapsulation (its randomness from crypto/rand). decaps: hpke.NewRecipient
// on the key object keygen made (which keeps ML-KEM's matrix A expanded and
// the X25519 public key: no seed expansion), the key schedule included
// likewise. key_schedule: that key schedule alone (base mode, empty info and
// PSK, export-only: three LabeledExtract and three LabeledExpand), restated
// below from the RFC with crypto/hkdf, as crypto/hpke computes it.
//
// -cases xwing-parts: the same X-Wing composed here from crypto/mlkem,
// crypto/ecdh and crypto/sha3, the calls crypto/hpke's hybrid KEM makes,
// without HPKE: keygen from the seed, encaps from the encoded ek (the
// X25519 ephemeral key and ML-KEM's m from crypto/rand), decaps on the key
// objects. Both groups check, before timing, that the composition and the
// restated key schedule give what crypto/hpke gives: the same encoded ek
// from the seed, and the same exported secret in both directions.

import (
	"bytes"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/hpke"
	"crypto/mlkem"
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha3"
	"encoding/binary"
	"fmt"
)

// The seed of every X-Wing keygen in the comparison: bench/bench.c's
// coins, 7, 8, 9, then zeros.
var xwingSeed = append([]byte{7, 8, 9}, make([]byte, 29)...)

// X-Wing's domain separator, the six ASCII characters \.//^\
// (draft-connolly-cfrg-xwing-kem section 5.3).
var xwingLabel = []byte{0x5c, 0x2e, 0x2f, 0x2f, 0x5e, 0x5c}

const (
	xwingKEMID  = 0x647a // draft-ietf-hpke-pq, MLKEM768-X25519
	hkdfSHA256  = 0x0001 // RFC 9180 section 7.2
	exportOnly  = 0xffff // RFC 9180 section 7.3
	mlkemCtSize = mlkem.CiphertextSize768
	mlkemEkSize = mlkem.EncapsulationKeySize768
)

var sinkRecipient *hpke.Recipient

// xwingKey is an X-Wing private key as key objects, with its encoded ek.
type xwingKey struct {
	m  *mlkem.DecapsulationKey768
	x  *ecdh.PrivateKey
	ek []byte
}

// xwingKeygen expands the 32-byte seed: SHAKE256(seed) gives ML-KEM-768's
// 64-byte seed (d || z), then X25519's scalar (section 5.2 of the draft).
func xwingKeygen(seed []byte) (*xwingKey, error) {
	expanded := make([]byte, 96)
	h := sha3.NewSHAKE256()
	h.Write(seed)
	h.Read(expanded)
	m, err := mlkem.NewDecapsulationKey768(expanded[:64])
	if err != nil {
		return nil, err
	}
	x, err := ecdh.X25519().NewPrivateKey(expanded[64:])
	if err != nil {
		return nil, err
	}
	ek := append(m.EncapsulationKey().Bytes(), x.PublicKey().Bytes()...)
	return &xwingKey{m, x, ek}, nil
}

// xwingCombine is the shared secret: SHA3-256(ss_M || ss_X || ct_X ||
// pk_X || label) (section 5.3).
func xwingCombine(ssM, ssX, ctX, pkX []byte) []byte {
	h := sha3.New256()
	h.Write(ssM)
	h.Write(ssX)
	h.Write(ctX)
	h.Write(pkX)
	h.Write(xwingLabel)
	return h.Sum(nil)
}

func xwingEncaps(ek []byte) (ss, ct []byte, err error) {
	if len(ek) != mlkemEkSize+32 {
		return nil, nil, fmt.Errorf("ek length")
	}
	ekM, err := mlkem.NewEncapsulationKey768(ek[:mlkemEkSize])
	if err != nil {
		return nil, nil, err
	}
	pkX, err := ecdh.X25519().NewPublicKey(ek[mlkemEkSize:])
	if err != nil {
		return nil, nil, err
	}
	eph, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	ssX, err := eph.ECDH(pkX)
	if err != nil {
		return nil, nil, err
	}
	ctX := eph.PublicKey().Bytes()
	ssM, ctM := ekM.Encapsulate()
	return xwingCombine(ssM, ssX, ctX, ek[mlkemEkSize:]), append(ctM, ctX...), nil
}

func (k *xwingKey) decaps(ct []byte) ([]byte, error) {
	if len(ct) != mlkemCtSize+32 {
		return nil, fmt.Errorf("ct length")
	}
	ssM, err := k.m.Decapsulate(ct[:mlkemCtSize])
	if err != nil {
		return nil, err
	}
	ctX, err := ecdh.X25519().NewPublicKey(ct[mlkemCtSize:])
	if err != nil {
		return nil, err
	}
	ssX, err := k.x.ECDH(ctX)
	if err != nil {
		return nil, err
	}
	return xwingCombine(ssM, ssX, ct[mlkemCtSize:], k.ek[mlkemEkSize:]), nil
}

// suiteID is RFC 9180 section 5.1's "HPKE" || kem_id || kdf_id || aead_id.
var suiteID = binary.BigEndian.AppendUint16(binary.BigEndian.AppendUint16(
	binary.BigEndian.AppendUint16([]byte("HPKE"), xwingKEMID), hkdfSHA256), exportOnly)

// labeled is "HPKE-v1" || suite_id || label || data (RFC 9180 section 4),
// after prefix.
func labeled(prefix []byte, label string, data []byte) []byte {
	out := append(prefix, "HPKE-v1"...)
	out = append(out, suiteID...)
	out = append(out, label...)
	return append(out, data...)
}

func labeledExtract(salt []byte, label string, ikm []byte) []byte {
	prk, err := hkdf.Extract(sha256.New, labeled(nil, label, ikm), salt)
	must(err)
	return prk
}

func labeledExpand(prk []byte, label string, info []byte, length int) []byte {
	out, err := hkdf.Expand(sha256.New, prk,
		string(labeled(binary.BigEndian.AppendUint16(nil, uint16(length)), label, info)), length)
	must(err)
	return out
}

// keySchedule is RFC 9180 section 5.1's KeySchedule in base mode (no PSK)
// with an empty info, for the export-only AEAD (Nk = Nn = 0, so key and
// base_nonce are empty, but derived all the same): the exporter secret.
func keySchedule(sharedSecret []byte) []byte {
	context := append([]byte{0}, labeledExtract(nil, "psk_id_hash", nil)...)
	context = append(context, labeledExtract(nil, "info_hash", nil)...)
	secret := labeledExtract(sharedSecret, "secret", nil)
	labeledExpand(secret, "key", context, 0)
	labeledExpand(secret, "base_nonce", context, 0)
	return labeledExpand(secret, "exp", context, sha256.Size)
}

// export is the secret export of RFC 9180 section 5.3.
func export(exporterSecret []byte, context string, length int) []byte {
	return labeledExpand(exporterSecret, "sec", []byte(context), length)
}

// xwingCheck: the composition and the restated key schedule agree with
// crypto/hpke (the same ek from the seed; a secret exported on one side
// equals the other's, both ways). It returns hpke's key objects.
func xwingCheck() (hpke.PrivateKey, *xwingKey) {
	kem := hpke.MLKEM768X25519()
	hk, err := kem.NewPrivateKey(xwingSeed)
	must(err)
	ours, err := xwingKeygen(xwingSeed)
	must(err)
	if !bytes.Equal(hk.PublicKey().Bytes(), ours.ek) {
		must(fmt.Errorf("X-Wing composed: ek differs from crypto/hpke's"))
	}
	// composed encaps, hpke decaps
	ss, ct, err := xwingEncaps(ours.ek)
	must(err)
	r, err := hpke.NewRecipient(ct, hk, hpke.HKDFSHA256(), hpke.ExportOnly(), nil)
	must(err)
	want, err := r.Export("bench-compare", 32)
	must(err)
	if !bytes.Equal(export(keySchedule(ss), "bench-compare", 32), want) {
		must(fmt.Errorf("X-Wing composed encaps or key schedule differs from crypto/hpke"))
	}
	// hpke encaps, composed decaps
	enc, s, err := hpke.NewSender(hk.PublicKey(), hpke.HKDFSHA256(), hpke.ExportOnly(), nil)
	must(err)
	want, err = s.Export("bench-compare", 32)
	must(err)
	ss, err = ours.decaps(enc)
	must(err)
	if !bytes.Equal(export(keySchedule(ss), "bench-compare", 32), want) {
		must(fmt.Errorf("X-Wing composed decaps or key schedule differs from crypto/hpke"))
	}
	return hk, ours
}

func hpkeCases() []benchCase {
	kem := hpke.MLKEM768X25519()
	hk, ours := xwingCheck()
	kdf, aead := hpke.HKDFSHA256(), hpke.ExportOnly()
	enc, _, err := hpke.NewSender(hk.PublicKey(), kdf, aead, nil)
	must(err)
	ss := make([]byte, 32)
	return []benchCase{
		{"X-Wing", "keygen", func() {
			k, err := kem.NewPrivateKey(xwingSeed)
			must(err)
			sink = k.PublicKey().Bytes()
		}},
		{"X-Wing", "encaps", func() {
			pk, err := kem.NewPublicKey(ours.ek)
			must(err)
			sink, _, err = hpke.NewSender(pk, kdf, aead, nil)
			must(err)
		}},
		{"X-Wing", "decaps", func() {
			var err error
			sinkRecipient, err = hpke.NewRecipient(enc, hk, kdf, aead, nil)
			must(err)
		}},
		{"X-Wing", "key_schedule", func() {
			sink = keySchedule(ss)
		}},
	}
}

func xwingPartsCases() []benchCase {
	_, ours := xwingCheck()
	_, ct, err := xwingEncaps(ours.ek)
	must(err)
	return []benchCase{
		{"X-Wing", "keygen", func() {
			k, err := xwingKeygen(xwingSeed)
			must(err)
			sink = k.ek
		}},
		{"X-Wing", "encaps", func() {
			var err error
			sink, _, err = xwingEncaps(ours.ek)
			must(err)
		}},
		{"X-Wing", "decaps", func() {
			var err error
			sink, err = ours.decaps(ct)
			must(err)
		}},
	}
}

func init() {
	groups["hpke"] = group{"Go crypto/hpke MLKEM768X25519",
		"Go, with amd64 assembly for Keccak and the X25519 field multiplication", hpkeCases}
	groups["xwing-parts"] = group{"Go X-Wing from crypto/mlkem, crypto/ecdh, crypto/sha3",
		"Go, with amd64 assembly for Keccak and the X25519 field multiplication", xwingPartsCases}
}
