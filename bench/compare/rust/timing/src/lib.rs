// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The timing method of `make bench-compare`, for the Rust peers.
//!
//! It is the method of this project's own benchmark (bench/bench.c), step
//! for step, so that every row of the comparison is measured the same way:
//!
//! - each case (one operation of one parameter set) is warmed up with
//!   `per_pass / 4 + 10` calls;
//! - then `passes` passes cycle through all cases, timing `per_pass` single
//!   calls of each: the monotonic clock is read, then rdtsc, the call is
//!   made, rdtsc is read, then the monotonic clock;
//! - a case reports the median (and 25th/75th percentiles) of all its calls
//!   and the lowest per-pass median ("quietest pass").
//!
//! The harness also measures the time-stamp counter's rate over 100 ms, so
//! that a harness without rdtsc (Python) can be converted to ticks.
//! Pinning to one CPU is left to the caller (`taskset`), as for every peer.
//!
//! The JSON written with `--json` has the fields of bench/bench.c's.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// One operation of one parameter set: a closure that makes one call.
pub struct Case<'a> {
    set: &'static str,
    op: &'static str,
    run: Box<dyn FnMut() + 'a>,
}

/// A case named `set` ("ML-KEM-768") and `op` ("keygen", "encaps",
/// "decaps"), timed one call of `run` at a time.
pub fn case<'a>(set: &'static str, op: &'static str, run: impl FnMut() + 'a) -> Case<'a> {
    Case {
        set,
        op,
        run: Box::new(run),
    }
}

#[derive(Clone, Copy)]
struct Stats {
    median: u64,
    p25: u64,
    p75: u64,
}

fn summarize(v: &mut [u64]) -> Stats {
    v.sort_unstable();
    let n = v.len();
    Stats {
        median: v[n / 2],
        p25: v[n / 4],
        p75: v[(3 * n) / 4],
    }
}

/// rdtsc ticks on x86-64 (the unit of bench/bench.c); nanoseconds elsewhere.
#[inline(always)]
fn ticks(origin: Instant) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        let _ = origin;
        // SAFETY: rdtsc has no preconditions on x86-64.
        unsafe { core::arch::x86_64::_rdtsc() }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        origin.elapsed().as_nanos() as u64
    }
}

fn tick_unit() -> &'static str {
    if cfg!(target_arch = "x86_64") {
        "rdtsc ticks"
    } else {
        "ns (no cycle counter)"
    }
}

/// Ticks per second, measured against the monotonic clock over 100 ms.
fn tick_rate(origin: Instant) -> f64 {
    let n0 = Instant::now();
    let t0 = ticks(origin);
    while n0.elapsed() < Duration::from_millis(100) {}
    let t1 = ticks(origin);
    let dn = n0.elapsed();
    (t1 - t0) as f64 / dn.as_secs_f64()
}

struct Options {
    iterations: usize,
    passes: usize,
    json: Option<String>,
}

/// The options every harness takes: those of bench/bench.c, and any
/// `--with-X` switch the harness itself interprets (see `flag`).
fn options() -> Result<Options, String> {
    let mut o = Options {
        iterations: 2000,
        passes: 10,
        json: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--iterations" | "--passes" | "--json" => {
                let v = args.next().ok_or(format!("{a} needs a value"))?;
                match a.as_str() {
                    "--json" => o.json = Some(v),
                    _ => {
                        let n = v.parse::<usize>().map_err(|_| format!("bad {a} {v}"))?;
                        if a == "--iterations" {
                            o.iterations = n
                        } else {
                            o.passes = n
                        }
                    }
                }
            }
            s if s.starts_with("--with-") => {}
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    if o.iterations < 1000
        || o.passes < 1
        || !o.iterations.is_multiple_of(o.passes)
        || o.iterations / o.passes < 50
    {
        return Err("at least 1000 iterations, in passes of at least 50 that divide them".into());
    }
    Ok(o)
}

/// Whether the harness was started with the switch `name` ("--with-checks").
pub fn flag(name: &str) -> bool {
    std::env::args().skip(1).any(|a| a == name)
}

struct Result_ {
    set: &'static str,
    op: &'static str,
    tick: Stats,
    ns: Stats,
    best_pass: u64,
}

fn measure(
    cases: &mut [Case<'_>],
    per_pass: usize,
    passes: usize,
    origin: Instant,
) -> Vec<Result_> {
    let total = per_pass * passes;
    let mut t_samples = vec![vec![0u64; total]; cases.len()];
    let mut ns_samples = vec![vec![0u64; total]; cases.len()];
    let mut best = vec![u64::MAX; cases.len()];
    for c in cases.iter_mut() {
        for _ in 0..per_pass / 4 + 10 {
            (c.run)();
        }
    }
    for p in 0..passes {
        for (i, c) in cases.iter_mut().enumerate() {
            let t = &mut t_samples[i][p * per_pass..(p + 1) * per_pass];
            let ns = &mut ns_samples[i][p * per_pass..(p + 1) * per_pass];
            for k in 0..per_pass {
                let n0 = Instant::now();
                let t0 = ticks(origin);
                (c.run)();
                t[k] = ticks(origin) - t0;
                ns[k] = n0.elapsed().as_nanos() as u64;
            }
            let mut pass = t.to_vec();
            best[i] = best[i].min(summarize(&mut pass).median);
        }
    }
    cases
        .iter()
        .enumerate()
        .map(|(i, c)| Result_ {
            set: c.set,
            op: c.op,
            tick: summarize(&mut t_samples[i]),
            ns: summarize(&mut ns_samples[i]),
            best_pass: best[i],
        })
        .collect()
}

fn json(library: &str, backend: &str, o: &Options, hz: f64, res: &[Result_]) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "{{\n  \"library\": \"{library}\",\n  \"backend\": \"{backend}\",\n  \
         \"tick_unit\": \"{}\",\n  \"iterations\": {},\n  \"passes\": {},\n  \
         \"tick_hz\": {:.0},\n  \"results\": [\n",
        tick_unit(),
        o.iterations,
        o.passes,
        hz
    );
    for (i, r) in res.iter().enumerate() {
        let _ = writeln!(
            s,
            "    {{\"set\": \"{}\", \"op\": \"{}\", \"ticks_median\": {}, \"ticks_p25\": {}, \
             \"ticks_p75\": {}, \"ticks_best_pass_median\": {}, \"ns_median\": {}}}{}",
            r.set,
            r.op,
            r.tick.median,
            r.tick.p25,
            r.tick.p75,
            r.best_pass,
            r.ns.median,
            if i + 1 == res.len() { "" } else { "," }
        );
    }
    s.push_str("  ]\n}\n");
    s
}

/// Times `cases` as the command line asks, prints a table, writes the JSON,
/// and exits. `library` names the peer and its version, `backend` the code
/// path it takes here (for example "avx2, chosen at run time").
pub fn run(library: &str, backend: &str, mut cases: Vec<Case<'_>>) -> ! {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}\nusage: [--iterations N] [--passes P] [--json FILE] [--with-...]");
            std::process::exit(2)
        }
    };
    let origin = Instant::now();
    let hz = tick_rate(origin);
    let res = measure(&mut cases, o.iterations / o.passes, o.passes, origin);
    println!(
        "{library}, {backend}: median of {} calls per operation in {} passes ({}; ns)",
        o.iterations,
        o.passes,
        tick_unit()
    );
    for r in &res {
        println!(
            "| {} | {} | {} ({} ns) | quietest pass {} |",
            r.set, r.op, r.tick.median, r.ns.median, r.best_pass
        );
    }
    if let Some(path) = &o.json {
        if let Err(e) = std::fs::write(path, json(library, backend, &o, hz, &res)) {
            eprintln!("{path}: {e}");
            std::process::exit(1)
        }
    }
    std::process::exit(0)
}

/// The 64-byte seed (d || z) of every derandomized keygen in the
/// comparison, as bench/bench.c uses it: 1, 2, 3, then zeros.
pub const SEED: [u8; 64] = {
    let mut s = [0u8; 64];
    s[0] = 1;
    s[1] = 2;
    s[2] = 3;
    s
};

/// The 32-byte m of every derandomized encaps: 4, 5, 6, then zeros.
pub const M: [u8; 32] = {
    let mut m = [0u8; 32];
    m[0] = 4;
    m[1] = 5;
    m[2] = 6;
    m
};

/// Stops the harness if a peer's round trip disagrees: timing a call that
/// does not work would measure nothing.
pub fn require(ok: bool, what: &str) {
    if !ok {
        eprintln!("harness check failed: {what}");
        std::process::exit(1)
    }
}

/// The randomness of every hybrid in the comparison (X-Wing's 32-byte seed
/// and 64-byte encapsulation randomness are its first bytes), as
/// bench/bench.c's `coins`: 7, 8, 9, then zeros.
pub const COINS: [u8; 64] = {
    let mut c = [0u8; 64];
    c[0] = 7;
    c[1] = 8;
    c[2] = 9;
    c
};
