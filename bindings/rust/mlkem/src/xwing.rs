// SPDX-License-Identifier: Apache-2.0 OR MIT
//! X-Wing (draft-connolly-cfrg-xwing-kem-10), the hybrid KEM of
//! ML-KEM-768 and X25519 combined with SHA3-256, over the C functions of
//! `include/mlkem_hybrid.h` (which documents the scheme): secure if either
//! part is.
//!
//! ```
//! use libmlkem::xwing::{DecapsulationKey, EncapsulationKey};
//!
//! let dk = DecapsulationKey::generate(); // store dk.seed(), 32 bytes
//! let ek = EncapsulationKey::from_bytes(dk.encapsulation_key().as_bytes())?;
//! let (ct, k_send) = ek.encapsulate();
//! assert_eq!(dk.decapsulate(&ct), k_send);
//! # Ok::<(), libmlkem::Error>(())
//! ```
//!
//! - The private key is a 32-byte seed: [`DecapsulationKey::from_seed`],
//!   [`DecapsulationKey::seed`] and [`DecapsulationKey::as_bytes`] all
//!   speak of it, and any 32 bytes are a key. The key keeps its
//!   encapsulation key, computed once; each decapsulation expands the seed
//!   again (the C library keeps no expanded X-Wing key).
//! - [`EncapsulationKey::from_bytes`] checks the length and runs the FIPS
//!   203 section 7.2 check on the ML-KEM-768 part (the first 1184 bytes),
//!   as the draft requires. Any X25519 part is accepted: a point of small
//!   order is not an error in X-Wing (the draft defines the result).
//! - [`EncapsulationKey::encapsulate_derand`] takes the draft's 64-byte
//!   eseed: ML-KEM's m, then the ephemeral X25519 private key.
//! - A tampered ciphertext gives a pseudorandom secret (implicit
//!   rejection), not an error.
//! - With the feature `kem`, [`XWing`] and the keys implement the RustCrypto
//!   `kem` traits as the RustCrypto `x-wing` crate's types do (the 32-byte
//!   seed as the key's `KeyInit` / `KeyExport` encoding).
use crate::error::{check, Error};
use crate::random;
use crate::types::expect_ok;
use crate::SharedSecret;
use core::fmt;
use libmlkem_sys as sys;
use rand_core::{CryptoRng, TryCryptoRng};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// Bytes of the encapsulation key: ML-KEM-768 ek || X25519 public key.
pub const ENCAPSULATION_KEY_SIZE: usize = sys::XWING_PK_BYTES;
/// Bytes of the decapsulation key, which is the seed.
pub const DECAPSULATION_KEY_SIZE: usize = sys::XWING_SK_BYTES;
/// Bytes of the ciphertext: ML-KEM-768 ct || X25519 public key.
pub const CIPHERTEXT_SIZE: usize = sys::XWING_CT_BYTES;
/// Bytes of the shared secret.
pub const SHARED_SECRET_SIZE: usize = sys::XWING_SS_BYTES;
/// Bytes of the key-generation seed.
pub const SEED_SIZE: usize = sys::XWING_SEED_BYTES;
/// Bytes of encapsulation's randomness eseed.
pub const ESEED_SIZE: usize = sys::XWING_ESEED_BYTES;

/// X-Wing, as the `kem::Kem` of the RustCrypto traits (feature `kem`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct XWing;

public_bytes!(
    /// The X-Wing ciphertext (public): ML-KEM-768 ct || X25519 ephemeral
    /// public key. [`Error::InvalidCiphertext`] for another length.
    Ciphertext,
    CIPHERTEXT_SIZE,
    Error::InvalidCiphertext
);

/// The X-Wing encapsulation key (public), its ML-KEM part checked when it
/// was made.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct EncapsulationKey {
    pk: [u8; ENCAPSULATION_KEY_SIZE],
}

impl EncapsulationKey {
    /// The key from its encoding: [`Error::InvalidEncapsulationKey`] if it
    /// has another length or its ML-KEM-768 part fails the modulus check
    /// (FIPS 203 section 7.2).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let pk: [u8; ENCAPSULATION_KEY_SIZE] = bytes
            .try_into()
            .map_err(|_| Error::InvalidEncapsulationKey)?;
        // SAFETY: pk begins with the ML-KEM-768 ek (1184 of its bytes).
        check(unsafe { sys::mlkem768_check_ek(pk.as_ptr()) })?;
        Ok(EncapsulationKey { pk })
    }

    /// The encoding.
    pub fn as_bytes(&self) -> &[u8; ENCAPSULATION_KEY_SIZE] {
        &self.pk
    }

    /// EncapsulateDerand with the caller's eseed, for known-answer tests:
    /// fresh, uniformly random and secret on every call.
    ///
    /// # Panics
    /// Only if the C library cannot run (`MLKEM_BACKEND` naming a backend
    /// this CPU lacks; see [`Self::try_encapsulate_derand`]).
    pub fn encapsulate_derand(&self, eseed: &[u8; ESEED_SIZE]) -> (Ciphertext, SharedSecret) {
        expect_ok(self.try_encapsulate_derand(eseed), "encapsulation")
    }

    /// As [`Self::encapsulate_derand`]; fails only with [`Error::Backend`].
    pub fn try_encapsulate_derand(
        &self,
        eseed: &[u8; ESEED_SIZE],
    ) -> Result<(Ciphertext, SharedSecret), Error> {
        let mut ct = Ciphertext([0u8; CIPHERTEXT_SIZE]);
        let mut ss: SharedSecret = SharedSecret::zeroed();
        // SAFETY: every buffer has the size of mlkem_hybrid.h.
        check(unsafe {
            sys::xwing_encaps_derand(
                ct.0.as_mut_ptr(),
                ss.0.as_mut_ptr(),
                self.pk.as_ptr(),
                eseed.as_ptr(),
            )
        })?;
        Ok((ct, ss))
    }

    /// Encapsulate with eseed from `rng`.
    pub fn encapsulate_with_rng<R: CryptoRng + ?Sized>(
        &self,
        rng: &mut R,
    ) -> (Ciphertext, SharedSecret) {
        let Ok(r) = random::from_rng(rng, |eseed| self.encapsulate_derand(eseed));
        r
    }

    /// Encapsulate (draft section 5.4) with eseed from the operating
    /// system (`getrandom`).
    ///
    /// # Panics
    /// If the random source fails (see [`Self::try_encapsulate`]).
    #[cfg(feature = "getrandom")]
    pub fn encapsulate(&self) -> (Ciphertext, SharedSecret) {
        expect_ok(self.try_encapsulate(), "encapsulation")
    }

    /// As [`Self::encapsulate`]; [`Error::Random`] if the random source
    /// fails.
    #[cfg(feature = "getrandom")]
    pub fn try_encapsulate(&self) -> Result<(Ciphertext, SharedSecret), Error> {
        random::from_os(|eseed| self.try_encapsulate_derand(eseed))
    }
}

impl AsRef<[u8]> for EncapsulationKey {
    fn as_ref(&self) -> &[u8] {
        &self.pk
    }
}

impl TryFrom<&[u8]> for EncapsulationKey {
    type Error = Error;
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_bytes(bytes)
    }
}

impl fmt::Debug for EncapsulationKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("xwing::EncapsulationKey(")?;
        for b in &self.pk[..8] {
            write!(f, "{b:02x}")?;
        }
        f.write_str("..)")
    }
}

/// The X-Wing decapsulation key (secret): the 32-byte seed, with its
/// encapsulation key. Wiped when dropped.
#[derive(Clone)]
pub struct DecapsulationKey {
    sk: [u8; DECAPSULATION_KEY_SIZE],
    ek: EncapsulationKey,
}

impl DecapsulationKey {
    /// GenerateKeyPairDerand: the key of the seed, which it keeps.
    ///
    /// # Panics
    /// Only if the C library cannot run (see [`Self::try_from_seed`]).
    pub fn from_seed(seed: &[u8; SEED_SIZE]) -> Self {
        expect_ok(Self::try_from_seed(seed), "key generation")
    }

    /// As [`Self::from_seed`]; fails only with [`Error::Backend`].
    pub fn try_from_seed(seed: &[u8; SEED_SIZE]) -> Result<Self, Error> {
        let mut key = DecapsulationKey {
            sk: [0u8; DECAPSULATION_KEY_SIZE],
            ek: EncapsulationKey {
                pk: [0u8; ENCAPSULATION_KEY_SIZE],
            },
        };
        // SAFETY: every buffer has the size of mlkem_hybrid.h.
        check(unsafe {
            sys::xwing_keygen_derand(key.ek.pk.as_mut_ptr(), key.sk.as_mut_ptr(), seed.as_ptr())
        })?;
        Ok(key)
    }

    /// GenerateKeyPair (draft section 5.2): a new key from a seed drawn
    /// from the operating system (`getrandom`).
    ///
    /// # Panics
    /// If the random source fails (see [`Self::try_generate`]).
    #[cfg(feature = "getrandom")]
    pub fn generate() -> Self {
        expect_ok(Self::try_generate(), "key generation")
    }

    /// As [`Self::generate`]; [`Error::Random`] if the random source fails.
    #[cfg(feature = "getrandom")]
    pub fn try_generate() -> Result<Self, Error> {
        random::from_os(Self::try_from_seed)
    }

    /// A new key with the seed from `rng`.
    pub fn generate_from_rng<R: CryptoRng + ?Sized>(rng: &mut R) -> Self {
        let Ok(key) = Self::try_generate_from_rng(rng);
        key
    }

    /// As [`Self::generate_from_rng`], for a generator that can fail.
    pub fn try_generate_from_rng<R: TryCryptoRng + ?Sized>(rng: &mut R) -> Result<Self, R::Error> {
        random::from_rng(rng, Self::from_seed)
    }

    /// The key from its encoding, the seed: [`Error::InvalidDecapsulationKey`]
    /// unless it has 32 bytes (any 32 bytes are a key).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let seed = bytes
            .try_into()
            .map_err(|_| Error::InvalidDecapsulationKey)?;
        Self::try_from_seed(seed)
    }

    /// The matching encapsulation key.
    pub fn encapsulation_key(&self) -> &EncapsulationKey {
        &self.ek
    }

    /// Decapsulate (draft section 5.5). A ciphertext that was tampered
    /// with gives a pseudorandom secret, not an error.
    ///
    /// # Panics
    /// Only if the C library cannot run (see [`Self::try_decapsulate`]).
    pub fn decapsulate(&self, ct: &Ciphertext) -> SharedSecret {
        expect_ok(self.try_decapsulate(ct), "decapsulation")
    }

    /// As [`Self::decapsulate`]; fails only with [`Error::Backend`].
    pub fn try_decapsulate(&self, ct: &Ciphertext) -> Result<SharedSecret, Error> {
        let mut ss: SharedSecret = SharedSecret::zeroed();
        // SAFETY: every buffer has the size of mlkem_hybrid.h.
        check(unsafe { sys::xwing_decaps(ss.0.as_mut_ptr(), ct.0.as_ptr(), self.sk.as_ptr()) })?;
        Ok(ss)
    }

    /// The seed, which is the private key (a copy, secret: wipe it when
    /// done). Unlike ML-KEM's, always known.
    pub fn seed(&self) -> [u8; SEED_SIZE] {
        self.sk
    }

    /// The encoded private key: the seed (secret).
    pub fn as_bytes(&self) -> &[u8; DECAPSULATION_KEY_SIZE] {
        &self.sk
    }
}

impl TryFrom<&[u8]> for DecapsulationKey {
    type Error = Error;
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_bytes(bytes)
    }
}

/// Constant time.
impl PartialEq for DecapsulationKey {
    fn eq(&self, other: &Self) -> bool {
        self.sk.ct_eq(&other.sk).into()
    }
}

impl Eq for DecapsulationKey {}

impl fmt::Debug for DecapsulationKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("xwing::DecapsulationKey(..)")
    }
}

impl Zeroize for DecapsulationKey {
    fn zeroize(&mut self) {
        self.sk.zeroize();
    }
}

impl Drop for DecapsulationKey {
    fn drop(&mut self) {
        self.zeroize();
    }
}

impl ZeroizeOnDrop for DecapsulationKey {}

/// The RustCrypto `kem` traits, as the `x-wing` crate implements them.
#[cfg(feature = "kem")]
mod kem_traits {
    use super::{Ciphertext, DecapsulationKey, EncapsulationKey, XWing};
    use hybrid_array::sizes::{U1120, U1216};
    use hybrid_array::typenum::consts::U32;
    use hybrid_array::Array;
    use kem::{
        Decapsulate, Decapsulator, Encapsulate, Generate, InvalidKey, Kem, KeyExport, KeyInit,
        KeySizeUser, TryKeyInit,
    };
    use rand_core::{CryptoRng, TryCryptoRng};

    impl Kem for XWing {
        type DecapsulationKey = DecapsulationKey;
        type EncapsulationKey = EncapsulationKey;
        type SharedKeySize = U32;
        type CiphertextSize = U1120;
    }

    /// The seed as the key's `KeyInit` / `KeyExport` encoding.
    impl KeySizeUser for DecapsulationKey {
        type KeySize = U32;
    }

    impl KeyInit for DecapsulationKey {
        fn new(seed: &Array<u8, U32>) -> Self {
            Self::from_seed(&(*seed).into())
        }
    }

    impl KeyExport for DecapsulationKey {
        fn to_bytes(&self) -> Array<u8, U32> {
            self.sk.into()
        }
    }

    impl Generate for DecapsulationKey {
        fn try_generate_from_rng<R: TryCryptoRng + ?Sized>(rng: &mut R) -> Result<Self, R::Error> {
            DecapsulationKey::try_generate_from_rng(rng)
        }
    }

    impl Decapsulator for DecapsulationKey {
        type Kem = XWing;
        fn encapsulation_key(&self) -> &EncapsulationKey {
            DecapsulationKey::encapsulation_key(self)
        }
    }

    impl Decapsulate for DecapsulationKey {
        fn decapsulate(&self, ct: &kem::Ciphertext<XWing>) -> kem::SharedKey<XWing> {
            DecapsulationKey::decapsulate(self, &ct.into()).into()
        }
    }

    impl KeySizeUser for EncapsulationKey {
        type KeySize = U1216;
    }

    impl TryKeyInit for EncapsulationKey {
        fn new(pk: &Array<u8, U1216>) -> Result<Self, InvalidKey> {
            EncapsulationKey::from_bytes(pk.as_slice()).map_err(|_| InvalidKey)
        }
    }

    impl KeyExport for EncapsulationKey {
        fn to_bytes(&self) -> Array<u8, U1216> {
            self.pk.into()
        }
    }

    impl Encapsulate for EncapsulationKey {
        type Kem = XWing;
        fn encapsulate_with_rng<R: CryptoRng + ?Sized>(
            &self,
            rng: &mut R,
        ) -> (kem::Ciphertext<XWing>, kem::SharedKey<XWing>) {
            let (ct, ss) = EncapsulationKey::encapsulate_with_rng(self, rng);
            (ct.into(), ss.into())
        }
    }

    impl From<Ciphertext> for Array<u8, U1120> {
        fn from(ct: Ciphertext) -> Self {
            ct.0.into()
        }
    }

    impl From<&Array<u8, U1120>> for Ciphertext {
        fn from(ct: &Array<u8, U1120>) -> Self {
            Ciphertext((*ct).into())
        }
    }
}
