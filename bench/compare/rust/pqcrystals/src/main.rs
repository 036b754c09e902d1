// SPDX-License-Identifier: Apache-2.0 OR MIT
//! pq-crystals/kyber's AVX2 code, as PQClean packages it (through the
//! crates.io package pqcrypto-mlkem, which compiles PQClean's C and
//! assembly). The harness calls the derandomized C entry points directly:
//! keypair_derand from the 64-byte seed (d || z) and enc_derand with the
//! fixed m, so no timed call draws randomness. encaps and decaps take the
//! encoded keys and run no FIPS 203 input checks (the pq-crystals code has
//! none). The AVX2 functions are only called if the CPU has AVX2 and BMI2;
//! elsewhere than on x86-64 the harness only says it cannot run.
#[cfg(target_arch = "x86_64")]
mod x86 {
    extern crate pqcrypto_mlkem; // links PQClean's static libraries

    use compare_timing::{case, require, run, Case, M, SEED};
    use std::hint::black_box;
    use std::os::raw::c_int;

    type Keypair = unsafe extern "C" fn(*mut u8, *mut u8, *const u8) -> c_int;
    type Encaps = unsafe extern "C" fn(*mut u8, *mut u8, *const u8, *const u8) -> c_int;
    type Decaps = unsafe extern "C" fn(*mut u8, *const u8, *const u8) -> c_int;

    extern "C" {
        fn PQCLEAN_MLKEM512_AVX2_crypto_kem_keypair_derand(
            pk: *mut u8,
            sk: *mut u8,
            coins: *const u8,
        ) -> c_int;
        fn PQCLEAN_MLKEM512_AVX2_crypto_kem_enc_derand(
            ct: *mut u8,
            ss: *mut u8,
            pk: *const u8,
            coins: *const u8,
        ) -> c_int;
        fn PQCLEAN_MLKEM512_AVX2_crypto_kem_dec(ss: *mut u8, ct: *const u8, sk: *const u8)
            -> c_int;
        fn PQCLEAN_MLKEM768_AVX2_crypto_kem_keypair_derand(
            pk: *mut u8,
            sk: *mut u8,
            coins: *const u8,
        ) -> c_int;
        fn PQCLEAN_MLKEM768_AVX2_crypto_kem_enc_derand(
            ct: *mut u8,
            ss: *mut u8,
            pk: *const u8,
            coins: *const u8,
        ) -> c_int;
        fn PQCLEAN_MLKEM768_AVX2_crypto_kem_dec(ss: *mut u8, ct: *const u8, sk: *const u8)
            -> c_int;
        fn PQCLEAN_MLKEM1024_AVX2_crypto_kem_keypair_derand(
            pk: *mut u8,
            sk: *mut u8,
            coins: *const u8,
        ) -> c_int;
        fn PQCLEAN_MLKEM1024_AVX2_crypto_kem_enc_derand(
            ct: *mut u8,
            ss: *mut u8,
            pk: *const u8,
            coins: *const u8,
        ) -> c_int;
        fn PQCLEAN_MLKEM1024_AVX2_crypto_kem_dec(
            ss: *mut u8,
            ct: *const u8,
            sk: *const u8,
        ) -> c_int;
    }

    struct Set {
        name: &'static str,
        sizes: [usize; 3], // ek, dk, ct
        keypair: Keypair,
        encaps: Encaps,
        decaps: Decaps,
    }

    #[rustfmt::skip]
    const SETS: [Set; 3] = [
        Set { name: "ML-KEM-512", sizes: [800, 1632, 768],
              keypair: PQCLEAN_MLKEM512_AVX2_crypto_kem_keypair_derand,
              encaps: PQCLEAN_MLKEM512_AVX2_crypto_kem_enc_derand,
              decaps: PQCLEAN_MLKEM512_AVX2_crypto_kem_dec },
        Set { name: "ML-KEM-768", sizes: [1184, 2400, 1088],
              keypair: PQCLEAN_MLKEM768_AVX2_crypto_kem_keypair_derand,
              encaps: PQCLEAN_MLKEM768_AVX2_crypto_kem_enc_derand,
              decaps: PQCLEAN_MLKEM768_AVX2_crypto_kem_dec },
        Set { name: "ML-KEM-1024", sizes: [1568, 3168, 1568],
              keypair: PQCLEAN_MLKEM1024_AVX2_crypto_kem_keypair_derand,
              encaps: PQCLEAN_MLKEM1024_AVX2_crypto_kem_enc_derand,
              decaps: PQCLEAN_MLKEM1024_AVX2_crypto_kem_dec },
    ];

    fn set_cases(cases: &mut Vec<Case>, s: Set) {
        let [ek_n, dk_n, ct_n] = s.sizes;
        let (mut ek, mut dk, mut ct) = (vec![0u8; ek_n], vec![0u8; dk_n], vec![0u8; ct_n]);
        let (mut ss, mut ss2) = ([0u8; 32], [0u8; 32]);
        unsafe {
            require(
                (s.keypair)(ek.as_mut_ptr(), dk.as_mut_ptr(), SEED.as_ptr()) == 0,
                "keygen",
            );
            require(
                (s.encaps)(ct.as_mut_ptr(), ss.as_mut_ptr(), ek.as_ptr(), M.as_ptr()) == 0,
                "encaps",
            );
            require(
                (s.decaps)(ss2.as_mut_ptr(), ct.as_ptr(), dk.as_ptr()) == 0,
                "decaps",
            );
        }
        require(ss == ss2, "round trip");
        let (mut ek2, mut dk2) = (ek.clone(), dk.clone());
        let keypair = s.keypair;
        cases.push(case(s.name, "keygen", move || unsafe {
            let rc = keypair(ek2.as_mut_ptr(), dk2.as_mut_ptr(), black_box(SEED.as_ptr()));
            require(rc == 0, "keygen");
        }));
        let (encaps, mut ct2, mut ss3) = (s.encaps, ct.clone(), [0u8; 32]);
        cases.push(case(s.name, "encaps", move || unsafe {
            let rc = encaps(
                ct2.as_mut_ptr(),
                ss3.as_mut_ptr(),
                black_box(ek.as_ptr()),
                black_box(M.as_ptr()),
            );
            require(rc == 0, "encaps");
        }));
        let decaps = s.decaps;
        cases.push(case(s.name, "decaps", move || unsafe {
            let rc = decaps(
                ss2.as_mut_ptr(),
                black_box(ct.as_ptr()),
                black_box(dk.as_ptr()),
            );
            require(rc == 0, "decaps");
        }));
    }

    pub fn main() {
        require(
            std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("bmi2"),
            "this CPU has no AVX2 and BMI2, which the pq-crystals AVX2 code needs",
        );
        let mut cases: Vec<Case> = Vec::new();
        for set in SETS {
            set_cases(&mut cases, set);
        }
        run(
            "pq-crystals/kyber AVX2 (PQClean, pqcrypto-mlkem 0.1.1)",
            "the AVX2 implementation, called directly",
            cases,
        )
    }
}

fn main() {
    #[cfg(target_arch = "x86_64")]
    x86::main();
    #[cfg(not(target_arch = "x86_64"))]
    compare_timing::require(false, "the pq-crystals AVX2 code runs on x86-64 only");
}
