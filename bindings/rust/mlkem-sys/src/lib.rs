// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Declarations of the mlkem C library (`include/mlkem.h`): ML-KEM-512,
//! -768 and -1024 of NIST FIPS 203; Kyber round 3 (`include/mlkem_kyber.h`);
//! X-Wing and the TLS key shares X25519MLKEM768 (`include/mlkem_hybrid.h`);
//! X25519 (`include/mlkem_hazmat.h`); HPKE (`include/mlkem_hpke.h`). The
//! build script compiles the library with the repository's CMake project and
//! links it statically, with every backend (AVX2, AVX-512, NEON) and the
//! run-time dispatch.
//!
//! These are the raw C functions: the headers document each one (sizes,
//! errors, aliasing). Use the safe crate `libmlkem` unless you need
//! the C calls themselves. The sizes below are checked against the C
//! library's descriptors (`mlkem_kem_by_name`) by this crate's tests.
#![no_std]
#![allow(non_camel_case_types)]

use core::ffi::{c_char, c_int, c_uint};

/// Shared secret K.
pub const MLKEM_SS_BYTES: usize = 32;
/// Key-generation seed d || z.
pub const MLKEM_SEED_BYTES: usize = 64;
/// Encapsulation randomness m.
pub const MLKEM_MSG_BYTES: usize = 32;
/// H(ek), appended to ek in a prepared key.
pub const MLKEM_HASH_BYTES: usize = 32;

pub const MLKEM512_EK_BYTES: usize = 800;
pub const MLKEM512_DK_BYTES: usize = 1632;
pub const MLKEM512_CT_BYTES: usize = 768;
pub const MLKEM768_EK_BYTES: usize = 1184;
pub const MLKEM768_DK_BYTES: usize = 2400;
pub const MLKEM768_CT_BYTES: usize = 1088;
pub const MLKEM1024_EK_BYTES: usize = 1568;
pub const MLKEM1024_DK_BYTES: usize = 3168;
pub const MLKEM1024_CT_BYTES: usize = 1568;
pub const MLKEM512_PREPARED_EK_BYTES: usize = MLKEM512_EK_BYTES + MLKEM_HASH_BYTES;
pub const MLKEM768_PREPARED_EK_BYTES: usize = MLKEM768_EK_BYTES + MLKEM_HASH_BYTES;
pub const MLKEM1024_PREPARED_EK_BYTES: usize = MLKEM1024_EK_BYTES + MLKEM_HASH_BYTES;

pub const MLKEM_OK: c_int = 0;
pub const MLKEM_ERR_RANDOM: c_int = -1;
pub const MLKEM_ERR_INVALID_EK: c_int = -2;
pub const MLKEM_ERR_INVALID_DK: c_int = -3;
pub const MLKEM_ERR_NULL_ARGUMENT: c_int = -4;
pub const MLKEM_ERR_BACKEND: c_int = -5;
pub const MLKEM_ERR_SELFTEST: c_int = -6;
pub const MLKEM_ERR_PAIRWISE: c_int = -7;
pub const MLKEM_ERR_X25519_ZERO: c_int = -8;

// Kyber round 3 (mlkem_kyber.h): the sizes of ML-KEM's ek, dk and ct; the
// 90s variants have the same.
pub const KYBER_SS_BYTES: usize = 32;
/// d || z, what kyberP_keygen_derand takes.
pub const KYBER_KEYGEN_COINS_BYTES: usize = 64;
/// What kyberP_encaps_derand takes (hashed into m).
pub const KYBER_ENCAPS_COINS_BYTES: usize = 32;
pub const KYBER512_PK_BYTES: usize = 800;
pub const KYBER512_SK_BYTES: usize = 1632;
pub const KYBER512_CT_BYTES: usize = 768;
pub const KYBER768_PK_BYTES: usize = 1184;
pub const KYBER768_SK_BYTES: usize = 2400;
pub const KYBER768_CT_BYTES: usize = 1088;
pub const KYBER1024_PK_BYTES: usize = 1568;
pub const KYBER1024_SK_BYTES: usize = 3168;
pub const KYBER1024_CT_BYTES: usize = 1568;

// X-Wing (mlkem_hybrid.h).
pub const XWING_PK_BYTES: usize = 1216;
pub const XWING_SK_BYTES: usize = 32;
pub const XWING_CT_BYTES: usize = 1120;
pub const XWING_SS_BYTES: usize = 32;
pub const XWING_SEED_BYTES: usize = 32;
pub const XWING_ESEED_BYTES: usize = 64;
/// `XWING_EXPANDED_SK_BYTES`: 96 + `MLKEM768_EXPANDED_DK_BYTES`.
pub const XWING_EXPANDED_SK_BYTES: usize = 96 + MLKEM768_EXPANDED_DK_BYTES;

// X25519MLKEM768 (mlkem_hybrid.h).
pub const X25519MLKEM768_CLIENT_SHARE_BYTES: usize = 1216;
pub const X25519MLKEM768_SERVER_SHARE_BYTES: usize = 1120;
pub const X25519MLKEM768_SECRET_BYTES: usize = 64;
pub const X25519MLKEM768_CLIENT_STATE_BYTES: usize = MLKEM768_DK_BYTES + 32;
pub const X25519MLKEM768_CLIENT_COINS_BYTES: usize = 96;
pub const X25519MLKEM768_SERVER_COINS_BYTES: usize = 64;

// X25519 (mlkem_hazmat.h).
pub const MLKEM_X25519_BYTES: usize = 32;
/// An expanded key made by another backend, layout version or set, or of
/// the other kind (mlkem.h).
pub const MLKEM_ERR_EXPANDED_KEY: c_int = -9;

/// The expanded keys (mlkem.h, "Expanded keys").
pub const MLKEM512_EXPANDED_EK_BYTES: usize = 3136;
pub const MLKEM512_EXPANDED_DK_BYTES: usize = 4224;
pub const MLKEM768_EXPANDED_EK_BYTES: usize = 6208;
pub const MLKEM768_EXPANDED_DK_BYTES: usize = 7808;
pub const MLKEM1024_EXPANDED_EK_BYTES: usize = 10304;
pub const MLKEM1024_EXPANDED_DK_BYTES: usize = 12416;

/// The descriptor of one parameter set (`mlkem_kem` in mlkem.h).
#[repr(C)]
pub struct mlkem_kem {
    pub name: *const c_char,
    pub rank: c_uint,
    pub ek_bytes: usize,
    pub dk_bytes: usize,
    pub ct_bytes: usize,
    pub ss_bytes: usize,
    pub seed_bytes: usize,
    pub msg_bytes: usize,
    pub keygen: Option<unsafe extern "C" fn(ek: *mut u8, dk: *mut u8) -> c_int>,
    pub keygen_derand:
        Option<unsafe extern "C" fn(ek: *mut u8, dk: *mut u8, seed: *const u8) -> c_int>,
    pub encaps: Option<unsafe extern "C" fn(ct: *mut u8, ss: *mut u8, ek: *const u8) -> c_int>,
    pub encaps_derand: Option<
        unsafe extern "C" fn(ct: *mut u8, ss: *mut u8, ek: *const u8, m: *const u8) -> c_int,
    >,
    pub decaps: Option<unsafe extern "C" fn(ss: *mut u8, ct: *const u8, dk: *const u8) -> c_int>,
    pub check_ek: Option<unsafe extern "C" fn(ek: *const u8) -> c_int>,
    pub check_dk: Option<unsafe extern "C" fn(dk: *const u8) -> c_int>,
    pub prepared_ek_bytes: usize,
    pub prepare_ek: Option<unsafe extern "C" fn(prep: *mut u8, ek: *const u8) -> c_int>,
    pub encaps_prepared:
        Option<unsafe extern "C" fn(ct: *mut u8, ss: *mut u8, prep: *const u8) -> c_int>,
    pub encaps_prepared_derand: Option<
        unsafe extern "C" fn(ct: *mut u8, ss: *mut u8, prep: *const u8, m: *const u8) -> c_int,
    >,
    pub expanded_dk_bytes: usize,
    pub expanded_ek_bytes: usize,
    pub expand_dk: Option<unsafe extern "C" fn(x: *mut u8, dk: *const u8) -> c_int>,
    pub expand_dk_from_seed: Option<unsafe extern "C" fn(x: *mut u8, seed: *const u8) -> c_int>,
    pub decaps_expanded:
        Option<unsafe extern "C" fn(ss: *mut u8, ct: *const u8, x: *const u8) -> c_int>,
    pub expanded_dk_wipe: Option<unsafe extern "C" fn(x: *mut u8)>,
    pub expand_ek: Option<unsafe extern "C" fn(x: *mut u8, ek: *const u8) -> c_int>,
    pub encaps_expanded:
        Option<unsafe extern "C" fn(ct: *mut u8, ss: *mut u8, x: *const u8) -> c_int>,
    pub encaps_expanded_derand:
        Option<unsafe extern "C" fn(ct: *mut u8, ss: *mut u8, x: *const u8, m: *const u8) -> c_int>,
}

/// The expanded keys' functions of one set (mlkem.h): mlkemP_expand_dk,
/// _expand_dk_from_seed, _decaps_expanded, _expanded_dk_wipe, _expand_ek,
/// _encaps_expanded and _encaps_expanded_derand.
macro_rules! expanded_fns {
    ($($expand_dk:ident, $from_seed:ident, $decaps:ident, $wipe:ident, $expand_ek:ident,
       $encaps:ident, $encaps_derand:ident;)*) => {
        extern "C" {
            $(
                pub fn $expand_dk(x: *mut u8, dk: *const u8) -> c_int;
                pub fn $from_seed(x: *mut u8, seed: *const u8) -> c_int;
                pub fn $decaps(ss: *mut u8, ct: *const u8, x: *const u8) -> c_int;
                pub fn $wipe(x: *mut u8);
                pub fn $expand_ek(x: *mut u8, ek: *const u8) -> c_int;
                pub fn $encaps(ct: *mut u8, ss: *mut u8, x: *const u8) -> c_int;
                pub fn $encaps_derand(ct: *mut u8, ss: *mut u8, x: *const u8, m: *const u8)
                    -> c_int;
            )*
        }
    };
}

expanded_fns! {
    mlkem512_expand_dk, mlkem512_expand_dk_from_seed, mlkem512_decaps_expanded,
    mlkem512_expanded_dk_wipe, mlkem512_expand_ek, mlkem512_encaps_expanded,
    mlkem512_encaps_expanded_derand;
    mlkem768_expand_dk, mlkem768_expand_dk_from_seed, mlkem768_decaps_expanded,
    mlkem768_expanded_dk_wipe, mlkem768_expand_ek, mlkem768_encaps_expanded,
    mlkem768_encaps_expanded_derand;
    mlkem1024_expand_dk, mlkem1024_expand_dk_from_seed, mlkem1024_decaps_expanded,
    mlkem1024_expanded_dk_wipe, mlkem1024_expand_ek, mlkem1024_encaps_expanded,
    mlkem1024_encaps_expanded_derand;
}

extern "C" {
    pub fn mlkem_strerror(err: c_int) -> *const c_char;
    pub fn mlkem_version() -> *const c_char;
    pub fn mlkem_backend_name() -> *const c_char;
    pub fn mlkem_selftest() -> c_int;
    pub fn mlkem_kem_by_name(name: *const c_char) -> *const mlkem_kem;

    // ML-KEM-512.
    pub fn mlkem512_keygen(ek: *mut u8, dk: *mut u8) -> c_int;
    pub fn mlkem512_keygen_derand(ek: *mut u8, dk: *mut u8, seed: *const u8) -> c_int;
    pub fn mlkem512_encaps(ct: *mut u8, ss: *mut u8, ek: *const u8) -> c_int;
    pub fn mlkem512_encaps_derand(ct: *mut u8, ss: *mut u8, ek: *const u8, m: *const u8) -> c_int;
    pub fn mlkem512_decaps(ss: *mut u8, ct: *const u8, dk: *const u8) -> c_int;
    pub fn mlkem512_check_ek(ek: *const u8) -> c_int;
    pub fn mlkem512_check_dk(dk: *const u8) -> c_int;
    pub fn mlkem512_prepare_ek(prep: *mut u8, ek: *const u8) -> c_int;
    pub fn mlkem512_encaps_prepared(ct: *mut u8, ss: *mut u8, prep: *const u8) -> c_int;
    pub fn mlkem512_encaps_prepared_derand(
        ct: *mut u8,
        ss: *mut u8,
        prep: *const u8,
        m: *const u8,
    ) -> c_int;

    // ML-KEM-768.
    pub fn mlkem768_keygen(ek: *mut u8, dk: *mut u8) -> c_int;
    pub fn mlkem768_keygen_derand(ek: *mut u8, dk: *mut u8, seed: *const u8) -> c_int;
    pub fn mlkem768_encaps(ct: *mut u8, ss: *mut u8, ek: *const u8) -> c_int;
    pub fn mlkem768_encaps_derand(ct: *mut u8, ss: *mut u8, ek: *const u8, m: *const u8) -> c_int;
    pub fn mlkem768_decaps(ss: *mut u8, ct: *const u8, dk: *const u8) -> c_int;
    pub fn mlkem768_check_ek(ek: *const u8) -> c_int;
    pub fn mlkem768_check_dk(dk: *const u8) -> c_int;
    pub fn mlkem768_prepare_ek(prep: *mut u8, ek: *const u8) -> c_int;
    pub fn mlkem768_encaps_prepared(ct: *mut u8, ss: *mut u8, prep: *const u8) -> c_int;
    pub fn mlkem768_encaps_prepared_derand(
        ct: *mut u8,
        ss: *mut u8,
        prep: *const u8,
        m: *const u8,
    ) -> c_int;

    // ML-KEM-1024.
    pub fn mlkem1024_keygen(ek: *mut u8, dk: *mut u8) -> c_int;
    pub fn mlkem1024_keygen_derand(ek: *mut u8, dk: *mut u8, seed: *const u8) -> c_int;
    pub fn mlkem1024_encaps(ct: *mut u8, ss: *mut u8, ek: *const u8) -> c_int;
    pub fn mlkem1024_encaps_derand(ct: *mut u8, ss: *mut u8, ek: *const u8, m: *const u8) -> c_int;
    pub fn mlkem1024_decaps(ss: *mut u8, ct: *const u8, dk: *const u8) -> c_int;
    pub fn mlkem1024_check_ek(ek: *const u8) -> c_int;
    pub fn mlkem1024_check_dk(dk: *const u8) -> c_int;
    pub fn mlkem1024_prepare_ek(prep: *mut u8, ek: *const u8) -> c_int;
    pub fn mlkem1024_encaps_prepared(ct: *mut u8, ss: *mut u8, prep: *const u8) -> c_int;
    pub fn mlkem1024_encaps_prepared_derand(
        ct: *mut u8,
        ss: *mut u8,
        prep: *const u8,
        m: *const u8,
    ) -> c_int;
}

/// The five functions of one Kyber round-3 set (mlkem_kyber.h).
macro_rules! kyber_set {
    ($keygen:ident, $keygen_derand:ident, $encaps:ident, $encaps_derand:ident,
     $decaps:ident) => {
        extern "C" {
            pub fn $keygen(pk: *mut u8, sk: *mut u8) -> c_int;
            pub fn $keygen_derand(pk: *mut u8, sk: *mut u8, coins: *const u8) -> c_int;
            pub fn $encaps(ct: *mut u8, ss: *mut u8, pk: *const u8) -> c_int;
            pub fn $encaps_derand(
                ct: *mut u8,
                ss: *mut u8,
                pk: *const u8,
                coins: *const u8,
            ) -> c_int;
            pub fn $decaps(ss: *mut u8, ct: *const u8, sk: *const u8) -> c_int;
        }
    };
}

kyber_set!(
    kyber512_keygen,
    kyber512_keygen_derand,
    kyber512_encaps,
    kyber512_encaps_derand,
    kyber512_decaps
);
kyber_set!(
    kyber768_keygen,
    kyber768_keygen_derand,
    kyber768_encaps,
    kyber768_encaps_derand,
    kyber768_decaps
);
kyber_set!(
    kyber1024_keygen,
    kyber1024_keygen_derand,
    kyber1024_encaps,
    kyber1024_encaps_derand,
    kyber1024_decaps
);
kyber_set!(
    kyber512_90s_keygen,
    kyber512_90s_keygen_derand,
    kyber512_90s_encaps,
    kyber512_90s_encaps_derand,
    kyber512_90s_decaps
);
kyber_set!(
    kyber768_90s_keygen,
    kyber768_90s_keygen_derand,
    kyber768_90s_encaps,
    kyber768_90s_encaps_derand,
    kyber768_90s_decaps
);
kyber_set!(
    kyber1024_90s_keygen,
    kyber1024_90s_keygen_derand,
    kyber1024_90s_encaps,
    kyber1024_90s_encaps_derand,
    kyber1024_90s_decaps
);

extern "C" {
    /// The round-3 descriptors: Kyber512, Kyber768, Kyber1024,
    /// Kyber512-90s, Kyber768-90s, Kyber1024-90s, then NULL (the order of
    /// mlkem_kyber.h). Their check_dk is the hash check with the variant's
    /// H, which has no function of its own in the header.
    pub static mlkem_kyber_kems: [*const mlkem_kem; 7];

    // X-Wing.
    pub fn xwing_keygen(pk: *mut u8, sk: *mut u8) -> c_int;
    pub fn xwing_keygen_derand(pk: *mut u8, sk: *mut u8, seed: *const u8) -> c_int;
    pub fn xwing_encaps(ct: *mut u8, ss: *mut u8, pk: *const u8) -> c_int;
    pub fn xwing_encaps_derand(ct: *mut u8, ss: *mut u8, pk: *const u8, eseed: *const u8) -> c_int;
    pub fn xwing_decaps(ss: *mut u8, ct: *const u8, sk: *const u8) -> c_int;
    pub fn xwing_expand_sk(x: *mut u8, sk: *const u8) -> c_int;
    pub fn xwing_decaps_expanded(ss: *mut u8, ct: *const u8, x: *const u8) -> c_int;
    pub fn xwing_expanded_sk_wipe(x: *mut u8);

    // X25519MLKEM768.
    pub fn x25519mlkem768_client_share(share: *mut u8, state: *mut u8) -> c_int;
    pub fn x25519mlkem768_client_share_derand(
        share: *mut u8,
        state: *mut u8,
        coins: *const u8,
    ) -> c_int;
    pub fn x25519mlkem768_server_share(
        share: *mut u8,
        secret: *mut u8,
        client_share: *const u8,
    ) -> c_int;
    pub fn x25519mlkem768_server_share_derand(
        share: *mut u8,
        secret: *mut u8,
        client_share: *const u8,
        coins: *const u8,
    ) -> c_int;
    pub fn x25519mlkem768_client_finish(
        secret: *mut u8,
        server_share: *const u8,
        state: *mut u8,
    ) -> c_int;
    pub fn x25519mlkem768_client_state_wipe(state: *mut u8);

    // X25519.
    pub fn mlkem_x25519(out: *mut u8, scalar: *const u8, point: *const u8) -> c_int;
    pub fn mlkem_x25519_base(out: *mut u8, scalar: *const u8) -> c_int;
}

// HPKE (include/mlkem_hpke.h): the structures are the C ones, field for
// field (their members are private to the C library; the sizes are checked
// by this crate's tests).
pub const MLKEM_ERR_AEAD_TAG: c_int = -10;
pub const MLKEM_ERR_AEAD_LENGTH: c_int = -11;
pub const MLKEM_ERR_UNSUPPORTED: c_int = -12;
pub const MLKEM_HPKE_ERR_SUITE: c_int = -201;
pub const MLKEM_HPKE_ERR_LENGTH: c_int = -202;
pub const MLKEM_HPKE_ERR_MODE: c_int = -203;
pub const MLKEM_HPKE_ERR_MESSAGE_LIMIT: c_int = -204;
pub const MLKEM_HPKE_ERR_EXPORT_ONLY: c_int = -205;
pub const MLKEM_HPKE_ERR_STATE: c_int = -206;
pub const MLKEM_HPKE_TAG_BYTES: usize = 16;
pub const MLKEM_HPKE_MAX_PK_BYTES: usize = 1568;
pub const MLKEM_HPKE_MAX_SK_BYTES: usize = 64;
pub const MLKEM_HPKE_MAX_ENC_BYTES: usize = 1568;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct mlkem_hpke_suite {
    pub kem: u16,
    pub kdf: u16,
    pub aead: u16,
}

#[repr(C)]
#[derive(Clone)]
pub struct mlkem_hpke_public_key {
    pub magic: u32,
    pub kem: u16,
    pub pad: u16,
    pub data: [u8; 11872],
}

#[repr(C)]
pub struct mlkem_hpke_private_key {
    pub magic: u32,
    pub kem: u16,
    pub pad: u16,
    pub data: [u8; 14048],
}

#[repr(C)]
pub struct mlkem_hpke_psk {
    pub psk: *const u8,
    pub psk_len: usize,
    pub psk_id: *const u8,
    pub psk_id_len: usize,
}

#[repr(C)]
pub struct mlkem_hpke_context_state {
    pub seq: u64,
    pub magic: u32,
    pub kem: u16,
    pub kdf: u16,
    pub aead: u16,
    pub mode: u8,
    pub nk: u8,
    pub nh: u8,
    pub pad: [u8; 3],
    pub key: [u8; 32],
    pub base_nonce: [u8; 12],
    pub exporter_secret: [u8; 64],
}

#[repr(C)]
pub struct mlkem_hpke_sender {
    pub s: mlkem_hpke_context_state,
}

#[repr(C)]
pub struct mlkem_hpke_recipient {
    pub s: mlkem_hpke_context_state,
}

extern "C" {
    pub fn mlkem_hpke_kem_sizes(
        kem: u16,
        pk_bytes: *mut usize,
        sk_bytes: *mut usize,
        enc_bytes: *mut usize,
    ) -> c_int;
    pub fn mlkem_hpke_strerror(err: c_int) -> *const c_char;
    pub fn mlkem_hpke_suite_check(suite: mlkem_hpke_suite) -> c_int;
    pub fn mlkem_hpke_keygen(
        kem: u16,
        pk: *mut u8,
        pk_len: usize,
        sk: *mut u8,
        sk_len: usize,
    ) -> c_int;
    pub fn mlkem_hpke_derive_keypair(
        kem: u16,
        pk: *mut u8,
        pk_len: usize,
        sk: *mut u8,
        sk_len: usize,
        ikm: *const u8,
        ikm_len: usize,
    ) -> c_int;
    pub fn mlkem_hpke_public_key_import(
        key: *mut mlkem_hpke_public_key,
        kem: u16,
        pk: *const u8,
        pk_len: usize,
    ) -> c_int;
    pub fn mlkem_hpke_private_key_import(
        key: *mut mlkem_hpke_private_key,
        kem: u16,
        sk: *const u8,
        sk_len: usize,
    ) -> c_int;
    pub fn mlkem_hpke_private_key_kem(key: *const mlkem_hpke_private_key) -> u16;
    pub fn mlkem_hpke_public_key_kem(key: *const mlkem_hpke_public_key) -> u16;
    pub fn mlkem_hpke_private_key_public(
        key: *const mlkem_hpke_private_key,
        pk: *mut u8,
        pk_len: usize,
    ) -> c_int;
    pub fn mlkem_hpke_private_key_bytes(
        key: *const mlkem_hpke_private_key,
        sk: *mut u8,
        sk_len: usize,
    ) -> c_int;
    pub fn mlkem_hpke_public_key_bytes(
        key: *const mlkem_hpke_public_key,
        pk: *mut u8,
        pk_len: usize,
    ) -> c_int;
    pub fn mlkem_hpke_private_key_wipe(key: *mut mlkem_hpke_private_key);
    pub fn mlkem_hpke_public_key_wipe(key: *mut mlkem_hpke_public_key);
    pub fn mlkem_hpke_setup_sender(
        ctx: *mut mlkem_hpke_sender,
        enc: *mut u8,
        enc_len: usize,
        suite: mlkem_hpke_suite,
        pk_r: *const mlkem_hpke_public_key,
        info: *const u8,
        info_len: usize,
        psk: *const mlkem_hpke_psk,
        sk_s: *const mlkem_hpke_private_key,
    ) -> c_int;
    pub fn mlkem_hpke_setup_recipient(
        ctx: *mut mlkem_hpke_recipient,
        suite: mlkem_hpke_suite,
        sk_r: *const mlkem_hpke_private_key,
        enc: *const u8,
        enc_len: usize,
        info: *const u8,
        info_len: usize,
        psk: *const mlkem_hpke_psk,
        pk_s: *const mlkem_hpke_public_key,
    ) -> c_int;
    pub fn mlkem_hpke_sender_seal(
        ctx: *mut mlkem_hpke_sender,
        ct: *mut u8,
        ct_len: usize,
        aad: *const u8,
        aad_len: usize,
        pt: *const u8,
        pt_len: usize,
    ) -> c_int;
    pub fn mlkem_hpke_recipient_open(
        ctx: *mut mlkem_hpke_recipient,
        pt: *mut u8,
        pt_len: usize,
        aad: *const u8,
        aad_len: usize,
        ct: *const u8,
        ct_len: usize,
    ) -> c_int;
    pub fn mlkem_hpke_sender_export(
        ctx: *const mlkem_hpke_sender,
        out: *mut u8,
        out_len: usize,
        exporter_context: *const u8,
        context_len: usize,
    ) -> c_int;
    pub fn mlkem_hpke_recipient_export(
        ctx: *const mlkem_hpke_recipient,
        out: *mut u8,
        out_len: usize,
        exporter_context: *const u8,
        context_len: usize,
    ) -> c_int;
    pub fn mlkem_hpke_sender_seq(ctx: *const mlkem_hpke_sender) -> u64;
    pub fn mlkem_hpke_recipient_seq(ctx: *const mlkem_hpke_recipient) -> u64;
    pub fn mlkem_hpke_sender_wipe(ctx: *mut mlkem_hpke_sender);
    pub fn mlkem_hpke_recipient_wipe(ctx: *mut mlkem_hpke_recipient);
    pub fn mlkem_hpke_seal(
        suite: mlkem_hpke_suite,
        enc: *mut u8,
        enc_len: usize,
        ct: *mut u8,
        ct_len: usize,
        pk_r: *const mlkem_hpke_public_key,
        info: *const u8,
        info_len: usize,
        aad: *const u8,
        aad_len: usize,
        pt: *const u8,
        pt_len: usize,
        psk: *const mlkem_hpke_psk,
        sk_s: *const mlkem_hpke_private_key,
    ) -> c_int;
    pub fn mlkem_hpke_open(
        suite: mlkem_hpke_suite,
        pt: *mut u8,
        pt_len: usize,
        sk_r: *const mlkem_hpke_private_key,
        enc: *const u8,
        enc_len: usize,
        info: *const u8,
        info_len: usize,
        aad: *const u8,
        aad_len: usize,
        ct: *const u8,
        ct_len: usize,
        psk: *const mlkem_hpke_psk,
        pk_s: *const mlkem_hpke_public_key,
    ) -> c_int;
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    /// The sizes above against the C library's own descriptors.
    #[test]
    fn hpke_structures_have_the_c_sizes() {
        // The sizes mlkem_hpke.h gives (11,880 and 14,056 bytes), and its
        // context state: 24 bytes of counters and identifiers, the key,
        // the base nonce and the exporter secret, aligned to 8.
        assert_eq!(core::mem::size_of::<mlkem_hpke_public_key>(), 11880);
        assert_eq!(core::mem::size_of::<mlkem_hpke_private_key>(), 14056);
        assert_eq!(core::mem::size_of::<mlkem_hpke_sender>(), 136);
        let (mut pk, mut sk, mut enc) = (0, 0, 0);
        // SAFETY: three valid out-pointers.
        assert_eq!(
            unsafe { mlkem_hpke_kem_sizes(0x647A, &mut pk, &mut sk, &mut enc) },
            0
        );
        assert_eq!((pk, sk, enc), (1216, 32, 1120));
    }

    #[test]
    fn sizes_match_the_c_descriptors() {
        let sets: [(&CStr, usize, usize, usize, usize); 3] = [
            (
                c"ML-KEM-512",
                MLKEM512_EK_BYTES,
                MLKEM512_DK_BYTES,
                MLKEM512_CT_BYTES,
                MLKEM512_PREPARED_EK_BYTES,
            ),
            (
                c"ML-KEM-768",
                MLKEM768_EK_BYTES,
                MLKEM768_DK_BYTES,
                MLKEM768_CT_BYTES,
                MLKEM768_PREPARED_EK_BYTES,
            ),
            (
                c"ML-KEM-1024",
                MLKEM1024_EK_BYTES,
                MLKEM1024_DK_BYTES,
                MLKEM1024_CT_BYTES,
                MLKEM1024_PREPARED_EK_BYTES,
            ),
        ];
        for (name, ek, dk, ct, prep) in sets {
            // SAFETY: a NUL-terminated name; the result is NULL or a static
            // descriptor.
            let d = unsafe { mlkem_kem_by_name(name.as_ptr()).as_ref() }.expect("known set");
            assert_eq!(
                (d.ek_bytes, d.dk_bytes, d.ct_bytes),
                (ek, dk, ct),
                "{name:?}"
            );
            assert_eq!(d.prepared_ek_bytes, prep, "{name:?}");
            assert_eq!(d.ss_bytes, MLKEM_SS_BYTES);
            assert_eq!(d.seed_bytes, MLKEM_SEED_BYTES);
            assert_eq!(d.msg_bytes, MLKEM_MSG_BYTES);
        }
        for (name, xdk, xek) in [
            (
                c"ML-KEM-512",
                MLKEM512_EXPANDED_DK_BYTES,
                MLKEM512_EXPANDED_EK_BYTES,
            ),
            (
                c"ML-KEM-768",
                MLKEM768_EXPANDED_DK_BYTES,
                MLKEM768_EXPANDED_EK_BYTES,
            ),
            (
                c"ML-KEM-1024",
                MLKEM1024_EXPANDED_DK_BYTES,
                MLKEM1024_EXPANDED_EK_BYTES,
            ),
        ] {
            // SAFETY: as above.
            let d = unsafe { mlkem_kem_by_name(name.as_ptr()).as_ref() }.expect("known set");
            assert_eq!(
                (d.expanded_dk_bytes, d.expanded_ek_bytes),
                (xdk, xek),
                "{name:?}"
            );
            assert!(d.expand_dk.is_some() && d.encaps_expanded_derand.is_some());
        }
    }

    /// The round-3 sizes against the descriptors of mlkem_kyber_kems, which
    /// are in the order documented above.
    #[test]
    fn kyber_descriptors() {
        let sets: [(&CStr, usize, usize, usize); 6] = [
            (
                c"Kyber512",
                KYBER512_PK_BYTES,
                KYBER512_SK_BYTES,
                KYBER512_CT_BYTES,
            ),
            (
                c"Kyber768",
                KYBER768_PK_BYTES,
                KYBER768_SK_BYTES,
                KYBER768_CT_BYTES,
            ),
            (
                c"Kyber1024",
                KYBER1024_PK_BYTES,
                KYBER1024_SK_BYTES,
                KYBER1024_CT_BYTES,
            ),
            (
                c"Kyber512-90s",
                KYBER512_PK_BYTES,
                KYBER512_SK_BYTES,
                KYBER512_CT_BYTES,
            ),
            (
                c"Kyber768-90s",
                KYBER768_PK_BYTES,
                KYBER768_SK_BYTES,
                KYBER768_CT_BYTES,
            ),
            (
                c"Kyber1024-90s",
                KYBER1024_PK_BYTES,
                KYBER1024_SK_BYTES,
                KYBER1024_CT_BYTES,
            ),
        ];
        // SAFETY: a static array of seven pointers (six descriptors, NULL).
        let kems = unsafe { &*core::ptr::addr_of!(mlkem_kyber_kems) };
        for (i, (name, pk, sk, ct)) in sets.into_iter().enumerate() {
            // SAFETY: the entries before the NULL are static descriptors.
            let d = unsafe { kems[i].as_ref() }.expect("a descriptor");
            // SAFETY: a static NUL-terminated name.
            assert_eq!(unsafe { CStr::from_ptr(d.name) }, name);
            assert_eq!(
                (d.ek_bytes, d.dk_bytes, d.ct_bytes),
                (pk, sk, ct),
                "{name:?}"
            );
            assert_eq!(d.ss_bytes, KYBER_SS_BYTES);
            assert_eq!(d.seed_bytes, KYBER_KEYGEN_COINS_BYTES);
            assert_eq!(d.msg_bytes, KYBER_ENCAPS_COINS_BYTES);
            assert!(d.check_dk.is_some() && d.check_ek.is_some());
        }
        assert!(kems[6].is_null());
    }

    /// The error codes against mlkem_strerror, which names each one.
    #[test]
    fn error_codes_are_the_c_ones() {
        let named = |code| {
            // SAFETY: mlkem_strerror returns a static NUL-terminated string.
            let s = unsafe { CStr::from_ptr(mlkem_strerror(code)) };
            s.to_str().expect("ASCII") != "unknown error"
        };
        for code in [
            MLKEM_OK,
            MLKEM_ERR_RANDOM,
            MLKEM_ERR_INVALID_EK,
            MLKEM_ERR_INVALID_DK,
            MLKEM_ERR_NULL_ARGUMENT,
            MLKEM_ERR_BACKEND,
            MLKEM_ERR_SELFTEST,
            MLKEM_ERR_PAIRWISE,
            MLKEM_ERR_X25519_ZERO,
            MLKEM_ERR_EXPANDED_KEY,
        ] {
            assert!(named(code), "code {code}");
        }
        assert!(!named(-100));
    }

    #[test]
    fn selftest_passes() {
        // SAFETY: no arguments.
        assert_eq!(unsafe { mlkem_selftest() }, MLKEM_OK);
    }
}
