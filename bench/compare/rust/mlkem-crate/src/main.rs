// SPDX-License-Identifier: Apache-2.0 OR MIT
//! This repository's Rust crate (bindings/rust/mlkem) over the C library,
//! which mlkem-sys builds with the repository's CMake project (every
//! backend, chosen at run time). Derandomized, like the C row and the
//! RustCrypto row: keygen from the 64-byte seed (DecapsulationKey::from_seed,
//! which keeps the key object with its ek); encaps from the encoded ek
//! (EncapsulationKey::from_bytes runs the modulus check, then
//! encapsulate_derand: the check again and H(ek) inside the C call); decaps
//! on the key object (the C call runs the hash check of dk inside).
use compare_timing::{case, require, run, Case, M, SEED};
use libmlkem::{
    ByteArray, DecapsulationKey, EncapsulationKey, MlKem1024, MlKem512, MlKem768, ParameterSet,
};
use std::hint::black_box;

fn set_cases<P: ParameterSet>(cases: &mut Vec<Case<'_>>) {
    let dk = DecapsulationKey::<P>::from_seed(&SEED);
    let ek_bytes = *dk.encapsulation_key().as_bytes();
    let ek = EncapsulationKey::<P>::from_bytes(ek_bytes.as_slice()).unwrap();
    let (ct, ss) = ek.encapsulate_derand(&M);
    require(dk.decapsulate(&ct) == ss, "round trip");
    cases.push(case(P::NAME, "keygen", move || {
        black_box(DecapsulationKey::<P>::from_seed(black_box(&SEED)));
    }));
    cases.push(case(P::NAME, "encaps", move || {
        let ek = EncapsulationKey::<P>::from_bytes(black_box(ek_bytes.as_slice()));
        require(ek.is_ok(), "ek check");
        black_box(ek.unwrap().encapsulate_derand(black_box(&M)));
    }));
    cases.push(case(P::NAME, "decaps", move || {
        black_box(black_box(&dk).decapsulate(black_box(&ct)));
    }));
}

fn main() {
    let mut cases: Vec<Case> = Vec::new();
    set_cases::<MlKem512>(&mut cases);
    set_cases::<MlKem768>(&mut cases);
    set_cases::<MlKem1024>(&mut cases);
    let backend = format!(
        "{}, chosen at run time (the C library's dispatch)",
        libmlkem::backend_name()
    );
    run(
        &format!("mlkem crate {}", libmlkem::version()),
        &backend,
        cases,
    )
}
