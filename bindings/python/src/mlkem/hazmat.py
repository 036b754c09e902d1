# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Derandomized and low-level functions, for known-answer tests and
experts. Nothing here is needed to use ML-KEM safely, and misuse (reusing
m, a seed that is not uniformly random and secret) destroys its security.

  generate_derand(cls, d, z)            KeyGen_internal (FIPS 203 Alg. 16)
  encapsulate_derand(public_key, m)     Encaps_internal (Alg. 17), after the
                                        modulus check of the key
  private_key_from_expanded_bytes(cls, dk)
                                        a private key from the FIPS 203 dk
                                        (hash check of section 7.3 and the
                                        modulus check of its ek)
  expanded_private_bytes(private_key)   the FIPS 203 dk
  private_bytes_with_form(private_key, encoding, form)
                                        PKCS#8 in the RFC 9935 form "seed",
                                        "expanded" or "both"

``cls`` is a private key class such as ``mlkem.MLKEM768PrivateKey``.
Byte arguments are any bytes-like objects; a wrong type raises TypeError,
a wrong length or an invalid key ValueError.
"""
from __future__ import annotations

from typing import Any, Tuple, Type, TypeVar

from . import _mlkem
from ._keys import MLKEMPrivateKey, MLKEMPublicKey, _file_encoding
from .serialization import Encoding, _coerce

__all__ = ["generate_derand", "encapsulate_derand",
           "private_key_from_expanded_bytes", "expanded_private_bytes",
           "private_bytes_with_form"]

_K = TypeVar("_K", bound=MLKEMPrivateKey)

_FORMS = {"seed": _mlkem.FORM_SEED, "expanded": _mlkem.FORM_EXPANDED,
          "both": _mlkem.FORM_BOTH}


def _half_seed(value: Any, name: str) -> memoryview:
    try:
        view = memoryview(value)
    except TypeError:
        raise TypeError(f"{name} must be a bytes-like object, not "
                        f"{type(value).__name__}") from None
    if view.nbytes != 32:
        raise ValueError(f"{name} must be 32 bytes, got {view.nbytes}")
    return view


def _private_class(cls: Any) -> None:
    if not (isinstance(cls, type) and issubclass(cls, MLKEMPrivateKey)):
        raise TypeError("cls must be a private key class such as MLKEM768PrivateKey")


def generate_derand(cls: Type[_K], d: Any, z: Any) -> _K:
    """ML-KEM.KeyGen_internal(d, z): the private key of the seed d || z."""
    _private_class(cls)
    seed = bytearray(64)
    try:
        seed[:32] = _half_seed(d, "d").cast("B")
        seed[32:] = _half_seed(z, "z").cast("B")
        return cls.from_seed_bytes(seed)
    finally:
        seed[:] = bytes(64)


def encapsulate_derand(public_key: MLKEMPublicKey, m: Any) -> Tuple[bytes, bytes]:
    """ML-KEM.Encaps_internal(ek, m): (shared_secret, ciphertext)."""
    if not isinstance(public_key, MLKEMPublicKey):
        raise TypeError("public_key must be an ML-KEM public key")
    return public_key._encapsulate_derand(m)


def private_key_from_expanded_bytes(cls: Type[_K], dk: Any) -> _K:
    """A private key from the FIPS 203 decapsulation key dk; it has no
    seed, so it can be written only in the expanded form."""
    _private_class(cls)
    return cls._from_expanded_bytes(dk)


def expanded_private_bytes(private_key: MLKEMPrivateKey) -> bytes:
    """The FIPS 203 decapsulation key dk of a private key."""
    if not isinstance(private_key, MLKEMPrivateKey):
        raise TypeError("private_key must be an ML-KEM private key")
    return private_key._expanded_bytes()


def private_bytes_with_form(private_key: MLKEMPrivateKey, encoding: Encoding,
                            form: str) -> bytes:
    """Unencrypted PKCS#8 (PEM or DER) holding the private key in the
    RFC 9935 form "seed", "expanded" or "both" (the seed forms need a key
    that has its seed)."""
    if not isinstance(private_key, MLKEMPrivateKey):
        raise TypeError("private_key must be an ML-KEM private key")
    encoding = _coerce(encoding, Encoding, "encoding")
    if not isinstance(form, str):
        raise TypeError("form must be 'seed', 'expanded' or 'both'")
    if form not in _FORMS:
        raise ValueError(f"unknown form {form!r}: use 'seed', 'expanded' or 'both'")
    return private_key._encode(_FORMS[form], _file_encoding(encoding))
