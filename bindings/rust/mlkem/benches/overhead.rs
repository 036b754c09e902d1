// SPDX-License-Identifier: Apache-2.0 OR MIT
//! `cargo bench`: what the crate costs over the C library it calls. For
//! each set, keygen, encaps and decaps are timed through the crate and
//! through the C functions directly (libmlkem-sys), side by side in one run:
//!
//! | op     | through the crate                                   | the C call               |
//! |--------|-----------------------------------------------------|--------------------------|
//! | keygen | `DecapsulationKey::from_seed`                       | `keygen_derand`          |
//! | encaps | `EncapsulationKey::from_bytes`, `encapsulate_derand` | `encaps_derand` on ek    |
//! | decaps | `DecapsulationKey::decapsulate`                     | `decaps` on dk           |
//!
//! (encaps from the encoded ek on both sides: the modulus check and H(ek)
//! run in both.) Method: passes that alternate between the two sides and
//! cycle through the operations, each timing single calls; the median of
//! all calls. rdtsc ticks on x86-64, nanoseconds elsewhere. Pin it for
//! steadier figures: `taskset -c 1 cargo bench`.
//!
//! Options after `--`: `--iterations N` calls per operation and side
//! (default 2000), `--passes P` (default 10).
use libmlkem::{
    ByteArray, DecapsulationKey, EncapsulationKey, MlKem1024, MlKem512, MlKem768, ParameterSet,
};
use libmlkem_sys as sys;
use std::hint::black_box;

fn ticks() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: rdtsc has no preconditions on x86-64.
        unsafe { core::arch::x86_64::_rdtsc() }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        use std::sync::OnceLock;
        static START: OnceLock<std::time::Instant> = OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_nanos() as u64
    }
}

type Op = Box<dyn FnMut()>;

struct Case {
    set: &'static str,
    op: &'static str,
    c: Op,
    rust: Op,
    c_ticks: Vec<u64>,
    rust_ticks: Vec<u64>,
}

fn time(f: &mut Op, n: usize, out: &mut Vec<u64>) {
    for _ in 0..n {
        let t0 = ticks();
        f();
        out.push(ticks() - t0);
    }
}

fn median(v: &mut [u64]) -> u64 {
    v.sort_unstable();
    v[v.len() / 2]
}

/// The C functions of one set, for the direct side.
#[derive(Clone, Copy)]
struct CFns {
    keygen_derand: unsafe extern "C" fn(*mut u8, *mut u8, *const u8) -> i32,
    encaps_derand: unsafe extern "C" fn(*mut u8, *mut u8, *const u8, *const u8) -> i32,
    decaps: unsafe extern "C" fn(*mut u8, *const u8, *const u8) -> i32,
}

fn cases<P: ParameterSet>(c: CFns, out: &mut Vec<Case>) {
    let seed: [u8; 64] = std::array::from_fn(|i| i as u8);
    let m: [u8; 32] = std::array::from_fn(|i| (i as u8) ^ 0x5a);
    let dk = DecapsulationKey::<P>::from_seed(&seed);
    let ek = *dk.encapsulation_key().as_bytes();
    let (ct, ss) = dk.encapsulation_key().encapsulate_derand(&m);
    assert_eq!(dk.decapsulate(&ct), ss, "round trip");
    let dkb = *dk.as_bytes();
    let ctb = *ct.as_bytes();

    let mut ekc = P::EncapsulationKeyBytes::zeroed();
    let mut dkc = P::DecapsulationKeyBytes::zeroed();
    out.push(Case {
        set: P::NAME,
        op: "keygen",
        c: Box::new(move || {
            // SAFETY: buffers of the set's sizes.
            let rc = unsafe {
                (c.keygen_derand)(
                    ekc.as_mut_slice().as_mut_ptr(),
                    dkc.as_mut_slice().as_mut_ptr(),
                    black_box(&seed).as_ptr(),
                )
            };
            assert_eq!(rc, 0);
            black_box((&ekc, &dkc));
        }),
        rust: Box::new(move || {
            black_box(DecapsulationKey::<P>::from_seed(black_box(&seed)));
        }),
        c_ticks: Vec::new(),
        rust_ticks: Vec::new(),
    });
    let mut ctc = P::CiphertextBytes::zeroed();
    let mut ssc = [0u8; 32];
    out.push(Case {
        set: P::NAME,
        op: "encaps",
        c: Box::new(move || {
            // SAFETY: buffers of the set's sizes.
            let rc = unsafe {
                (c.encaps_derand)(
                    ctc.as_mut_slice().as_mut_ptr(),
                    ssc.as_mut_ptr(),
                    black_box(&ek).as_slice().as_ptr(),
                    black_box(&m).as_ptr(),
                )
            };
            assert_eq!(rc, 0);
            black_box((&ctc, &ssc));
        }),
        rust: Box::new(move || {
            let key = EncapsulationKey::<P>::from_bytes(black_box(ek.as_slice())).unwrap();
            black_box(key.encapsulate_derand(black_box(&m)));
        }),
        c_ticks: Vec::new(),
        rust_ticks: Vec::new(),
    });
    let mut ssd = [0u8; 32];
    out.push(Case {
        set: P::NAME,
        op: "decaps",
        c: Box::new(move || {
            // SAFETY: buffers of the set's sizes.
            let rc = unsafe {
                (c.decaps)(
                    ssd.as_mut_ptr(),
                    black_box(&ctb).as_slice().as_ptr(),
                    black_box(&dkb).as_slice().as_ptr(),
                )
            };
            assert_eq!(rc, 0);
            black_box(&ssd);
        }),
        rust: Box::new(move || {
            black_box(black_box(&dk).decapsulate(black_box(&ct)));
        }),
        c_ticks: Vec::new(),
        rust_ticks: Vec::new(),
    });
}

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(|v| v.parse().expect("a number"))
        .unwrap_or(default)
}

fn main() {
    let iterations = arg("--iterations", 2000);
    let passes = arg("--passes", 10).max(1);
    let per_pass = iterations.div_ceil(passes);
    let mut all = Vec::new();
    cases::<MlKem512>(
        CFns {
            keygen_derand: sys::mlkem512_keygen_derand,
            encaps_derand: sys::mlkem512_encaps_derand,
            decaps: sys::mlkem512_decaps,
        },
        &mut all,
    );
    cases::<MlKem768>(
        CFns {
            keygen_derand: sys::mlkem768_keygen_derand,
            encaps_derand: sys::mlkem768_encaps_derand,
            decaps: sys::mlkem768_decaps,
        },
        &mut all,
    );
    cases::<MlKem1024>(
        CFns {
            keygen_derand: sys::mlkem1024_keygen_derand,
            encaps_derand: sys::mlkem1024_encaps_derand,
            decaps: sys::mlkem1024_decaps,
        },
        &mut all,
    );

    let mut warm = Vec::new();
    for case in all.iter_mut() {
        time(&mut case.c, per_pass / 4 + 10, &mut warm);
        time(&mut case.rust, per_pass / 4 + 10, &mut warm);
    }
    for pass in 0..passes {
        for case in all.iter_mut() {
            // Alternate which side goes first, so neither always follows
            // the other's cache state.
            if pass % 2 == 0 {
                time(&mut case.c, per_pass, &mut case.c_ticks);
                time(&mut case.rust, per_pass, &mut case.rust_ticks);
            } else {
                time(&mut case.rust, per_pass, &mut case.rust_ticks);
                time(&mut case.c, per_pass, &mut case.c_ticks);
            }
        }
    }

    let unit = if cfg!(target_arch = "x86_64") {
        "rdtsc ticks"
    } else {
        "ns"
    };
    println!(
        "libmlkem crate {} over the C library, backend {}: medians of {} calls, {unit}",
        libmlkem::version(),
        libmlkem::backend_name(),
        per_pass * passes
    );
    println!(
        "{:<12} {:<7} {:>10} {:>10} {:>7}",
        "set", "op", "C", "crate", "ratio"
    );
    let mut totals: Vec<(&str, u64, u64)> = Vec::new();
    for case in all.iter_mut() {
        let (c, r) = (median(&mut case.c_ticks), median(&mut case.rust_ticks));
        println!(
            "{:<12} {:<7} {:>10} {:>10} {:>7.3}",
            case.set,
            case.op,
            c,
            r,
            r as f64 / c as f64
        );
        match totals.iter_mut().find(|t| t.0 == case.set) {
            Some(t) => {
                t.1 += c;
                t.2 += r;
            }
            None => totals.push((case.set, c, r)),
        }
    }
    for (set, c, r) in totals {
        println!(
            "{set:<12} {:<7} {c:>10} {r:>10} {:>7.3}",
            "sum",
            r as f64 / c as f64
        );
    }
}
