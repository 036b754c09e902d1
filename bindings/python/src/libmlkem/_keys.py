# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The key classes: the bases every scheme's classes share, and ML-KEM's.

The keys live in the C base classes of _mlkem (_kem.c: one key type for
every scheme, over its KEM descriptor; the private key's bytes wiped when
it is freed); PublicKeyBase and PrivateKeyBase add what pyca's keys have
on top: serialization with the Encoding/PrivateFormat/PublicFormat enums
(PEM and DER key files for a scheme that has them, ML-KEM and X-Wing; raw
bytes only for the others, round-3 Kyber), copying (a key is immutable:
the copy is the key), pickling (public keys through their bytes; private
keys refuse) and a representation that shows no key material. ML-KEM's
classes add the seed: ``from_seed_bytes``, and PKCS#8 in the seed form
(RFC 9935), or the expanded form for a key without its seed. libmlkem.kyber
and libmlkem.xwing derive their classes from the same bases.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Tuple, Type, TypeVar

from . import _mlkem
from .serialization import (Encoding, PrivateFormat, PublicFormat, _coerce,
                            _is_no_encryption)

_P = TypeVar("_P", bound="PublicKeyBase")
_K = TypeVar("_K", bound="PrivateKeyBase")

_FILE_ENCODINGS = {Encoding.PEM: _mlkem.ENCODING_PEM,
                   Encoding.DER: _mlkem.ENCODING_DER}


def _file_encoding(encoding: Encoding) -> int:
    if encoding not in _FILE_ENCODINGS:
        raise ValueError(f"Encoding.{encoding.name} is not supported for "
                         "key files: use PEM, DER or Raw")
    return _FILE_ENCODINGS[encoding]


def _is_raw(key: Any, encoding: Encoding, format: Any, raw: Any,
            kind: str) -> bool:
    """Whether (encoding, format) asks for the raw bytes of key (raw is
    PublicFormat.Raw or PrivateFormat.Raw); ValueError if only one of the
    two is Raw, or if the key's scheme has no key files and they are not
    both Raw."""
    pair = f"Encoding.Raw, {type(raw).__name__}.Raw"
    if key._raw_only and (encoding is not Encoding.Raw or format is not raw):
        raise ValueError(f"{key.parameter_set} {kind} keys are written only "
                         f"as {pair}: {key._raw_only}")
    if encoding is Encoding.Raw or format is raw:
        if encoding is not Encoding.Raw or format is not raw:
            raise ValueError(f"Encoding.Raw and {type(raw).__name__}.Raw go "
                             "together")
        return True
    return False


class PublicKeyBase(_mlkem.PublicKey):
    """A public key that has passed its scheme's checks. Immutable,
    comparable and hashable."""

    __slots__ = ()
    parameter_set = ""
    # Why the scheme's keys have no key files, for the error message; ""
    # for a scheme with key files.
    _raw_only = ""

    def public_bytes(self, encoding: Encoding, format: PublicFormat) -> bytes:
        """The key as raw bytes (Encoding.Raw, PublicFormat.Raw) or, for a
        scheme with key files, as a SubjectPublicKeyInfo in PEM or DER."""
        encoding = _coerce(encoding, Encoding, "encoding")
        format = _coerce(format, PublicFormat, "format")
        if _is_raw(self, encoding, format, PublicFormat.Raw, "public"):
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


class PrivateKeyBase(_mlkem.PrivateKey):
    """A private key. Immutable; equality is compared in constant time;
    not hashable and not picklable."""

    __slots__ = ()
    parameter_set = ""
    _raw_only = ""

    def private_bytes(self, encoding: Encoding, format: PrivateFormat,
                      encryption_algorithm: Any) -> bytes:
        """The key as raw bytes (Encoding.Raw, PrivateFormat.Raw: those of
        private_bytes_raw) or, for a scheme with key files, as unencrypted
        PKCS#8 in PEM or DER."""
        encoding = _coerce(encoding, Encoding, "encoding")
        format = _coerce(format, PrivateFormat, "format")
        _is_no_encryption(encryption_algorithm)
        if _is_raw(self, encoding, format, PrivateFormat.Raw, "private"):
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


class MLKEMPublicKey(PublicKeyBase):
    """Base of MLKEM512PublicKey, MLKEM768PublicKey and MLKEM1024PublicKey:
    an encapsulation key that has passed the FIPS 203 modulus check.
    Immutable, comparable and hashable."""

    __slots__ = ()


class MLKEMPrivateKey(PrivateKeyBase):
    """Base of MLKEM512PrivateKey, MLKEM768PrivateKey and
    MLKEM1024PrivateKey: a decapsulation key, with its 64-byte seed unless
    it was loaded from the expanded form. Immutable; equality is compared
    in constant time; not hashable and not picklable.

    ``private_bytes`` writes the raw 64-byte seed (Encoding.Raw,
    PrivateFormat.Raw) or unencrypted PKCS#8 in PEM or DER, holding the
    seed form (RFC 9935), or the expanded form for a key that has no
    seed."""

    __slots__ = ()

    @classmethod
    def from_seed_bytes(cls: Type[_K], data: Any) -> _K:
        """The private key of a 64-byte seed d || z (FIPS 203
        KeyGen_internal)."""
        return cls._from_seed(data)


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

for _priv, _pub in zip(PRIVATE_KEY_CLASSES, PUBLIC_KEY_CLASSES):
    _mlkem._register(_priv.parameter_set, _priv, _pub)
del _priv, _pub
