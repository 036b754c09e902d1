// SPDX-License-Identifier: Apache-2.0 OR MIT
//! aws-lc-rs (AWS-LC, whose ML-KEM is mlkem-native). It has no
//! derandomized API: keygen and encaps each draw from AWS-LC's random
//! source inside the timed call. keygen returns the key object and its
//! encoded ek; encaps starts from the encoded ek (EncapsulationKey::new,
//! then encapsulate); decaps runs on the key object keygen made.
use aws_lc_rs::kem::{
    Algorithm, AlgorithmId, Ciphertext, DecapsulationKey, EncapsulationKey, ML_KEM_1024,
    ML_KEM_512, ML_KEM_768,
};
use compare_timing::{case, require, run, Case};
use std::hint::black_box;

fn set_cases(cases: &mut Vec<Case>, name: &'static str, alg: &'static Algorithm<AlgorithmId>) {
    let dk = DecapsulationKey::generate(alg).unwrap();
    let ek_bytes = dk
        .encapsulation_key()
        .unwrap()
        .key_bytes()
        .unwrap()
        .as_ref()
        .to_vec();
    let ek = EncapsulationKey::new(alg, &ek_bytes).unwrap();
    let (ct, ss) = ek.encapsulate().unwrap();
    let ct = ct.as_ref().to_vec();
    let ss2 = dk.decapsulate(Ciphertext::from(ct.as_slice())).unwrap();
    require(ss.as_ref() == ss2.as_ref(), "round trip");
    cases.push(case(name, "keygen", move || {
        let dk = DecapsulationKey::generate(black_box(alg)).unwrap();
        black_box(dk.encapsulation_key().unwrap().key_bytes().unwrap());
    }));
    cases.push(case(name, "encaps", move || {
        let ek = EncapsulationKey::new(alg, black_box(&ek_bytes));
        require(ek.is_ok(), "ek check");
        black_box(ek.unwrap().encapsulate().unwrap());
    }));
    cases.push(case(name, "decaps", move || {
        black_box(
            dk.decapsulate(Ciphertext::from(black_box(ct.as_slice())))
                .unwrap(),
        );
    }));
}

fn main() {
    let mut cases: Vec<Case> = Vec::new();
    set_cases(&mut cases, "ML-KEM-512", &ML_KEM_512);
    set_cases(&mut cases, "ML-KEM-768", &ML_KEM_768);
    set_cases(&mut cases, "ML-KEM-1024", &ML_KEM_1024);
    run("aws-lc-rs 1.19.0", "AWS-LC, its own CPU dispatch", cases)
}
