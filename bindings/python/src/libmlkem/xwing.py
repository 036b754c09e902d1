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
keys for X-Wing files. A private key object keeps its seed expanded (the
ML-KEM-768 key pair in the library's expanded form and the X25519 key
pair, computed once when the object is made, about 7.7 KiB), so that
``decapsulate`` does not expand it again as the draft's Decapsulate does:
the same secrets, at about two thirds of the cost. An X25519 point of
small order in a ciphertext is not an error (ML-KEM carries the security
then). Derandomized functions,
for known-answer tests, are in ``libmlkem.hazmat`` (``xwing_generate_derand``,
``xwing_encapsulate_derand``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import _mlkem
from ._keys import PrivateKeyBase, PublicKeyBase

__all__ = ["XWingPrivateKey", "XWingPublicKey"]


class XWingPublicKey(PublicKeyBase):
    """X-Wing public key: ML-KEM-768 ek (1184 bytes) || X25519 public key
    (32 bytes). Immutable, comparable and hashable. ``public_bytes``
    writes the raw bytes (Encoding.Raw, PublicFormat.Raw) or the draft's
    SubjectPublicKeyInfo in PEM or DER."""
    __slots__ = ()
    parameter_set = "X-Wing"


class XWingPrivateKey(PrivateKeyBase):
    """X-Wing private key: the 32-byte seed. Immutable; equality is
    compared in constant time; not hashable and not picklable.
    ``private_bytes`` writes the seed (Encoding.Raw, PrivateFormat.Raw) or
    the draft's unencrypted PKCS#8 holding it, in PEM or DER."""
    __slots__ = ()
    parameter_set = "X-Wing"

    @classmethod
    def from_seed_bytes(cls, data: Any) -> XWingPrivateKey:
        """The private key of a 32-byte seed (any 32 bytes are one)."""
        return cls._from_dk(data)

    if TYPE_CHECKING:
        def public_key(self) -> XWingPublicKey: ...


_mlkem._register(XWingPrivateKey.parameter_set, XWingPrivateKey,
                 XWingPublicKey)
