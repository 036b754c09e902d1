# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The key classes of the three parameter sets.

The key bytes live in the C base classes of _mlkem (the private key's are
wiped when it is freed); the classes here add what pyca's keys have on top:
serialization with the Encoding/PrivateFormat/PublicFormat enums, copying
and a representation that shows no key material.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Tuple, Type, TypeVar

from . import _mlkem
from .serialization import (Encoding, PrivateFormat, PublicFormat, _coerce,
                            _is_no_encryption)

_P = TypeVar("_P", bound="MLKEMPublicKey")
_K = TypeVar("_K", bound="MLKEMPrivateKey")

_FILE_ENCODINGS = {Encoding.PEM: _mlkem.ENCODING_PEM,
                   Encoding.DER: _mlkem.ENCODING_DER}


def _file_encoding(encoding: Encoding) -> int:
    if encoding not in _FILE_ENCODINGS:
        raise ValueError(f"Encoding.{encoding.name} is not supported for "
                         "key files: use PEM, DER or Raw")
    return _FILE_ENCODINGS[encoding]


class MLKEMPublicKey(_mlkem.PublicKey):
    """Base of MLKEM512PublicKey, MLKEM768PublicKey and MLKEM1024PublicKey:
    an encapsulation key that has passed the FIPS 203 modulus check.
    Immutable, comparable and hashable."""

    __slots__ = ()
    parameter_set = ""

    def public_bytes(self, encoding: Encoding, format: PublicFormat) -> bytes:
        """The key as raw bytes (Encoding.Raw, PublicFormat.Raw) or as a
        SubjectPublicKeyInfo in PEM or DER."""
        encoding = _coerce(encoding, Encoding, "encoding")
        format = _coerce(format, PublicFormat, "format")
        if encoding is Encoding.Raw or format is PublicFormat.Raw:
            if encoding is not Encoding.Raw or format is not PublicFormat.Raw:
                raise ValueError("Encoding.Raw and PublicFormat.Raw go together")
            return self.public_bytes_raw()
        if format is not PublicFormat.SubjectPublicKeyInfo:
            raise ValueError(f"PublicFormat.{format.name} is not supported for "
                             f"{self.parameter_set} keys: use SubjectPublicKeyInfo "
                             "or Raw")
        return self._encode(_file_encoding(encoding))

    def __copy__(self: _P) -> _P:
        return self

    def __deepcopy__(self: _P, memo: Any) -> _P:
        return self

    def __reduce__(self) -> Tuple[Any, Tuple[bytes]]:
        return (type(self).from_public_bytes, (self.public_bytes_raw(),))

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


class MLKEMPrivateKey(_mlkem.PrivateKey):
    """Base of MLKEM512PrivateKey, MLKEM768PrivateKey and
    MLKEM1024PrivateKey: a decapsulation key, with its 64-byte seed unless
    it was loaded from the expanded form. Immutable; equality is compared
    in constant time; not hashable and not picklable."""

    __slots__ = ()
    parameter_set = ""

    def private_bytes(self, encoding: Encoding, format: PrivateFormat,
                      encryption_algorithm: Any) -> bytes:
        """The key as its raw 64-byte seed (Encoding.Raw, PrivateFormat.Raw)
        or as unencrypted PKCS#8 in PEM or DER. PKCS#8 holds the seed form
        (RFC 9935), or the expanded form for a key that has no seed."""
        encoding = _coerce(encoding, Encoding, "encoding")
        format = _coerce(format, PrivateFormat, "format")
        _is_no_encryption(encryption_algorithm)
        if encoding is Encoding.Raw or format is PrivateFormat.Raw:
            if encoding is not Encoding.Raw or format is not PrivateFormat.Raw:
                raise ValueError("Encoding.Raw and PrivateFormat.Raw go together")
            return self.private_bytes_raw()
        if format is not PrivateFormat.PKCS8:
            raise ValueError(f"PrivateFormat.{format.name} is not supported for "
                             f"{self.parameter_set} keys: use PKCS8 or Raw")
        return self._encode(_mlkem.FORM_DEFAULT, _file_encoding(encoding))

    def __copy__(self: _K) -> _K:
        return self

    def __deepcopy__(self: _K, memo: Any) -> _K:
        return self

    def __reduce__(self) -> Any:
        raise TypeError(f"cannot pickle {type(self).__name__}: write it with "
                        "private_bytes() and keep the result secret")

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


class MLKEM512PublicKey(MLKEMPublicKey):
    """ML-KEM-512 encapsulation key (800 bytes); ciphertexts of 768 bytes."""
    __slots__ = ()
    parameter_set = "ML-KEM-512"


class MLKEM768PublicKey(MLKEMPublicKey):
    """ML-KEM-768 encapsulation key (1184 bytes); ciphertexts of 1088 bytes."""
    __slots__ = ()
    parameter_set = "ML-KEM-768"


class MLKEM1024PublicKey(MLKEMPublicKey):
    """ML-KEM-1024 encapsulation key (1568 bytes); ciphertexts of 1568 bytes."""
    __slots__ = ()
    parameter_set = "ML-KEM-1024"


class MLKEM512PrivateKey(MLKEMPrivateKey):
    """ML-KEM-512 decapsulation key (security category 1)."""
    __slots__ = ()
    parameter_set = "ML-KEM-512"

    if TYPE_CHECKING:
        def public_key(self) -> MLKEM512PublicKey: ...


class MLKEM768PrivateKey(MLKEMPrivateKey):
    """ML-KEM-768 decapsulation key (security category 3)."""
    __slots__ = ()
    parameter_set = "ML-KEM-768"

    if TYPE_CHECKING:
        def public_key(self) -> MLKEM768PublicKey: ...


class MLKEM1024PrivateKey(MLKEMPrivateKey):
    """ML-KEM-1024 decapsulation key (security category 5)."""
    __slots__ = ()
    parameter_set = "ML-KEM-1024"

    if TYPE_CHECKING:
        def public_key(self) -> MLKEM1024PublicKey: ...


PRIVATE_KEY_CLASSES: Tuple[Type[MLKEMPrivateKey], ...] = (
    MLKEM512PrivateKey, MLKEM768PrivateKey, MLKEM1024PrivateKey)
PUBLIC_KEY_CLASSES: Tuple[Type[MLKEMPublicKey], ...] = (
    MLKEM512PublicKey, MLKEM768PublicKey, MLKEM1024PublicKey)

_mlkem._register(PRIVATE_KEY_CLASSES, PUBLIC_KEY_CLASSES)
