// SPDX-License-Identifier: Apache-2.0 OR MIT
//! ML-KEM (NIST FIPS 203), the post-quantum key-encapsulation mechanism:
//! ML-KEM-512, -768 and -1024 as types, over the `mlkem` C library. Also,
//! in the same style: Kyber round 3 ([`kyber`]), X-Wing ([`xwing`]), the
//! TLS 1.3 key shares X25519MLKEM768 ([`tls`]) and HPKE ([`hpke`]).
//!
//! ```
//! use libmlkem::{DecapsulationKey, EncapsulationKey, MlKem768};
//!
//! // Receiver: a key pair; the encapsulation key is published.
//! let dk = DecapsulationKey::<MlKem768>::generate();
//! let ek_bytes = dk.encapsulation_key().as_bytes();
//!
//! // Sender: checks the key (FIPS 203 section 7.2), makes a ciphertext and
//! // a shared secret.
//! let ek = EncapsulationKey::<MlKem768>::from_bytes(ek_bytes)?;
//! let (ct, k_send) = ek.encapsulate();
//!
//! // Receiver: the same secret from the ciphertext.
//! let k_recv = dk.decapsulate(&ct);
//! assert_eq!(k_send, k_recv);
//! # Ok::<(), libmlkem::Error>(())
//! ```
//!
//! Every computation is a call into the C library, built from the same
//! sources by its own CMake project (the `libmlkem-sys` crate), with its
//! backends (AVX2, AVX-512, NEON) chosen at run time: the results are the
//! C library's, byte for byte.
//!
//! - Keys and ciphertexts are generic over the set ([`MlKem512`],
//!   [`MlKem768`], [`MlKem1024`]): one of ML-KEM-768 does not type-check
//!   where one of ML-KEM-1024 is expected. Encodings are fixed-size arrays
//!   (`[u8; 1184]` for an ML-KEM-768 encapsulation key).
//!
//!   ```
//!   # use libmlkem::{Ciphertext, DecapsulationKey, MlKem1024, MlKem768};
//!   let dk = DecapsulationKey::<MlKem768>::from_seed(&[0; 64]);
//!   let ct = Ciphertext::<MlKem768>::from_array([0; 1088]);
//!   let _ = dk.decapsulate(&ct);
//!   ```
//!
//!   ```compile_fail,E0308
//!   # use libmlkem::{Ciphertext, DecapsulationKey, MlKem1024, MlKem768};
//!   let dk = DecapsulationKey::<MlKem1024>::from_seed(&[0; 64]);
//!   let ct = Ciphertext::<MlKem768>::from_array([0; 1088]);
//!   let _ = dk.decapsulate(&ct); // an ML-KEM-768 ciphertext, a 1024 key
//!   ```
//! - [`EncapsulationKey`] keeps H(ek) beside ek, computed once when the key
//!   is read after the FIPS 203 section 7.2 checks; encapsulation then
//!   neither checks nor hashes ek again.
//! - [`DecapsulationKey`] and [`SharedSecret`] are wiped when dropped
//!   ([`zeroize::ZeroizeOnDrop`]); `==` on secrets runs in constant time.
//!   (As for any Rust value, a move may leave a copy behind in the old
//!   place; keep long-lived keys in one place, e.g. a `Box`.)
//! - For a key that serves many operations, [`DecapsulationKey::expand`]
//!   and [`EncapsulationKey::expand`] give the C library's expanded keys
//!   ([`ExpandedDecapsulationKey`], [`ExpandedEncapsulationKey`]): the
//!   matrix A-hat and the decoded key, checked once, so that each
//!   decapsulation or encapsulation hashes only what depends on the
//!   ciphertext or m. 7,808 and 6,208 bytes for ML-KEM-768, held inline.
//! - A tampered ciphertext is not an error: decapsulation returns a
//!   pseudorandom secret (implicit rejection). Use the shared secret only
//!   to key authenticated encryption.
//! - Randomness: [`DecapsulationKey::generate`] and
//!   [`EncapsulationKey::encapsulate`] use the operating system's generator
//!   through `getrandom` (feature `getrandom`, on by default); the
//!   `*_with_rng` / `*_from_rng` forms take any [`rand_core::CryptoRng`].
//! - With the feature `kem` (on by default) the types implement the traits
//!   of the RustCrypto `kem` crate, as the RustCrypto `ml-kem` crate's do
//!   (see the crate's README for the correspondence).
//!
//! The crate is `no_std` and never allocates.
#![no_std]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

#[macro_use]
mod public_bytes;
#[macro_use]
mod key_methods;
mod error;
pub mod hpke;
#[cfg(feature = "kem")]
mod kem_traits;
pub mod kyber;
mod params;
mod random;
pub mod tls;
mod types;
pub mod xwing;

pub use error::Error;
pub use params::{ByteArray, MlKem1024, MlKem512, MlKem768, ParameterSet};
pub use types::{Ciphertext, DecapsulationKey, EncapsulationKey, SharedSecret};
pub use types::{Expanded, ExpandedDecapsulationKey, ExpandedEncapsulationKey};

#[cfg(feature = "kem")]
pub use kem;
pub use rand_core;
pub use zeroize;

use core::ffi::CStr;
use libmlkem_sys as sys;

fn static_str(p: *const core::ffi::c_char) -> &'static str {
    // SAFETY: the C library returns static NUL-terminated ASCII strings.
    unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("?")
}

/// The C library's version ("0.1.0"), which is this crate's.
pub fn version() -> &'static str {
    // SAFETY: no arguments.
    static_str(unsafe { sys::mlkem_version() })
}

/// The C library's backend in use: "avx512", "avx2", "neon-sha3", "neon"
/// or "portable" (chosen once per process; `MLKEM_BACKEND` forces one).
pub fn backend_name() -> &'static str {
    // SAFETY: no arguments.
    static_str(unsafe { sys::mlkem_backend_name() })
}

/// The C library's known-answer self-test of all three sets on the backend
/// in use (about a millisecond on the portable backend).
pub fn selftest() -> Result<(), Error> {
    // SAFETY: no arguments.
    error::check(unsafe { sys::mlkem_selftest() })
}
