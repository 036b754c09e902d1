# SPDX-License-Identifier: Apache-2.0 OR MIT
"""X25519MLKEM768, the hybrid key shares of TLS 1.3
(draft-ietf-tls-ecdhe-mlkem, NamedGroup 0x11EC, the default of Chrome,
Firefox, Go and Cloudflare)::

    from libmlkem import tls

    share, state = tls.client_share()             # client -> server: share
    server, secret = tls.server_share(share)      # server -> client: server
    assert tls.client_finish(state, server) == secret

ML-KEM-768 comes first in every byte string, as the draft lays them out:

  client share   ML-KEM-768 ek (1184) || X25519 public key (32) = 1216 bytes
  server share   ML-KEM-768 ct (1088) || X25519 public key (32) = 1120 bytes
  secret         ML-KEM shared secret (32) || X25519 shared secret (32) = 64

The secret is the (EC)DHE input of the TLS 1.3 key schedule. The server
runs the FIPS 203 modulus check on the client's ek, and both sides refuse
an X25519 public key of small order (an all-zero X25519 secret, RFC 8446
section 7.4.2); either is a ValueError, on which the handshake must be
aborted. An altered ML-KEM ciphertext is not detected by client_finish
(implicit rejection): the secrets differ and the handshake fails at its
Finished messages.

The client's ``ClientState`` holds its ML-KEM-768 decapsulation key and
X25519 private key in C memory. It serves one handshake, as its key pairs
are ephemeral: ``client_finish`` wipes it, whether it succeeds or fails,
and a second ``client_finish`` with it is a ValueError; it is also wiped
when the object is freed. It cannot be made, copied or pickled.
Derandomized forms, for tests, are in ``libmlkem.hazmat``
(``x25519mlkem768_client_share_derand``,
``x25519mlkem768_server_share_derand``).
"""
from __future__ import annotations

from typing import Any, Tuple

from . import _mlkem

__all__ = ["client_share", "server_share", "client_finish", "ClientState",
           "NAMED_GROUP", "CLIENT_SHARE_BYTES", "SERVER_SHARE_BYTES",
           "SECRET_BYTES"]

NAMED_GROUP = 0x11EC
CLIENT_SHARE_BYTES = 1216
SERVER_SHARE_BYTES = 1120
SECRET_BYTES = 64

ClientState = _mlkem.TLSClientState


def client_share() -> Tuple[bytes, ClientState]:
    """A fresh ML-KEM-768 and X25519 key pair: (the client's key share,
    the state client_finish needs)."""
    return _mlkem._tls_client_share(None)


def server_share(client_share: Any) -> Tuple[bytes, bytes]:
    """For the client's 1216-byte share: (the server's key share, the
    64-byte secret). ValueError if the client's ek fails the modulus check
    or its X25519 public key is of small order."""
    return _mlkem._tls_server_share(client_share, None)


def client_finish(state: ClientState, server_share: Any) -> bytes:
    """The 64-byte secret from the client's state and the server's
    1120-byte share. ValueError if the server's X25519 public key is of
    small order, or if the state has finished already: it is consumed
    (wiped) by this call."""
    return _mlkem._tls_client_finish(state, server_share)
