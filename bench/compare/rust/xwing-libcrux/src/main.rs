// SPDX-License-Identifier: Apache-2.0 OR MIT
//! libcrux-kem's X-Wing (Algorithm::XWingKemDraft06: libcrux-ml-kem, which
//! picks its AVX2 code at run time, and libcrux-curve25519). Derandomized:
//! keygen from the 32-byte seed (key_gen_derand, then the encoded ek);
//! encaps from the encoded ek (PublicKey::decode, which runs ML-KEM's
//! modulus check), then encapsulate_derand with the 64 bytes of randomness
//! given; decaps from the encoded ciphertext (Ct::decode) on the private
//! key, which is the seed: it is expanded again in every decapsulation, as
//! the draft's Decapsulate does.
use compare_timing::{case, require, run, Case, COINS};
use libcrux_kem::{key_gen_derand, Algorithm, Ct, PublicKey};
use std::hint::black_box;

const ALG: Algorithm = Algorithm::XWingKemDraft06;

fn main() {
    let seed = &COINS[..32];
    let (sk, pk) = key_gen_derand(ALG, seed).unwrap();
    let ek_bytes = pk.encode();
    let (ss, ct) = PublicKey::decode(ALG, &ek_bytes)
        .unwrap()
        .encapsulate_derand(&COINS)
        .unwrap();
    let ct_bytes = ct.encode();
    let ss2 = Ct::decode(ALG, &ct_bytes)
        .unwrap()
        .decapsulate(&sk)
        .unwrap();
    require(ss.encode() == ss2.encode(), "round trip");
    let cases: Vec<Case> = vec![
        case("X-Wing", "keygen", move || {
            let (sk, pk) = key_gen_derand(ALG, black_box(seed)).unwrap();
            black_box(pk.encode());
            black_box(sk);
        }),
        case("X-Wing", "encaps", move || {
            let pk = PublicKey::decode(ALG, black_box(&ek_bytes));
            require(pk.is_ok(), "ek check");
            black_box(pk.unwrap().encapsulate_derand(black_box(&COINS)).unwrap());
        }),
        case("X-Wing", "decaps", move || {
            let ct = Ct::decode(ALG, black_box(&ct_bytes)).unwrap();
            black_box(ct.decapsulate(black_box(&sk)).unwrap());
        }),
    ];
    run(
        "libcrux-kem 0.0.10 X-Wing",
        "libcrux-ml-kem AVX2 chosen at run time, libcrux-curve25519 portable",
        cases,
    )
}
