# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Kyber as submitted to the third round of the NIST post-quantum process
(CRYSTALS-Kyber, specification version 3.02), the pre-standard scheme that
ML-KEM replaced, and its "90s" variant, for systems that still speak it
(stored round-3 keys, a peer that negotiated Kyber)::

    from libmlkem.kyber import Kyber768PrivateKey

    private_key = Kyber768PrivateKey.generate()
    shared_secret, ciphertext = private_key.public_key().encapsulate()
    assert private_key.decapsulate(ciphertext) == shared_secret

For anything new use ML-KEM (``libmlkem.MLKEM768PrivateKey``): round-3 Kyber
is not a standard, and its outputs differ from ML-KEM's for the same
inputs.

Classes: ``Kyber512``, ``Kyber768`` and ``Kyber1024`` ``PrivateKey`` /
``PublicKey``, and for the 90s variant (the specification's
"Kyber768-90s": AES-256-CTR and SHA-2 in place of SHAKE and SHA-3)
``Kyber512_90s``, ``Kyber768_90s`` and ``Kyber1024_90s`` ``PrivateKey`` /
``PublicKey``: the variant's name with its hyphen, which a Python name
cannot hold, written as an underscore. ``parameter_set`` is the name with
the hyphen.

Keys are the round-3 byte strings, pk and sk (the sizes of ML-KEM's ek and
dk): ``from_private_bytes`` / ``private_bytes_raw`` and
``from_public_bytes`` / ``public_bytes_raw``. There are no key files: no
standard OID identifies round-3 Kyber. Every key from outside gets FIPS
203's input checks, a deliberate strictness every honestly generated
round-3 key passes: the modulus check of pk (and of the pk inside sk) and
the hash check of sk; a key that fails is refused with ValueError.
Derandomized key generation and encapsulation, for known-answer tests, are
in ``libmlkem.hazmat`` (``kyber_generate_derand``,
``kyber_encapsulate_derand``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Tuple, Type, TypeVar

from . import _mlkem
from ._kem_keys import RawPrivateKey, RawPublicKey

__all__ = [
    "KyberPrivateKey", "KyberPublicKey",
    "Kyber512PrivateKey", "Kyber512PublicKey",
    "Kyber768PrivateKey", "Kyber768PublicKey",
    "Kyber1024PrivateKey", "Kyber1024PublicKey",
    "Kyber512_90sPrivateKey", "Kyber512_90sPublicKey",
    "Kyber768_90sPrivateKey", "Kyber768_90sPublicKey",
    "Kyber1024_90sPrivateKey", "Kyber1024_90sPublicKey",
]

_K = TypeVar("_K", bound="KyberPrivateKey")
_NO_FILES = "there is no standard OID (key file format) for round-3 Kyber"


class KyberPublicKey(RawPublicKey):
    """Base of the round-3 Kyber public key classes: a pk that has passed
    the FIPS 203 modulus check."""
    __slots__ = ()
    _raw_only = _NO_FILES


class KyberPrivateKey(RawPrivateKey):
    """Base of the round-3 Kyber private key classes: an sk that has
    passed the FIPS 203 hash check (and the modulus check of its pk)."""
    __slots__ = ()
    _raw_only = _NO_FILES

    @classmethod
    def from_private_bytes(cls: Type[_K], data: Any) -> _K:
        """The private key of a round-3 sk (dk_PKE || pk || H(pk) || z),
        checked: ValueError if its H(pk) is not the hash of its pk or its
        pk fails the modulus check."""
        return cls._from_private_bytes(data)


class Kyber512PublicKey(KyberPublicKey):
    """Kyber512 public key (800 bytes); ciphertexts of 768 bytes."""
    __slots__ = ()
    parameter_set = "Kyber512"


class Kyber768PublicKey(KyberPublicKey):
    """Kyber768 public key (1184 bytes); ciphertexts of 1088 bytes."""
    __slots__ = ()
    parameter_set = "Kyber768"


class Kyber1024PublicKey(KyberPublicKey):
    """Kyber1024 public key (1568 bytes); ciphertexts of 1568 bytes."""
    __slots__ = ()
    parameter_set = "Kyber1024"


class Kyber512_90sPublicKey(KyberPublicKey):
    """Kyber512-90s public key (800 bytes); ciphertexts of 768 bytes."""
    __slots__ = ()
    parameter_set = "Kyber512-90s"


class Kyber768_90sPublicKey(KyberPublicKey):
    """Kyber768-90s public key (1184 bytes); ciphertexts of 1088 bytes."""
    __slots__ = ()
    parameter_set = "Kyber768-90s"


class Kyber1024_90sPublicKey(KyberPublicKey):
    """Kyber1024-90s public key (1568 bytes); ciphertexts of 1568 bytes."""
    __slots__ = ()
    parameter_set = "Kyber1024-90s"


class Kyber512PrivateKey(KyberPrivateKey):
    """Kyber512 private key (sk of 1632 bytes)."""
    __slots__ = ()
    parameter_set = "Kyber512"

    if TYPE_CHECKING:
        def public_key(self) -> Kyber512PublicKey: ...


class Kyber768PrivateKey(KyberPrivateKey):
    """Kyber768 private key (sk of 2400 bytes)."""
    __slots__ = ()
    parameter_set = "Kyber768"

    if TYPE_CHECKING:
        def public_key(self) -> Kyber768PublicKey: ...


class Kyber1024PrivateKey(KyberPrivateKey):
    """Kyber1024 private key (sk of 3168 bytes)."""
    __slots__ = ()
    parameter_set = "Kyber1024"

    if TYPE_CHECKING:
        def public_key(self) -> Kyber1024PublicKey: ...


class Kyber512_90sPrivateKey(KyberPrivateKey):
    """Kyber512-90s private key (sk of 1632 bytes)."""
    __slots__ = ()
    parameter_set = "Kyber512-90s"

    if TYPE_CHECKING:
        def public_key(self) -> Kyber512_90sPublicKey: ...


class Kyber768_90sPrivateKey(KyberPrivateKey):
    """Kyber768-90s private key (sk of 2400 bytes)."""
    __slots__ = ()
    parameter_set = "Kyber768-90s"

    if TYPE_CHECKING:
        def public_key(self) -> Kyber768_90sPublicKey: ...


class Kyber1024_90sPrivateKey(KyberPrivateKey):
    """Kyber1024-90s private key (sk of 3168 bytes)."""
    __slots__ = ()
    parameter_set = "Kyber1024-90s"

    if TYPE_CHECKING:
        def public_key(self) -> Kyber1024_90sPublicKey: ...


PRIVATE_KEY_CLASSES: Tuple[Type[KyberPrivateKey], ...] = (
    Kyber512PrivateKey, Kyber768PrivateKey, Kyber1024PrivateKey,
    Kyber512_90sPrivateKey, Kyber768_90sPrivateKey, Kyber1024_90sPrivateKey)
PUBLIC_KEY_CLASSES: Tuple[Type[KyberPublicKey], ...] = (
    Kyber512PublicKey, Kyber768PublicKey, Kyber1024PublicKey,
    Kyber512_90sPublicKey, Kyber768_90sPublicKey, Kyber1024_90sPublicKey)

for _priv, _pub in zip(PRIVATE_KEY_CLASSES, PUBLIC_KEY_CLASSES):
    _mlkem._register_kem(_priv.parameter_set, _priv, _pub)
del _priv, _pub
