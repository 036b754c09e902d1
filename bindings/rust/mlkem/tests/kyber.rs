// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Kyber round 3 ([`libmlkem::kyber`]) against the round-3 reference's
//! published outputs, from the repository's tests/vectors (the C tests run
//! the same files through the C API):
//!
//! - the NIST KATs of Kyber512, Kyber768 and Kyber1024
//!   (giacomopope-kyber-py, 100 records each): for each record's DRBG seed,
//!   key generation takes two 32-byte draws (d, then z) and encapsulation
//!   one (the coins it hashes into m);
//! - the sums of the reference's test_vectors output for Kyber512-90s,
//!   Kyber768-90s and Kyber1024-90s (pq-crystals-kyber/round3/SHA256SUMS;
//!   the README there gives the transcript): 10,000 iterations each, with
//!   SUPERCOP's deterministic "surf" generator, written here as the
//!   reference prints it and hashed with SHA-256.
mod common;

use common::{array, hex, read_vector, records, CtrDrbg};
use libmlkem::kyber::{Kyber1024, Kyber1024_90s, Kyber512, Kyber512_90s, Kyber768, Kyber768_90s};
use libmlkem::{ByteArray, Ciphertext, DecapsulationKey, EncapsulationKey, ParameterSet};
use sha2::{Digest, Sha256};

fn nist_kat<P: ParameterSet>(file: &str) {
    let recs = records(&read_vector(file), "ss");
    for rec in &recs {
        let f = |name: &str| hex(&rec[name]);
        let count = &rec["count"];
        let mut drbg = CtrDrbg::new(&array(&f("seed")));
        let mut coins = [0u8; 64];
        drbg.fill(&mut coins[..32]);
        drbg.fill(&mut coins[32..]);
        let mut m = [0u8; 32];
        drbg.fill(&mut m);
        let dk = DecapsulationKey::<P>::from_seed(&coins);
        let ek = dk.encapsulation_key();
        assert_eq!(ek.as_bytes().as_slice(), &f("pk")[..], "count {count}");
        assert_eq!(dk.as_bytes().as_slice(), &f("sk")[..], "count {count}");
        let (ct, ss) = EncapsulationKey::<P>::from_bytes(&f("pk"))
            .expect("valid pk")
            .encapsulate_derand(&m);
        assert_eq!(ct.as_bytes().as_slice(), &f("ct")[..], "count {count}");
        assert_eq!(ss.as_bytes()[..], f("ss")[..], "count {count}");
        let from_sk = DecapsulationKey::<P>::from_bytes(&f("sk")).expect("valid sk");
        let ct = Ciphertext::<P>::from_bytes(&f("ct")).unwrap();
        assert_eq!(from_sk.decapsulate(&ct), ss, "count {count}");
    }
    assert_eq!(recs.len(), 100, "{file}");
}

#[test]
fn nist_kat_512() {
    nist_kat::<Kyber512>("giacomopope-kyber-py/PQCkemKAT_1632.rsp");
}

#[test]
fn nist_kat_768() {
    nist_kat::<Kyber768>("giacomopope-kyber-py/PQCkemKAT_2400.rsp");
}

#[test]
fn nist_kat_1024() {
    nist_kat::<Kyber1024>("giacomopope-kyber-py/PQCkemKAT_3168.rsp");
}

/// SUPERCOP's deterministic randombytes, "surf" (D. J. Bernstein), as the
/// reference's test_vectors.c uses it, restated from its definition: a
/// 384-bit counter, incremented before each block, enciphered under a
/// fixed 32-word seed (the digits of pi) by two passes of 16 rounds over
/// 12 words; a block gives 8 words, drawn as their low bytes, last word
/// first.
struct Surf {
    counter: [u32; 12],
    out: [u32; 8],
    left: usize,
}

const SURF_SEED: [u32; 32] = [
    3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5,
];

impl Surf {
    fn new() -> Self {
        Surf {
            counter: [0; 12],
            out: [0; 8],
            left: 0,
        }
    }

    fn block(&mut self) {
        const ROT: [u32; 4] = [5, 7, 9, 13];
        let mut t: [u32; 12] = core::array::from_fn(|i| self.counter[i] ^ SURF_SEED[12 + i]);
        self.out = core::array::from_fn(|i| SURF_SEED[24 + i]);
        let mut x = t[11];
        let mut sum = 0u32;
        for _pass in 0..2 {
            for _round in 0..16 {
                sum = sum.wrapping_add(0x9e37_79b9);
                for i in 0..12 {
                    let f = ((x ^ SURF_SEED[i]).wrapping_add(sum)) ^ x.rotate_left(ROT[i % 4]);
                    t[i] = t[i].wrapping_add(f);
                    x = t[i];
                }
            }
            for i in 0..8 {
                self.out[i] ^= t[i + 4];
            }
        }
    }

    fn fill(&mut self, out: &mut [u8]) {
        for byte in out {
            if self.left == 0 {
                // The counter's first four words, with carries.
                for word in &mut self.counter[..4] {
                    *word = word.wrapping_add(1);
                    if *word != 0 {
                        break;
                    }
                }
                self.block();
                self.left = 8;
            }
            self.left -= 1;
            *byte = self.out[self.left] as u8;
        }
    }
}

/// `label`, `bytes` in lowercase hex and a newline, into the hash.
fn hex_line(h: &mut Sha256, label: &str, bytes: &[u8]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut buf = [0u8; 512];
    h.update(label.as_bytes());
    for chunk in bytes.chunks(buf.len() / 2) {
        for (i, b) in chunk.iter().enumerate() {
            buf[2 * i] = DIGITS[usize::from(b >> 4)];
            buf[2 * i + 1] = DIGITS[usize::from(b & 15)];
        }
        h.update(&buf[..2 * chunk.len()]);
    }
    h.update(b"\n");
}

/// The SHA-256 of the reference's test_vectors output for P, written from
/// this crate's keys: from_seed(d || z), encapsulation to the key read from
/// pk, decapsulation with the key.
fn test_vectors_sum<P: ParameterSet>() -> [u8; 32] {
    let mut rng = Surf::new();
    let mut h = Sha256::new();
    for i in 0..10_000 {
        let mut coins = [0u8; 64];
        rng.fill(&mut coins[..32]);
        hex_line(&mut h, "", &coins[..32]);
        rng.fill(&mut coins[32..]);
        hex_line(&mut h, "", &coins[32..]);
        let dk = DecapsulationKey::<P>::from_seed(&coins);
        let pk = dk.encapsulation_key().as_bytes().as_slice();
        hex_line(&mut h, "Public Key: ", pk);
        hex_line(&mut h, "Secret Key: ", dk.as_bytes().as_slice());
        let mut m = [0u8; 32];
        rng.fill(&mut m);
        hex_line(&mut h, "", &m);
        let ek = EncapsulationKey::<P>::from_bytes(pk).expect("its own pk");
        let (ct, ss_b) = ek.encapsulate_derand(&m);
        hex_line(&mut h, "Ciphertext: ", ct.as_bytes().as_slice());
        hex_line(&mut h, "Shared Secret B: ", ss_b.as_bytes());
        let ss_a = dk.decapsulate(&ct);
        hex_line(&mut h, "Shared Secret A: ", ss_a.as_bytes());
        assert_eq!(ss_a, ss_b, "{} iteration {i}", P::NAME);
    }
    h.finalize().into()
}

/// The published sum for P: SHA256SUMS names Kyber768-90s's output
/// "tvecs768-90s".
fn published_sum<P: ParameterSet>() -> [u8; 32] {
    let file = format!("tvecs{}", P::NAME.trim_start_matches("Kyber"));
    let sums = read_vector("pq-crystals-kyber/round3/SHA256SUMS");
    let line = sums
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some(file.as_str()))
        .unwrap_or_else(|| panic!("no sum for {file}"));
    array(&hex(&line[..64]))
}

fn test_vectors<P: ParameterSet>() {
    assert_eq!(test_vectors_sum::<P>(), published_sum::<P>(), "{}", P::NAME);
}

#[test]
fn test_vectors_512_90s() {
    test_vectors::<Kyber512_90s>();
}

#[test]
fn test_vectors_768_90s() {
    test_vectors::<Kyber768_90s>();
}

#[test]
fn test_vectors_1024_90s() {
    test_vectors::<Kyber1024_90s>();
}
