// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The traits of the RustCrypto `kem` crate (0.3), so that code written
//! against them, or against the RustCrypto `ml-kem` crate's use of them,
//! runs on this crate's types (ML-KEM and Kyber round 3; X-Wing's are in
//! `xwing.rs`). The trait methods convert between this
//! crate's arrays and the `hybrid-array` arrays of the traits (copies of at
//! most a ciphertext).
use crate::params::{MlKem1024, MlKem512, MlKem768, ParameterSet};
use crate::types::{Ciphertext, DecapsulationKey, EncapsulationKey, SharedSecret};
use hybrid_array::sizes::{U1088, U1184, U1568};
use hybrid_array::typenum::consts::{U32, U64, U768, U800};
use hybrid_array::Array;
use kem::{
    Decapsulate, Decapsulator, Encapsulate, Generate, InvalidKey, Kem, KeyExport, KeyInit,
    KeySizeUser, TryKeyInit,
};
use rand_core::{CryptoRng, TryCryptoRng};

/// The seed d || z as the key's `KeyInit` / `KeyExport` encoding, as in
/// RustCrypto's `ml-kem`.
impl<P: ParameterSet> KeySizeUser for DecapsulationKey<P> {
    type KeySize = U64;
}

impl<P: ParameterSet> KeyInit for DecapsulationKey<P> {
    fn new(seed: &Array<u8, U64>) -> Self {
        Self::from_seed(&(*seed).into())
    }
}

/// # Panics
/// For a key read from dk bytes, which has no seed (as RustCrypto's
/// `ml-kem` does for a key read from the expanded form).
impl<P: ParameterSet> KeyExport for DecapsulationKey<P> {
    fn to_bytes(&self) -> Array<u8, U64> {
        self.seed()
            .expect(
                "libmlkem: KeyExport of a decapsulation key read from dk bytes, which has no seed",
            )
            .into()
    }
}

impl<P: ParameterSet> Generate for DecapsulationKey<P> {
    fn try_generate_from_rng<R: TryCryptoRng + ?Sized>(rng: &mut R) -> Result<Self, R::Error> {
        DecapsulationKey::try_generate_from_rng(rng)
    }
}

impl From<SharedSecret> for Array<u8, U32> {
    fn from(ss: SharedSecret) -> Self {
        (*ss.as_bytes()).into()
    }
}

macro_rules! kem_set {
    ($p:ty, $ek_size:ty, $ct_size:ty) => {
        impl Kem for $p {
            type DecapsulationKey = DecapsulationKey<$p>;
            type EncapsulationKey = EncapsulationKey<$p>;
            type SharedKeySize = U32;
            type CiphertextSize = $ct_size;
        }

        impl Decapsulator for DecapsulationKey<$p> {
            type Kem = $p;
            fn encapsulation_key(&self) -> &EncapsulationKey<$p> {
                DecapsulationKey::encapsulation_key(self)
            }
        }

        impl Decapsulate for DecapsulationKey<$p> {
            fn decapsulate(&self, ct: &kem::Ciphertext<$p>) -> kem::SharedKey<$p> {
                let ct = Ciphertext::<$p>::from_array((*ct).into());
                DecapsulationKey::decapsulate(self, &ct).into()
            }
        }

        impl KeySizeUser for EncapsulationKey<$p> {
            type KeySize = $ek_size;
        }

        impl TryKeyInit for EncapsulationKey<$p> {
            fn new(ek: &Array<u8, $ek_size>) -> Result<Self, InvalidKey> {
                EncapsulationKey::from_bytes(ek.as_slice()).map_err(|_| InvalidKey)
            }
        }

        impl KeyExport for EncapsulationKey<$p> {
            fn to_bytes(&self) -> Array<u8, $ek_size> {
                (*self.as_bytes()).into()
            }
        }

        impl Encapsulate for EncapsulationKey<$p> {
            type Kem = $p;
            fn encapsulate_with_rng<R: CryptoRng + ?Sized>(
                &self,
                rng: &mut R,
            ) -> (kem::Ciphertext<$p>, kem::SharedKey<$p>) {
                let (ct, ss) = EncapsulationKey::encapsulate_with_rng(self, rng);
                (ct.into(), ss.into())
            }
        }

        impl From<Ciphertext<$p>> for Array<u8, $ct_size> {
            fn from(ct: Ciphertext<$p>) -> Self {
                (*ct.as_bytes()).into()
            }
        }

        impl From<&Array<u8, $ct_size>> for Ciphertext<$p> {
            fn from(ct: &Array<u8, $ct_size>) -> Self {
                Ciphertext::from_array((*ct).into())
            }
        }
    };
}

kem_set!(MlKem512, U800, U768);
kem_set!(MlKem768, U1184, U1088);
kem_set!(MlKem1024, U1568, U1568);

// Kyber round 3: the same sizes (the seed is the 64 keygen coins d || z).
kem_set!(crate::kyber::Kyber512, U800, U768);
kem_set!(crate::kyber::Kyber768, U1184, U1088);
kem_set!(crate::kyber::Kyber1024, U1568, U1568);
kem_set!(crate::kyber::Kyber512_90s, U800, U768);
kem_set!(crate::kyber::Kyber768_90s, U1184, U1088);
kem_set!(crate::kyber::Kyber1024_90s, U1568, U1568);
