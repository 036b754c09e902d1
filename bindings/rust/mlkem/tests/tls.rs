// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The TLS key shares of X25519MLKEM768 ([`libmlkem::tls`]):
//!
//! - the same shares and secrets as the C functions for the same coins;
//!   random handshakes that agree; the caller's generator;
//! - every byte of each share changed (one bit): the server refuses a
//!   client ek that fails the modulus check, and otherwise the two sides'
//!   secrets differ;
//! - X25519 points of small order refused by both sides with
//!   `Error::X25519Zero`;
//! - the shares' lengths; the state wiped on drop and not clonable.
mod common;

use common::{hex, TestRng};
use libmlkem::tls::{self, ClientShare, ClientState, ServerShare, SharedSecret};
use libmlkem::zeroize::ZeroizeOnDrop;
use libmlkem::Error;
use libmlkem_sys as sys;

#[test]
fn same_as_the_c_functions() {
    let mut rng = TestRng::new("tls");
    for _ in 0..10 {
        let ccoins = rng.bytes::<{ tls::CLIENT_COINS_SIZE }>();
        let scoins = rng.bytes::<{ tls::SERVER_COINS_SIZE }>();
        let mut cshare = [0u8; tls::CLIENT_SHARE_SIZE];
        let mut state = [0u8; sys::X25519MLKEM768_CLIENT_STATE_BYTES];
        let mut sshare = [0u8; tls::SERVER_SHARE_SIZE];
        let mut ssecret = [0u8; tls::SECRET_SIZE];
        let mut csecret = [0u8; tls::SECRET_SIZE];
        // SAFETY: every buffer has the size of mlkem_hybrid.h.
        let rc = unsafe {
            [
                sys::x25519mlkem768_client_share_derand(
                    cshare.as_mut_ptr(),
                    state.as_mut_ptr(),
                    ccoins.as_ptr(),
                ),
                sys::x25519mlkem768_server_share_derand(
                    sshare.as_mut_ptr(),
                    ssecret.as_mut_ptr(),
                    cshare.as_ptr(),
                    scoins.as_ptr(),
                ),
                sys::x25519mlkem768_client_finish(
                    csecret.as_mut_ptr(),
                    sshare.as_ptr(),
                    state.as_mut_ptr(),
                ),
            ]
        };
        assert_eq!(rc, [0; 3]);
        // The C function consumed (wiped) the state.
        assert_eq!(state, [0u8; sys::X25519MLKEM768_CLIENT_STATE_BYTES]);

        let (share, st) = tls::client_share_derand(&ccoins);
        assert_eq!(share.as_bytes(), &cshare);
        let (reply, secret) = tls::server_share_derand(&share, &scoins).unwrap();
        assert_eq!(reply.as_bytes(), &sshare);
        assert_eq!(secret.as_bytes(), &ssecret);
        let mine = st.finish(&reply).unwrap();
        assert_eq!(mine.as_bytes(), &csecret);
    }
}

#[test]
fn handshakes() {
    let (share, state) = tls::client_share();
    let (share2, state2) = tls::client_share();
    assert_ne!(share, share2);
    let received = ClientShare::from_bytes(share.as_bytes()).unwrap();
    let (reply, server_secret) = tls::server_share(&received).unwrap();
    let (reply2, server_secret2) = tls::server_share(&received).unwrap();
    assert_ne!((reply, &server_secret), (reply2, &server_secret2));
    let reply_received = ServerShare::try_from(&reply.as_bytes()[..]).unwrap();
    assert_eq!(state.finish(&reply_received).unwrap(), server_secret);
    assert_ne!(state2.finish(&reply).unwrap(), server_secret);
    // finish takes the state by value: a second finish does not compile
    // (the module's compile_fail doc test); reply2 goes unanswered.
    let _ = (reply2, server_secret2);

    // The caller's generator: the same streams, the same handshake.
    let (a, a_state) = tls::client_share_from_rng(&mut TestRng::new("client"));
    let (b, _) = tls::client_share_derand(&TestRng::new("client").bytes());
    assert_eq!(a, b);
    let (r, s) = tls::server_share_with_rng(&a, &mut TestRng::new("server")).unwrap();
    let (r2, s2) = tls::server_share_derand(&a, &TestRng::new("server").bytes()).unwrap();
    assert_eq!((r, &s), (r2, &s2));
    assert_eq!(a_state.finish(&r).unwrap(), s);
}

/// The bit of byte i that the sweeps flip: any of the eight, but not the
/// top bit of an X25519 public key's last byte, which X25519 ignores (RFC
/// 7748 section 5).
fn sweep_bit(i: usize, size: usize) -> u8 {
    1 << if i == size - 1 { 0 } else { i % 8 }
}

#[test]
fn every_byte_changed() {
    let mut rng = TestRng::new("tls sweep");
    // A state serves one finish: the same one again from its coins.
    let ccoins = rng.bytes();
    let state = || tls::client_share_derand(&ccoins).1;
    let (share, _) = tls::client_share_derand(&ccoins);
    let scoins = rng.bytes::<{ tls::SERVER_COINS_SIZE }>();
    let (reply, secret) = tls::server_share_derand(&share, &scoins).unwrap();
    let (mut refused, mut differ) = (0, 0);
    for i in 0..tls::CLIENT_SHARE_SIZE {
        let mut b = *share.as_bytes();
        b[i] ^= sweep_bit(i, b.len());
        match tls::server_share_derand(&ClientShare::from_array(b), &scoins) {
            Err(Error::InvalidEncapsulationKey) => {
                assert!(i < sys::MLKEM768_EK_BYTES, "byte {i} refused");
                refused += 1;
            }
            Ok((r, s)) => {
                assert_ne!(s, secret, "byte {i}");
                assert_ne!(state().finish(&r).unwrap(), s, "byte {i}");
                differ += 1;
            }
            Err(e) => panic!("byte {i}: {e}"),
        }
    }
    assert_eq!(refused + differ, tls::CLIENT_SHARE_SIZE);
    assert!(refused > 0);
    for i in 0..tls::SERVER_SHARE_SIZE {
        let mut b = *reply.as_bytes();
        b[i] ^= sweep_bit(i, b.len());
        let mine = state().finish(&ServerShare::from_array(b)).unwrap();
        assert_ne!(mine, secret, "byte {i}");
    }
}

/// Encodings of X25519 points of small order (RFC 7748 section 6.1): u =
/// 0, 1, the two points of order 8, p - 1, p and p + 1 (p = 2^255 - 19),
/// the list tests/x25519_vectors.c documents.
const SMALL_ORDER: [&str; 7] = [
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
];

#[test]
fn small_order_points_refused() {
    let ccoins = TestRng::new("tls small order").bytes();
    let (share, _) = tls::client_share_derand(&ccoins);
    let (reply, _) = tls::server_share(&share).unwrap();
    for point in SMALL_ORDER.map(hex) {
        let mut c = *share.as_bytes();
        c[sys::MLKEM768_EK_BYTES..].copy_from_slice(&point);
        assert_eq!(
            tls::server_share(&ClientShare::from_array(c)).err(),
            Some(Error::X25519Zero)
        );
        let mut s = *reply.as_bytes();
        s[sys::MLKEM768_CT_BYTES..].copy_from_slice(&point);
        let (_, state) = tls::client_share_derand(&ccoins);
        assert_eq!(
            state.finish(&ServerShare::from_array(s)).err(),
            Some(Error::X25519Zero)
        );
    }
}

#[test]
fn errors_and_types() {
    let (share, _state) = tls::client_share();
    for len in [0, tls::CLIENT_SHARE_SIZE - 1, tls::CLIENT_SHARE_SIZE + 1] {
        assert_eq!(
            ClientShare::from_bytes(&vec![0; len]),
            Err(Error::InvalidEncapsulationKey)
        );
    }
    assert_eq!(
        ServerShare::from_bytes(share.as_bytes()),
        Err(Error::InvalidCiphertext)
    );
    // The modulus check of the client's ek (FIPS 203 section 7.2).
    let mut b = *share.as_bytes();
    b[0] = 0xff;
    b[1] |= 0x0f;
    assert_eq!(
        tls::server_share(&ClientShare::from_array(b)).err(),
        Some(Error::InvalidEncapsulationKey)
    );

    fn zeroize_on_drop<T: ZeroizeOnDrop>() {}
    zeroize_on_drop::<ClientState>();
    zeroize_on_drop::<SharedSecret>();
    assert_eq!(std::mem::size_of::<SharedSecret>(), 64);
    assert_eq!(tls::GROUP, 0x11ec);
    assert_eq!(format!("{_state:?}"), "tls::ClientState(..)");
}
