// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Expanded keys (the C library's `mlkem.h`, "Expanded keys"): for a key
//! that serves many operations, the per-key work done once. A child module
//! of `types`, whose fields it uses.
use super::{expect_ok, Ciphertext, DecapsulationKey, EncapsulationKey, SharedSecret};
use crate::error::{check, Error};
use crate::params::{ByteArray, MlKem1024, MlKem512, MlKem768, ParameterSet};
use crate::random;
use core::ffi::c_int;
use core::fmt;
use core::mem::MaybeUninit;
use libmlkem_sys as sys;
use rand_core::CryptoRng;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// A parameter set with expanded keys: every ML-KEM set. The `unsafe fn`s
/// are the C functions; they are for this crate.
pub trait Expanded: ParameterSet {
    /// `[u8; EXPANDED_DECAPSULATION_KEY_SIZE]`.
    type ExpandedDecapsulationKeyBytes: ByteArray;
    /// `[u8; EXPANDED_ENCAPSULATION_KEY_SIZE]`.
    type ExpandedEncapsulationKeyBytes: ByteArray;
    /// Bytes of an expanded decapsulation key (7,808 for ML-KEM-768).
    const EXPANDED_DECAPSULATION_KEY_SIZE: usize =
        <Self::ExpandedDecapsulationKeyBytes as ByteArray>::LEN;
    /// Bytes of an expanded encapsulation key (6,208 for ML-KEM-768).
    const EXPANDED_ENCAPSULATION_KEY_SIZE: usize =
        <Self::ExpandedEncapsulationKeyBytes as ByteArray>::LEN;

    /// `mlkemK_expand_dk`.
    ///
    /// # Safety
    /// The pointers must be valid for the sizes of mlkem.h.
    #[doc(hidden)]
    unsafe fn expand_dk(x: *mut u8, dk: *const u8) -> c_int;
    /// `mlkemK_decaps_expanded`.
    ///
    /// # Safety
    /// The pointers must be valid for the sizes of mlkem.h.
    #[doc(hidden)]
    unsafe fn decaps_expanded(ss: *mut u8, ct: *const u8, x: *const u8) -> c_int;
    /// `mlkemK_expand_ek`.
    ///
    /// # Safety
    /// The pointers must be valid for the sizes of mlkem.h.
    #[doc(hidden)]
    unsafe fn expand_ek(x: *mut u8, ek: *const u8) -> c_int;
    /// `mlkemK_encaps_expanded_derand`.
    ///
    /// # Safety
    /// The pointers must be valid for the sizes of mlkem.h.
    #[doc(hidden)]
    unsafe fn encaps_expanded_derand(ct: *mut u8, ss: *mut u8, x: *const u8, m: *const u8)
        -> c_int;
}

macro_rules! expanded {
    ($set:ident, $xdk:ident, $xek:ident, $expand_dk:ident, $decaps:ident, $expand_ek:ident,
     $encaps_derand:ident) => {
        impl Expanded for $set {
            type ExpandedDecapsulationKeyBytes = [u8; sys::$xdk];
            type ExpandedEncapsulationKeyBytes = [u8; sys::$xek];
            unsafe fn expand_dk(x: *mut u8, dk: *const u8) -> c_int {
                // SAFETY: the caller's.
                unsafe { sys::$expand_dk(x, dk) }
            }
            unsafe fn decaps_expanded(ss: *mut u8, ct: *const u8, x: *const u8) -> c_int {
                // SAFETY: the caller's.
                unsafe { sys::$decaps(ss, ct, x) }
            }
            unsafe fn expand_ek(x: *mut u8, ek: *const u8) -> c_int {
                // SAFETY: the caller's.
                unsafe { sys::$expand_ek(x, ek) }
            }
            unsafe fn encaps_expanded_derand(
                ct: *mut u8,
                ss: *mut u8,
                x: *const u8,
                m: *const u8,
            ) -> c_int {
                // SAFETY: the caller's.
                unsafe { sys::$encaps_derand(ct, ss, x, m) }
            }
        }
    };
}

expanded!(
    MlKem512,
    MLKEM512_EXPANDED_DK_BYTES,
    MLKEM512_EXPANDED_EK_BYTES,
    mlkem512_expand_dk,
    mlkem512_decaps_expanded,
    mlkem512_expand_ek,
    mlkem512_encaps_expanded_derand
);
expanded!(
    MlKem768,
    MLKEM768_EXPANDED_DK_BYTES,
    MLKEM768_EXPANDED_EK_BYTES,
    mlkem768_expand_dk,
    mlkem768_decaps_expanded,
    mlkem768_expand_ek,
    mlkem768_encaps_expanded_derand
);
expanded!(
    MlKem1024,
    MLKEM1024_EXPANDED_DK_BYTES,
    MLKEM1024_EXPANDED_EK_BYTES,
    mlkem1024_expand_dk,
    mlkem1024_decaps_expanded,
    mlkem1024_expand_ek,
    mlkem1024_encaps_expanded_derand
);

/// A decapsulation key expanded ([`DecapsulationKey::expand`]): A-hat,
/// t-hat and s-hat as the C library's backend computes with them, H(ek)
/// and z, checked once. [`Self::decapsulate`] gives exactly
/// [`DecapsulationKey::decapsulate`]'s secret, hashing only J(z || c), G
/// and the noise. `P::EXPANDED_DECAPSULATION_KEY_SIZE` bytes (7,808 for
/// ML-KEM-768), held inline: keep it in one place, e.g. a `Box`. Working
/// state of this process, not a key format: there are no bytes to export;
/// keep the key it was made from. Wiped when dropped.
pub struct ExpandedDecapsulationKey<P: Expanded> {
    x: P::ExpandedDecapsulationKeyBytes,
}

impl<P: Expanded> DecapsulationKey<P> {
    /// The expanded form of this key.
    ///
    /// # Panics
    /// Only if the C library cannot run (see
    /// [`ExpandedDecapsulationKey::try_new`]).
    pub fn expand(&self) -> ExpandedDecapsulationKey<P> {
        expect_ok(ExpandedDecapsulationKey::try_new(self), "expansion")
    }
}

impl<P: Expanded> ExpandedDecapsulationKey<P> {
    /// As [`DecapsulationKey::expand`]; fails only with [`Error::Backend`]
    /// (dk was checked when the key was made).
    pub fn try_new(dk: &DecapsulationKey<P>) -> Result<Self, Error> {
        let mut k = ExpandedDecapsulationKey::<P> {
            x: P::ExpandedDecapsulationKeyBytes::zeroed(),
        };
        // SAFETY: every buffer has its size for P (ByteArray is sealed to
        // [u8; N]).
        check(unsafe { P::expand_dk(k.x.as_mut_slice().as_mut_ptr(), dk.dk.as_slice().as_ptr()) })?;
        Ok(k)
    }

    /// As [`DecapsulationKey::decapsulate`].
    ///
    /// # Panics
    /// Only if the C library cannot run.
    pub fn decapsulate(&self, ct: &Ciphertext<P>) -> SharedSecret {
        expect_ok(self.try_decapsulate(ct), "decapsulation")
    }

    /// As [`DecapsulationKey::try_decapsulate`].
    pub fn try_decapsulate(&self, ct: &Ciphertext<P>) -> Result<SharedSecret, Error> {
        let mut ss = SharedSecret([0u8; sys::MLKEM_SS_BYTES]);
        // SAFETY: every buffer has its size for P; x was written by
        // expand_dk in this process.
        check(unsafe {
            P::decaps_expanded(
                ss.0.as_mut_ptr(),
                ct.bytes.as_slice().as_ptr(),
                self.x.as_slice().as_ptr(),
            )
        })?;
        Ok(ss)
    }
}

impl<P: Expanded> Clone for ExpandedDecapsulationKey<P> {
    fn clone(&self) -> Self {
        ExpandedDecapsulationKey { x: self.x }
    }
}

impl<P: Expanded> fmt::Debug for ExpandedDecapsulationKey<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ExpandedDecapsulationKey<{}>(..)", P::NAME)
    }
}

impl<P: Expanded> Zeroize for ExpandedDecapsulationKey<P> {
    fn zeroize(&mut self) {
        self.x.as_mut_slice().zeroize();
    }
}

impl<P: Expanded> Drop for ExpandedDecapsulationKey<P> {
    fn drop(&mut self) {
        self.zeroize();
    }
}

impl<P: Expanded> ZeroizeOnDrop for ExpandedDecapsulationKey<P> {}

/// An encapsulation key expanded ([`EncapsulationKey::expand`]): H(ek),
/// t-hat and A-hat, checked once; its encapsulations give exactly
/// [`EncapsulationKey`]'s results for the same m, hashing only G and the
/// noise. `P::EXPANDED_ENCAPSULATION_KEY_SIZE` bytes (6,208 for ML-KEM-768,
/// of which A-hat is 4,608), held inline. Working state of this process,
/// as [`ExpandedDecapsulationKey`].
pub struct ExpandedEncapsulationKey<P: Expanded> {
    x: P::ExpandedEncapsulationKeyBytes,
}

impl<P: Expanded> EncapsulationKey<P> {
    /// The expanded form of this key.
    ///
    /// # Panics
    /// Only if the C library cannot run (see
    /// [`ExpandedEncapsulationKey::try_new`]).
    pub fn expand(&self) -> ExpandedEncapsulationKey<P> {
        expect_ok(ExpandedEncapsulationKey::try_new(self), "expansion")
    }
}

impl<P: Expanded> ExpandedEncapsulationKey<P> {
    /// As [`EncapsulationKey::expand`]; fails only with [`Error::Backend`]
    /// (ek was checked when the key was made).
    pub fn try_new(ek: &EncapsulationKey<P>) -> Result<Self, Error> {
        let mut k = ExpandedEncapsulationKey::<P> {
            x: P::ExpandedEncapsulationKeyBytes::zeroed(),
        };
        // SAFETY: every buffer has its size for P.
        check(unsafe { P::expand_ek(k.x.as_mut_slice().as_mut_ptr(), ek.ek.as_slice().as_ptr()) })?;
        Ok(k)
    }

    /// As [`EncapsulationKey::encapsulate_derand`].
    ///
    /// # Panics
    /// Only if the C library cannot run.
    pub fn encapsulate_derand(&self, m: &[u8; 32]) -> (Ciphertext<P>, SharedSecret) {
        expect_ok(self.try_encapsulate_derand(m), "encapsulation")
    }

    /// As [`EncapsulationKey::try_encapsulate_derand`].
    pub fn try_encapsulate_derand(
        &self,
        m: &[u8; 32],
    ) -> Result<(Ciphertext<P>, SharedSecret), Error> {
        let mut ct = MaybeUninit::<P::CiphertextBytes>::uninit();
        let mut ss = SharedSecret([0u8; sys::MLKEM_SS_BYTES]);
        // SAFETY: every buffer has its size for P; x was written by
        // expand_ek in this process.
        let rc = unsafe {
            P::encaps_expanded_derand(
                ct.as_mut_ptr().cast::<u8>(),
                ss.0.as_mut_ptr(),
                self.x.as_slice().as_ptr(),
                m.as_ptr(),
            )
        };
        // SAFETY: the C function writes every byte of ct on every return.
        let ct = Ciphertext {
            bytes: unsafe { ct.assume_init() },
        };
        check(rc)?;
        Ok((ct, ss))
    }

    /// As [`EncapsulationKey::encapsulate_with_rng`].
    pub fn encapsulate_with_rng<R: CryptoRng + ?Sized>(
        &self,
        rng: &mut R,
    ) -> (Ciphertext<P>, SharedSecret) {
        let Ok(r) = random::from_rng(rng, |m| self.encapsulate_derand(m));
        r
    }

    /// As [`EncapsulationKey::encapsulate`].
    ///
    /// # Panics
    /// If the operating system's random source fails.
    #[cfg(feature = "getrandom")]
    pub fn encapsulate(&self) -> (Ciphertext<P>, SharedSecret) {
        expect_ok(self.try_encapsulate(), "encapsulation")
    }

    /// As [`EncapsulationKey::try_encapsulate`].
    #[cfg(feature = "getrandom")]
    pub fn try_encapsulate(&self) -> Result<(Ciphertext<P>, SharedSecret), Error> {
        random::from_os(|m| self.try_encapsulate_derand(m))
    }
}

impl<P: Expanded> Clone for ExpandedEncapsulationKey<P> {
    fn clone(&self) -> Self {
        ExpandedEncapsulationKey { x: self.x }
    }
}

impl<P: Expanded> fmt::Debug for ExpandedEncapsulationKey<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ExpandedEncapsulationKey<{}>(..)", P::NAME)
    }
}
