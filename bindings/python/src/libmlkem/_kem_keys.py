# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Bases of the key classes of libmlkem.kyber and libmlkem.xwing.

The keys are the raw byte strings of their specifications, held in the C
base classes of _mlkem (KemPrivateKey, KemPublicKey; the private key's
wiped when it is freed). What pyca's keys have on top is the ML-KEM
classes' (_keys.py): copying returns the key, public keys pickle through
their bytes, private keys refuse to, and the representation shows no key
material. ``private_bytes`` and ``public_bytes`` take the Raw encoding and
format only: a scheme with key files overrides them.
"""
from __future__ import annotations

from typing import Any

from . import _mlkem
from ._keys import MLKEMPrivateKey, MLKEMPublicKey
from .serialization import (Encoding, PrivateFormat, PublicFormat, _coerce,
                            _is_no_encryption)


class RawPublicKey(_mlkem.KemPublicKey):
    """A public key that has passed its scheme's checks. Immutable,
    comparable and hashable."""

    __slots__ = ()
    parameter_set = ""
    # Why the scheme's keys have no other form, for the error message.
    _raw_only = ""

    def public_bytes(self, encoding: Encoding, format: PublicFormat) -> bytes:
        """The key as raw bytes (Encoding.Raw, PublicFormat.Raw)."""
        encoding = _coerce(encoding, Encoding, "encoding")
        format = _coerce(format, PublicFormat, "format")
        if encoding is not Encoding.Raw or format is not PublicFormat.Raw:
            raise ValueError(f"{self.parameter_set} public keys are written "
                             f"only as Encoding.Raw, PublicFormat.Raw: "
                             f"{self._raw_only}")
        return self.public_bytes_raw()

    __copy__ = MLKEMPublicKey.__copy__
    __deepcopy__ = MLKEMPublicKey.__deepcopy__
    __reduce__ = MLKEMPublicKey.__reduce__
    __repr__ = MLKEMPublicKey.__repr__


class RawPrivateKey(_mlkem.KemPrivateKey):
    """A private key. Immutable; equality is compared in constant time;
    not hashable and not picklable."""

    __slots__ = ()
    parameter_set = ""
    _raw_only = ""

    def private_bytes(self, encoding: Encoding, format: PrivateFormat,
                      encryption_algorithm: Any) -> bytes:
        """The key as raw bytes (Encoding.Raw, PrivateFormat.Raw,
        NoEncryption())."""
        encoding = _coerce(encoding, Encoding, "encoding")
        format = _coerce(format, PrivateFormat, "format")
        _is_no_encryption(encryption_algorithm)
        if encoding is not Encoding.Raw or format is not PrivateFormat.Raw:
            raise ValueError(f"{self.parameter_set} private keys are written "
                             f"only as Encoding.Raw, PrivateFormat.Raw: "
                             f"{self._raw_only}")
        return self.private_bytes_raw()

    __copy__ = MLKEMPrivateKey.__copy__
    __deepcopy__ = MLKEMPrivateKey.__deepcopy__
    __reduce__ = MLKEMPrivateKey.__reduce__
    __repr__ = MLKEMPrivateKey.__repr__
