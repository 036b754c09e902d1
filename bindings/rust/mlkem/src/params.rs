// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The parameter sets as types: one zero-sized marker per set, carrying its
//! sizes (FIPS 203 section 8, Table 3) and its C functions. (The Kyber
//! round-3 sets, in `kyber.rs`, implement the same trait.)
use core::ffi::c_int;
use core::fmt::Debug;
use core::hash::Hash;
use libmlkem_sys as sys;

pub(crate) mod sealed {
    pub trait Sealed {}
}

/// The fixed-size encoding of a key or ciphertext of one set: `[u8; N]`.
pub trait ByteArray:
    AsRef<[u8]> + AsMut<[u8]> + Copy + Eq + Hash + Debug + Send + Sync + 'static + sealed::Sealed
{
    /// N.
    const LEN: usize;
    /// N zero bytes.
    #[doc(hidden)]
    fn zeroed() -> Self;
    /// The bytes as a slice.
    fn as_slice(&self) -> &[u8] {
        self.as_ref()
    }
    /// The bytes as a mutable slice.
    fn as_mut_slice(&mut self) -> &mut [u8] {
        self.as_mut()
    }
}

impl<const N: usize> sealed::Sealed for [u8; N] {}
impl<const N: usize> ByteArray for [u8; N] {
    const LEN: usize = N;
    fn zeroed() -> Self {
        [0u8; N]
    }
}

/// A parameter set: ML-KEM's [`MlKem512`], [`MlKem768`] or [`MlKem1024`],
/// or one of Kyber round 3 (the marker types of [`crate::kyber`]).
///
/// Sealed: the sets are those of FIPS 203 and of round 3. The `unsafe fn`s
/// are the C functions of `include/mlkem.h` (`include/mlkem_kyber.h`) for
/// the set; they are for this crate.
pub trait ParameterSet:
    sealed::Sealed + Copy + Debug + Default + Eq + Ord + Hash + Send + Sync + 'static
{
    /// "ML-KEM-512", "ML-KEM-768" or "ML-KEM-1024".
    const NAME: &'static str;
    /// `[u8; ENCAPSULATION_KEY_SIZE]`.
    type EncapsulationKeyBytes: ByteArray;
    /// `[u8; DECAPSULATION_KEY_SIZE]`.
    type DecapsulationKeyBytes: ByteArray;
    /// `[u8; CIPHERTEXT_SIZE]`.
    type CiphertextBytes: ByteArray;

    /// Bytes of the encapsulation key ek (384k + 32).
    const ENCAPSULATION_KEY_SIZE: usize = <Self::EncapsulationKeyBytes as ByteArray>::LEN;
    /// Bytes of the decapsulation key dk (768k + 96).
    const DECAPSULATION_KEY_SIZE: usize = <Self::DecapsulationKeyBytes as ByteArray>::LEN;
    /// Bytes of the ciphertext c (32 (du k + dv)).
    const CIPHERTEXT_SIZE: usize = <Self::CiphertextBytes as ByteArray>::LEN;
    /// Bytes of the shared secret K.
    const SHARED_SECRET_SIZE: usize = sys::MLKEM_SS_BYTES;
    /// Bytes of the key-generation seed d || z.
    const SEED_SIZE: usize = sys::MLKEM_SEED_BYTES;
    /// Whether the C library has a prepared form of ek for the set
    /// (ML-KEM: yes; Kyber round 3: no, and `prepare_ek` and
    /// `encaps_prepared_derand` are never called).
    #[doc(hidden)]
    const HAS_PREPARED_FORM: bool = true;

    /// `mlkemK_keygen_derand`.
    ///
    /// # Safety
    /// The pointers must be valid for the sizes of mlkem.h.
    #[doc(hidden)]
    unsafe fn keygen_derand(ek: *mut u8, dk: *mut u8, seed: *const u8) -> c_int;
    /// `mlkemK_prepare_ek`.
    ///
    /// # Safety
    /// The pointers must be valid for the sizes of mlkem.h.
    #[doc(hidden)]
    unsafe fn prepare_ek(prep: *mut u8, ek: *const u8) -> c_int;
    /// `mlkemK_encaps_derand`.
    ///
    /// # Safety
    /// The pointers must be valid for the sizes of mlkem.h.
    #[doc(hidden)]
    unsafe fn encaps_derand(ct: *mut u8, ss: *mut u8, ek: *const u8, m: *const u8) -> c_int;
    /// `mlkemK_encaps_prepared_derand`.
    ///
    /// # Safety
    /// The pointers must be valid for the sizes of mlkem.h; prep must have
    /// been written by prepare_ek.
    #[doc(hidden)]
    unsafe fn encaps_prepared_derand(
        ct: *mut u8,
        ss: *mut u8,
        prep: *const u8,
        m: *const u8,
    ) -> c_int;
    /// `mlkemK_decaps`.
    ///
    /// # Safety
    /// The pointers must be valid for the sizes of mlkem.h.
    #[doc(hidden)]
    unsafe fn decaps(ss: *mut u8, ct: *const u8, dk: *const u8) -> c_int;
    /// `mlkemK_check_ek`.
    ///
    /// # Safety
    /// The pointer must be valid for the size of mlkem.h.
    #[doc(hidden)]
    unsafe fn check_ek(ek: *const u8) -> c_int;
    /// `mlkemK_check_dk`.
    ///
    /// # Safety
    /// The pointer must be valid for the size of mlkem.h.
    #[doc(hidden)]
    unsafe fn check_dk(dk: *const u8) -> c_int;
}

/// Where ek || H(ek) sits in dk = dk_PKE || ek || H(ek) || z (FIPS 203
/// Algorithm 16, line 3): 384k bytes in, which is the dk size less the ek
/// size less the two 32-byte values.
pub(crate) const fn ek_offset<P: ParameterSet>() -> usize {
    P::DECAPSULATION_KEY_SIZE - P::ENCAPSULATION_KEY_SIZE - 2 * sys::MLKEM_HASH_BYTES
}

/// `unsafe fn`s of [`ParameterSet`] that each call one C function with the
/// same arguments (the caller's safety contract is the C function's).
macro_rules! forward_to_c {
    ($($name:ident($($arg:ident: $ty:ty),*) => $c:ident;)*) => {
        $(
            unsafe fn $name($($arg: $ty),*) -> ::core::ffi::c_int {
                // SAFETY: the caller's.
                unsafe { ::libmlkem_sys::$c($($arg),*) }
            }
        )*
    };
}
pub(crate) use forward_to_c;

macro_rules! parameter_set {
    ($(#[$doc:meta])* $name:ident, $label:literal, $ek:ident, $dk:ident, $ct:ident,
     $keygen_derand:ident, $prepare_ek:ident, $encaps_derand:ident,
     $encaps_prepared_derand:ident, $decaps:ident, $check_ek:ident, $check_dk:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name;

        impl sealed::Sealed for $name {}

        impl ParameterSet for $name {
            const NAME: &'static str = $label;
            type EncapsulationKeyBytes = [u8; sys::$ek];
            type DecapsulationKeyBytes = [u8; sys::$dk];
            type CiphertextBytes = [u8; sys::$ct];

            forward_to_c! {
                keygen_derand(ek: *mut u8, dk: *mut u8, seed: *const u8) => $keygen_derand;
                prepare_ek(prep: *mut u8, ek: *const u8) => $prepare_ek;
                encaps_derand(ct: *mut u8, ss: *mut u8, ek: *const u8, m: *const u8)
                    => $encaps_derand;
                encaps_prepared_derand(ct: *mut u8, ss: *mut u8, prep: *const u8, m: *const u8)
                    => $encaps_prepared_derand;
                decaps(ss: *mut u8, ct: *const u8, dk: *const u8) => $decaps;
                check_ek(ek: *const u8) => $check_ek;
                check_dk(dk: *const u8) => $check_dk;
            }
        }
    };
}

parameter_set!(
    /// ML-KEM-512: security category 1.
    MlKem512, "ML-KEM-512", MLKEM512_EK_BYTES, MLKEM512_DK_BYTES, MLKEM512_CT_BYTES,
    mlkem512_keygen_derand, mlkem512_prepare_ek, mlkem512_encaps_derand,
    mlkem512_encaps_prepared_derand, mlkem512_decaps, mlkem512_check_ek, mlkem512_check_dk
);
parameter_set!(
    /// ML-KEM-768: security category 3, the set most protocols use.
    MlKem768, "ML-KEM-768", MLKEM768_EK_BYTES, MLKEM768_DK_BYTES, MLKEM768_CT_BYTES,
    mlkem768_keygen_derand, mlkem768_prepare_ek, mlkem768_encaps_derand,
    mlkem768_encaps_prepared_derand, mlkem768_decaps, mlkem768_check_ek, mlkem768_check_dk
);
parameter_set!(
    /// ML-KEM-1024: security category 5.
    MlKem1024, "ML-KEM-1024", MLKEM1024_EK_BYTES, MLKEM1024_DK_BYTES, MLKEM1024_CT_BYTES,
    mlkem1024_keygen_derand, mlkem1024_prepare_ek, mlkem1024_encaps_derand,
    mlkem1024_encaps_prepared_derand, mlkem1024_decaps, mlkem1024_check_ek, mlkem1024_check_dk
);
