// SPDX-License-Identifier: Apache-2.0 OR MIT
//! libcrux-ml-kem through its multiplexing API, which picks the AVX2 code at
//! run time when the CPU has AVX2. Derandomized: keygen from the 64-byte
//! seed, encaps with the 32-byte m given. The FIPS 203 input checks are
//! separate functions in libcrux (validate_public_key,
//! validate_private_key); with --with-checks they run inside the timed
//! encaps and decaps, as FIPS 203 section 7 requires.
use compare_timing::{case, flag, require, run, Case, M, SEED};
use libcrux_ml_kem::{mlkem1024, mlkem512, mlkem768};
use std::hint::black_box;

macro_rules! set_cases {
    ($cases:ident, $name:literal, $set:ident, $checks:expr) => {{
        let kp = $set::generate_key_pair(SEED);
        let (ct, ss) = $set::encapsulate(kp.public_key(), M);
        require($set::decapsulate(kp.private_key(), &ct) == ss, "round trip");
        let (pk, sk) = (kp.public_key().clone(), kp.private_key().clone());
        let checks = $checks;
        $cases.push(case($name, "keygen", move || {
            black_box($set::generate_key_pair(black_box(SEED)));
        }));
        let pk2 = pk.clone();
        $cases.push(case($name, "encaps", move || {
            let pk = black_box(&pk2);
            if checks {
                require($set::validate_public_key(pk), "ek check");
            }
            black_box($set::encapsulate(pk, black_box(M)));
        }));
        $cases.push(case($name, "decaps", move || {
            let (sk, ct) = (black_box(&sk), black_box(&ct));
            if checks {
                require($set::validate_private_key(sk, ct), "dk check");
            }
            black_box($set::decapsulate(sk, ct));
        }));
        let _ = pk;
    }};
}

fn main() {
    let checks = flag("--with-checks");
    let mut cases: Vec<Case> = Vec::new();
    set_cases!(cases, "ML-KEM-512", mlkem512, checks);
    set_cases!(cases, "ML-KEM-768", mlkem768, checks);
    set_cases!(cases, "ML-KEM-1024", mlkem1024, checks);
    let path = if libcrux_platform::simd256_support() {
        "avx2"
    } else {
        "portable"
    };
    let backend = format!(
        "{path}, chosen at run time; input checks {}",
        if checks {
            "called in encaps/decaps"
        } else {
            "not called"
        }
    );
    run("libcrux-ml-kem 0.0.11", &backend, cases)
}
