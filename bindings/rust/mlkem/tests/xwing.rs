// SPDX-License-Identifier: Apache-2.0 OR MIT
//! X-Wing ([`libmlkem::xwing`]):
//!
//! - the draft's test vectors (tests/vectors/xwing-draft, 3): keys from
//!   the seed, the ciphertext and secret from eseed, decapsulation;
//! - a differential test against RustCrypto's `x-wing` crate (an
//!   independent implementation, in Rust: ml-kem and x25519-dalek): for 100
//!   random seeds, the same public key from the same seed, the same
//!   ciphertext and secret from the same eseed, each side's ciphertext
//!   decapsulated by the other, random ciphertexts decapsulated alike; and
//!   code written once against the `kem` traits run on both crates' types;
//! - behaviour: lengths, the ML-KEM check of the public key, X25519 points
//!   of small order (not an error in X-Wing), the seed, wiping, Debug.
mod common;

use common::{array, hex, read_vector, TestRng};
use libmlkem::xwing::{self, Ciphertext, DecapsulationKey, EncapsulationKey, XWing};
use libmlkem::zeroize::ZeroizeOnDrop;
use libmlkem::Error;
use serde_json::Value;

#[test]
fn draft_vectors() {
    let v: Value =
        serde_json::from_str(&read_vector("xwing-draft/test-vectors.json")).expect("JSON");
    let mut n = 0;
    for t in v.as_array().expect("an array") {
        let f = |k: &str| hex(t[k].as_str().unwrap_or_else(|| panic!("field {k}")));
        let dk = DecapsulationKey::from_seed(&array(&f("seed")));
        assert_eq!(&dk.as_bytes()[..], &f("sk")[..], "vector {n}");
        assert_eq!(dk.seed(), array::<32>(&f("seed")));
        assert_eq!(
            &dk.encapsulation_key().as_bytes()[..],
            &f("pk")[..],
            "vector {n}"
        );
        let ek = EncapsulationKey::from_bytes(&f("pk")).expect("valid pk");
        let (ct, ss) = ek.encapsulate_derand(&array(&f("eseed")));
        assert_eq!(&ct.as_bytes()[..], &f("ct")[..], "vector {n}");
        assert_eq!(&ss.as_bytes()[..], &f("ss")[..], "vector {n}");
        let from_sk = DecapsulationKey::from_bytes(&f("sk")).expect("32 bytes");
        let ct = Ciphertext::from_bytes(&f("ct")).expect("ciphertext length");
        assert_eq!(&from_sk.decapsulate(&ct).as_bytes()[..], &f("ss")[..]);
        n += 1;
    }
    assert_eq!(n, 3);
}

#[test]
fn same_results_as_rustcrypto_x_wing() {
    use x_wing::{Decapsulate as _, Decapsulator as _, KeyExport as _};
    let mut rng = TestRng::new("X-Wing");
    for round in 0..100 {
        let seed = rng.bytes::<32>();
        let ours = DecapsulationKey::from_seed(&seed);
        let theirs = x_wing::DecapsulationKey::from(seed);
        let their_pk = theirs.encapsulation_key().to_bytes();
        assert_eq!(
            &ours.encapsulation_key().as_bytes()[..],
            their_pk.as_slice(),
            "pk, round {round}"
        );

        // Same eseed: same ciphertext and secret; and across.
        let eseed = rng.bytes::<64>();
        let ek = EncapsulationKey::from_bytes(&their_pk).unwrap();
        let (ct, ss) = ek.encapsulate_derand(&eseed);
        let (their_ct, their_ss) = theirs
            .encapsulation_key()
            .encapsulate_deterministic(&eseed.into());
        assert_eq!(&ct.as_bytes()[..], their_ct.as_slice(), "ct, round {round}");
        assert_eq!(&ss.as_bytes()[..], their_ss.as_slice(), "ss, round {round}");
        let (ct2, ss2) = ours.encapsulation_key().encapsulate();
        assert_eq!(
            theirs.decapsulate(&(*ct2.as_bytes()).into()).as_slice(),
            ss2.as_bytes(),
            "ours decapsulated by theirs, round {round}"
        );
        let their_ct_ours = Ciphertext::from_bytes(their_ct.as_slice()).unwrap();
        assert_eq!(
            ours.decapsulate(&their_ct_ours).as_bytes(),
            their_ss.as_slice(),
            "theirs decapsulated by ours, round {round}"
        );

        // A random ciphertext: the same implicit-rejection secret.
        let junk = Ciphertext::from_array(rng.bytes::<{ xwing::CIPHERTEXT_SIZE }>());
        assert_eq!(
            ours.decapsulate(&junk).as_bytes(),
            theirs.decapsulate(&(*junk.as_bytes()).into()).as_slice(),
            "random ciphertext, round {round}"
        );
    }
}

/// Code written against the kem traits, unchanged for either crate: keys
/// from one seed, an encapsulation with one RNG stream, the decapsulation,
/// the key's export and import. Returns the encodings, which must agree.
fn through_kem_traits<K>() -> (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>)
where
    K: libmlkem::kem::Kem + libmlkem::kem::FromSeed,
    K::DecapsulationKey: libmlkem::kem::Decapsulate + libmlkem::kem::KeyExport,
{
    use libmlkem::kem::{Decapsulate, Encapsulate, KeyExport, TryKeyInit};
    let seed = libmlkem::kem::Seed::<K>::from_fn(|i| i as u8);
    let (dk, ek) = K::from_seed(&seed);
    let (ct, k) = ek.encapsulate_with_rng(&mut TestRng::new("eseed"));
    assert_eq!(dk.decapsulate(&ct), k);
    assert!(K::EncapsulationKey::new(&ek.to_bytes()).unwrap() == ek);
    (
        dk.to_bytes().to_vec(),
        ek.to_bytes().to_vec(),
        ct.to_vec(),
        k.to_vec(),
    )
}

#[test]
fn kem_trait_code_runs_on_both() {
    assert_eq!(
        through_kem_traits::<XWing>(),
        through_kem_traits::<x_wing::XWingKem>()
    );
}

/// Sets the first 12-bit coefficient of the ML-KEM ek at the start of pk
/// to 0xfff >= q.
fn break_modulus(pk: &mut [u8]) {
    pk[0] = 0xff;
    pk[1] |= 0x0f;
}

#[test]
fn behaviour() {
    let mut rng = TestRng::new("X-Wing behaviour");
    let dk = DecapsulationKey::generate();
    assert_eq!(DecapsulationKey::from_seed(&dk.seed()), dk);
    assert_eq!(dk.as_bytes(), &dk.seed());
    let a = DecapsulationKey::generate_from_rng(&mut TestRng::new("rng"));
    assert_eq!(a.seed(), TestRng::new("rng").bytes::<32>());
    let (c1, s1) = a
        .encapsulation_key()
        .encapsulate_with_rng(&mut TestRng::new("e"));
    let (c2, s2) = a
        .encapsulation_key()
        .encapsulate_derand(&TestRng::new("e").bytes::<64>());
    assert_eq!((c1, &s1), (c2, &s2));
    let (c3, s3) = a.encapsulation_key().encapsulate();
    assert_ne!((c3, &s3), (c1, &s1));
    assert_eq!(a.decapsulate(&c3), s3);

    // Lengths.
    let pk = dk.encapsulation_key().as_bytes().to_vec();
    for len in [0, 31, 33, xwing::ENCAPSULATION_KEY_SIZE] {
        assert_eq!(
            DecapsulationKey::from_bytes(&vec![1; len]).err(),
            Some(Error::InvalidDecapsulationKey)
        );
    }
    for len in [0, pk.len() - 1, pk.len() + 1, 1184] {
        let mut b = pk.clone();
        b.resize(len, 0);
        assert_eq!(
            EncapsulationKey::from_bytes(&b),
            Err(Error::InvalidEncapsulationKey)
        );
    }
    for len in [0, xwing::CIPHERTEXT_SIZE - 1, xwing::CIPHERTEXT_SIZE + 1] {
        assert_eq!(
            Ciphertext::from_bytes(&vec![0; len]),
            Err(Error::InvalidCiphertext)
        );
    }
    // The ML-KEM part's modulus check (FIPS 203 section 7.2).
    let mut bad = pk.clone();
    break_modulus(&mut bad);
    assert_eq!(
        EncapsulationKey::from_bytes(&bad),
        Err(Error::InvalidEncapsulationKey)
    );

    // X25519 points of small order are not an error in X-Wing, in the
    // public key or in the ciphertext.
    for point in [[0u8; 32], {
        let mut one = [0u8; 32];
        one[0] = 1;
        one
    }] {
        let mut b = pk.clone();
        b[1184..].copy_from_slice(&point);
        let ek = EncapsulationKey::from_bytes(&b).expect("accepted");
        let (ct, _) = ek.encapsulate_derand(&rng.bytes::<64>());
        let mut c = *ct.as_bytes();
        c[1088..].copy_from_slice(&point);
        let _ = dk.decapsulate(&Ciphertext::from_array(c));
    }

    // A modified ciphertext: no error, another secret.
    let (ct, ss) = dk.encapsulation_key().encapsulate();
    let mut c = *ct.as_bytes();
    c[0] ^= 1;
    assert_ne!(dk.decapsulate(&Ciphertext::from_array(c)), ss);

    fn zeroize_on_drop<T: ZeroizeOnDrop>() {}
    zeroize_on_drop::<DecapsulationKey>();
    assert_eq!(format!("{dk:?}"), "xwing::DecapsulationKey(..)");
    assert_eq!(format!("{ct:?}"), "Ciphertext(1120 bytes)");
}
