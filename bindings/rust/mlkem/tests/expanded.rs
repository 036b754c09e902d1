// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The expanded keys: the plain keys' results (so the C library's, which
//! its own tests check against the published vectors), for valid and
//! altered ciphertexts and every set; their sizes; clone and wipe.
mod common;

use common::TestRng;
use libmlkem::zeroize::{Zeroize, ZeroizeOnDrop};
use libmlkem::{
    Ciphertext, DecapsulationKey, Expanded, ExpandedDecapsulationKey, ExpandedEncapsulationKey,
    MlKem1024, MlKem512, MlKem768,
};

fn same_results<P: Expanded>() {
    let mut rng = TestRng::new(P::NAME);
    let dk = DecapsulationKey::<P>::from_seed(&rng.bytes::<64>());
    let xdk = dk.expand();
    let ek = dk.encapsulation_key();
    let xek = ek.expand();
    for i in 0..4 {
        let m = rng.bytes::<32>();
        let (c, s) = ek.encapsulate_derand(&m);
        let (c2, s2) = xek.encapsulate_derand(&m);
        assert_eq!((c2, &s2), (c, &s), "{} encapsulation {i}", P::NAME);
        assert_eq!(xdk.decapsulate(&c), s);
        // Implicit rejection: the plain key's secret for an altered one.
        let mut bad = *c.as_bytes();
        bad.as_mut()[i * 13] ^= 0x04;
        let bad = Ciphertext::<P>::from_array(bad);
        assert_eq!(xdk.decapsulate(&bad), dk.decapsulate(&bad));
        assert_ne!(xdk.decapsulate(&bad), s);
    }
    let (c, s) = xek.encapsulate();
    assert_eq!(dk.decapsulate(&c), s);
    let (c, s) = xek.encapsulate_with_rng(&mut rng);
    assert_eq!(xdk.clone().decapsulate(&c), s);
    let again = ExpandedDecapsulationKey::try_new(&dk).expect("expands");
    assert_eq!(again.try_decapsulate(&c).expect("decapsulates"), s);
    let xek2 = ExpandedEncapsulationKey::try_new(ek).expect("expands");
    assert_eq!(
        xek2.encapsulate_derand(&[7; 32]),
        ek.encapsulate_derand(&[7; 32])
    );
}

#[test]
fn expanded_keys_give_the_plain_keys_results() {
    same_results::<MlKem512>();
    same_results::<MlKem768>();
    same_results::<MlKem1024>();
}

#[test]
fn sizes() {
    // mlkem.h: a 64-byte header, t-hat and A-hat as k + k^2 polynomials of
    // 512 bytes; dk adds s-hat and 64 bytes with z.
    for (ek, dk, k) in [
        (
            MlKem512::EXPANDED_ENCAPSULATION_KEY_SIZE,
            MlKem512::EXPANDED_DECAPSULATION_KEY_SIZE,
            2,
        ),
        (
            MlKem768::EXPANDED_ENCAPSULATION_KEY_SIZE,
            MlKem768::EXPANDED_DECAPSULATION_KEY_SIZE,
            3,
        ),
        (
            MlKem1024::EXPANDED_ENCAPSULATION_KEY_SIZE,
            MlKem1024::EXPANDED_DECAPSULATION_KEY_SIZE,
            4,
        ),
    ] {
        assert_eq!(ek, 64 + 512 * (k + k * k));
        assert_eq!(dk, ek + 512 * k + 64);
    }
}

#[test]
fn the_expanded_dk_is_wiped() {
    fn wiped_on_drop<T: ZeroizeOnDrop>() {}
    wiped_on_drop::<ExpandedDecapsulationKey<MlKem768>>();
    let dk = DecapsulationKey::<MlKem768>::from_seed(&[3; 64]);
    let (c, s) = dk.encapsulation_key().encapsulate_derand(&[5; 32]);
    let mut x = dk.expand();
    assert_eq!(x.decapsulate(&c), s);
    x.zeroize();
    // A wiped key has no header: the C library refuses it.
    assert!(x.try_decapsulate(&c).is_err());
}
