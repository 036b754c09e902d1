// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The published vectors of the repository's tests/vectors, through this
//! crate's API (the C tests run the same files through the C API):
//!
//! - NIST ACVP (nist-acvp-server): keyGen from d || z; encapsulation from
//!   ek and m; decapsulation of valid and modified ciphertexts; the dk hash
//!   check and the ek modulus check, accepted exactly when testPassed;
//! - the ML-KEM KATs of post-quantum-cryptography/KAT (100 records per set):
//!   keys from d || z, encapsulation from msg, decapsulation of ct and of
//!   the invalid ct_n (implicit rejection);
//! - C2SP/CCTV: the unlucky-sample vectors of final FIPS 203 (pull-13),
//!   the strcmp vectors (implicit rejection) and every key of the modulus
//!   vectors (refused).
//!
//! Each test counts what it checked against the number of vectors the
//! files are documented to hold, so that none is skipped unnoticed.
mod common;

use common::{array, hex, kv_lines, read_vector, records};
use libmlkem::{
    ByteArray, Ciphertext, DecapsulationKey, EncapsulationKey, Error, MlKem1024, MlKem512,
    MlKem768, ParameterSet,
};
use serde_json::Value;

/// Runs `$body` with `$p` the marker type of the set named `$name`.
macro_rules! by_set {
    ($name:expr, $p:ident => $body:expr) => {
        match $name {
            "ML-KEM-512" => {
                type $p = MlKem512;
                $body
            }
            "ML-KEM-768" => {
                type $p = MlKem768;
                $body
            }
            "ML-KEM-1024" => {
                type $p = MlKem1024;
                $body
            }
            other => panic!("unknown parameter set {other}"),
        }
    };
}

fn field(t: &Value, key: &str) -> Vec<u8> {
    hex(t[key]
        .as_str()
        .unwrap_or_else(|| panic!("field {key} in {t}")))
}

fn seed_of(d: &[u8], z: &[u8]) -> [u8; 64] {
    let mut seed = [0u8; 64];
    seed[..32].copy_from_slice(d);
    seed[32..].copy_from_slice(z);
    seed
}

fn acvp(rel: &str) -> Value {
    serde_json::from_str(&read_vector(rel)).expect("valid JSON")
}

fn keygen<P: ParameterSet>(t: &Value) {
    let seed = seed_of(&field(t, "d"), &field(t, "z"));
    let dk = DecapsulationKey::<P>::from_seed(&seed);
    assert_eq!(
        dk.encapsulation_key().as_bytes().as_slice(),
        &field(t, "ek")[..],
        "tcId {}",
        t["tcId"]
    );
    assert_eq!(
        dk.as_bytes().as_slice(),
        &field(t, "dk")[..],
        "tcId {}",
        t["tcId"]
    );
    assert_eq!(dk.seed(), Some(seed));
}

#[test]
fn acvp_keygen() {
    let v = acvp("nist-acvp-server/ML-KEM-keyGen-FIPS203/internalProjection.json");
    let mut n = 0;
    for g in v["testGroups"].as_array().unwrap() {
        for t in g["tests"].as_array().unwrap() {
            by_set!(g["parameterSet"].as_str().unwrap(), P => keygen::<P>(t));
            n += 1;
        }
    }
    assert_eq!(n, 75);
}

fn encapsulation<P: ParameterSet>(t: &Value) {
    let ek = EncapsulationKey::<P>::from_bytes(&field(t, "ek")).expect("valid ek");
    let (ct, ss) = ek.encapsulate_derand(&array(&field(t, "m")));
    assert_eq!(
        ct.as_bytes().as_slice(),
        &field(t, "c")[..],
        "tcId {}",
        t["tcId"]
    );
    assert_eq!(ss.as_bytes()[..], field(t, "k")[..], "tcId {}", t["tcId"]);
}

fn decapsulation<P: ParameterSet>(t: &Value) {
    let dk = DecapsulationKey::<P>::from_bytes(&field(t, "dk")).expect("valid dk");
    assert_eq!(dk.seed(), None);
    let ct = Ciphertext::<P>::from_bytes(&field(t, "c")).expect("ciphertext length");
    assert_eq!(
        dk.decapsulate(&ct).as_bytes()[..],
        field(t, "k")[..],
        "tcId {}",
        t["tcId"]
    );
}

/// A key check vector: `from_bytes` of the `key` field succeeds exactly
/// when testPassed, and fails with `want` otherwise.
fn key_check<K>(t: &Value, key: &str, from_bytes: fn(&[u8]) -> Result<K, Error>, want: Error) {
    let r = from_bytes(&field(t, key)).map(|_| ());
    let passed = t["testPassed"].as_bool().unwrap();
    assert_eq!(
        r,
        if passed { Ok(()) } else { Err(want) },
        "tcId {}",
        t["tcId"]
    );
}

#[test]
fn acvp_encap_decap() {
    let v = acvp("nist-acvp-server/ML-KEM-encapDecap-FIPS203/internalProjection.json");
    let mut counts = std::collections::BTreeMap::new();
    for g in v["testGroups"].as_array().unwrap() {
        let function = g["function"].as_str().unwrap();
        for t in g["tests"].as_array().unwrap() {
            by_set!(g["parameterSet"].as_str().unwrap(), P => match function {
                "encapsulation" => encapsulation::<P>(t),
                "decapsulation" => decapsulation::<P>(t),
                "decapsulationKeyCheck" => key_check(
                    t,
                    "dk",
                    DecapsulationKey::<P>::from_bytes,
                    Error::InvalidDecapsulationKey,
                ),
                "encapsulationKeyCheck" => key_check(
                    t,
                    "ek",
                    EncapsulationKey::<P>::from_bytes,
                    Error::InvalidEncapsulationKey,
                ),
                other => panic!("unknown function {other}"),
            });
            *counts.entry(function).or_insert(0) += 1;
        }
    }
    let want = [
        ("decapsulation", 30),
        ("decapsulationKeyCheck", 30),
        ("encapsulation", 75),
        ("encapsulationKeyCheck", 30),
    ];
    assert_eq!(counts.into_iter().collect::<Vec<_>>(), want);
}

fn pqc_kat<P: ParameterSet>(file: &str) {
    let recs = records(&read_vector(file), "ss");
    for rec in &recs {
        let f = |name: &str| hex(&rec[name]);
        let dk = DecapsulationKey::<P>::from_seed(&seed_of(&f("d"), &f("z")));
        let count = &rec["count"];
        assert_eq!(
            dk.encapsulation_key().as_bytes().as_slice(),
            &f("pk")[..],
            "count {count}"
        );
        assert_eq!(dk.as_bytes().as_slice(), &f("sk")[..], "count {count}");
        let (ct, ss) = dk.encapsulation_key().encapsulate_derand(&array(&f("msg")));
        assert_eq!(ct.as_bytes().as_slice(), &f("ct")[..], "count {count}");
        assert_eq!(ss.as_bytes()[..], f("ss")[..], "count {count}");
        assert_eq!(dk.decapsulate(&ct), ss, "count {count}");
        let ct_n = Ciphertext::<P>::from_bytes(&f("ct_n")).unwrap();
        assert_eq!(
            dk.decapsulate(&ct_n).as_bytes()[..],
            f("ss_n")[..],
            "count {count}"
        );
    }
    assert_eq!(recs.len(), 100, "{file}");
}

#[test]
fn pqc_kat_512() {
    pqc_kat::<MlKem512>("post-quantum-cryptography-KAT/MLKEM/kat_MLKEM_512.rsp");
}

#[test]
fn pqc_kat_768() {
    pqc_kat::<MlKem768>("post-quantum-cryptography-KAT/MLKEM/kat_MLKEM_768.rsp");
}

#[test]
fn pqc_kat_1024() {
    pqc_kat::<MlKem1024>("post-quantum-cryptography-KAT/MLKEM/kat_MLKEM_1024.rsp");
}

fn one_record(file: &str) -> std::collections::HashMap<String, Vec<u8>> {
    let mut rec = std::collections::HashMap::new();
    for (k, v) in kv_lines(&read_vector(file)) {
        // The first occurrence of a label only (intermediate files repeat).
        rec.entry(k).or_insert_with(|| hex(&v));
    }
    rec
}

fn cctv_unlucky<P: ParameterSet>() {
    let file = format!("c2sp-cctv/pull-13/ML-KEM/unluckysample/{}.txt", P::NAME);
    let r = one_record(&file);
    let dk = DecapsulationKey::<P>::from_seed(&seed_of(&r["d"], &r["z"]));
    assert_eq!(
        dk.encapsulation_key().as_bytes().as_slice(),
        &r["ek"][..],
        "{file}"
    );
    assert_eq!(dk.as_bytes().as_slice(), &r["dk"][..], "{file}");
    let (ct, ss) = dk.encapsulation_key().encapsulate_derand(&array(&r["m"]));
    assert_eq!(ct.as_bytes().as_slice(), &r["c"][..], "{file}");
    assert_eq!(ss.as_bytes()[..], r["K"][..], "{file}");
    assert_eq!(dk.decapsulate(&ct), ss, "{file}");
}

fn cctv_strcmp<P: ParameterSet>() {
    let file = format!("c2sp-cctv/ML-KEM/strcmp/{}.txt", P::NAME);
    let r = one_record(&file);
    let dk = DecapsulationKey::<P>::from_bytes(&r["dk"]).expect("valid dk");
    let ct = Ciphertext::<P>::from_bytes(&r["c"]).unwrap();
    assert_eq!(dk.decapsulate(&ct).as_bytes()[..], r["K"][..], "{file}");
}

fn cctv_modulus<P: ParameterSet>() -> usize {
    let file = format!("c2sp-cctv/ML-KEM/modulus/{}.txt", P::NAME);
    let text = read_vector(&file);
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let ek = hex(line.trim());
        assert_eq!(ek.len(), P::ENCAPSULATION_KEY_SIZE);
        assert_eq!(
            EncapsulationKey::<P>::from_bytes(&ek),
            Err(Error::InvalidEncapsulationKey),
            "{file} line {}",
            n + 1
        );
        n += 1;
    }
    n
}

#[test]
fn cctv() {
    cctv_unlucky::<MlKem512>();
    cctv_unlucky::<MlKem768>();
    cctv_unlucky::<MlKem1024>();
    cctv_strcmp::<MlKem512>();
    cctv_strcmp::<MlKem768>();
    cctv_strcmp::<MlKem1024>();
    let counts = [
        cctv_modulus::<MlKem512>(),
        cctv_modulus::<MlKem768>(),
        cctv_modulus::<MlKem1024>(),
    ];
    assert_eq!(counts, [775, 780, 1040]);
}
