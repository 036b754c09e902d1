// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Differential test against RustCrypto's `ml-kem` (an independent
//! implementation, in Rust): for 100 random seeds per set, the same keys
//! from the same seed (ek, and dk in its FIPS 203 encoding), the same
//! ciphertext and secret from the same m, each side's ciphertext
//! decapsulated by the other, and random ciphertexts (implicit rejection)
//! decapsulated alike. Then the same code, written once against the `kem`
//! traits, runs on both crates' types.
mod common;

use common::TestRng;
use libmlkem::{ByteArray, Ciphertext, DecapsulationKey, EncapsulationKey, ParameterSet};
use ml_kem::kem::{Decapsulate as _, KeyExport as _};

const ROUNDS: usize = 100;

macro_rules! differential {
    ($ours:ty, $theirs:ty) => {{
        let mut rng = TestRng::new(<$ours as ParameterSet>::NAME);
        for round in 0..ROUNDS {
            let seed = rng.bytes::<64>();
            let ours = DecapsulationKey::<$ours>::from_seed(&seed);
            let theirs = ml_kem::DecapsulationKey::<$theirs>::from_seed(seed.into());

            let their_ek = theirs.encapsulation_key().to_bytes();
            assert_eq!(
                ours.encapsulation_key().as_bytes().as_slice(),
                their_ek.as_slice(),
                "ek, round {round}"
            );
            #[allow(deprecated)]
            let their_dk = ml_kem::ExpandedKeyEncoding::to_expanded_bytes(&theirs);
            assert_eq!(
                ours.as_bytes().as_slice(),
                their_dk.as_slice(),
                "dk, round {round}"
            );

            // Same m: same ciphertext and secret; and across.
            let m = rng.bytes::<32>();
            let ek = EncapsulationKey::<$ours>::from_bytes(&their_ek).unwrap();
            let (ct, ss) = ek.encapsulate_derand(&m);
            let (their_ct, their_ss) = theirs
                .encapsulation_key()
                .encapsulate_deterministic(&m.into());
            assert_eq!(
                ct.as_bytes().as_slice(),
                their_ct.as_slice(),
                "ct, round {round}"
            );
            assert_eq!(
                ss.as_bytes().as_slice(),
                their_ss.as_slice(),
                "ss, round {round}"
            );
            let ct_array: ml_kem::array::Array<u8, _> = (*ct.as_bytes()).into();
            assert_eq!(
                theirs.decapsulate(&ct_array).as_slice(),
                ss.as_bytes(),
                "round {round}"
            );
            let their_ct_ours = Ciphertext::<$ours>::from_bytes(their_ct.as_slice()).unwrap();
            assert_eq!(
                ours.decapsulate(&their_ct_ours).as_bytes(),
                their_ss.as_slice(),
                "round {round}"
            );

            // A random ciphertext: both give the same implicit-rejection key.
            let mut junk = <$ours as ParameterSet>::CiphertextBytes::zeroed();
            rng.fill(junk.as_mut_slice());
            let junk_ours = Ciphertext::<$ours>::from_array(junk);
            let junk_theirs: ml_kem::array::Array<u8, _> = junk.into();
            assert_eq!(
                ours.decapsulate(&junk_ours).as_bytes(),
                theirs.decapsulate(&junk_theirs).as_slice(),
                "implicit rejection, round {round}"
            );
        }
    }};
}

#[test]
fn same_results_as_rustcrypto_ml_kem() {
    differential!(libmlkem::MlKem512, ml_kem::MlKem512);
    differential!(libmlkem::MlKem768, ml_kem::MlKem768);
    differential!(libmlkem::MlKem1024, ml_kem::MlKem1024);
}

/// Code written against the kem traits, unchanged for either crate: keys
/// from one seed, an encapsulation with one RNG stream, and the
/// decapsulation. Returns the encodings, which must agree.
fn through_kem_traits<K>() -> (Vec<u8>, Vec<u8>, Vec<u8>)
where
    K: ml_kem::kem::Kem + ml_kem::kem::FromSeed,
    K::DecapsulationKey: ml_kem::kem::Decapsulate,
{
    use ml_kem::kem::{Decapsulate, Encapsulate, KeyExport};
    let seed = ml_kem::kem::Seed::<K>::from_fn(|i| i as u8);
    let (dk, ek) = K::from_seed(&seed);
    let (ct, k) = ek.encapsulate_with_rng(&mut TestRng::new("m"));
    assert_eq!(dk.decapsulate(&ct), k);
    (ek.to_bytes().to_vec(), ct.to_vec(), k.to_vec())
}

#[test]
fn kem_trait_code_runs_on_both() {
    assert_eq!(
        through_kem_traits::<libmlkem::MlKem512>(),
        through_kem_traits::<ml_kem::MlKem512>()
    );
    assert_eq!(
        through_kem_traits::<libmlkem::MlKem768>(),
        through_kem_traits::<ml_kem::MlKem768>()
    );
    assert_eq!(
        through_kem_traits::<libmlkem::MlKem1024>(),
        through_kem_traits::<ml_kem::MlKem1024>()
    );
}
