# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ML-KEM (NIST FIPS 203), the post-quantum key-encapsulation mechanism,
for ML-KEM-512, -768 and -1024, with the API of pyca/cryptography's
``cryptography.hazmat.primitives.asymmetric.mlkem``::

    from libmlkem import MLKEM768PrivateKey

    private_key = MLKEM768PrivateKey.generate()
    shared_secret, ciphertext = private_key.public_key().encapsulate()
    assert private_key.decapsulate(ciphertext) == shared_secret

A native extension built from the mlkem C library: constant-time, with the
input checks of FIPS 203 section 7 on every key from outside, and the
fastest backend this CPU supports (AVX-512 or AVX2 on x86-64, NEON on
AArch64, or portable C). Every
operation releases the GIL. Derandomized functions for known-answer tests
are in ``libmlkem.hazmat``; the key file enums and loaders are also in
``libmlkem.serialization``.

Also ``libmlkem.xwing`` (the X-Wing hybrid KEM, whose key files the loaders
read too), ``libmlkem.tls`` (the TLS 1.3 X25519MLKEM768 key shares) and
``libmlkem.kyber`` (the pre-standard round-3 Kyber and Kyber-90s). After
``import libmlkem`` every submodule is an attribute (``libmlkem.tls``,
``libmlkem.kyber``, ``libmlkem.hazmat``: imported on first use).
"""
from . import _mlkem
from ._keys import (MLKEM512PrivateKey, MLKEM512PublicKey, MLKEM768PrivateKey,
                    MLKEM768PublicKey, MLKEM1024PrivateKey, MLKEM1024PublicKey,
                    MLKEMPrivateKey, MLKEMPublicKey)
# X-Wing's classes are registered for the loaders, which return them for
# X-Wing key files.
from . import xwing
from .serialization import (BestAvailableEncryption, Encoding,
                            KeySerializationEncryption, NoEncryption,
                            PrivateFormat, PublicFormat, load_der_private_key,
                            load_der_public_key, load_pem_private_key,
                            load_pem_public_key)

# The version of the library's CMake project (project(mlkem VERSION ...)),
# written by the build (CMakeLists.txt beside pyproject.toml).
from ._version import __version__

# Shown as libmlkem.MLKEM768PrivateKey, where users import them from.
for _cls in (MLKEM512PrivateKey, MLKEM512PublicKey, MLKEM768PrivateKey,
             MLKEM768PublicKey, MLKEM1024PrivateKey, MLKEM1024PublicKey,
             MLKEMPrivateKey, MLKEMPublicKey):
    _cls.__module__ = __name__
del _cls

backend_name = _mlkem.backend_name
library_version = _mlkem.library_version

# The submodules not imported above, imported when first named as an
# attribute (PEP 562), so that `import libmlkem; libmlkem.tls` works as
# `import libmlkem.tls` does.
_LAZY_SUBMODULES = ("hazmat", "hpke", "kyber", "tls")


def __getattr__(name):
    if name in _LAZY_SUBMODULES:
        import importlib
        return importlib.import_module("." + name, __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY_SUBMODULES))

__all__ = [
    "MLKEM512PrivateKey", "MLKEM512PublicKey",
    "MLKEM768PrivateKey", "MLKEM768PublicKey",
    "MLKEM1024PrivateKey", "MLKEM1024PublicKey",
    "MLKEMPrivateKey", "MLKEMPublicKey",
    "Encoding", "PrivateFormat", "PublicFormat",
    "KeySerializationEncryption", "NoEncryption", "BestAvailableEncryption",
    "load_pem_private_key", "load_der_private_key",
    "load_pem_public_key", "load_der_public_key",
    "backend_name", "library_version",
]
