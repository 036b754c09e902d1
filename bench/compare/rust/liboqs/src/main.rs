// SPDX-License-Identifier: Apache-2.0 OR MIT
//! liboqs 0.13 (through oqs-sys, built from its vendored source), whose
//! ML-KEM is mlkem-native. keygen is derandomized (keypair_derand from the
//! 64-byte seed). liboqs has no derandomized encaps: the harness installs,
//! through liboqs's public hook OQS_randombytes_custom_algorithm, a random
//! source that returns the fixed m, so encaps makes one call to that hook
//! and none to the OS. encaps and decaps take the encoded keys and run the
//! FIPS 203 input checks inside (mlkem-native does).
use compare_timing::{case, require, run, Case, M, SEED};
use oqs_sys::common::OQS_STATUS;
use oqs_sys::kem::*;
use std::hint::black_box;

/// The fixed m of every harness (4, 5, 6, 0, ...), as liboqs's randomness.
unsafe extern "C" fn fixed_m(out: *mut u8, len: usize) {
    let bytes = std::slice::from_raw_parts_mut(out, len);
    bytes.fill(0);
    for (b, v) in bytes.iter_mut().zip(M) {
        *b = v;
    }
}

type Keypair = unsafe extern "C" fn(*mut u8, *mut u8, *const u8) -> OQS_STATUS;
type Encaps = unsafe extern "C" fn(*mut u8, *mut u8, *const u8) -> OQS_STATUS;
type Decaps = unsafe extern "C" fn(*mut u8, *const u8, *const u8) -> OQS_STATUS;

struct Set {
    name: &'static str,
    sizes: [usize; 3], // ek, dk, ct
    keypair: Keypair,
    encaps: Encaps,
    decaps: Decaps,
}

#[rustfmt::skip]
const SETS: [Set; 3] = [
    Set { name: "ML-KEM-512", sizes: [800, 1632, 768], keypair: OQS_KEM_ml_kem_512_keypair_derand,
          encaps: OQS_KEM_ml_kem_512_encaps, decaps: OQS_KEM_ml_kem_512_decaps },
    Set { name: "ML-KEM-768", sizes: [1184, 2400, 1088], keypair: OQS_KEM_ml_kem_768_keypair_derand,
          encaps: OQS_KEM_ml_kem_768_encaps, decaps: OQS_KEM_ml_kem_768_decaps },
    Set { name: "ML-KEM-1024", sizes: [1568, 3168, 1568], keypair: OQS_KEM_ml_kem_1024_keypair_derand,
          encaps: OQS_KEM_ml_kem_1024_encaps, decaps: OQS_KEM_ml_kem_1024_decaps },
];

fn ok(s: OQS_STATUS) -> bool {
    s == OQS_STATUS::OQS_SUCCESS
}

fn set_cases(cases: &mut Vec<Case>, s: Set) {
    let [ek_n, dk_n, ct_n] = s.sizes;
    let (mut ek, mut dk, mut ct) = (vec![0u8; ek_n], vec![0u8; dk_n], vec![0u8; ct_n]);
    let (mut ss, mut ss2) = ([0u8; 32], [0u8; 32]);
    unsafe {
        require(
            ok((s.keypair)(ek.as_mut_ptr(), dk.as_mut_ptr(), SEED.as_ptr())),
            "keygen",
        );
        require(
            ok((s.encaps)(ct.as_mut_ptr(), ss.as_mut_ptr(), ek.as_ptr())),
            "encaps",
        );
        require(
            ok((s.decaps)(ss2.as_mut_ptr(), ct.as_ptr(), dk.as_ptr())),
            "decaps",
        );
    }
    require(ss == ss2, "round trip");
    let (mut ek2, mut dk2) = (ek.clone(), dk.clone());
    let keypair = s.keypair;
    cases.push(case(s.name, "keygen", move || unsafe {
        let rc = keypair(ek2.as_mut_ptr(), dk2.as_mut_ptr(), black_box(SEED.as_ptr()));
        require(ok(rc), "keygen");
    }));
    let (encaps, mut ct2, mut ss3) = (s.encaps, ct.clone(), [0u8; 32]);
    cases.push(case(s.name, "encaps", move || unsafe {
        let rc = encaps(ct2.as_mut_ptr(), ss3.as_mut_ptr(), black_box(ek.as_ptr()));
        require(ok(rc), "encaps");
    }));
    let decaps = s.decaps;
    cases.push(case(s.name, "decaps", move || unsafe {
        let rc = decaps(
            ss2.as_mut_ptr(),
            black_box(ct.as_ptr()),
            black_box(dk.as_ptr()),
        );
        require(ok(rc), "decaps");
    }));
}

fn main() {
    unsafe {
        oqs_sys::common::OQS_init();
        oqs_sys::rand::OQS_randombytes_custom_algorithm(Some(fixed_m));
    }
    let mut cases: Vec<Case> = Vec::new();
    for set in SETS {
        set_cases(&mut cases, set);
    }
    run(
        "liboqs 0.13.0 (oqs-sys 0.11.0, vendored)",
        "AVX2 chosen at run time (OQS_DIST_BUILD)",
        cases,
    )
}
