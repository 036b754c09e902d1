// SPDX-License-Identifier: Apache-2.0 OR MIT
//! What the integration tests share: the repository's vector directory,
//! hex, the "name = value" text of the .rsp and CCTV files, and a
//! deterministic generator of test inputs.
#![allow(dead_code)]

use std::path::PathBuf;

/// tests/vectors of the repository ($MLKEM_VECTOR_DIR if set, as for the C
/// tests).
pub fn vector_path(rel: &str) -> PathBuf {
    let dir = match std::env::var_os("MLKEM_VECTOR_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/vectors"),
    };
    dir.join(rel)
}

pub fn read_vector(rel: &str) -> String {
    let path = vector_path(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub fn hex(s: &str) -> Vec<u8> {
    assert!(s.len() % 2 == 0, "odd-length hex");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex digit"))
        .collect()
}

pub fn array<const N: usize>(bytes: &[u8]) -> [u8; N] {
    bytes.try_into().expect("length of the field")
}

/// The "name = value" lines of a text vector file, in order; the split is
/// at the last " = " (CCTV labels contain one).
pub fn kv_lines(text: &str) -> Vec<(String, String)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.rsplit_once(" = "))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

/// The records of a "name = value" file (the .rsp KATs): the fields of
/// each, by name, a record ending at the field named `last`.
pub fn records(text: &str, last: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut out = Vec::new();
    let mut rec = std::collections::HashMap::new();
    for (k, v) in kv_lines(text) {
        let end = k == last;
        rec.insert(k, v);
        if end {
            out.push(std::mem::take(&mut rec));
        }
    }
    out
}

/// SplitMix64 (Steele, Lea, Flood 2014): the inputs of the random tests,
/// the same on every run. Not for keys.
pub struct TestRng(u64);

impl TestRng {
    pub fn new(label: &str) -> Self {
        TestRng(label.bytes().fold(0x9e37_79b9_7f4a_7c15, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        }))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn fill(&mut self, out: &mut [u8]) {
        for chunk in out.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }

    pub fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        self.fill(&mut out);
        out
    }
}

/// The same generator as a rand_core CryptoRng, for the *_from_rng APIs in
/// tests (it is not cryptographic; the marker is what the APIs ask for).
impl libmlkem::rand_core::TryRng for TestRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.next_u64() as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.next_u64())
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        self.fill(dst);
        Ok(())
    }
}

impl libmlkem::rand_core::TryCryptoRng for TestRng {}

/// NIST's AES-256 CTR_DRBG (SP 800-90A section 10.2.1, no derivation
/// function, no personalization, no reseeding), as the PQCgenKAT_kem
/// programs draw their randomness: the seed of each .rsp record is its
/// 48-byte entropy input.
pub struct CtrDrbg {
    key: [u8; 32],
    v: [u8; 16],
}

impl CtrDrbg {
    pub fn new(entropy: &[u8; 48]) -> Self {
        let mut d = CtrDrbg {
            key: [0; 32],
            v: [0; 16],
        };
        d.update(Some(entropy));
        d
    }

    /// V + 1 mod 2^128, big-endian.
    fn increment(&mut self) {
        for b in self.v.iter_mut().rev() {
            *b = b.wrapping_add(1);
            if *b != 0 {
                break;
            }
        }
    }

    fn next_block(&mut self) -> [u8; 16] {
        use aes::cipher::{BlockCipherEncrypt, KeyInit};
        self.increment();
        let cipher = aes::Aes256::new(&self.key.into());
        let mut block = self.v.into();
        cipher.encrypt_block(&mut block);
        block.into()
    }

    /// CTR_DRBG_Update: three blocks, XORed with the provided data, become
    /// the new key and V.
    fn update(&mut self, data: Option<&[u8; 48]>) {
        let mut temp = [0u8; 48];
        for chunk in temp.chunks_mut(16) {
            chunk.copy_from_slice(&self.next_block());
        }
        if let Some(data) = data {
            temp.iter_mut().zip(data).for_each(|(t, d)| *t ^= d);
        }
        self.key.copy_from_slice(&temp[..32]);
        self.v.copy_from_slice(&temp[32..]);
    }

    /// One call of the KAT programs' randombytes: the state moves on after
    /// every call, so two calls of 32 bytes are not one of 64.
    pub fn fill(&mut self, out: &mut [u8]) {
        for chunk in out.chunks_mut(16) {
            let block = self.next_block();
            chunk.copy_from_slice(&block[..chunk.len()]);
        }
        self.update(None);
    }
}
