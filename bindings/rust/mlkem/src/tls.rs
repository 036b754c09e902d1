// SPDX-License-Identifier: Apache-2.0 OR MIT
//! X25519MLKEM768, the hybrid key exchange of TLS 1.3
//! (draft-ietf-tls-ecdhe-mlkem, NamedGroup 0x11EC), over the C functions
//! of `include/mlkem_hybrid.h` (which documents the scheme).
//!
//! ```
//! use libmlkem::tls;
//!
//! // Client: a share for its ClientHello, and the state it keeps.
//! let (share, state) = tls::client_share();
//! // Server: its share for the ServerHello, and the secret.
//! let (reply, server_secret) = tls::server_share(&tls::ClientShare::from_bytes(share.as_bytes())?)?;
//! // Client: the same secret.
//! let client_secret = state.finish(&tls::ServerShare::from_bytes(reply.as_bytes())?)?;
//! assert_eq!(client_secret, server_secret);
//! # Ok::<(), libmlkem::Error>(())
//! ```
//!
//! - The shares are public: [`ClientShare`] (1216 bytes, ML-KEM-768 ek ||
//!   X25519 public key) and [`ServerShare`] (1120 bytes, ML-KEM-768 ct ||
//!   X25519 public key). `from_bytes` checks their length only
//!   ([`Error::InvalidEncapsulationKey`] for a client share,
//!   [`Error::InvalidCiphertext`] for a server share); [`server_share`]
//!   runs the FIPS 203 section 7.2 check on the client's ek
//!   ([`Error::InvalidEncapsulationKey`]).
//! - The 64-byte [`SharedSecret`] (ML-KEM secret || X25519 secret, the
//!   (EC)DHE input of the TLS key schedule) is wiped when dropped and
//!   compared in constant time.
//! - [`ClientState`] holds the client's ML-KEM-768 dk and X25519 private
//!   key between its share and [`ClientState::finish`]: it cannot be
//!   cloned and is wiped when dropped ([`zeroize::ZeroizeOnDrop`]). It is
//!   single-use, as its ephemeral key pairs are: `finish` takes it by
//!   value (the C function wipes it), so it cannot finish twice.
//!
//!   ```compile_fail,E0599
//!   let (_, state) = libmlkem::tls::client_share();
//!   let copy = state.clone(); // no second copy of the client's secrets
//!   ```
//!
//!   ```compile_fail,E0382
//!   use libmlkem::tls;
//!   let (share, state) = tls::client_share();
//!   let (reply, _) = tls::server_share(&share).unwrap();
//!   let first = state.finish(&reply);
//!   let second = state.finish(&reply); // the state was consumed
//!   ```
//! - A peer's X25519 point of small order is refused by [`server_share`]
//!   and [`ClientState::finish`] with [`Error::X25519Zero`] (RFC 8446
//!   section 7.4.2): abort the handshake. A server share whose ML-KEM
//!   ciphertext was altered is not detected by `finish`: the secrets
//!   differ, and the handshake fails at its Finished messages.
//! - Randomness as for the KEMs: the operating system's (`getrandom`), or
//!   the caller's generator (`client_share_from_rng`,
//!   `server_share_with_rng`).
use crate::error::{check, Error};
use crate::random;
use crate::types::expect_ok;
use core::fmt;
use libmlkem_sys as sys;
use rand_core::{CryptoRng, TryCryptoRng};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// The TLS NamedGroup codepoint of X25519MLKEM768.
pub const GROUP: u16 = 0x11EC;
/// Bytes of the client's share.
pub const CLIENT_SHARE_SIZE: usize = sys::X25519MLKEM768_CLIENT_SHARE_BYTES;
/// Bytes of the server's share.
pub const SERVER_SHARE_SIZE: usize = sys::X25519MLKEM768_SERVER_SHARE_BYTES;
/// Bytes of the shared secret.
pub const SECRET_SIZE: usize = sys::X25519MLKEM768_SECRET_BYTES;
/// Bytes of [`client_share_derand`]'s coins: the ML-KEM seed d || z, then
/// the X25519 private key.
pub const CLIENT_COINS_SIZE: usize = sys::X25519MLKEM768_CLIENT_COINS_BYTES;
/// Bytes of [`server_share_derand`]'s coins: ML-KEM's m, then the X25519
/// private key.
pub const SERVER_COINS_SIZE: usize = sys::X25519MLKEM768_SERVER_COINS_BYTES;

public_bytes!(
    /// The client's key share (public): ML-KEM-768 ek || X25519 public key.
    /// [`Error::InvalidEncapsulationKey`] for another length.
    ClientShare,
    CLIENT_SHARE_SIZE,
    Error::InvalidEncapsulationKey
);

public_bytes!(
    /// The server's key share (public): ML-KEM-768 ciphertext || X25519
    /// public key. [`Error::InvalidCiphertext`] for another length.
    ServerShare,
    SERVER_SHARE_SIZE,
    Error::InvalidCiphertext
);

/// The 64-byte secret: ML-KEM-768 shared secret || X25519 shared secret.
pub type SharedSecret = crate::SharedSecret<SECRET_SIZE>;

/// The client's secrets between its share and [`Self::finish`]. Not
/// clonable; wiped when dropped.
pub struct ClientState {
    state: [u8; sys::X25519MLKEM768_CLIENT_STATE_BYTES],
}

impl ClientState {
    fn zeroed() -> Self {
        ClientState {
            state: [0u8; sys::X25519MLKEM768_CLIENT_STATE_BYTES],
        }
    }

    /// The secret from the server's share: [`Error::X25519Zero`] if the
    /// server's X25519 point is of small order (abort the handshake).
    /// Consumes the state: it serves one handshake (the C function wipes
    /// it, on success and on failure).
    pub fn finish(mut self, server: &ServerShare) -> Result<SharedSecret, Error> {
        let mut secret = SharedSecret::zeroed();
        // SAFETY: every buffer has the size of mlkem_hybrid.h; state was
        // written by client_share, and is wiped by the call.
        check(unsafe {
            sys::x25519mlkem768_client_finish(
                secret.0.as_mut_ptr(),
                server.0.as_ptr(),
                self.state.as_mut_ptr(),
            )
        })?;
        Ok(secret)
    }
}

impl fmt::Debug for ClientState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tls::ClientState(..)")
    }
}

impl Drop for ClientState {
    fn drop(&mut self) {
        self.state.zeroize();
    }
}

impl ZeroizeOnDrop for ClientState {}

/// The client's share from the caller's coins (the ML-KEM seed d || z,
/// then the X25519 private key), for tests.
///
/// # Panics
/// Only if the C library cannot run (see [`try_client_share_derand`]).
pub fn client_share_derand(coins: &[u8; CLIENT_COINS_SIZE]) -> (ClientShare, ClientState) {
    expect_ok(try_client_share_derand(coins), "the client's share")
}

/// As [`client_share_derand`]; fails only with [`Error::Backend`].
pub fn try_client_share_derand(
    coins: &[u8; CLIENT_COINS_SIZE],
) -> Result<(ClientShare, ClientState), Error> {
    let mut share = ClientShare([0u8; CLIENT_SHARE_SIZE]);
    let mut state = ClientState::zeroed();
    // SAFETY: every buffer has the size of mlkem_hybrid.h.
    check(unsafe {
        sys::x25519mlkem768_client_share_derand(
            share.0.as_mut_ptr(),
            state.state.as_mut_ptr(),
            coins.as_ptr(),
        )
    })?;
    Ok((share, state))
}

/// A fresh ML-KEM-768 and X25519 key pair from the operating system
/// (`getrandom`): the share to send, the state to keep.
///
/// # Panics
/// If the random source fails (see [`try_client_share`]).
#[cfg(feature = "getrandom")]
pub fn client_share() -> (ClientShare, ClientState) {
    expect_ok(try_client_share(), "the client's share")
}

/// As [`client_share`]; [`Error::Random`] if the random source fails.
#[cfg(feature = "getrandom")]
pub fn try_client_share() -> Result<(ClientShare, ClientState), Error> {
    random::from_os(try_client_share_derand)
}

/// As [`client_share`], with the keys from `rng`.
pub fn client_share_from_rng<R: CryptoRng + ?Sized>(rng: &mut R) -> (ClientShare, ClientState) {
    let Ok(r) = try_client_share_from_rng(rng);
    r
}

/// As [`client_share_from_rng`], for a generator that can fail.
pub fn try_client_share_from_rng<R: TryCryptoRng + ?Sized>(
    rng: &mut R,
) -> Result<(ClientShare, ClientState), R::Error> {
    random::from_rng(rng, client_share_derand)
}

/// The server's share and the secret from the caller's coins (ML-KEM's m,
/// then the X25519 private key), for tests. Errors as [`server_share`]'s.
pub fn server_share_derand(
    client: &ClientShare,
    coins: &[u8; SERVER_COINS_SIZE],
) -> Result<(ServerShare, SharedSecret), Error> {
    let mut share = ServerShare([0u8; SERVER_SHARE_SIZE]);
    let mut secret = SharedSecret::zeroed();
    // SAFETY: every buffer has the size of mlkem_hybrid.h.
    check(unsafe {
        sys::x25519mlkem768_server_share_derand(
            share.0.as_mut_ptr(),
            secret.0.as_mut_ptr(),
            client.0.as_ptr(),
            coins.as_ptr(),
        )
    })?;
    Ok((share, secret))
}

/// For the client's share, the server's share to send and the secret, with
/// the randomness from the operating system (`getrandom`).
/// [`Error::InvalidEncapsulationKey`] if the client's ML-KEM ek fails the
/// FIPS 203 section 7.2 check, [`Error::X25519Zero`] if its X25519 point is
/// of small order (abort the handshake), [`Error::Random`] if the random
/// source fails.
#[cfg(feature = "getrandom")]
pub fn server_share(client: &ClientShare) -> Result<(ServerShare, SharedSecret), Error> {
    random::from_os(|coins| server_share_derand(client, coins))
}

/// As [`server_share`], with the randomness from `rng`.
pub fn server_share_with_rng<R: CryptoRng + ?Sized>(
    client: &ClientShare,
    rng: &mut R,
) -> Result<(ServerShare, SharedSecret), Error> {
    let Ok(r) = random::from_rng(rng, |coins| server_share_derand(client, coins));
    r
}
