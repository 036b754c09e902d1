// SPDX-License-Identifier: Apache-2.0 OR MIT
//! HPKE ([`libmlkem::hpke`]):
//!
//! - the published vectors (tests/vectors/hpke, README there): RFC 9180's
//!   for DHKEM(X25519) in every mode (the Auth modes with the sender's
//!   keys) and draft-ietf-hpke-pq's as Go ships them and as the draft's
//!   repository has them: DeriveKeyPair gives skRm and pkRm, the receiver's
//!   context opens every encryption in order and gives every export, and
//!   the single-shot open opens the first; the vectors of KEMs on NIST
//!   curves, which this library does not offer, are counted, not run;
//! - every KEM x KDF x AEAD: single-shot and context round trips, export;
//! - errors: every wrong input to open, short buffers, half a PSK, an Auth
//!   mode with ML-KEM, the export-only AEAD, the export limit.
mod common;

use common::{hex, read_vector};
use libmlkem::hpke::{
    Aead, Kdf, Kem, OpModeR, OpModeS, PrivateKey, PskBundle, PublicKey, Suite, TAG_SIZE,
};
use libmlkem::Error;
use serde_json::Value;

fn h(v: &Value, key: &str) -> Vec<u8> {
    hex(v[key].as_str().unwrap_or(""))
}

fn run_file(rel: &str) -> (usize, usize) {
    let all: Value = serde_json::from_str(&read_vector(rel)).expect("JSON");
    let (mut run, mut not_offered) = (0, 0);
    for v in all.as_array().expect("an array") {
        let id = |k: &str| v[k].as_u64().expect("an id") as u16;
        let Some(kem) = Kem::from_id(id("kem_id")) else {
            not_offered += 1;
            continue;
        };
        let suite = Suite::new(
            kem,
            Kdf::from_id(id("kdf_id")).expect("KDF"),
            Aead::from_id(id("aead_id")).expect("AEAD"),
        );
        let mode = v["mode"].as_u64().expect("mode");
        let sk = PrivateKey::derive(kem, &h(v, "ikmR")).expect("DeriveKeyPair");
        let mut buf = [0u8; 1568];
        let n = sk.write_bytes(&mut buf).unwrap();
        assert_eq!(buf[..n], h(v, "skRm")[..]);
        let n = sk.public_key().unwrap().write_bytes(&mut buf).unwrap();
        assert_eq!(buf[..n], h(v, "pkRm")[..]);
        let (psk, psk_id) = (h(v, "psk"), h(v, "psk_id"));
        let bundle = PskBundle {
            psk: &psk,
            psk_id: &psk_id,
        };
        let pk_s = if mode >= 2 {
            Some(PublicKey::from_bytes(kem, &h(v, "pkSm")).unwrap())
        } else {
            None
        };
        let op = match mode {
            0 => OpModeR::Base,
            1 => OpModeR::Psk(bundle),
            2 => OpModeR::Auth(pk_s.as_ref().unwrap()),
            _ => OpModeR::AuthPsk(pk_s.as_ref().unwrap(), bundle),
        };
        let (info, enc) = (h(v, "info"), h(v, "enc"));
        let mut r = suite.setup_receiver(&sk, &op, &enc, &info).expect("SetupR");
        let mut out = vec![0u8; 1 << 16];
        if suite.aead != Aead::ExportOnly {
            for (i, e) in v["encryptions"]
                .as_array()
                .expect("encryptions")
                .iter()
                .enumerate()
            {
                let n = r.open(&h(e, "aad"), &h(e, "ct"), &mut out).expect("open");
                assert_eq!(out[..n], h(e, "pt")[..], "{rel} encryption {i}");
                if i == 0 {
                    let msg = [enc.clone(), h(e, "ct")].concat();
                    let n = suite
                        .open(&sk, &op, &info, &h(e, "aad"), &msg, &mut out)
                        .unwrap();
                    assert_eq!(out[..n], h(e, "pt")[..]);
                }
            }
        }
        for x in v["exports"].as_array().expect("exports") {
            let l = x["L"].as_u64().unwrap() as usize;
            r.export(&h(x, "exporter_context"), &mut out[..l]).unwrap();
            assert_eq!(out[..l], h(x, "exported_value")[..]);
        }
        run += 1;
    }
    (run, not_offered)
}

#[test]
fn published_vectors() {
    assert_eq!(run_file("hpke/cfrg-rfc9180-x25519.json"), (32, 0));
    assert_eq!(run_file("hpke/go-hpke-pq.json"), (7, 6));
    assert_eq!(run_file("hpke/hpkewg-hpke-pq-53273fb.json"), (7, 6));
}

const KEMS: [Kem; 5] = [
    Kem::DhKemX25519HkdfSha256,
    Kem::MlKem512,
    Kem::MlKem768,
    Kem::MlKem1024,
    Kem::MlKem768X25519,
];
const KDFS: [Kdf; 7] = [
    Kdf::HkdfSha256,
    Kdf::HkdfSha384,
    Kdf::HkdfSha512,
    Kdf::Shake128,
    Kdf::Shake256,
    Kdf::TurboShake128,
    Kdf::TurboShake256,
];
const AEADS: [Aead; 3] = [Aead::Aes128Gcm, Aead::Aes256Gcm, Aead::ChaCha20Poly1305];

#[test]
fn every_suite_round_trips() {
    let pt = [0x5au8; 300];
    for kem in KEMS {
        let sk = PrivateKey::generate(kem).unwrap();
        let pk = sk.public_key().unwrap();
        let mut b = [0u8; 1568];
        let n = pk.write_bytes(&mut b).unwrap();
        assert_eq!(n, kem.public_key_size());
        assert!(PublicKey::from_bytes(kem, &b[..n]).is_ok());
        for kdf in KDFS {
            for aead in AEADS {
                let s = Suite::new(kem, kdf, aead);
                let mut msg = vec![0u8; kem.enc_size() + pt.len() + TAG_SIZE];
                let n = s
                    .seal(&pk, &OpModeS::Base, b"info", b"aad", &pt, &mut msg)
                    .unwrap();
                assert_eq!(n, msg.len());
                let mut out = [0u8; 300];
                assert_eq!(
                    s.open(&sk, &OpModeR::Base, b"info", b"aad", &msg, &mut out),
                    Ok(300)
                );
                assert_eq!(out, pt);
                let mut enc = [0u8; 1568];
                let mut snd = s.setup_sender(&pk, &OpModeS::Base, b"i", &mut enc).unwrap();
                let mut rcv = s
                    .setup_receiver(&sk, &OpModeR::Base, &enc[..kem.enc_size()], b"i")
                    .unwrap();
                for _ in 0..3 {
                    let mut ct = [0u8; 316];
                    snd.seal(b"a", &pt, &mut ct).unwrap();
                    assert_eq!(rcv.open(b"a", &ct, &mut out), Ok(300));
                    assert_eq!(out, pt);
                }
                assert_eq!((snd.sequence_number(), rcv.sequence_number()), (3, 3));
                let (mut e1, mut e2) = ([0u8; 42], [0u8; 42]);
                snd.export(b"ctx", &mut e1).unwrap();
                rcv.export(b"ctx", &mut e2).unwrap();
                assert_eq!(e1, e2);
            }
        }
    }
}

#[test]
fn errors() {
    let s = Suite::new(Kem::MlKem768, Kdf::HkdfSha256, Aead::Aes128Gcm);
    let sk = PrivateKey::generate(s.kem).unwrap();
    let other = PrivateKey::generate(s.kem).unwrap();
    let pk = sk.public_key().unwrap();
    let psk = [7u8; 32];
    let bundle = PskBundle {
        psk: &psk,
        psk_id: b"id",
    };
    let mut msg = [0u8; 1088 + 3 + 16];
    s.seal(
        &pk,
        &OpModeS::Psk(bundle),
        b"info",
        b"aad",
        b"abc",
        &mut msg,
    )
    .unwrap();
    let mut out = [0xffu8; 3];
    let op = OpModeR::Psk(bundle);
    assert_eq!(s.open(&sk, &op, b"info", b"aad", &msg, &mut out), Ok(3));
    assert_eq!(&out, b"abc");
    let open = |k: &PrivateKey, op: &OpModeR, info: &[u8], aad: &[u8], m: &[u8]| {
        let mut out = [0xffu8; 64];
        let r = s.open(k, op, info, aad, m, &mut out);
        if r.is_err() {
            // The plaintext's place is zeroed (nothing is written for a
            // message shorter than enc and the tag).
            let n = m.len().saturating_sub(1088 + 16);
            assert!(out[..n].iter().all(|&b| b == 0));
        }
        r
    };
    let wrong_psk = PskBundle {
        psk: &[8u8; 32],
        psk_id: b"id",
    };
    assert_eq!(
        open(&other, &op, b"info", b"aad", &msg),
        Err(Error::AeadTag)
    );
    assert_eq!(open(&sk, &op, b"infO", b"aad", &msg), Err(Error::AeadTag));
    assert_eq!(open(&sk, &op, b"info", b"aaD", &msg), Err(Error::AeadTag));
    assert_eq!(
        open(&sk, &OpModeR::Base, b"info", b"aad", &msg),
        Err(Error::AeadTag)
    );
    assert_eq!(
        open(&sk, &OpModeR::Psk(wrong_psk), b"info", b"aad", &msg),
        Err(Error::AeadTag)
    );
    assert_eq!(
        open(&sk, &op, b"info", b"aad", &msg[..msg.len() - 1]),
        Err(Error::AeadTag)
    );
    assert_eq!(
        open(&sk, &op, b"info", b"aad", &msg[..1088 + 15]),
        Err(Error::AeadTag)
    );
    for i in [0, 1087, 1088, msg.len() - 1] {
        let mut bad = msg;
        bad[i] ^= 1;
        assert_eq!(
            open(&sk, &op, b"info", b"aad", &bad),
            Err(Error::AeadTag),
            "byte {i}"
        );
    }
    let s384 = Suite::new(Kem::MlKem768, Kdf::HkdfSha384, Aead::Aes128Gcm);
    let mut out = [0u8; 3];
    assert_eq!(
        s384.open(&sk, &op, b"info", b"aad", &msg, &mut out),
        Err(Error::AeadTag)
    );
    // Short output buffers, half a PSK, the Auth mode with ML-KEM, a key
    // of another KEM, export-only, the export limit, bad public keys.
    let mut small = [0u8; 100];
    assert_eq!(
        s.seal(&pk, &OpModeS::Base, b"", b"", b"abc", &mut small),
        Err(Error::HpkeLength)
    );
    let half = PskBundle {
        psk: &psk,
        psk_id: b"",
    };
    let mut m2 = [0u8; 1088 + 16];
    assert_eq!(
        s.seal(&pk, &OpModeS::Psk(half), b"", b"", b"", &mut m2),
        Err(Error::HpkeMode)
    );
    assert_eq!(
        s.seal(&pk, &OpModeS::Auth(&other), b"", b"", b"", &mut m2),
        Err(Error::HpkeMode)
    );
    let xs = Suite::new(Kem::MlKem768X25519, Kdf::HkdfSha256, Aead::Aes128Gcm);
    let mut m3 = [0u8; 1120 + 16];
    assert_eq!(
        xs.seal(&pk, &OpModeS::Base, b"", b"", b"", &mut m3),
        Err(Error::HpkeSuite)
    );
    let eo = Suite::new(Kem::MlKem768, Kdf::HkdfSha256, Aead::ExportOnly);
    let mut enc = [0u8; 1088];
    let mut ctx = eo.setup_sender(&pk, &OpModeS::Base, b"", &mut enc).unwrap();
    let mut ct = [0u8; 16];
    assert_eq!(ctx.seal(b"", b"", &mut ct), Err(Error::ExportOnly));
    let mut big = vec![0u8; 255 * 32 + 1];
    assert_eq!(ctx.export(b"", &mut big), Err(Error::HpkeLength));
    assert!(ctx.export(b"", &mut big[..255 * 32]).is_ok());
    assert_eq!(
        PublicKey::from_bytes(Kem::MlKem768, &[0xff; 1184]).err(),
        Some(Error::InvalidEncapsulationKey)
    );
    assert_eq!(
        PublicKey::from_bytes(Kem::MlKem768, &[0; 1183]).err(),
        Some(Error::HpkeLength)
    );
    // A failed open does not move the receiver's sequence number.
    let ps = Suite::new(
        Kem::DhKemX25519HkdfSha256,
        Kdf::Shake256,
        Aead::ChaCha20Poly1305,
    );
    let xsk = PrivateKey::generate(ps.kem).unwrap();
    let mut enc = [0u8; 32];
    let mut snd = ps
        .setup_sender(&xsk.public_key().unwrap(), &OpModeS::Base, b"", &mut enc)
        .unwrap();
    let mut rcv = ps.setup_receiver(&xsk, &OpModeR::Base, &enc, b"").unwrap();
    let mut c0 = [0u8; 17];
    snd.seal(b"", b"x", &mut c0).unwrap();
    let mut bad = c0;
    bad[16] ^= 1;
    let mut p = [0u8; 1];
    assert_eq!(rcv.open(b"", &bad, &mut p), Err(Error::AeadTag));
    assert_eq!(rcv.sequence_number(), 0);
    assert_eq!(rcv.open(b"", &c0, &mut p), Ok(1));
    assert_eq!(&p, b"x");
    // The C library's messages (mlkem_hpke_strerror, mlkem_strerror).
    assert!(Error::HpkeSuite
        .to_string()
        .starts_with("HPKE: a KEM, KDF or AEAD"));
    assert!(Error::AeadTag
        .to_string()
        .starts_with("the AEAD tag does not match"));
    assert!(format!("{xsk:?}").contains("DhKemX25519"));
}
