// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Where the randomized operations get their bytes: the operating system
//! (`getrandom`) or the caller's generator. Each runs the derandomized
//! operation on N fresh bytes and wipes them after.
use crate::error::Error;
use rand_core::TryCryptoRng;
use zeroize::Zeroize;

/// `f` on N bytes from the operating system; [`Error::Random`] if it fails.
#[cfg(feature = "getrandom")]
pub(crate) fn from_os<const N: usize, T>(
    f: impl FnOnce(&[u8; N]) -> Result<T, Error>,
) -> Result<T, Error> {
    let mut bytes = [0u8; N];
    let r = getrandom::fill(&mut bytes)
        .map_err(|_| Error::Random)
        .and_then(|()| f(&bytes));
    bytes.zeroize();
    r
}

/// `f` on N bytes from `rng`, or the generator's error.
pub(crate) fn from_rng<const N: usize, T, R: TryCryptoRng + ?Sized>(
    rng: &mut R,
    f: impl FnOnce(&[u8; N]) -> T,
) -> Result<T, R::Error> {
    let mut bytes = [0u8; N];
    let r = rng.try_fill_bytes(&mut bytes).map(|()| f(&bytes));
    bytes.zeroize();
    r
}
