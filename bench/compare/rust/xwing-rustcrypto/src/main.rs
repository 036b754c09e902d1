// SPDX-License-Identifier: Apache-2.0 OR MIT
//! RustCrypto x-wing (draft 06: ml-kem and x25519-dalek). Derandomized:
//! keygen from the 32-byte seed (DecapsulationKey::from, which expands it
//! into the key pair, then the encoded ek); encaps from the encoded ek
//! (EncapsulationKey::new: ML-KEM's modulus check), then
//! encapsulate_deterministic with the 64 bytes of randomness given; decaps
//! on the DecapsulationKey object, which keeps the seed and expands it
//! again in every decapsulation, as the draft's Decapsulate does.
use compare_timing::{case, require, run, Case, COINS};
use std::hint::black_box;
use x_wing::{
    Ciphertext, Decapsulate, DecapsulationKey, Decapsulator, EncapsulationKey, Key, KeyExport,
    TryKeyInit,
};

fn seed() -> [u8; 32] {
    let mut s = [0u8; 32];
    s.copy_from_slice(&COINS[..32]);
    s
}

fn main() {
    let dk = DecapsulationKey::from(seed());
    let ek_bytes: Key<EncapsulationKey> = dk.encapsulation_key().to_bytes();
    let ek = EncapsulationKey::new(&ek_bytes).unwrap();
    let eseed = COINS.into();
    let (ct, ss): (Ciphertext, _) = ek.encapsulate_deterministic(&eseed);
    require(dk.decapsulate(&ct) == ss, "round trip");
    let cases: Vec<Case> = vec![
        case("X-Wing", "keygen", move || {
            let dk = DecapsulationKey::from(black_box(seed()));
            black_box(dk.encapsulation_key().to_bytes());
            black_box(dk);
        }),
        case("X-Wing", "encaps", move || {
            let ek = EncapsulationKey::new(black_box(&ek_bytes));
            require(ek.is_ok(), "ek check");
            black_box(ek.unwrap().encapsulate_deterministic(black_box(&eseed)));
        }),
        case("X-Wing", "decaps", move || {
            black_box(black_box(&dk).decapsulate(black_box(&ct)));
        }),
    ];
    run(
        "RustCrypto x-wing 0.1.1",
        "portable Rust (ml-kem, x25519-dalek)",
        cases,
    )
}
