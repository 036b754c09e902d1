// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Kyber round 3 (CRYSTALS-Kyber, specification version 3.02), the
//! pre-standard scheme that ML-KEM replaced: [`Kyber512`], [`Kyber768`],
//! [`Kyber1024`] and the "90s" variants [`Kyber512_90s`], [`Kyber768_90s`],
//! [`Kyber1024_90s`], over the C functions of `include/mlkem_kyber.h`
//! (which documents the scheme).
//!
//! ```
//! use libmlkem::kyber::Kyber768;
//! use libmlkem::{DecapsulationKey, EncapsulationKey};
//!
//! let dk = DecapsulationKey::<Kyber768>::generate();
//! let ek = EncapsulationKey::<Kyber768>::from_bytes(dk.encapsulation_key().as_bytes())?;
//! let (ct, k_send) = ek.encapsulate();
//! assert_eq!(dk.decapsulate(&ct), k_send);
//! # Ok::<(), libmlkem::Error>(())
//! ```
//!
//! Use these only to interoperate with round-3 deployments; for anything
//! new use ML-KEM. The marker types work with the same generic
//! [`DecapsulationKey`](crate::DecapsulationKey),
//! [`EncapsulationKey`](crate::EncapsulationKey) and
//! [`Ciphertext`](crate::Ciphertext) as ML-KEM's (and the `kem` traits), but
//! a Kyber key is a different type from an ML-KEM key of the same size:
//!
//! ```compile_fail,E0308
//! # use libmlkem::{kyber::Kyber768, Ciphertext, DecapsulationKey, MlKem768};
//! let dk = DecapsulationKey::<MlKem768>::from_seed(&[0; 64]);
//! let ct = Ciphertext::<Kyber768>::from_array([0; 1088]);
//! let _ = dk.decapsulate(&ct); // a Kyber768 ciphertext, an ML-KEM-768 key
//! ```
//!
//! What differs from ML-KEM:
//! - `from_seed` takes, and `seed` returns, the 64 bytes of round-3 key
//!   generation's randomness: d then z, the two 32-byte draws of the
//!   round-3 reference in its order (`kyber768_keygen_derand`'s coins).
//!   They have the size and order of ML-KEM's d || z, but round 3 hashes d
//!   without ML-KEM's rank byte, so one seed gives different keys in the
//!   two schemes.
//! - `encapsulate_derand` takes the 32 bytes the round-3 reference draws
//!   for encapsulation, which it hashes into m (`kyber768_encaps_derand`'s
//!   coins), not m itself.
//! - There is no prepared form of ek in the C library for round 3:
//!   `prepare` does nothing and `is_prepared` is false; every encapsulation
//!   checks and hashes ek.
//! - The input checks are FIPS 203's on the round-3 keys (stricter than the
//!   round-3 reference, as in `mlkem_kyber.h`): the modulus check of ek,
//!   and the hash check of dk with the variant's H (SHA3-256, or SHA-256 for
//!   90s) with the modulus check of the ek inside it. The errors are
//!   [`Error::InvalidEncapsulationKey`](crate::Error::InvalidEncapsulationKey)
//!   and [`Error::InvalidDecapsulationKey`](crate::Error::InvalidDecapsulationKey).
use crate::params::{forward_to_c, sealed, ParameterSet};
use core::ffi::c_int;
use libmlkem_sys as sys;

/// The round-3 descriptor at `index` of `mlkem_kyber_kems` (the order of
/// `mlkem_kyber.h`), whose `check_ek` and `check_dk` are the set's input
/// checks (the hash check of the 90s variants has no function of its own
/// in the header).
fn descriptor(index: usize) -> &'static sys::mlkem_kem {
    // SAFETY: mlkem_kyber_kems is a static array of six static descriptors
    // and a NULL; index is below six (the callers' constants), and the
    // descriptors are never written.
    unsafe { (*core::ptr::addr_of!(sys::mlkem_kyber_kems))[index].as_ref() }
        .expect("libmlkem: a round-3 descriptor")
}

macro_rules! kyber_set {
    ($(#[$doc:meta])* $name:ident, $label:literal, $index:literal,
     $pk:ident, $sk:ident, $ct:ident, $keygen_derand:ident, $encaps_derand:ident,
     $decaps:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name;

        impl sealed::Sealed for $name {}

        impl ParameterSet for $name {
            const NAME: &'static str = $label;
            type EncapsulationKeyBytes = [u8; sys::$pk];
            type DecapsulationKeyBytes = [u8; sys::$sk];
            type CiphertextBytes = [u8; sys::$ct];
            const HAS_PREPARED_FORM: bool = false;

            forward_to_c! {
                keygen_derand(ek: *mut u8, dk: *mut u8, seed: *const u8) => $keygen_derand;
                encaps_derand(ct: *mut u8, ss: *mut u8, ek: *const u8, m: *const u8)
                    => $encaps_derand;
                decaps(ss: *mut u8, ct: *const u8, dk: *const u8) => $decaps;
            }
            unsafe fn prepare_ek(_: *mut u8, _: *const u8) -> c_int {
                unreachable!("libmlkem: Kyber round 3 has no prepared form")
            }
            unsafe fn encaps_prepared_derand(
                _: *mut u8,
                _: *mut u8,
                _: *const u8,
                _: *const u8,
            ) -> c_int {
                unreachable!("libmlkem: Kyber round 3 has no prepared form")
            }
            unsafe fn check_ek(ek: *const u8) -> c_int {
                let check = descriptor($index).check_ek.expect("check_ek");
                // SAFETY: the caller's.
                unsafe { check(ek) }
            }
            unsafe fn check_dk(dk: *const u8) -> c_int {
                let check = descriptor($index).check_dk.expect("check_dk");
                // SAFETY: the caller's.
                unsafe { check(dk) }
            }
        }
    };
}

kyber_set!(
    /// Kyber512 (round 3).
    Kyber512, "Kyber512", 0, KYBER512_PK_BYTES, KYBER512_SK_BYTES, KYBER512_CT_BYTES,
    kyber512_keygen_derand, kyber512_encaps_derand, kyber512_decaps
);
kyber_set!(
    /// Kyber768 (round 3).
    Kyber768, "Kyber768", 1, KYBER768_PK_BYTES, KYBER768_SK_BYTES, KYBER768_CT_BYTES,
    kyber768_keygen_derand, kyber768_encaps_derand, kyber768_decaps
);
kyber_set!(
    /// Kyber1024 (round 3).
    Kyber1024, "Kyber1024", 2, KYBER1024_PK_BYTES, KYBER1024_SK_BYTES, KYBER1024_CT_BYTES,
    kyber1024_keygen_derand, kyber1024_encaps_derand, kyber1024_decaps
);
kyber_set!(
    /// Kyber512-90s (round 3, SHA-2 and AES-256-CTR).
    #[allow(non_camel_case_types)]
    Kyber512_90s, "Kyber512-90s", 3, KYBER512_PK_BYTES, KYBER512_SK_BYTES, KYBER512_CT_BYTES,
    kyber512_90s_keygen_derand, kyber512_90s_encaps_derand, kyber512_90s_decaps
);
kyber_set!(
    /// Kyber768-90s (round 3, SHA-2 and AES-256-CTR).
    #[allow(non_camel_case_types)]
    Kyber768_90s, "Kyber768-90s", 4, KYBER768_PK_BYTES, KYBER768_SK_BYTES, KYBER768_CT_BYTES,
    kyber768_90s_keygen_derand, kyber768_90s_encaps_derand, kyber768_90s_decaps
);
kyber_set!(
    /// Kyber1024-90s (round 3, SHA-2 and AES-256-CTR).
    #[allow(non_camel_case_types)]
    Kyber1024_90s, "Kyber1024-90s", 5, KYBER1024_PK_BYTES, KYBER1024_SK_BYTES,
    KYBER1024_CT_BYTES, kyber1024_90s_keygen_derand, kyber1024_90s_encaps_derand,
    kyber1024_90s_decaps
);

#[cfg(test)]
mod tests {
    use super::*;

    /// The descriptor each set takes its checks from is the set's.
    #[test]
    fn descriptors_are_the_sets() {
        let names = [
            Kyber512::NAME,
            Kyber768::NAME,
            Kyber1024::NAME,
            Kyber512_90s::NAME,
            Kyber768_90s::NAME,
            Kyber1024_90s::NAME,
        ];
        for (i, name) in names.into_iter().enumerate() {
            // SAFETY: a static NUL-terminated name.
            let c = unsafe { core::ffi::CStr::from_ptr(descriptor(i).name) };
            assert_eq!(c.to_str(), Ok(name));
        }
    }
}
