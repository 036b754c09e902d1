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

``cls`` is a private key class such as ``libmlkem.MLKEM768PrivateKey``.
Byte arguments are any bytes-like objects; a wrong type raises TypeError,
a wrong length or an invalid key ValueError.

The same for round-3 Kyber (``libmlkem.kyber``), X-Wing (``libmlkem.xwing``) and
the TLS key shares (``libmlkem.tls``), and X25519 (RFC 7748) itself:

  kyber_generate_derand(cls, d, z)      round-3 KeyGen with the two 32-byte
                                        draws of its random source (C:
                                        kyberP_keygen_derand(d || z))
  kyber_encapsulate_derand(public_key, coins)
                                        round-3 Enc with the 32 bytes it
                                        draws (hashed into m)
  xwing_generate_derand(seed)           GenerateKeyPairDerand: the key of a
                                        32-byte seed (as from_seed_bytes)
  xwing_encapsulate_derand(public_key, eseed)
                                        EncapsulateDerand: eseed is ML-KEM's
                                        m || the ephemeral X25519 key (64)
  x25519mlkem768_client_share_derand(coins)
                                        the client share from the ML-KEM
                                        seed d || z and the X25519 private
                                        key (96): (share, state)
  x25519mlkem768_server_share_derand(client_share, coins)
                                        the server share from ML-KEM's m and
                                        the X25519 private key (64):
                                        (share, secret)
  x25519(scalar, point)                 X25519 (RFC 7748 section 5); an
                                        all-zero result (a point of small
                                        order, section 6.1) is a ValueError
  x25519_base(scalar)                   X25519(scalar, 9): the public key
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


def _joined_seed(d: Any, z: Any) -> bytearray:
    """d || z in a bytearray the caller wipes."""
    seed = bytearray(64)
    seed[:32] = _half_seed(d, "d").cast("B")
    seed[32:] = _half_seed(z, "z").cast("B")
    return seed


def generate_derand(cls: Type[_K], d: Any, z: Any) -> _K:
    """ML-KEM.KeyGen_internal(d, z): the private key of the seed d || z."""
    _private_class(cls)
    seed = _joined_seed(d, z)
    try:
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


# ---- round-3 Kyber, X-Wing, the TLS key shares, X25519 ---------------------

from . import kyber as _kyber, tls as _tls, xwing as _xwing  # noqa: E402

__all__ += ["kyber_generate_derand", "kyber_encapsulate_derand",
            "xwing_generate_derand", "xwing_encapsulate_derand",
            "x25519mlkem768_client_share_derand",
            "x25519mlkem768_server_share_derand", "x25519", "x25519_base"]

_KK = TypeVar("_KK", bound=_kyber.KyberPrivateKey)


def kyber_generate_derand(cls: Type[_KK], d: Any, z: Any) -> _KK:
    """Round-3 Kyber.CCAKEM.KeyGen with the 32-byte d and then z that it
    draws from its random source, in that order (as the NIST KAT's DRBG
    gives them)."""
    if not (isinstance(cls, type) and issubclass(cls, _kyber.KyberPrivateKey)):
        raise TypeError("cls must be a private key class such as Kyber768PrivateKey")
    coins = _joined_seed(d, z)
    try:
        return cls._generate_derand(coins)
    finally:
        coins[:] = bytes(64)


def kyber_encapsulate_derand(public_key: _kyber.KyberPublicKey,
                             coins: Any) -> Tuple[bytes, bytes]:
    """Round-3 Kyber.CCAKEM.Enc with the 32 bytes it draws (which it
    hashes into m): (shared_secret, ciphertext)."""
    if not isinstance(public_key, _kyber.KyberPublicKey):
        raise TypeError("public_key must be a round-3 Kyber public key")
    return public_key._encapsulate_derand(coins)


def xwing_generate_derand(seed: Any) -> _xwing.XWingPrivateKey:
    """X-Wing GenerateKeyPairDerand: the private key of a 32-byte seed
    (the same key as XWingPrivateKey.from_seed_bytes)."""
    return _xwing.XWingPrivateKey._generate_derand(seed)


def xwing_encapsulate_derand(public_key: _xwing.XWingPublicKey,
                             eseed: Any) -> Tuple[bytes, bytes]:
    """X-Wing EncapsulateDerand: eseed is ML-KEM-768's m (32 bytes) then
    the ephemeral X25519 private key (32). (shared_secret, ciphertext)."""
    if not isinstance(public_key, _xwing.XWingPublicKey):
        raise TypeError("public_key must be an X-Wing public key")
    return public_key._encapsulate_derand(eseed)


def x25519mlkem768_client_share_derand(coins: Any) -> Tuple[bytes, _tls.ClientState]:
    """libmlkem.tls.client_share from 96 bytes: the ML-KEM-768 seed d || z
    (64), then the X25519 private key (32)."""
    if coins is None:
        raise TypeError("coins must be a bytes-like object, not NoneType")
    return _mlkem._tls_client_share(coins)


def x25519mlkem768_server_share_derand(client_share: Any,
                                       coins: Any) -> Tuple[bytes, bytes]:
    """libmlkem.tls.server_share from 64 bytes: ML-KEM-768's m (32), then the
    X25519 private key (32)."""
    if coins is None:
        raise TypeError("coins must be a bytes-like object, not NoneType")
    return _mlkem._tls_server_share(client_share, coins)


def x25519(scalar: Any, point: Any) -> bytes:
    """X25519(scalar, point) of RFC 7748 section 5 (the scalar clamped,
    the point's top bit ignored). ValueError if the result is all zeros:
    point is of small order (section 6.1), and the exchange must be
    aborted."""
    if point is None:
        raise TypeError("point must be a bytes-like object, not NoneType")
    return _mlkem._x25519(scalar, point)


def x25519_base(scalar: Any) -> bytes:
    """X25519(scalar, 9): the public key of the private key scalar
    (computed from a table of multiples of the base point)."""
    return _mlkem._x25519(scalar, None)
