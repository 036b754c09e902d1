# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Key serialization: the enums and loaders of pyca/cryptography's
``cryptography.hazmat.primitives.serialization``, for ML-KEM and X-Wing
keys.

The enum members have the names (and the values) of pyca's, and every
function here that takes one also accepts pyca's own member (matched by
class and member name), so code written for pyca works unchanged. pyca is
never imported.

Private keys are PKCS#8 ``OneAsymmetricKey`` and public keys
``SubjectPublicKeyInfo``, with the ML-KEM algorithm identifiers and the
private-key forms of RFC 9935 (seed, expandedKey or both); the loaders take
all three forms and check every key (FIPS 203 section 7 modulus and hash
checks; a key with both forms is regenerated from its seed and compared).
The files are those the ``mlkem`` command-line tool reads and writes.
X-Wing keys have the files of its draft ("Use in X.509": PKCS#8 holding
the 32-byte seed, SubjectPublicKeyInfo holding pk); the loaders return an
``libmlkem.xwing`` key for them.
"""
from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, Optional, Type, Union, cast

from . import _mlkem

if TYPE_CHECKING:
    from ._keys import MLKEMPrivateKey, MLKEMPublicKey
    from .xwing import XWingPrivateKey, XWingPublicKey

    PrivateKeyTypes = Union[MLKEMPrivateKey, XWingPrivateKey]
    PublicKeyTypes = Union[MLKEMPublicKey, XWingPublicKey]

__all__ = [
    "Encoding",
    "PrivateFormat",
    "PublicFormat",
    "KeySerializationEncryption",
    "NoEncryption",
    "BestAvailableEncryption",
    "load_pem_private_key",
    "load_der_private_key",
    "load_pem_public_key",
    "load_der_public_key",
]


class Encoding(enum.Enum):
    PEM = "PEM"
    DER = "DER"
    OpenSSH = "OpenSSH"
    Raw = "Raw"
    X962 = "ANSI X9.62"
    SMIME = "S/MIME"


class PrivateFormat(enum.Enum):
    PKCS8 = "PKCS8"
    TraditionalOpenSSL = "TraditionalOpenSSL"
    Raw = "Raw"
    OpenSSH = "OpenSSH"
    PKCS12 = "PKCS12"


class PublicFormat(enum.Enum):
    SubjectPublicKeyInfo = "X.509 subjectPublicKeyInfo with PKCS#1"
    PKCS1 = "Raw PKCS#1"
    OpenSSH = "OpenSSH"
    Raw = "Raw"
    CompressedPoint = "X9.62 Compressed Point"
    UncompressedPoint = "X9.62 Uncompressed Point"


class KeySerializationEncryption:
    """Base of the encryption choices of ``private_bytes``."""


class NoEncryption(KeySerializationEncryption):
    """Write the private key unencrypted (the only choice supported)."""


class BestAvailableEncryption(KeySerializationEncryption):
    """Present for compatibility with pyca: encrypted PKCS#8 is not
    supported, and ``private_bytes`` refuses it with ValueError."""

    def __init__(self, password: bytes) -> None:
        if not isinstance(password, bytes) or len(password) == 0:
            raise ValueError("Password must be 1 or more bytes")
        self.password = password


def _coerce(value: Any, enum_type: Type[enum.Enum], argument: str) -> Any:
    """Our member for one of ours or pyca's (a member of pyca's class of
    the same name, found there under the same member name: pyca 50's enums
    are native classes, older ones Python enums); TypeError otherwise."""
    if isinstance(value, enum_type):
        return value
    cls = type(value)
    if cls.__name__ == enum_type.__name__:
        for name, member in enum_type.__members__.items():
            if getattr(cls, name, None) is value:
                return member
    raise TypeError(f"{argument} must be an item from the {enum_type.__name__} enum")


def _is_no_encryption(value: Any) -> bool:
    """Ours or pyca's NoEncryption; TypeError if not an encryption choice at
    all, ValueError for a real encryption."""
    if isinstance(value, NoEncryption):
        return True
    names = {c.__name__ for c in type(value).__mro__}
    if type(value).__name__ == "NoEncryption" and "KeySerializationEncryption" in names:
        return True
    if isinstance(value, KeySerializationEncryption) or "KeySerializationEncryption" in names:
        raise ValueError(
            "encrypted private keys are not supported: use NoEncryption()")
    raise TypeError(
        "encryption_algorithm must be a KeySerializationEncryption instance")


_BytesLike = Union[bytes, bytearray, memoryview]


def _no_password(password: Optional[bytes]) -> None:
    if password is not None:
        raise TypeError("Password was given but private key is not encrypted.")


def load_pem_private_key(data: _BytesLike, password: Optional[bytes] = None,
                         backend: Any = None, *,
                         unsafe_skip_rsa_key_validation: bool = False) -> PrivateKeyTypes:
    """The ML-KEM or X-Wing private key of a PEM PKCS#8 file (``PRIVATE KEY``).
    ValueError names what is wrong with a file that is not one. ``backend``
    and ``unsafe_skip_rsa_key_validation`` are pyca's, accepted and unused."""
    _no_password(password)
    return cast("PrivateKeyTypes", _mlkem._load(data, True, True))


def load_der_private_key(data: _BytesLike, password: Optional[bytes] = None,
                         backend: Any = None, *,
                         unsafe_skip_rsa_key_validation: bool = False) -> PrivateKeyTypes:
    """The ML-KEM or X-Wing private key of a DER PKCS#8 structure."""
    _no_password(password)
    return cast("PrivateKeyTypes", _mlkem._load(data, False, True))


def load_pem_public_key(data: _BytesLike, backend: Any = None) -> PublicKeyTypes:
    """The ML-KEM or X-Wing public key of a PEM SubjectPublicKeyInfo
    (``PUBLIC KEY``)."""
    return cast("PublicKeyTypes", _mlkem._load(data, True, False))


def load_der_public_key(data: _BytesLike, backend: Any = None) -> PublicKeyTypes:
    """The ML-KEM or X-Wing public key of a DER SubjectPublicKeyInfo."""
    return cast("PublicKeyTypes", _mlkem._load(data, False, False))
