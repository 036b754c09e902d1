# SPDX-License-Identifier: Apache-2.0 OR MIT
"""HPKE (RFC 9180): encrypting a message to a public key, with the
post-quantum KEMs of draft-ietf-hpke-pq, in the shape of pyca/cryptography's
``cryptography.hazmat.primitives.hpke``::

    from libmlkem.hpke import AEAD, KDF, KEM, Suite
    from libmlkem.xwing import XWingPrivateKey

    suite = Suite(KEM.MLKEM768_X25519, KDF.HKDF_SHA256, AEAD.AES_128_GCM)
    private_key = XWingPrivateKey.generate()
    message = suite.encrypt(b"attack at dawn", private_key.public_key(),
                            info=b"app v1")
    assert suite.decrypt(message, private_key, info=b"app v1") == \\
        b"attack at dawn"

The message ``encrypt`` returns is ``enc || ciphertext``, as pyca's and Go's
``crypto/hpke`` write it: each opens what the others sealed. Beyond pyca's
API: the associated data (``aad``), PSK mode (``psk`` and ``psk_id``,
both or neither), ML-KEM-512, the TurboSHAKE KDFs, the export-only AEAD
secret export (``send_export``, ``receive_export``) and contexts for
several messages (``setup_sender``, ``setup_recipient``)::

    enc, sender = suite.setup_sender(private_key.public_key(), b"app v1")
    recipient = suite.setup_recipient(enc, private_key, b"app v1")
    for m in (b"one", b"two"):
        assert recipient.open(sender.seal(m)) == m

Keys are this package's key objects of the suite's KEM (``MLKEM768PrivateKey``
..., ``libmlkem.xwing.XWingPrivateKey``; a private key must have its seed,
which is HPKE's private key), or the KEM's serialized keys as bytes (the
only form for DHKEM(X25519): ``generate_key_pair``, ``derive_key_pair``).
A message that does not open raises ``InvalidTag``; a wrong length, suite
or mode raises ``ValueError``. Every computation is the C library's
(``mlkem_hpke.h``), with the GIL released.
"""
from __future__ import annotations

import enum
from typing import Any, Optional, Tuple

from . import _mlkem

__all__ = ["AEAD", "KDF", "KEM", "InvalidTag", "RecipientContext",
           "SenderContext", "Suite", "derive_key_pair", "generate_key_pair"]

#: Raised by ``Suite.decrypt`` for a message that does not open.
InvalidTag = _mlkem.HPKEInvalidTag


class KEM(enum.Enum):
    """The KEMs (HPKE's identifiers)."""
    X25519 = 0x0020  # DHKEM(X25519, HKDF-SHA256)
    MLKEM512 = 0x0040
    MLKEM768 = 0x0041
    MLKEM1024 = 0x0042
    MLKEM768_X25519 = 0x647A  # X-Wing

    def enc_length(self) -> int:
        """Nenc: the length of the encapsulation that starts a message."""
        return _mlkem._hpke_sizes(self.value)[2]


class KDF(enum.Enum):
    """The KDFs: HKDF (two-stage, RFC 9180) and the one-stage SHAKE and
    TurboSHAKE of draft-ietf-hpke-pq."""
    HKDF_SHA256 = 0x0001
    HKDF_SHA384 = 0x0002
    HKDF_SHA512 = 0x0003
    SHAKE128 = 0x0010
    SHAKE256 = 0x0011
    TURBOSHAKE128 = 0x0012
    TURBOSHAKE256 = 0x0013


class AEAD(enum.Enum):
    """The AEADs; EXPORT_ONLY encrypts nothing (secret export only)."""
    AES_128_GCM = 0x0001
    AES_256_GCM = 0x0002
    CHACHA20_POLY1305 = 0x0003
    EXPORT_ONLY = 0xFFFF


# The parameter_set of this package's key classes -> the HPKE KEM.
_KEM_OF_SET = {"ML-KEM-512": KEM.MLKEM512, "ML-KEM-768": KEM.MLKEM768,
               "ML-KEM-1024": KEM.MLKEM1024, "X-Wing": KEM.MLKEM768_X25519}


def _key_bytes(key: Any, kem: KEM, private: bool) -> bytes:
    """The serialized key: bytes as given, or a key object's raw bytes
    after checking that it is of the suite's KEM and kind."""
    if isinstance(key, (bytes, bytearray, memoryview)):
        return bytes(key)
    kind = "private" if private else "public"
    method = "private_bytes_raw" if private else "public_bytes_raw"
    have = _KEM_OF_SET.get(getattr(key, "parameter_set", None))
    if have is None or not hasattr(key, method):
        raise TypeError(f"HPKE: a {kind} key of {kem.name} (a key object of "
                        f"this package or its bytes), not "
                        f"{type(key).__name__}")
    if have is not kem:
        raise ValueError(f"HPKE: the suite's KEM is {kem.name}, the key is "
                         f"{key.parameter_set}")
    return getattr(key, method)()


def _opt(data: Any) -> Optional[bytes]:
    return None if data is None else bytes(data)


def _opt_empty(data: Any) -> bytes:
    return b"" if data is None else bytes(data)


class Suite:
    """An HPKE suite: a KEM, a KDF and an AEAD. Immutable."""

    __slots__ = ("_kem", "_kdf", "_aead")

    def __init__(self, kem: KEM, kdf: KDF, aead: AEAD) -> None:
        if not (isinstance(kem, KEM) and isinstance(kdf, KDF) and
                isinstance(aead, AEAD)):
            raise TypeError("Suite(kem: KEM, kdf: KDF, aead: AEAD)")
        self._kem, self._kdf, self._aead = kem, kdf, aead

    @property
    def kem(self) -> KEM:
        return self._kem

    @property
    def kdf(self) -> KDF:
        return self._kdf

    @property
    def aead(self) -> AEAD:
        return self._aead

    def _ids(self) -> Tuple[int, int, int]:
        return self._kem.value, self._kdf.value, self._aead.value

    def __repr__(self) -> str:
        return (f"Suite(KEM.{self._kem.name}, KDF.{self._kdf.name}, "
                f"AEAD.{self._aead.name})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Suite) and self._ids() == other._ids()

    def __hash__(self) -> int:
        return hash(self._ids())

    def encrypt(self, plaintext: Any, public_key: Any, info: Any = None, *,
                aad: Any = None, psk: Any = None, psk_id: Any = None) -> bytes:
        """Single-shot Seal (RFC 9180 6.1): a fresh encapsulation to
        public_key and one encryption; returns enc || ciphertext."""
        return _mlkem._hpke_seal(*self._ids(),
                                 _key_bytes(public_key, self._kem, False),
                                 _opt_empty(info), _opt_empty(aad),
                                 bytes(plaintext), _opt(psk), _opt(psk_id))

    def decrypt(self, ciphertext: Any, private_key: Any, info: Any = None, *,
                aad: Any = None, psk: Any = None, psk_id: Any = None) -> bytes:
        """Single-shot Open (RFC 9180 6.1) of enc || ciphertext; raises
        InvalidTag if it does not open."""
        return _mlkem._hpke_open(*self._ids(),
                                 _key_bytes(private_key, self._kem, True),
                                 bytes(ciphertext), _opt_empty(info),
                                 _opt_empty(aad), _opt(psk), _opt(psk_id))

    def send_export(self, public_key: Any, exporter_context: Any,
                    length: int, info: Any = None, *, psk: Any = None,
                    psk_id: Any = None) -> Tuple[bytes, bytes]:
        """SendExport (RFC 9180 6.2): (enc, a secret of length bytes)."""
        return _mlkem._hpke_send_export(
            *self._ids(), _key_bytes(public_key, self._kem, False),
            _opt_empty(info), bytes(exporter_context), length, _opt(psk),
            _opt(psk_id))

    def setup_sender(self, public_key: Any, info: Any = None, *,
                     psk: Any = None,
                     psk_id: Any = None) -> Tuple[bytes, SenderContext]:
        """SetupS (RFC 9180 5.1): (enc to send, the sender's context)."""
        enc, c = _mlkem._hpke_setup_sender(
            *self._ids(), _key_bytes(public_key, self._kem, False),
            _opt_empty(info), _opt(psk), _opt(psk_id))
        return enc, SenderContext(c)

    def setup_recipient(self, enc: Any, private_key: Any, info: Any = None,
                        *, psk: Any = None,
                        psk_id: Any = None) -> RecipientContext:
        """SetupR (RFC 9180 5.1): the recipient's context for enc."""
        return RecipientContext(_mlkem._hpke_setup_recipient(
            *self._ids(), _key_bytes(private_key, self._kem, True),
            bytes(enc), _opt_empty(info), _opt(psk), _opt(psk_id)))

    def receive_export(self, enc: Any, private_key: Any,
                       exporter_context: Any, length: int, info: Any = None,
                       *, psk: Any = None, psk_id: Any = None) -> bytes:
        """ReceiveExport (RFC 9180 6.2): the sender's secret, from enc."""
        return _mlkem._hpke_receive_export(
            *self._ids(), _key_bytes(private_key, self._kem, True),
            bytes(enc), _opt_empty(info), bytes(exporter_context), length,
            _opt(psk), _opt(psk_id))


class _Context:
    """What both contexts have: secret export and the sequence number."""

    __slots__ = ("_c",)

    def __init__(self, c: Any) -> None:
        self._c = c

    def export(self, exporter_context: Any, length: int) -> bytes:
        """Context.Export(exporter_context, L)."""
        return _mlkem._hpke_context_export(self._c, bytes(exporter_context),
                                           length)

    @property
    def sequence_number(self) -> int:
        """The number of messages sealed (sender) or opened (recipient)."""
        return _mlkem._hpke_context_seq(self._c)


class SenderContext(_Context):
    """A sender's context (RFC 9180 5.2): seals messages in order (each
    seal moves its sequence number) and exports secrets. Made by
    ``Suite.setup_sender``; wiped when freed; not copyable. One thread at a
    time (another raises RuntimeError)."""

    __slots__ = ()

    def seal(self, plaintext: Any, aad: Any = None) -> bytes:
        """Context.Seal(aad, pt): the ciphertext (plaintext + 16 bytes)."""
        return _mlkem._hpke_context_seal(self._c, _opt_empty(aad),
                                         bytes(plaintext))


class RecipientContext(_Context):
    """A recipient's context: opens messages in the order they were sealed
    (InvalidTag for one that does not open; its sequence number then does
    not move) and exports secrets. Made by ``Suite.setup_recipient``."""

    __slots__ = ()

    def open(self, ciphertext: Any, aad: Any = None) -> bytes:
        """Context.Open(aad, ct): the plaintext."""
        return _mlkem._hpke_context_open(self._c, _opt_empty(aad),
                                         bytes(ciphertext))


def generate_key_pair(kem: KEM) -> Tuple[bytes, bytes]:
    """A new key pair of kem from the OS's random source, serialized:
    (private key, public key)."""
    return _mlkem._hpke_keypair(KEM(kem).value, None)


def derive_key_pair(kem: KEM, ikm: Any) -> Tuple[bytes, bytes]:
    """DeriveKeyPair(ikm) as each specification defines it, serialized:
    (private key, public key)."""
    return _mlkem._hpke_keypair(KEM(kem).value, bytes(ikm))
