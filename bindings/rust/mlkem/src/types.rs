// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The keys, the ciphertext and the shared secret, generic over the set.
use crate::error::{check, Error};
use crate::params::{ek_offset, ByteArray, ParameterSet};
use crate::random;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::mem::MaybeUninit;
use core::ptr::addr_of_mut;
use libmlkem_sys as sys;
use rand_core::{CryptoRng, TryCryptoRng};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// Unwraps the result of a call that fails only when the C library cannot
/// run at all: `MLKEM_BACKEND` naming a backend this CPU lacks, or a failed
/// pairwise test in C builds that have it (a fault).
pub(crate) fn expect_ok<T>(r: Result<T, Error>, what: &str) -> T {
    r.unwrap_or_else(|e| panic!("libmlkem: {what} failed: {e}"))
}

// --------------------------------------------------------------------------
// Shared secret

/// The shared secret: 32 bytes (K of ML-KEM, Kyber and X-Wing), or 64 for
/// the TLS group X25519MLKEM768 ([`crate::tls::SharedSecret`]). Wiped when
/// dropped; `==` runs in constant time.
#[derive(Clone)]
pub struct SharedSecret<const N: usize = { sys::MLKEM_SS_BYTES }>(pub(crate) [u8; N]);

impl<const N: usize> SharedSecret<N> {
    /// The bytes, to key a KDF or an AEAD.
    pub fn as_bytes(&self) -> &[u8; N] {
        &self.0
    }

    pub(crate) fn zeroed() -> Self {
        SharedSecret([0u8; N])
    }
}

impl<const N: usize> ConstantTimeEq for SharedSecret<N> {
    fn ct_eq(&self, other: &Self) -> subtle::Choice {
        self.0.ct_eq(&other.0)
    }
}

impl<const N: usize> PartialEq for SharedSecret<N> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl<const N: usize> Eq for SharedSecret<N> {}

impl<const N: usize> fmt::Debug for SharedSecret<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedSecret(..)")
    }
}

impl<const N: usize> Zeroize for SharedSecret<N> {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl<const N: usize> Drop for SharedSecret<N> {
    fn drop(&mut self) {
        self.zeroize();
    }
}

impl<const N: usize> ZeroizeOnDrop for SharedSecret<N> {}

// --------------------------------------------------------------------------
// Ciphertext

/// The ciphertext c of set `P` (public).
pub struct Ciphertext<P: ParameterSet> {
    bytes: P::CiphertextBytes,
}

impl<P: ParameterSet> Ciphertext<P> {
    /// A ciphertext from its encoding; [`Error::InvalidCiphertext`] unless
    /// it is `P::CIPHERTEXT_SIZE` bytes (FIPS 203 section 7.3, ciphertext
    /// type check).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != P::CIPHERTEXT_SIZE {
            return Err(Error::InvalidCiphertext);
        }
        let mut ct = P::CiphertextBytes::zeroed();
        ct.as_mut_slice().copy_from_slice(bytes);
        Ok(Ciphertext { bytes: ct })
    }

    /// A ciphertext from an array of the set's size: no check needed.
    pub fn from_array(bytes: P::CiphertextBytes) -> Self {
        Ciphertext { bytes }
    }

    /// The encoding, `[u8; P::CIPHERTEXT_SIZE]`.
    pub fn as_bytes(&self) -> &P::CiphertextBytes {
        &self.bytes
    }
}

impl<P: ParameterSet> Clone for Ciphertext<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: ParameterSet> Copy for Ciphertext<P> {}

impl<P: ParameterSet> PartialEq for Ciphertext<P> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl<P: ParameterSet> Eq for Ciphertext<P> {}

impl<P: ParameterSet> Hash for Ciphertext<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bytes.hash(state);
    }
}

impl<P: ParameterSet> AsRef<[u8]> for Ciphertext<P> {
    fn as_ref(&self) -> &[u8] {
        self.bytes.as_slice()
    }
}

impl<P: ParameterSet> TryFrom<&[u8]> for Ciphertext<P> {
    type Error = Error;
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_bytes(bytes)
    }
}

impl<P: ParameterSet> fmt::Debug for Ciphertext<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ciphertext<{}>({} bytes)", P::NAME, P::CIPHERTEXT_SIZE)
    }
}

// --------------------------------------------------------------------------
// Encapsulation key

/// The encapsulation key ek of set `P` (public), checked when it was made.
///
/// A key may also hold H(ek), the hash every encapsulation needs: it is
/// then *prepared* (the C library's `mlkem768_prepare_ek` form), and
/// encapsulation neither checks nor hashes ek again. A key from
/// [`DecapsulationKey::encapsulation_key`] is prepared for free (dk holds
/// H(ek)); a key read with [`Self::from_bytes`] is not, because one
/// encapsulation from the encoded ek (check and hash inside) costs less
/// than hashing ek on its own first: call [`Self::prepare`] on a key that
/// will encapsulate several times (it pays for itself from the third).
// repr(C), byte arrays first: ek then H(ek), contiguous, as the C functions
// take a prepared key.
#[repr(C)]
pub struct EncapsulationKey<P: ParameterSet> {
    ek: P::EncapsulationKeyBytes,
    h: [u8; sys::MLKEM_HASH_BYTES],
    prepared: bool,
}

impl<P: ParameterSet> EncapsulationKey<P> {
    /// A key from its FIPS 203 encoding, after the input checks of section
    /// 7.2 (length, then the modulus check): [`Error::InvalidEncapsulationKey`]
    /// if either fails.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != P::ENCAPSULATION_KEY_SIZE {
            return Err(Error::InvalidEncapsulationKey);
        }
        // SAFETY: bytes has the ek size (checked above).
        check(unsafe { P::check_ek(bytes.as_ptr()) })?;
        let mut ek = P::EncapsulationKeyBytes::zeroed();
        ek.as_mut_slice().copy_from_slice(bytes);
        Ok(EncapsulationKey {
            ek,
            h: [0u8; sys::MLKEM_HASH_BYTES],
            prepared: false,
        })
    }

    /// Computes and keeps H(ek), for a key that will encapsulate several
    /// times; does nothing on a prepared key, or for Kyber round 3, which
    /// has no prepared form in the C library.
    pub fn prepare(&mut self) {
        if self.prepared || !P::HAS_PREPARED_FORM {
            return;
        }
        let ek = self.ek;
        // SAFETY: ek has its size; self is ek || H(ek) contiguous (repr(C),
        // byte arrays first), the prepared size. ek was checked when the
        // key was made, so prepare_ek cannot fail.
        let rc = unsafe { P::prepare_ek(self.prepared_mut(), ek.as_slice().as_ptr()) };
        expect_ok(check(rc), "preparing the key");
        self.prepared = true;
    }

    /// Whether the key holds H(ek) (see [`Self::prepare`]); never for Kyber
    /// round 3.
    pub fn is_prepared(&self) -> bool {
        self.prepared
    }

    /// The FIPS 203 encoding, `[u8; P::ENCAPSULATION_KEY_SIZE]`.
    pub fn as_bytes(&self) -> &P::EncapsulationKeyBytes {
        &self.ek
    }

    /// ML-KEM.Encaps_internal (FIPS 203 Algorithm 17) with the caller's m,
    /// for known-answer tests and callers with their own generator: m must
    /// be fresh, uniformly random and secret.
    ///
    /// # Panics
    /// Only if the C library cannot run (see [`Self::try_encapsulate_derand`]).
    pub fn encapsulate_derand(&self, m: &[u8; 32]) -> (Ciphertext<P>, SharedSecret) {
        expect_ok(self.try_encapsulate_derand(m), "encapsulation")
    }

    /// As [`Self::encapsulate_derand`]; fails only with [`Error::Backend`]
    /// (`MLKEM_BACKEND` naming a backend this CPU lacks).
    pub fn try_encapsulate_derand(
        &self,
        m: &[u8; 32],
    ) -> Result<(Ciphertext<P>, SharedSecret), Error> {
        let mut ct = MaybeUninit::<P::CiphertextBytes>::uninit();
        let mut ss: SharedSecret = SharedSecret::zeroed();
        let (ct_p, ss_p) = (ct.as_mut_ptr().cast::<u8>(), ss.0.as_mut_ptr());
        // SAFETY: every buffer has its size for P (ByteArray is sealed to
        // [u8; N]); a prepared key was written by prepare_ek or copied from
        // a dk that keygen wrote or that passed the checks.
        let rc = unsafe {
            if self.prepared {
                P::encaps_prepared_derand(ct_p, ss_p, self.prepared(), m.as_ptr())
            } else {
                P::encaps_derand(ct_p, ss_p, self.ek.as_slice().as_ptr(), m.as_ptr())
            }
        };
        // SAFETY: the C function writes every byte of ct on every return
        // (zeros on error), as every function of mlkem.h does.
        let ct = Ciphertext {
            bytes: unsafe { ct.assume_init() },
        };
        check(rc)?;
        Ok((ct, ss))
    }
    /// ML-KEM.Encaps (FIPS 203 Algorithm 20) with m from `rng`.
    pub fn encapsulate_with_rng<R: CryptoRng + ?Sized>(
        &self,
        rng: &mut R,
    ) -> (Ciphertext<P>, SharedSecret) {
        let Ok(r) = random::from_rng(rng, |m| self.encapsulate_derand(m));
        r
    }

    /// ML-KEM.Encaps (FIPS 203 Algorithm 20) with m from the operating
    /// system (`getrandom`).
    ///
    /// # Panics
    /// If the operating system's random source fails (see
    /// [`Self::try_encapsulate`]).
    #[cfg(feature = "getrandom")]
    pub fn encapsulate(&self) -> (Ciphertext<P>, SharedSecret) {
        expect_ok(self.try_encapsulate(), "encapsulation")
    }

    /// As [`Self::encapsulate`]; [`Error::Random`] if the random source
    /// fails.
    #[cfg(feature = "getrandom")]
    pub fn try_encapsulate(&self) -> Result<(Ciphertext<P>, SharedSecret), Error> {
        random::from_os(|m| self.try_encapsulate_derand(m))
    }

    /// dk holds H(ek) right after ek (FIPS 203 Algorithm 16, line 3): for
    /// a dk that keygen wrote or that passed the hash check, the key is
    /// then prepared (where the set has the prepared form).
    fn take_hash_from_dk(&mut self, dk: &[u8]) {
        if !P::HAS_PREPARED_FORM {
            return;
        }
        let h = ek_offset::<P>() + P::ENCAPSULATION_KEY_SIZE;
        self.h.copy_from_slice(&dk[h..h + sys::MLKEM_HASH_BYTES]);
        self.prepared = true;
    }

    fn prepared(&self) -> *const u8 {
        (self as *const Self).cast::<u8>()
    }

    fn prepared_mut(&mut self) -> *mut u8 {
        (self as *mut Self).cast::<u8>()
    }
}

impl<P: ParameterSet> Clone for EncapsulationKey<P> {
    fn clone(&self) -> Self {
        EncapsulationKey {
            ek: self.ek,
            h: self.h,
            prepared: self.prepared,
        }
    }
}

impl<P: ParameterSet> TryFrom<&[u8]> for EncapsulationKey<P> {
    type Error = Error;
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_bytes(bytes)
    }
}

impl<P: ParameterSet> PartialEq for EncapsulationKey<P> {
    fn eq(&self, other: &Self) -> bool {
        self.ek == other.ek
    }
}

impl<P: ParameterSet> Eq for EncapsulationKey<P> {}

impl<P: ParameterSet> Hash for EncapsulationKey<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.ek.hash(state);
    }
}

impl<P: ParameterSet> AsRef<[u8]> for EncapsulationKey<P> {
    fn as_ref(&self) -> &[u8] {
        self.ek.as_slice()
    }
}

impl<P: ParameterSet> fmt::Debug for EncapsulationKey<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EncapsulationKey<{}>(", P::NAME)?;
        for b in &self.ek.as_slice()[..8] {
            write!(f, "{b:02x}")?;
        }
        f.write_str("..)")
    }
}

// --------------------------------------------------------------------------
// Decapsulation key

/// The decapsulation key dk of set `P` (secret), with its encapsulation key
/// and, when it was made from one, its 64-byte seed d || z. Wiped when
/// dropped.
pub struct DecapsulationKey<P: ParameterSet> {
    dk: P::DecapsulationKeyBytes,
    ek: EncapsulationKey<P>,
    seed: Option<[u8; sys::MLKEM_SEED_BYTES]>,
}

impl<P: ParameterSet> DecapsulationKey<P> {
    /// ML-KEM.KeyGen_internal (FIPS 203 Algorithm 16) from the seed d || z
    /// (d first): the same seed always gives the same key, so the seed is
    /// the compact form of the key. The key keeps it ([`Self::seed`]).
    ///
    /// # Panics
    /// Only if the C library cannot run (see [`Self::try_from_seed`]).
    pub fn from_seed(seed: &[u8; 64]) -> Self {
        expect_ok(Self::try_from_seed(seed), "key generation")
    }

    /// As [`Self::from_seed`]; fails only with [`Error::Backend`], or
    /// [`Error::Pairwise`] in C builds with the pairwise test.
    pub fn try_from_seed(seed: &[u8; 64]) -> Result<Self, Error> {
        // Built in place, without zeroing dk and ek first (a few percent of
        // a key generation): keygen_derand writes every byte of both.
        let mut key = MaybeUninit::<Self>::uninit();
        let p = key.as_mut_ptr();
        // SAFETY: pointers to the fields of key's storage; the encodings are
        // byte arrays of the set's sizes (ByteArray is sealed to [u8; N]).
        // Every field is written before assume_init: seed, h and prepared
        // here, ek and dk by keygen_derand, which like every function of
        // mlkem.h fills each output on every return (zeros on error).
        let rc = unsafe {
            addr_of_mut!((*p).seed).write(Some(*seed));
            addr_of_mut!((*p).ek.h).write([0u8; sys::MLKEM_HASH_BYTES]);
            addr_of_mut!((*p).ek.prepared).write(false);
            P::keygen_derand(
                addr_of_mut!((*p).ek.ek).cast::<u8>(),
                addr_of_mut!((*p).dk).cast::<u8>(),
                seed.as_ptr(),
            )
        };
        // SAFETY: every field is initialized (above).
        let mut key = unsafe { key.assume_init() };
        check(rc)?;
        let DecapsulationKey { dk, ek, .. } = &mut key;
        ek.take_hash_from_dk(dk.as_slice());
        Ok(key)
    }

    /// ML-KEM.KeyGen (FIPS 203 Algorithm 19): a new key from a seed drawn
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

    /// ML-KEM.KeyGen (FIPS 203 Algorithm 19) with the seed from `rng`.
    pub fn generate_from_rng<R: CryptoRng + ?Sized>(rng: &mut R) -> Self {
        let Ok(key) = Self::try_generate_from_rng(rng);
        key
    }

    /// As [`Self::generate_from_rng`], for a generator that can fail.
    pub fn try_generate_from_rng<R: TryCryptoRng + ?Sized>(rng: &mut R) -> Result<Self, R::Error> {
        random::from_rng(rng, Self::from_seed)
    }

    /// A key from its FIPS 203 encoding, after the input checks of section
    /// 7.3 (length, then the hash check) and the modulus check of section
    /// 7.2 on the ek inside it, which [`Self::encapsulation_key`] hands
    /// out: [`Error::InvalidDecapsulationKey`] if any fails. Such a key has
    /// no [`Self::seed`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != P::DECAPSULATION_KEY_SIZE {
            return Err(Error::InvalidDecapsulationKey);
        }
        // SAFETY: bytes has the dk size (checked above).
        check(unsafe { P::check_dk(bytes.as_ptr()) })?;
        let off = ek_offset::<P>();
        let mut ek = EncapsulationKey::from_bytes(&bytes[off..off + P::ENCAPSULATION_KEY_SIZE])
            .map_err(|_| Error::InvalidDecapsulationKey)?;
        ek.take_hash_from_dk(bytes);
        let mut dk = P::DecapsulationKeyBytes::zeroed();
        dk.as_mut_slice().copy_from_slice(bytes);
        Ok(DecapsulationKey { dk, ek, seed: None })
    }

    /// The matching encapsulation key.
    pub fn encapsulation_key(&self) -> &EncapsulationKey<P> {
        &self.ek
    }

    /// ML-KEM.Decaps (FIPS 203 Algorithm 21), which runs the hash check of
    /// dk again. A ciphertext that was tampered with is not an error: it
    /// gives the implicit-rejection secret, unrelated to the sender's.
    ///
    /// # Panics
    /// Only if the C library cannot run (see [`Self::try_decapsulate`]).
    pub fn decapsulate(&self, ct: &Ciphertext<P>) -> SharedSecret {
        expect_ok(self.try_decapsulate(ct), "decapsulation")
    }

    /// As [`Self::decapsulate`]; fails only with [`Error::Backend`].
    pub fn try_decapsulate(&self, ct: &Ciphertext<P>) -> Result<SharedSecret, Error> {
        let mut ss: SharedSecret = SharedSecret::zeroed();
        // SAFETY: every buffer has its size for P.
        check(unsafe {
            P::decaps(
                ss.0.as_mut_ptr(),
                ct.bytes.as_slice().as_ptr(),
                self.dk.as_slice().as_ptr(),
            )
        })?;
        Ok(ss)
    }

    /// The seed d || z, if the key was generated or made from a seed; None
    /// for a key read with [`Self::from_bytes`]. The copy is secret: wipe
    /// it when done.
    pub fn seed(&self) -> Option<[u8; 64]> {
        self.seed
    }

    /// The FIPS 203 encoding of dk, `[u8; P::DECAPSULATION_KEY_SIZE]`
    /// (secret).
    pub fn as_bytes(&self) -> &P::DecapsulationKeyBytes {
        &self.dk
    }
}

impl<P: ParameterSet> Clone for DecapsulationKey<P> {
    fn clone(&self) -> Self {
        DecapsulationKey {
            dk: self.dk,
            ek: self.ek.clone(),
            seed: self.seed,
        }
    }
}

impl<P: ParameterSet> TryFrom<&[u8]> for DecapsulationKey<P> {
    type Error = Error;
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_bytes(bytes)
    }
}

/// Constant time over dk (and the seeds, when both keys have one).
impl<P: ParameterSet> PartialEq for DecapsulationKey<P> {
    fn eq(&self, other: &Self) -> bool {
        let dk = self.dk.as_slice().ct_eq(other.dk.as_slice());
        let seed = match (&self.seed, &other.seed) {
            (Some(a), Some(b)) => a.ct_eq(b),
            (None, None) => subtle::Choice::from(1),
            _ => subtle::Choice::from(0),
        };
        (dk & seed).into()
    }
}

impl<P: ParameterSet> Eq for DecapsulationKey<P> {}

impl<P: ParameterSet> fmt::Debug for DecapsulationKey<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DecapsulationKey<{}>(..)", P::NAME)
    }
}

impl<P: ParameterSet> Zeroize for DecapsulationKey<P> {
    fn zeroize(&mut self) {
        self.dk.as_mut_slice().zeroize();
        if let Some(seed) = self.seed.as_mut() {
            seed.zeroize();
        }
        self.seed = None;
    }
}

impl<P: ParameterSet> Drop for DecapsulationKey<P> {
    fn drop(&mut self) {
        self.zeroize();
    }
}

impl<P: ParameterSet> ZeroizeOnDrop for DecapsulationKey<P> {}

// --------------------------------------------------------------------------
// Expanded keys

#[path = "expanded.rs"]
mod expanded;
pub use expanded::{Expanded, ExpandedDecapsulationKey, ExpandedEncapsulationKey};
