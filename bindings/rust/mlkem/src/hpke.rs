// SPDX-License-Identifier: Apache-2.0 OR MIT
//! HPKE (RFC 9180), with the ML-KEM and X-Wing KEMs and one-stage KDFs of
//! draft-ietf-hpke-pq, over the C functions of `include/mlkem_hpke.h`
//! (which documents the suites, limits and errors). Shaped like the
//! `hpke` crate (rust-hpke): operation modes [`OpModeS`] / [`OpModeR`],
//! `setup_sender` / `setup_receiver` giving contexts that seal, open and
//! export, and single-shot seal and open; but with the suite chosen at run
//! time ([`Suite`]) and, as the rest of this crate, no allocation: outputs go
//! into the caller's buffers.
//!
//! ```
//! use libmlkem::hpke::{Aead, Kdf, Kem, OpModeR, OpModeS, PrivateKey, Suite};
//!
//! let suite = Suite::new(Kem::MlKem768X25519, Kdf::HkdfSha256, Aead::Aes128Gcm);
//! let sk = PrivateKey::generate(suite.kem)?;
//! let pk = sk.public_key()?;
//! let pt = b"attack at dawn";
//! // The message enc || ciphertext, as Go's crypto/hpke and pyca write it.
//! let mut msg = [0u8; 1120 + 14 + 16];
//! let n = suite.seal(&pk, &OpModeS::Base, b"app v1", b"", pt, &mut msg)?;
//! let mut out = [0u8; 14];
//! let m = suite.open(&sk, &OpModeR::Base, b"app v1", b"", &msg[..n], &mut out)?;
//! assert_eq!(&out[..m], pt);
//! # Ok::<(), libmlkem::Error>(())
//! ```
//!
//! - Keys: [`PublicKey`] and [`PrivateKey`] hold the C library's key objects
//!   (imported once: the checks, and ML-KEM's expanded key), 11,880 and
//!   14,056 bytes inline. `from_bytes` takes the serialized keys (ML-KEM's ek
//!   and 64-byte seed, X-Wing's 1216-byte pk and 32-byte seed, X25519's 32
//!   bytes). The private key and the contexts are wiped when dropped.
//! - A message that does not open gives [`Error::AeadTag`] and the output is
//!   zeroed; a wrong length, suite or mode [`Error::HpkeLength`],
//!   [`Error::HpkeSuite`], [`Error::HpkeMode`].
//! - The Auth modes exist for DHKEM(X25519) only (RFC 9180 defines them for
//!   DH KEMs alone).
use crate::error::{check, Error};
use core::fmt;
use core::ptr;
use libmlkem_sys as sys;

/// The tag that every ciphertext carries (Nt).
pub const TAG_SIZE: usize = sys::MLKEM_HPKE_TAG_BYTES;

macro_rules! id_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $id:expr,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vm])* $v,)*
        }
        impl $name {
            /// HPKE's identifier.
            pub const fn id(self) -> u16 {
                match self {
                    $($name::$v => $id,)*
                }
            }
            /// The algorithm of an identifier, if this crate offers it.
            pub const fn from_id(id: u16) -> Option<Self> {
                match id {
                    $($id => Some($name::$v),)*
                    _ => None,
                }
            }
        }
    };
}

id_enum!(
    /// The KEMs.
    Kem {
        /// DHKEM(X25519, HKDF-SHA256), 0x0020.
        DhKemX25519HkdfSha256 = 0x0020,
        /// ML-KEM-512, 0x0040.
        MlKem512 = 0x0040,
        /// ML-KEM-768, 0x0041.
        MlKem768 = 0x0041,
        /// ML-KEM-1024, 0x0042.
        MlKem1024 = 0x0042,
        /// MLKEM768-X25519 (X-Wing), 0x647A.
        MlKem768X25519 = 0x647A,
    }
);

id_enum!(
    /// The KDFs: HKDF (two-stage) and the one-stage SHAKE and TurboSHAKE.
    Kdf {
        /// HKDF-SHA256.
        HkdfSha256 = 0x0001,
        /// HKDF-SHA384.
        HkdfSha384 = 0x0002,
        /// HKDF-SHA512.
        HkdfSha512 = 0x0003,
        /// SHAKE128.
        Shake128 = 0x0010,
        /// SHAKE256.
        Shake256 = 0x0011,
        /// TurboSHAKE128.
        TurboShake128 = 0x0012,
        /// TurboSHAKE256.
        TurboShake256 = 0x0013,
    }
);

id_enum!(
    /// The AEADs; `ExportOnly` encrypts nothing (secret export only).
    Aead {
        /// AES-128-GCM.
        Aes128Gcm = 0x0001,
        /// AES-256-GCM.
        Aes256Gcm = 0x0002,
        /// ChaCha20-Poly1305.
        ChaCha20Poly1305 = 0x0003,
        /// Export-only.
        ExportOnly = 0xFFFF,
    }
);

impl Kem {
    fn sizes(self) -> (usize, usize, usize) {
        let (mut pk, mut sk, mut enc) = (0, 0, 0);
        // SAFETY: three valid out-pointers; every Kem is offered.
        let rc = unsafe { sys::mlkem_hpke_kem_sizes(self.id(), &mut pk, &mut sk, &mut enc) };
        debug_assert_eq!(rc, 0);
        (pk, sk, enc)
    }
    /// Npk: bytes of a serialized public key.
    pub fn public_key_size(self) -> usize {
        self.sizes().0
    }
    /// Nsk: bytes of a serialized private key.
    pub fn private_key_size(self) -> usize {
        self.sizes().1
    }
    /// Nenc: bytes of the encapsulation that starts a message.
    pub fn enc_size(self) -> usize {
        self.sizes().2
    }
}

/// A suite: a KEM, a KDF and an AEAD.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Suite {
    /// The KEM.
    pub kem: Kem,
    /// The KDF.
    pub kdf: Kdf,
    /// The AEAD.
    pub aead: Aead,
}

/// A pre-shared key and its identifier (PSK modes): both non-empty.
#[derive(Clone, Copy)]
pub struct PskBundle<'a> {
    /// The key: at least 32 bytes of entropy (RFC 9180 5.1.2).
    pub psk: &'a [u8],
    /// Its identifier.
    pub psk_id: &'a [u8],
}

impl fmt::Debug for PskBundle<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PskBundle { .. }")
    }
}

/// A mode (RFC 9180 5): its PSK and, for the Auth modes, a key of the
/// sender's: its private key on the sender's side ([`OpModeS`]), its
/// public key on the recipient's ([`OpModeR`]).
#[derive(Debug)]
pub enum OpMode<'a, K> {
    /// Base mode.
    Base,
    /// PSK mode.
    Psk(PskBundle<'a>),
    /// Auth mode (DHKEM(X25519) only): the sender's key.
    Auth(&'a K),
    /// AuthPSK mode.
    AuthPsk(&'a K, PskBundle<'a>),
}

/// The sender's mode.
pub type OpModeS<'a> = OpMode<'a, PrivateKey>;
/// The recipient's mode.
pub type OpModeR<'a> = OpMode<'a, PublicKey>;

impl<K> Clone for OpMode<'_, K> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K> Copy for OpMode<'_, K> {}

/// The C key object of a key type (the keys of the Auth modes).
trait CKey {
    type C;
    fn c(&self) -> *const Self::C;
}

/// A mode's PSK and Auth key, as the C functions take them.
fn parts<K: CKey>(mode: &OpMode<'_, K>) -> (Option<sys::mlkem_hpke_psk>, *const K::C) {
    let c_psk = |p: &PskBundle<'_>| sys::mlkem_hpke_psk {
        psk: p.psk.as_ptr(),
        psk_len: p.psk.len(),
        psk_id: p.psk_id.as_ptr(),
        psk_id_len: p.psk_id.len(),
    };
    match mode {
        OpMode::Base => (None, ptr::null()),
        OpMode::Psk(p) => (Some(c_psk(p)), ptr::null()),
        OpMode::Auth(k) => (None, k.c()),
        OpMode::AuthPsk(k, p) => (Some(c_psk(p)), k.c()),
    }
}

/// A recipient's public key, checked and ready for use.
#[derive(Clone)]
pub struct PublicKey(sys::mlkem_hpke_public_key);

/// The methods both key types build the same way around their C functions:
/// `from_bytes` (the import with its checks), `kem`, `write_bytes`, and the
/// C key object for the Auth modes.
macro_rules! key_object {
    ($name:ident, $c:ty, $empty:expr, $import:ident, $kem:ident, $bytes:ident, $size:ident,
     $what:literal, $len:literal) => {
        impl $name {
            #[doc = concat!("Deserialize", $what, "Key: `bytes` must be the KEM's ",
                                            $len, " bytes; the checks of `include/mlkem_hpke.h`.")]
            pub fn from_bytes(kem: Kem, bytes: &[u8]) -> Result<Self, Error> {
                let mut key = $empty;
                // SAFETY: a valid key object and a slice.
                check(unsafe { sys::$import(&mut key.0, kem.id(), bytes.as_ptr(), bytes.len()) })?;
                Ok(key)
            }
            /// The key's KEM.
            pub fn kem(&self) -> Kem {
                // SAFETY: a key object set up by from_bytes.
                Kem::from_id(unsafe { sys::$kem(&self.0) }).expect("a key object of an offered KEM")
            }
            #[doc = concat!("Serialize", $what, "Key into the start of `out`, which ",
                                            "must hold ", $len, " bytes; returns ", $len, ".")]
            pub fn write_bytes(&self, out: &mut [u8]) -> Result<usize, Error> {
                let n = self.kem().$size();
                let out = out.get_mut(..n).ok_or(Error::HpkeLength)?;
                // SAFETY: a key object and an output of n bytes.
                check(unsafe { sys::$bytes(&self.0, out.as_mut_ptr(), n) })?;
                Ok(n)
            }
        }
        impl CKey for $name {
            type C = $c;
            fn c(&self) -> *const Self::C {
                &self.0
            }
        }
    };
}

key_object!(
    PublicKey,
    sys::mlkem_hpke_public_key,
    PublicKey(sys::mlkem_hpke_public_key {
        magic: 0,
        kem: 0,
        pad: 0,
        data: [0; 11872]
    }),
    mlkem_hpke_public_key_import,
    mlkem_hpke_public_key_kem,
    mlkem_hpke_public_key_bytes,
    public_key_size,
    "Public",
    "Npk"
);
key_object!(
    PrivateKey,
    sys::mlkem_hpke_private_key,
    PrivateKey::empty(),
    mlkem_hpke_private_key_import,
    mlkem_hpke_private_key_kem,
    mlkem_hpke_private_key_bytes,
    private_key_size,
    "Private",
    "Nsk"
);

impl fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "hpke::PublicKey({:?})", self.kem())
    }
}

/// A private key: secret, wiped when dropped.
pub struct PrivateKey(sys::mlkem_hpke_private_key);

impl PrivateKey {
    fn empty() -> Self {
        PrivateKey(sys::mlkem_hpke_private_key {
            magic: 0,
            kem: 0,
            pad: 0,
            data: [0; 14048],
        })
    }
    fn from_pair(kem: Kem, f: impl FnOnce(*mut u8, *mut u8) -> i32) -> Result<Self, Error> {
        let mut pk = [0u8; sys::MLKEM_HPKE_MAX_PK_BYTES];
        let mut sk = [0u8; sys::MLKEM_HPKE_MAX_SK_BYTES];
        let rc = f(pk.as_mut_ptr(), sk.as_mut_ptr());
        let res = check(rc).and_then(|()| Self::from_bytes(kem, &sk[..kem.private_key_size()]));
        zeroize::Zeroize::zeroize(&mut sk);
        res
    }
    /// GenerateKeyPair from the operating system's random source (in the C
    /// library).
    pub fn generate(kem: Kem) -> Result<Self, Error> {
        let (npk, nsk, _) = kem.sizes();
        // SAFETY: outputs of Npk and Nsk bytes.
        Self::from_pair(kem, |pk, sk| unsafe {
            sys::mlkem_hpke_keygen(kem.id(), pk, npk, sk, nsk)
        })
    }
    /// DeriveKeyPair(ikm), as each specification defines it.
    pub fn derive(kem: Kem, ikm: &[u8]) -> Result<Self, Error> {
        let (npk, nsk, _) = kem.sizes();
        // SAFETY: outputs of Npk and Nsk bytes; ikm a slice.
        Self::from_pair(kem, |pk, sk| unsafe {
            sys::mlkem_hpke_derive_keypair(kem.id(), pk, npk, sk, nsk, ikm.as_ptr(), ikm.len())
        })
    }
    /// Its public key.
    pub fn public_key(&self) -> Result<PublicKey, Error> {
        let mut pk = [0u8; sys::MLKEM_HPKE_MAX_PK_BYTES];
        let n = self.kem().public_key_size();
        // SAFETY: a key object and an output of n bytes.
        check(unsafe { sys::mlkem_hpke_private_key_public(&self.0, pk.as_mut_ptr(), n) })?;
        PublicKey::from_bytes(self.kem(), &pk[..n])
    }
}

impl Drop for PrivateKey {
    fn drop(&mut self) {
        // SAFETY: a key object of ours.
        unsafe { sys::mlkem_hpke_private_key_wipe(&mut self.0) }
    }
}

impl zeroize::ZeroizeOnDrop for PrivateKey {}

impl fmt::Debug for PrivateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "hpke::PrivateKey({:?}, ..)", self.kem())
    }
}

fn psk_ptr(p: &Option<sys::mlkem_hpke_psk>) -> *const sys::mlkem_hpke_psk {
    p.as_ref().map_or(ptr::null(), |r| r as *const _)
}

fn empty_state() -> sys::mlkem_hpke_context_state {
    sys::mlkem_hpke_context_state {
        seq: 0,
        magic: 0,
        kem: 0,
        kdf: 0,
        aead: 0,
        mode: 0,
        nk: 0,
        nh: 0,
        pad: [0; 3],
        key: [0; 32],
        base_nonce: [0; 12],
        exporter_secret: [0; 64],
    }
}

impl Suite {
    /// The suite of three algorithms.
    pub const fn new(kem: Kem, kdf: Kdf, aead: Aead) -> Self {
        Suite { kem, kdf, aead }
    }

    fn c(&self) -> sys::mlkem_hpke_suite {
        sys::mlkem_hpke_suite {
            kem: self.kem.id(),
            kdf: self.kdf.id(),
            aead: self.aead.id(),
        }
    }

    /// Single-shot Seal (RFC 9180 6.1): writes the message enc || ct
    /// (Nenc + `pt.len()` + 16 bytes) at the start of `out` and returns its
    /// length.
    pub fn seal(
        &self,
        pk_r: &PublicKey,
        mode: &OpModeS<'_>,
        info: &[u8],
        aad: &[u8],
        pt: &[u8],
        out: &mut [u8],
    ) -> Result<usize, Error> {
        let nenc = self.kem.enc_size();
        let n = nenc + pt.len() + TAG_SIZE;
        let out = out.get_mut(..n).ok_or(Error::HpkeLength)?;
        let (enc, ct) = out.split_at_mut(nenc);
        let (psk, sk_s) = parts(mode);
        // SAFETY: every pointer is a slice or key object with its length, or
        // NULL where the C function allows it.
        check(unsafe {
            sys::mlkem_hpke_seal(
                self.c(),
                enc.as_mut_ptr(),
                nenc,
                ct.as_mut_ptr(),
                ct.len(),
                &pk_r.0,
                info.as_ptr(),
                info.len(),
                aad.as_ptr(),
                aad.len(),
                pt.as_ptr(),
                pt.len(),
                psk_ptr(&psk),
                sk_s,
            )
        })?;
        Ok(n)
    }

    /// Single-shot Open of the message enc || ct: writes the plaintext
    /// (`msg.len()` - Nenc - 16 bytes) at the start of `out` and returns its
    /// length. [`Error::AeadTag`] if it does not open (also for a message
    /// shorter than enc and the tag); `out` is then zeroed.
    pub fn open(
        &self,
        sk_r: &PrivateKey,
        mode: &OpModeR<'_>,
        info: &[u8],
        aad: &[u8],
        msg: &[u8],
        out: &mut [u8],
    ) -> Result<usize, Error> {
        let nenc = self.kem.enc_size();
        if msg.len() < nenc + TAG_SIZE {
            return Err(Error::AeadTag);
        }
        let (enc, ct) = msg.split_at(nenc);
        let n = ct.len() - TAG_SIZE;
        let out = out.get_mut(..n).ok_or(Error::HpkeLength)?;
        let (psk, pk_s) = parts(mode);
        // SAFETY: as in seal.
        check(unsafe {
            sys::mlkem_hpke_open(
                self.c(),
                out.as_mut_ptr(),
                n,
                &sk_r.0,
                enc.as_ptr(),
                nenc,
                info.as_ptr(),
                info.len(),
                aad.as_ptr(),
                aad.len(),
                ct.as_ptr(),
                ct.len(),
                psk_ptr(&psk),
                pk_s,
            )
        })?;
        Ok(n)
    }

    /// SetupS (RFC 9180 5.1): writes enc (Nenc bytes) at the start of
    /// `enc_out` and returns the sender's context.
    pub fn setup_sender(
        &self,
        pk_r: &PublicKey,
        mode: &OpModeS<'_>,
        info: &[u8],
        enc_out: &mut [u8],
    ) -> Result<SenderContext, Error> {
        let nenc = self.kem.enc_size();
        let enc = enc_out.get_mut(..nenc).ok_or(Error::HpkeLength)?;
        let mut ctx = SenderContext(sys::mlkem_hpke_sender { s: empty_state() });
        let (psk, sk_s) = parts(mode);
        // SAFETY: as in seal.
        check(unsafe {
            sys::mlkem_hpke_setup_sender(
                &mut ctx.0,
                enc.as_mut_ptr(),
                nenc,
                self.c(),
                &pk_r.0,
                info.as_ptr(),
                info.len(),
                psk_ptr(&psk),
                sk_s,
            )
        })?;
        Ok(ctx)
    }

    /// SetupR (RFC 9180 5.1): the recipient's context for `enc`.
    pub fn setup_receiver(
        &self,
        sk_r: &PrivateKey,
        mode: &OpModeR<'_>,
        enc: &[u8],
        info: &[u8],
    ) -> Result<ReceiverContext, Error> {
        let mut ctx = ReceiverContext(sys::mlkem_hpke_recipient { s: empty_state() });
        let (psk, pk_s) = parts(mode);
        // SAFETY: as in seal.
        check(unsafe {
            sys::mlkem_hpke_setup_recipient(
                &mut ctx.0,
                self.c(),
                &sk_r.0,
                enc.as_ptr(),
                enc.len(),
                info.as_ptr(),
                info.len(),
                psk_ptr(&psk),
                pk_s,
            )
        })?;
        Ok(ctx)
    }
}

/// A sender's context: seals messages in order and exports secrets. Wiped
/// when dropped.
pub struct SenderContext(sys::mlkem_hpke_sender);

/// A recipient's context: opens messages in order and exports secrets.
/// Wiped when dropped.
pub struct ReceiverContext(sys::mlkem_hpke_recipient);

impl SenderContext {
    /// Context.Seal(aad, pt): writes `pt.len()` + 16 bytes at the start of
    /// `out` and returns the length.
    pub fn seal(&mut self, aad: &[u8], pt: &[u8], out: &mut [u8]) -> Result<usize, Error> {
        let n = pt.len() + TAG_SIZE;
        let out = out.get_mut(..n).ok_or(Error::HpkeLength)?;
        // SAFETY: a context of ours and slices with their lengths.
        check(unsafe {
            sys::mlkem_hpke_sender_seal(
                &mut self.0,
                out.as_mut_ptr(),
                n,
                aad.as_ptr(),
                aad.len(),
                pt.as_ptr(),
                pt.len(),
            )
        })?;
        Ok(n)
    }
}

impl ReceiverContext {
    /// Context.Open(aad, ct): writes `ct.len()` - 16 bytes at the start of
    /// `out` and returns the length; [`Error::AeadTag`] (output zeroed,
    /// sequence number unchanged) if it does not open.
    pub fn open(&mut self, aad: &[u8], ct: &[u8], out: &mut [u8]) -> Result<usize, Error> {
        let n = ct.len().checked_sub(TAG_SIZE).ok_or(Error::AeadTag)?;
        let out = out.get_mut(..n).ok_or(Error::HpkeLength)?;
        // SAFETY: a context of ours and slices with their lengths.
        check(unsafe {
            sys::mlkem_hpke_recipient_open(
                &mut self.0,
                out.as_mut_ptr(),
                n,
                aad.as_ptr(),
                aad.len(),
                ct.as_ptr(),
                ct.len(),
            )
        })?;
        Ok(n)
    }
}

/// What both contexts have, around their C functions: export, the sequence
/// number, the wipe when dropped, and a Debug that shows no secret.
macro_rules! context_common {
    ($name:ident, $export:ident, $seq:ident, $wipe:ident, $what:literal) => {
        impl $name {
            /// Context.Export(exporter_context, L) with L = `out.len()`.
            pub fn export(&self, exporter_context: &[u8], out: &mut [u8]) -> Result<(), Error> {
                // SAFETY: a context of ours and slices with their lengths.
                check(unsafe {
                    sys::$export(
                        &self.0,
                        out.as_mut_ptr(),
                        out.len(),
                        exporter_context.as_ptr(),
                        exporter_context.len(),
                    )
                })
            }
            #[doc = concat!("The number of messages ", $what, ".")]
            pub fn sequence_number(&self) -> u64 {
                // SAFETY: a context of ours.
                unsafe { sys::$seq(&self.0) }
            }
        }
        impl Drop for $name {
            fn drop(&mut self) {
                // SAFETY: a context of ours.
                unsafe { sys::$wipe(&mut self.0) }
            }
        }
        impl zeroize::ZeroizeOnDrop for $name {}
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(
                    f,
                    concat!("hpke::", stringify!($name), " {{ seq: {}, .. }}"),
                    self.sequence_number()
                )
            }
        }
    };
}

context_common!(
    SenderContext,
    mlkem_hpke_sender_export,
    mlkem_hpke_sender_seq,
    mlkem_hpke_sender_wipe,
    "sealed"
);
context_common!(
    ReceiverContext,
    mlkem_hpke_recipient_export,
    mlkem_hpke_recipient_seq,
    mlkem_hpke_recipient_wipe,
    "opened"
);
