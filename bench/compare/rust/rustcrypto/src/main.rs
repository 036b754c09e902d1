// SPDX-License-Identifier: Apache-2.0 OR MIT
//! RustCrypto ml-kem. Derandomized: keygen from the 64-byte seed
//! (DecapsulationKey::from_seed, then the encoded ek), encaps with the
//! 32-byte m given (encapsulate_deterministic, `hazmat`). encaps starts from
//! the encoded ek: EncapsulationKey::new runs the modulus check and H(ek).
//! decaps runs on the DecapsulationKey object keygen made (ml-kem keeps
//! private keys as seeds and objects: no encoded dk to check).
use compare_timing::{case, require, run, Case, M, SEED};
use ml_kem::{
    array::Array, Decapsulate, DecapsulationKey, EncapsulationKey, KeyExport, MlKem1024, MlKem512,
    MlKem768, Seed, B32,
};
use std::hint::black_box;

fn seed() -> Seed {
    let mut s = Seed::default();
    s.copy_from_slice(&SEED);
    s
}

fn m() -> B32 {
    let mut m = B32::default();
    m.copy_from_slice(&M);
    m
}

macro_rules! set_cases {
    ($cases:ident, $name:literal, $p:ty) => {{
        let dk = DecapsulationKey::<$p>::from_seed(seed());
        let ek_bytes = dk.encapsulation_key().to_bytes();
        let ek = EncapsulationKey::<$p>::new(&ek_bytes).unwrap();
        let (ct, ss) = ek.encapsulate_deterministic(&m());
        require(dk.decapsulate(&ct) == ss, "round trip");
        $cases.push(case($name, "keygen", move || {
            let dk = DecapsulationKey::<$p>::from_seed(black_box(seed()));
            black_box(dk.encapsulation_key().to_bytes());
            black_box(dk);
        }));
        $cases.push(case($name, "encaps", move || {
            let ek = EncapsulationKey::<$p>::new(black_box(&ek_bytes));
            require(ek.is_ok(), "ek check");
            black_box(ek.unwrap().encapsulate_deterministic(black_box(&m())));
        }));
        let ct: Array<u8, _> = ct;
        $cases.push(case($name, "decaps", move || {
            black_box(black_box(&dk).decapsulate(black_box(&ct)));
        }));
    }};
}

fn main() {
    let mut cases: Vec<Case> = Vec::new();
    set_cases!(cases, "ML-KEM-512", MlKem512);
    set_cases!(cases, "ML-KEM-768", MlKem768);
    set_cases!(cases, "ML-KEM-1024", MlKem1024);
    run("RustCrypto ml-kem 0.3.4", "portable Rust", cases)
}
