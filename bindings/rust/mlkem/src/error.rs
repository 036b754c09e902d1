// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The error type: the C library's MLKEM_ERR_* codes, plus the ciphertext
//! length check that the C API's fixed-size arrays leave to the caller.
use core::ffi::{c_int, CStr};
use core::fmt;
use libmlkem_sys as sys;

/// Why a call failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The random source failed (MLKEM_ERR_RANDOM): the operating system's,
    /// or the caller's generator. Nothing was produced.
    Random,
    /// The encapsulation key failed the input checks of FIPS 203
    /// section 7.2: wrong length, or a coefficient not below q = 3329
    /// (MLKEM_ERR_INVALID_EK).
    InvalidEncapsulationKey,
    /// The decapsulation key failed the input checks of FIPS 203
    /// section 7.3: wrong length, or H(ek) stored in it is not the hash of
    /// the ek stored in it (MLKEM_ERR_INVALID_DK); or that ek fails the
    /// modulus check of section 7.2.
    InvalidDecapsulationKey,
    /// The ciphertext has the wrong length for the set (FIPS 203
    /// section 7.3, ciphertext type check). Not a C code: [`Error::code`]
    /// gives -100, the value the C++ API uses too.
    InvalidCiphertext,
    /// `MLKEM_BACKEND` names a backend that this library or CPU lacks
    /// (MLKEM_ERR_BACKEND): nothing was computed.
    Backend,
    /// In C builds with the pairwise consistency test: a new key pair
    /// failed it (MLKEM_ERR_PAIRWISE), which indicates a fault.
    Pairwise,
    /// X25519MLKEM768 ([`crate::tls`]): the peer's X25519 public key is a
    /// point of small order, which gives an all-zero X25519 secret
    /// (MLKEM_ERR_X25519_ZERO). The handshake must be aborted (RFC 8446
    /// section 7.4.2).
    X25519Zero,
    /// HPKE ([`crate::hpke`]): the message or ciphertext does not open
    /// (another key, suite, info, aad or PSK, or it was altered, or it is
    /// shorter than its tag) (MLKEM_ERR_AEAD_TAG). Its output is zeroed.
    AeadTag,
    /// HPKE: a KEM, KDF or AEAD the library does not offer, or a key of
    /// another KEM than the suite's (MLKEM_HPKE_ERR_SUITE).
    HpkeSuite,
    /// HPKE: a length that is not the suite's, an output buffer too short,
    /// or an input or export beyond its limit (MLKEM_HPKE_ERR_LENGTH).
    HpkeLength,
    /// HPKE: a PSK without its identifier or the reverse, or an Auth mode
    /// with a KEM that has none (MLKEM_HPKE_ERR_MODE).
    HpkeMode,
    /// HPKE: the context's sequence number is exhausted
    /// (MLKEM_HPKE_ERR_MESSAGE_LIMIT).
    MessageLimit,
    /// HPKE: seal or open with the export-only AEAD
    /// (MLKEM_HPKE_ERR_EXPORT_ONLY).
    ExportOnly,
    /// Another code of the C library.
    Other(i32),
}

/// [`Error::InvalidCiphertext`]'s code, far from the C codes (which count
/// down from -1).
const INVALID_CIPHERTEXT: i32 = -100;

impl Error {
    /// The C library's MLKEM_ERR_* code (or -100 for
    /// [`Error::InvalidCiphertext`]).
    pub fn code(&self) -> i32 {
        match *self {
            Error::Random => sys::MLKEM_ERR_RANDOM,
            Error::InvalidEncapsulationKey => sys::MLKEM_ERR_INVALID_EK,
            Error::InvalidDecapsulationKey => sys::MLKEM_ERR_INVALID_DK,
            Error::InvalidCiphertext => INVALID_CIPHERTEXT,
            Error::Backend => sys::MLKEM_ERR_BACKEND,
            Error::Pairwise => sys::MLKEM_ERR_PAIRWISE,
            Error::X25519Zero => sys::MLKEM_ERR_X25519_ZERO,
            Error::AeadTag => sys::MLKEM_ERR_AEAD_TAG,
            Error::HpkeSuite => sys::MLKEM_HPKE_ERR_SUITE,
            Error::HpkeLength => sys::MLKEM_HPKE_ERR_LENGTH,
            Error::HpkeMode => sys::MLKEM_HPKE_ERR_MODE,
            Error::MessageLimit => sys::MLKEM_HPKE_ERR_MESSAGE_LIMIT,
            Error::ExportOnly => sys::MLKEM_HPKE_ERR_EXPORT_ONLY,
            Error::Other(code) => code,
        }
    }

    fn from_code(code: c_int) -> Error {
        match code {
            sys::MLKEM_ERR_RANDOM => Error::Random,
            sys::MLKEM_ERR_INVALID_EK => Error::InvalidEncapsulationKey,
            sys::MLKEM_ERR_INVALID_DK => Error::InvalidDecapsulationKey,
            sys::MLKEM_ERR_BACKEND => Error::Backend,
            sys::MLKEM_ERR_PAIRWISE => Error::Pairwise,
            sys::MLKEM_ERR_X25519_ZERO => Error::X25519Zero,
            sys::MLKEM_ERR_AEAD_TAG => Error::AeadTag,
            sys::MLKEM_HPKE_ERR_SUITE => Error::HpkeSuite,
            sys::MLKEM_HPKE_ERR_LENGTH => Error::HpkeLength,
            sys::MLKEM_HPKE_ERR_MODE => Error::HpkeMode,
            sys::MLKEM_HPKE_ERR_MESSAGE_LIMIT => Error::MessageLimit,
            sys::MLKEM_HPKE_ERR_EXPORT_ONLY => Error::ExportOnly,
            INVALID_CIPHERTEXT => Error::InvalidCiphertext,
            other => Error::Other(other),
        }
    }
}

/// Ok for MLKEM_OK, the error of any other code.
pub(crate) fn check(code: c_int) -> Result<(), Error> {
    if code == sys::MLKEM_OK {
        Ok(())
    } else {
        Err(Error::from_code(code))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Error::InvalidCiphertext {
            return f.write_str("ciphertext has the wrong length for the parameter set");
        }
        // SAFETY: mlkem_hpke_strerror returns a static NUL-terminated string
        // for every int (mlkem_strerror's for the codes that are not HPKE's).
        let text = unsafe { CStr::from_ptr(sys::mlkem_hpke_strerror(self.code())) };
        f.write_str(text.to_str().unwrap_or("unknown error"))
    }
}

impl core::error::Error for Error {}
