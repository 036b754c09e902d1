// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The API's behaviour: round trips for every set (ML-KEM and Kyber round
//! 3), the seed, the errors of every constructor (lengths, the FIPS 203
//! section 7.2 and 7.3 checks), implicit rejection, the wiping and
//! constant-time traits, and the RustCrypto kem traits used generically.
//! (X-Wing and the TLS shares: tests/xwing.rs, tests/tls.rs.)
mod common;

use common::TestRng;
use libmlkem::kem::{Decapsulate, Encapsulate, FromSeed, Kem, KeyExport, TryKeyInit};
use libmlkem::kyber::{Kyber1024, Kyber1024_90s, Kyber512, Kyber512_90s, Kyber768, Kyber768_90s};
use libmlkem::zeroize::ZeroizeOnDrop;
use libmlkem::{
    ByteArray, Ciphertext, DecapsulationKey, EncapsulationKey, Error, MlKem1024, MlKem512,
    MlKem768, ParameterSet, SharedSecret,
};

/// Whether P has the C library's prepared form of ek: ML-KEM's sets, not
/// Kyber round 3's.
fn has_prepared_form<P: ParameterSet>() -> bool {
    !P::NAME.starts_with("Kyber")
}

/// H of the set: SHA-256 for Kyber's 90s variants, SHA3-256 otherwise.
fn h<P: ParameterSet>(bytes: &[u8]) -> [u8; 32] {
    use sha2::Digest;
    if P::NAME.ends_with("-90s") {
        sha2::Sha256::digest(bytes).into()
    } else {
        sha3::Sha3_256::digest(bytes).into()
    }
}

fn round_trip<P: ParameterSet>() {
    let dk = DecapsulationKey::<P>::generate();
    let seed = dk.seed().expect("a generated key keeps its seed");
    assert_eq!(DecapsulationKey::<P>::from_seed(&seed), dk);
    let ek = EncapsulationKey::<P>::from_bytes(dk.encapsulation_key().as_bytes().as_slice())
        .expect("its own ek");
    assert_eq!(&ek, dk.encapsulation_key());
    // Prepared or not, the same results (H(ek) from dk, from prepare_ek, or
    // computed inside each encapsulation). Kyber has no prepared form:
    // prepare() does nothing there.
    let preparable = has_prepared_form::<P>();
    assert!(dk.encapsulation_key().is_prepared() == preparable && !ek.is_prepared());
    let mut prepared = ek.clone();
    prepared.prepare();
    assert_eq!(prepared.is_prepared(), preparable);
    let m = TestRng::new("prepared").bytes::<32>();
    let (c0, s0) = ek.encapsulate_derand(&m);
    for key in [&prepared, dk.encapsulation_key()] {
        let (c1, s1) = key.encapsulate_derand(&m);
        assert_eq!((c1, &s1), (c0, &s0));
    }
    let (ct, ss) = ek.encapsulate();
    assert_eq!(dk.decapsulate(&ct), ss);
    // The encodings round-trip through the constructors.
    let ct2 = Ciphertext::<P>::from_bytes(ct.as_bytes().as_slice()).unwrap();
    assert_eq!(ct2, ct);
    let dk2 = DecapsulationKey::<P>::try_from(dk.as_bytes().as_slice()).unwrap();
    assert_eq!(
        EncapsulationKey::<P>::try_from(ek.as_bytes().as_slice()).unwrap(),
        ek
    );
    assert_eq!(dk2.seed(), None);
    assert_eq!(dk2.encapsulation_key(), dk.encapsulation_key());
    assert_eq!(dk2.encapsulation_key().is_prepared(), preparable);
    assert_eq!(dk2.decapsulate(&ct), ss);
    // Two encapsulations draw different m.
    let (ct3, ss3) = ek.encapsulate();
    assert_ne!(ct3, ct);
    assert_ne!(ss3, ss);
    // The caller's generator: the same stream gives the same key and m.
    let a = DecapsulationKey::<P>::generate_from_rng(&mut TestRng::new("rng"));
    let b = DecapsulationKey::<P>::generate_from_rng(&mut TestRng::new("rng"));
    assert_eq!(a, b);
    assert_eq!(a.seed(), Some(TestRng::new("rng").bytes::<64>()));
    let (c1, s1) = a
        .encapsulation_key()
        .encapsulate_with_rng(&mut TestRng::new("m"));
    let (c2, s2) = a
        .encapsulation_key()
        .encapsulate_derand(&TestRng::new("m").bytes::<32>());
    assert_eq!((c1, &s1), (c2, &s2));
    assert_eq!(a.decapsulate(&c1), s1);
}

#[test]
fn round_trips() {
    round_trip::<MlKem512>();
    round_trip::<MlKem768>();
    round_trip::<MlKem1024>();
    round_trip::<Kyber512>();
    round_trip::<Kyber768>();
    round_trip::<Kyber1024>();
    round_trip::<Kyber512_90s>();
    round_trip::<Kyber768_90s>();
    round_trip::<Kyber1024_90s>();
}

#[test]
fn sizes() {
    let sizes = |ek, dk, ct| (ek, dk, ct);
    assert_eq!(
        sizes(
            MlKem512::ENCAPSULATION_KEY_SIZE,
            MlKem512::DECAPSULATION_KEY_SIZE,
            MlKem512::CIPHERTEXT_SIZE
        ),
        (800, 1632, 768)
    );
    assert_eq!(
        sizes(
            MlKem768::ENCAPSULATION_KEY_SIZE,
            MlKem768::DECAPSULATION_KEY_SIZE,
            MlKem768::CIPHERTEXT_SIZE
        ),
        (1184, 2400, 1088)
    );
    assert_eq!(
        sizes(
            MlKem1024::ENCAPSULATION_KEY_SIZE,
            MlKem1024::DECAPSULATION_KEY_SIZE,
            MlKem1024::CIPHERTEXT_SIZE
        ),
        (1568, 3168, 1568)
    );
    assert_eq!(
        (MlKem768::SHARED_SECRET_SIZE, MlKem768::SEED_SIZE),
        (32, 64)
    );
    // ek || H(ek) with nothing between (repr(C)), then the flag.
    assert_eq!(
        std::mem::size_of::<EncapsulationKey<MlKem512>>(),
        800 + 32 + 1
    );
    assert_eq!(
        std::mem::size_of::<EncapsulationKey<MlKem768>>(),
        1184 + 32 + 1
    );
    assert_eq!(
        std::mem::size_of::<EncapsulationKey<MlKem1024>>(),
        1568 + 32 + 1
    );
    // Kyber round 3: the same sizes as ML-KEM's, the 90s variants too.
    fn sizes_of<P: ParameterSet>() -> [usize; 5] {
        [
            P::ENCAPSULATION_KEY_SIZE,
            P::DECAPSULATION_KEY_SIZE,
            P::CIPHERTEXT_SIZE,
            P::SHARED_SECRET_SIZE,
            P::SEED_SIZE,
        ]
    }
    assert_eq!(sizes_of::<Kyber512>(), sizes_of::<MlKem512>());
    assert_eq!(sizes_of::<Kyber768>(), sizes_of::<MlKem768>());
    assert_eq!(sizes_of::<Kyber1024>(), sizes_of::<MlKem1024>());
    assert_eq!(sizes_of::<Kyber512_90s>(), sizes_of::<MlKem512>());
    assert_eq!(sizes_of::<Kyber768_90s>(), sizes_of::<MlKem768>());
    assert_eq!(sizes_of::<Kyber1024_90s>(), sizes_of::<MlKem1024>());
    assert_eq!(
        [Kyber768::NAME, Kyber1024_90s::NAME],
        ["Kyber768", "Kyber1024-90s"]
    );
}

/// Sets the first 12-bit coefficient of the encoded ek (its low byte and
/// the low half of the next) to 0xfff >= q.
fn break_modulus(ek: &mut [u8]) {
    ek[0] = 0xff;
    ek[1] |= 0x0f;
}

fn errors<P: ParameterSet>(other_ek: usize, other_dk: usize, other_ct: usize) {
    let dk = DecapsulationKey::<P>::from_seed(&TestRng::new(P::NAME).bytes::<64>());
    let ek = dk.encapsulation_key().as_bytes().as_slice().to_vec();
    let dkb = dk.as_bytes().as_slice().to_vec();
    let (ct, _) = dk.encapsulation_key().encapsulate_derand(&[7; 32]);
    let ctb = ct.as_bytes().as_slice().to_vec();

    // Lengths: the type checks of sections 7.2 and 7.3.
    for len in [0, ek.len() - 1, ek.len() + 1, other_ek] {
        let mut b = ek.clone();
        b.resize(len, 0);
        assert_eq!(
            EncapsulationKey::<P>::from_bytes(&b),
            Err(Error::InvalidEncapsulationKey)
        );
    }
    for len in [0, dkb.len() - 1, dkb.len() + 1, other_dk] {
        let mut b = dkb.clone();
        b.resize(len, 0);
        assert_eq!(
            DecapsulationKey::<P>::from_bytes(&b).err(),
            Some(Error::InvalidDecapsulationKey)
        );
    }
    for len in [0, ctb.len() - 1, ctb.len() + 1, other_ct] {
        let mut b = ctb.clone();
        b.resize(len, 0);
        assert_eq!(
            Ciphertext::<P>::from_bytes(&b),
            Err(Error::InvalidCiphertext)
        );
        assert_eq!(
            Ciphertext::<P>::try_from(&b[..]),
            Err(Error::InvalidCiphertext)
        );
    }

    // The modulus check (7.2).
    let mut bad = ek.clone();
    break_modulus(&mut bad);
    assert_eq!(
        EncapsulationKey::<P>::from_bytes(&bad),
        Err(Error::InvalidEncapsulationKey)
    );

    // The hash check (7.3): any byte of H(ek) or of ek inside dk.
    let off = P::DECAPSULATION_KEY_SIZE - P::ENCAPSULATION_KEY_SIZE - 64;
    for i in [
        off,
        off + P::ENCAPSULATION_KEY_SIZE,
        P::DECAPSULATION_KEY_SIZE - 33,
    ] {
        let mut b = dkb.clone();
        b[i] ^= 1;
        assert_eq!(
            DecapsulationKey::<P>::from_bytes(&b).err(),
            Some(Error::InvalidDecapsulationKey),
            "byte {i}"
        );
    }
    // dk with its ek changed by `edit` and H(ek) recomputed to match.
    let rehashed = |edit: fn(&mut [u8])| {
        let mut b = dkb.clone();
        let ek = off..off + P::ENCAPSULATION_KEY_SIZE;
        edit(&mut b[ek.clone()]);
        let h = h::<P>(&b[ek.clone()]);
        b[ek.end..ek.end + 32].copy_from_slice(&h);
        DecapsulationKey::<P>::from_bytes(&b).map(|_| ())
    };
    // An ek that fails the modulus check under a matching H(ek): the hash
    // check passes, and the key is still refused, since
    // encapsulation_key() would hand out an unchecked ek. The control, the
    // same recomputation on the unmodified ek, is accepted.
    assert_eq!(rehashed(break_modulus), Err(Error::InvalidDecapsulationKey));
    assert_eq!(rehashed(|_| {}), Ok(()));

    // Implicit rejection: a modified ciphertext is no error, and gives a
    // secret unrelated to the sender's, the same every time.
    let (ct, ss) = dk.encapsulation_key().encapsulate_derand(&[9; 32]);
    let mut b = ct.as_bytes().as_slice().to_vec();
    b[0] ^= 1;
    let forged = Ciphertext::<P>::from_bytes(&b).unwrap();
    let k1 = dk.decapsulate(&forged);
    assert_ne!(k1, ss);
    assert_eq!(dk.try_decapsulate(&forged).unwrap(), k1);
}

#[test]
fn error_cases() {
    errors::<MlKem512>(1184, 2400, 1088);
    errors::<MlKem768>(1568, 3168, 1568);
    errors::<MlKem1024>(800, 1632, 768);
    errors::<Kyber512>(1184, 2400, 1088);
    errors::<Kyber768>(1568, 3168, 1568);
    errors::<Kyber1024>(800, 1632, 768);
    errors::<Kyber512_90s>(1184, 2400, 1088);
    errors::<Kyber768_90s>(1568, 3168, 1568);
    errors::<Kyber1024_90s>(800, 1632, 768);
}

#[test]
fn error_codes_and_messages() {
    let all = [
        (Error::Random, -1),
        (Error::InvalidEncapsulationKey, -2),
        (Error::InvalidDecapsulationKey, -3),
        (Error::Backend, -5),
        (Error::Pairwise, -7),
        (Error::X25519Zero, -8),
        (Error::InvalidCiphertext, -100),
        (Error::AeadTag, -10),
        (Error::HpkeSuite, -201),
        (Error::HpkeLength, -202),
        (Error::HpkeMode, -203),
        (Error::MessageLimit, -204),
        (Error::ExportOnly, -205),
        (Error::Other(-6), -6),
    ];
    for (e, code) in all {
        assert_eq!(e.code(), code);
        let text = e.to_string();
        assert!(!text.is_empty() && text != "unknown error", "{e:?}: {text}");
        let _: &dyn std::error::Error = &e;
    }
    assert!(Error::InvalidEncapsulationKey.to_string().contains("7.2"));
}

#[test]
fn library() {
    assert_eq!(libmlkem::version(), env!("CARGO_PKG_VERSION"));
    assert!(["avx512", "avx2", "neon-sha3", "neon", "portable"].contains(&libmlkem::backend_name()));
    assert_eq!(libmlkem::selftest(), Ok(()));
}

#[test]
fn secrets_are_wiped_and_compared_in_constant_time() {
    fn zeroize_on_drop<T: ZeroizeOnDrop>() {}
    zeroize_on_drop::<SharedSecret>();
    zeroize_on_drop::<DecapsulationKey<MlKem768>>();
    fn ct_eq<T: subtle::ConstantTimeEq>() {}
    ct_eq::<SharedSecret>();
    // Debug never prints a secret.
    let dk = DecapsulationKey::<MlKem768>::from_seed(&[1; 64]);
    let (_, ss) = dk.encapsulation_key().encapsulate_derand(&[2; 32]);
    assert_eq!(format!("{ss:?}"), "SharedSecret(..)");
    assert_eq!(format!("{dk:?}"), "DecapsulationKey<ML-KEM-768>(..)");
}

/// The RustCrypto traits, written once over any `K: Kem` (the example of
/// the kem crate's documentation, and key import/export).
fn kem_generic<K>()
where
    K: Kem + FromSeed,
    K::DecapsulationKey: Decapsulate,
{
    let mut rng = TestRng::new("kem");
    let (dk, ek) = K::generate_keypair_from_rng(&mut rng);
    let (ct, k_send) = ek.encapsulate_with_rng(&mut rng);
    assert_eq!(dk.decapsulate(&ct), k_send);
    let ek2 = K::EncapsulationKey::new(&ek.to_bytes()).expect("own ek");
    assert!(ek2 == ek);
    let seed = libmlkem::kem::Seed::<K>::default();
    let (dk3, ek3) = K::from_seed(&seed);
    let (ct3, k3) = ek3.encapsulate();
    assert_eq!(dk3.decapsulate_slice(ct3.as_slice()).unwrap(), k3);
    assert!(dk3.decapsulate_slice(&ct3[1..]).is_err());
}

#[test]
fn kem_traits() {
    kem_generic::<MlKem512>();
    kem_generic::<MlKem768>();
    kem_generic::<MlKem1024>();
    kem_generic::<Kyber768>();
    kem_generic::<Kyber1024_90s>();
    // KeyExport of a decapsulation key is its seed, as in RustCrypto ml-kem.
    let dk = DecapsulationKey::<MlKem768>::from_seed(&[3; 64]);
    assert_eq!(KeyExport::to_bytes(&dk).as_slice(), &[3; 64][..]);
}
