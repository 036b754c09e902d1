# SPDX-License-Identifier: Apache-2.0 OR MIT
"""X-Wing (draft-connolly-cfrg-xwing-kem-10): the general-purpose hybrid
KEM of ML-KEM-768 and X25519 with a SHA3-256 combiner, secure if either
part is ("MLKEM768-X25519" in HPKE and the concrete-hybrid drafts, HPKE
KEM id 0x647A)::

    from libmlkem.xwing import XWingPrivateKey

    private_key = XWingPrivateKey.generate()
    shared_secret, ciphertext = private_key.public_key().encapsulate()
    assert private_key.decapsulate(ciphertext) == shared_secret

The private key is a 32-byte seed (``from_seed_bytes``,
``private_bytes_raw``), from which the ML-KEM-768 and X25519 keys are
expanded; the public key is ML-KEM-768's ek followed by the X25519 public
key, 1216 bytes (``from_public_bytes``, ``public_bytes_raw``, with the
FIPS 203 modulus check of its ML-KEM part); ciphertexts are 1120 bytes
and shared secrets 32. Key files are the draft's ("Use in X.509": OID
1.3.6.1.4.1.62253.25722, PKCS#8 holding the seed, SubjectPublicKeyInfo
holding pk), in PEM or DER: ``private_bytes``, ``public_bytes`` and the
loaders of ``libmlkem`` (``load_pem_private_key`` ...), which return X-Wing
keys for X-Wing files. As the draft defines it, decapsulation expands the
seed on every call, and an X25519 point of small order in a ciphertext is
not an error (ML-KEM carries the security then). Derandomized functions,
for known-answer tests, are in ``libmlkem.hazmat`` (``xwing_generate_derand``,
``xwing_encapsulate_derand``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import _mlkem
from ._kem_keys import RawPrivateKey, RawPublicKey
from ._keys import MLKEMPrivateKey, MLKEMPublicKey
from .serialization import Encoding, PrivateFormat, PublicFormat

__all__ = ["XWingPrivateKey", "XWingPublicKey"]


class XWingPublicKey(RawPublicKey):
    """X-Wing public key: ML-KEM-768 ek (1184 bytes) || X25519 public key
    (32 bytes). Immutable, comparable and hashable."""
    __slots__ = ()
    parameter_set = "X-Wing"

    def public_bytes(self, encoding: Encoding, format: PublicFormat) -> bytes:
        """The key as raw bytes (Encoding.Raw, PublicFormat.Raw) or as the
        draft's SubjectPublicKeyInfo in PEM or DER."""
        # The ML-KEM keys' choices of encoding and format.
        return MLKEMPublicKey.public_bytes(self, encoding, format)


class XWingPrivateKey(RawPrivateKey):
    """X-Wing private key: the 32-byte seed. Immutable; equality is
    compared in constant time; not hashable and not picklable."""
    __slots__ = ()
    parameter_set = "X-Wing"

    def private_bytes(self, encoding: Encoding, format: PrivateFormat,
                      encryption_algorithm: Any) -> bytes:
        """The 32-byte seed (Encoding.Raw, PrivateFormat.Raw) or the
        draft's unencrypted PKCS#8 holding it, in PEM or DER."""
        return MLKEMPrivateKey.private_bytes(self, encoding, format,
                                             encryption_algorithm)

    @classmethod
    def from_seed_bytes(cls, data: Any) -> XWingPrivateKey:
        """The private key of a 32-byte seed (any 32 bytes are one)."""
        return cls._from_private_bytes(data)

    if TYPE_CHECKING:
        def public_key(self) -> XWingPublicKey: ...


_mlkem._register_kem(XWingPrivateKey.parameter_set, XWingPrivateKey,
                     XWingPublicKey)
