// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The NIST round-3 Kyber and Kyber-90s of the Kyber team, as PQClean
//! packages them (through the crates.io package pqcrypto-kyber 0.7.6):
//! `--with-clean` times the reference C, `--with-avx2` the AVX2 code, for
//! the six variants. Both come from one build; the harness calls the chosen
//! implementation's C functions directly.
//!
//! The round-3 code has no derandomized entry points: keypair draws 32
//! bytes (the seed d) and then 32 more (z), enc draws the 32 bytes it hashes
//! into m, all through PQClean's randombytes, which pqcrypto-internals
//! forwards to getrandom. This package supplies getrandom's custom backend
//! (it is built with `--cfg getrandom_backend="custom"`): before each call
//! the harness hands it the fixed coins, the same bytes this library's
//! kyber*_keygen_derand and kyber*_encaps_derand take (the 64-byte seed
//! 1, 2, 3, 0, ... as d || z; m = 4, 5, 6, 0, ...), so a timed call copies
//! them from memory and makes no OS call, and its outputs can be compared
//! with this library's byte for byte. `--with-outputs` prints those outputs
//! (pk, sk, ct, ss, and the implicit-rejection key of ct with its first byte
//! flipped) as JSON and times nothing: bench_compare.py checks them against
//! this library before it times the row.
//!
//! encaps and decaps take the encoded keys and run no input checks (round 3
//! has none). The AVX2 functions are only called if the CPU has AVX2, BMI2,
//! POPCNT and AES-NI (PQClean's META.yml); elsewhere than on x86-64 only the
//! reference runs.
extern crate pqcrypto_kyber; // links PQClean's static libraries

use compare_timing::{case, flag, require, run, Case, M, SEED};
use std::cell::Cell;
use std::hint::black_box;
use std::os::raw::c_int;

thread_local! {
    /// The bytes the next draws of the C code's random source return.
    static COINS: Cell<&'static [u8]> = const { Cell::new(&[]) };
}

/// Hands `coins` to the next draws of the random source.
fn give(coins: &'static [u8]) {
    COINS.with(|c| c.set(coins));
}

/// The bytes given and not yet drawn.
fn left() -> usize {
    COINS.with(|c| c.get().len())
}

/// getrandom 0.3's custom backend: the next `len` bytes of the coins given;
/// an error (which pqcrypto-internals turns into a panic) if fewer are left,
/// so that a call drawing more than the harness expects stops it.
///
/// # Safety
/// `dest` must be valid for `len` bytes of writes (getrandom's contract).
#[no_mangle]
unsafe extern "Rust" fn __getrandom_v03_custom(
    dest: *mut u8,
    len: usize,
) -> Result<(), getrandom::Error> {
    COINS.with(|c| {
        let coins = c.get();
        if coins.len() < len {
            return Err(getrandom::Error::new_custom(1));
        }
        std::ptr::copy_nonoverlapping(coins.as_ptr(), dest, len);
        c.set(&coins[len..]);
        Ok(())
    })
}

type Keypair = unsafe extern "C" fn(*mut u8, *mut u8) -> c_int;
type Encaps = unsafe extern "C" fn(*mut u8, *mut u8, *const u8) -> c_int;
type Decaps = unsafe extern "C" fn(*mut u8, *const u8, *const u8) -> c_int;

/// Declares the three C functions of each implementation.
macro_rules! pqclean_kem {
    ($($keypair:ident, $enc:ident, $dec:ident;)*) => {
        extern "C" {
            $(
                fn $keypair(pk: *mut u8, sk: *mut u8) -> c_int;
                fn $enc(ct: *mut u8, ss: *mut u8, pk: *const u8) -> c_int;
                fn $dec(ss: *mut u8, ct: *const u8, sk: *const u8) -> c_int;
            )*
        }
    };
}

pqclean_kem! {
    PQCLEAN_KYBER512_CLEAN_crypto_kem_keypair, PQCLEAN_KYBER512_CLEAN_crypto_kem_enc,
    PQCLEAN_KYBER512_CLEAN_crypto_kem_dec;
    PQCLEAN_KYBER768_CLEAN_crypto_kem_keypair, PQCLEAN_KYBER768_CLEAN_crypto_kem_enc,
    PQCLEAN_KYBER768_CLEAN_crypto_kem_dec;
    PQCLEAN_KYBER1024_CLEAN_crypto_kem_keypair, PQCLEAN_KYBER1024_CLEAN_crypto_kem_enc,
    PQCLEAN_KYBER1024_CLEAN_crypto_kem_dec;
    PQCLEAN_KYBER51290S_CLEAN_crypto_kem_keypair, PQCLEAN_KYBER51290S_CLEAN_crypto_kem_enc,
    PQCLEAN_KYBER51290S_CLEAN_crypto_kem_dec;
    PQCLEAN_KYBER76890S_CLEAN_crypto_kem_keypair, PQCLEAN_KYBER76890S_CLEAN_crypto_kem_enc,
    PQCLEAN_KYBER76890S_CLEAN_crypto_kem_dec;
    PQCLEAN_KYBER102490S_CLEAN_crypto_kem_keypair, PQCLEAN_KYBER102490S_CLEAN_crypto_kem_enc,
    PQCLEAN_KYBER102490S_CLEAN_crypto_kem_dec;
}

#[cfg(target_arch = "x86_64")]
pqclean_kem! {
    PQCLEAN_KYBER512_AVX2_crypto_kem_keypair, PQCLEAN_KYBER512_AVX2_crypto_kem_enc,
    PQCLEAN_KYBER512_AVX2_crypto_kem_dec;
    PQCLEAN_KYBER768_AVX2_crypto_kem_keypair, PQCLEAN_KYBER768_AVX2_crypto_kem_enc,
    PQCLEAN_KYBER768_AVX2_crypto_kem_dec;
    PQCLEAN_KYBER1024_AVX2_crypto_kem_keypair, PQCLEAN_KYBER1024_AVX2_crypto_kem_enc,
    PQCLEAN_KYBER1024_AVX2_crypto_kem_dec;
    PQCLEAN_KYBER51290S_AVX2_crypto_kem_keypair, PQCLEAN_KYBER51290S_AVX2_crypto_kem_enc,
    PQCLEAN_KYBER51290S_AVX2_crypto_kem_dec;
    PQCLEAN_KYBER76890S_AVX2_crypto_kem_keypair, PQCLEAN_KYBER76890S_AVX2_crypto_kem_enc,
    PQCLEAN_KYBER76890S_AVX2_crypto_kem_dec;
    PQCLEAN_KYBER102490S_AVX2_crypto_kem_keypair, PQCLEAN_KYBER102490S_AVX2_crypto_kem_enc,
    PQCLEAN_KYBER102490S_AVX2_crypto_kem_dec;
}

#[derive(Clone, Copy)]
struct Set {
    name: &'static str, // as mlkem_kem_by_name spells it
    sizes: [usize; 3],  // pk, sk, ct
    keypair: Keypair,
    encaps: Encaps,
    decaps: Decaps,
}

const K512: [usize; 3] = [800, 1632, 768];
const K768: [usize; 3] = [1184, 2400, 1088];
const K1024: [usize; 3] = [1568, 3168, 1568];

#[rustfmt::skip]
const CLEAN: [Set; 6] = [
    Set { name: "Kyber512", sizes: K512, keypair: PQCLEAN_KYBER512_CLEAN_crypto_kem_keypair,
          encaps: PQCLEAN_KYBER512_CLEAN_crypto_kem_enc,
          decaps: PQCLEAN_KYBER512_CLEAN_crypto_kem_dec },
    Set { name: "Kyber768", sizes: K768, keypair: PQCLEAN_KYBER768_CLEAN_crypto_kem_keypair,
          encaps: PQCLEAN_KYBER768_CLEAN_crypto_kem_enc,
          decaps: PQCLEAN_KYBER768_CLEAN_crypto_kem_dec },
    Set { name: "Kyber1024", sizes: K1024, keypair: PQCLEAN_KYBER1024_CLEAN_crypto_kem_keypair,
          encaps: PQCLEAN_KYBER1024_CLEAN_crypto_kem_enc,
          decaps: PQCLEAN_KYBER1024_CLEAN_crypto_kem_dec },
    Set { name: "Kyber512-90s", sizes: K512,
          keypair: PQCLEAN_KYBER51290S_CLEAN_crypto_kem_keypair,
          encaps: PQCLEAN_KYBER51290S_CLEAN_crypto_kem_enc,
          decaps: PQCLEAN_KYBER51290S_CLEAN_crypto_kem_dec },
    Set { name: "Kyber768-90s", sizes: K768,
          keypair: PQCLEAN_KYBER76890S_CLEAN_crypto_kem_keypair,
          encaps: PQCLEAN_KYBER76890S_CLEAN_crypto_kem_enc,
          decaps: PQCLEAN_KYBER76890S_CLEAN_crypto_kem_dec },
    Set { name: "Kyber1024-90s", sizes: K1024,
          keypair: PQCLEAN_KYBER102490S_CLEAN_crypto_kem_keypair,
          encaps: PQCLEAN_KYBER102490S_CLEAN_crypto_kem_enc,
          decaps: PQCLEAN_KYBER102490S_CLEAN_crypto_kem_dec },
];

#[cfg(target_arch = "x86_64")]
#[rustfmt::skip]
const AVX2: [Set; 6] = [
    Set { name: "Kyber512", sizes: K512, keypair: PQCLEAN_KYBER512_AVX2_crypto_kem_keypair,
          encaps: PQCLEAN_KYBER512_AVX2_crypto_kem_enc,
          decaps: PQCLEAN_KYBER512_AVX2_crypto_kem_dec },
    Set { name: "Kyber768", sizes: K768, keypair: PQCLEAN_KYBER768_AVX2_crypto_kem_keypair,
          encaps: PQCLEAN_KYBER768_AVX2_crypto_kem_enc,
          decaps: PQCLEAN_KYBER768_AVX2_crypto_kem_dec },
    Set { name: "Kyber1024", sizes: K1024, keypair: PQCLEAN_KYBER1024_AVX2_crypto_kem_keypair,
          encaps: PQCLEAN_KYBER1024_AVX2_crypto_kem_enc,
          decaps: PQCLEAN_KYBER1024_AVX2_crypto_kem_dec },
    Set { name: "Kyber512-90s", sizes: K512,
          keypair: PQCLEAN_KYBER51290S_AVX2_crypto_kem_keypair,
          encaps: PQCLEAN_KYBER51290S_AVX2_crypto_kem_enc,
          decaps: PQCLEAN_KYBER51290S_AVX2_crypto_kem_dec },
    Set { name: "Kyber768-90s", sizes: K768,
          keypair: PQCLEAN_KYBER76890S_AVX2_crypto_kem_keypair,
          encaps: PQCLEAN_KYBER76890S_AVX2_crypto_kem_enc,
          decaps: PQCLEAN_KYBER76890S_AVX2_crypto_kem_dec },
    Set { name: "Kyber1024-90s", sizes: K1024,
          keypair: PQCLEAN_KYBER102490S_AVX2_crypto_kem_keypair,
          encaps: PQCLEAN_KYBER102490S_AVX2_crypto_kem_enc,
          decaps: PQCLEAN_KYBER102490S_AVX2_crypto_kem_dec },
];

/// The implementation the command line asks for: its name, how it runs
/// here, and its functions.
fn chosen() -> (&'static str, &'static str, [Set; 6]) {
    if flag("--with-clean") {
        return ("clean", "the reference C, called directly", CLEAN);
    }
    require(flag("--with-avx2"), "say --with-clean or --with-avx2");
    #[cfg(target_arch = "x86_64")]
    {
        require(
            std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("bmi2")
                && std::is_x86_feature_detected!("popcnt")
                && std::is_x86_feature_detected!("aes"),
            "this CPU lacks AVX2, BMI2, POPCNT or AES-NI, which the AVX2 code needs",
        );
        ("avx2", "the AVX2 implementation, called directly", AVX2)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        require(false, "the Kyber team's AVX2 code runs on x86-64 only");
        unreachable!()
    }
}

/// One key pair, encapsulation and decapsulation from the fixed coins:
/// (pk, sk, ct, ss). Stops the harness if a call fails, draws other than
/// the coins' 64 and 32 bytes, or decaps disagrees with encaps.
fn round_trip(s: &Set) -> [Vec<u8>; 4] {
    let [pk_n, sk_n, ct_n] = s.sizes;
    let (mut pk, mut sk, mut ct) = (vec![0u8; pk_n], vec![0u8; sk_n], vec![0u8; ct_n]);
    let (mut ss, mut ss2) = (vec![0u8; 32], [0u8; 32]);
    unsafe {
        give(&SEED);
        require((s.keypair)(pk.as_mut_ptr(), sk.as_mut_ptr()) == 0, "keygen");
        require(left() == 0, "keygen drew other than d and z");
        give(&M);
        require(
            (s.encaps)(ct.as_mut_ptr(), ss.as_mut_ptr(), pk.as_ptr()) == 0,
            "encaps",
        );
        require(left() == 0, "encaps drew other than its 32 bytes");
        require(
            (s.decaps)(ss2.as_mut_ptr(), ct.as_ptr(), sk.as_ptr()) == 0,
            "decaps",
        );
    }
    require(ss == ss2, "round trip");
    [pk, sk, ct, ss]
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// `--with-outputs`: every variant's outputs from the fixed coins, and the
/// key decaps returns for ct with its first byte flipped, as JSON.
fn print_outputs(name: &str, sets: &[Set]) {
    let mut out = format!("{{\"impl\": \"{name}\", \"variants\": [\n");
    for (i, s) in sets.iter().enumerate() {
        let [pk, sk, mut ct, ss] = round_trip(s);
        let mut reject = [0u8; 32];
        ct[0] ^= 1;
        let rc = unsafe { (s.decaps)(reject.as_mut_ptr(), ct.as_ptr(), sk.as_ptr()) };
        require(rc == 0, "decaps of a flipped ciphertext");
        ct[0] ^= 1;
        out += &format!(
            "  {{\"set\": \"{}\", \"pk\": \"{}\", \"sk\": \"{}\", \"ct\": \"{}\", \"ss\": \"{}\", \
             \"ss_reject\": \"{}\"}}{}\n",
            s.name,
            hex(&pk),
            hex(&sk),
            hex(&ct),
            hex(&ss),
            hex(&reject),
            if i + 1 == sets.len() { "" } else { "," }
        );
    }
    out += "]}\n";
    print!("{out}");
}

fn set_cases(cases: &mut Vec<Case>, s: Set) {
    let [mut pk, mut sk, ct, _] = round_trip(&s);
    let keypair = s.keypair;
    let (pk2, sk2) = (pk.clone(), sk.clone());
    cases.push(case(s.name, "keygen", move || unsafe {
        give(black_box(&SEED));
        let rc = keypair(pk.as_mut_ptr(), sk.as_mut_ptr());
        require(rc == 0, "keygen");
    }));
    let (encaps, mut ct2, mut ss) = (s.encaps, ct.clone(), [0u8; 32]);
    cases.push(case(s.name, "encaps", move || unsafe {
        give(black_box(&M));
        let rc = encaps(ct2.as_mut_ptr(), ss.as_mut_ptr(), black_box(pk2.as_ptr()));
        require(rc == 0, "encaps");
    }));
    let (decaps, mut ss2) = (s.decaps, [0u8; 32]);
    cases.push(case(s.name, "decaps", move || unsafe {
        let rc = decaps(
            ss2.as_mut_ptr(),
            black_box(ct.as_ptr()),
            black_box(sk2.as_ptr()),
        );
        require(rc == 0, "decaps");
    }));
}

fn main() {
    let (name, how, sets) = chosen();
    if flag("--with-outputs") {
        print_outputs(name, &sets);
        return;
    }
    let mut cases: Vec<Case> = Vec::new();
    for s in sets {
        set_cases(&mut cases, s);
    }
    run(
        &format!("PQClean round-3 Kyber {name} (pqcrypto-kyber 0.7.6)"),
        how,
        cases,
    )
}
