# SPDX-License-Identifier: Apache-2.0 OR MIT
"""libmlkem.tls, the X25519MLKEM768 key shares: both directions against the
shares put together from pyca/cryptography's ML-KEM-768 and X25519
(pyca_hybrid.py), the derandomized forms of libmlkem.hazmat against the same,
every flipped byte of each share, X25519 public keys of small order and
invalid ML-KEM keys refused, wrong lengths and types; the client state
single-use (client_finish wipes it, a second finish is refused)."""
import copy
import os
import pickle

import pytest

from libmlkem import hazmat, tls

EK, CT = 1184, 1088
ROUNDS = 8
# u = 0 and u = 1, of small order (RFC 7748 section 6.1's all-zero result).
SMALL_ORDER = [bytes(32), (1).to_bytes(32, "little")]


@pytest.fixture(scope="module")
def ref(pyca):
    import pyca_hybrid
    return pyca_hybrid


def test_sizes_and_constants():
    share, state = tls.client_share()
    server, secret = tls.server_share(share)
    assert (len(share), len(server), len(secret)) == (
        tls.CLIENT_SHARE_BYTES, tls.SERVER_SHARE_BYTES, tls.SECRET_BYTES) == (1216, 1120, 64)
    assert tls.client_finish(state, server) == secret
    assert tls.NAMED_GROUP == 0x11EC
    assert isinstance(state, tls.ClientState)
    assert tls.client_share()[0] != share


def test_our_client_their_server(ref):
    for _ in range(ROUNDS):
        share, state = tls.client_share()
        server, secret = ref.server(share)
        assert tls.client_finish(state, server) == secret


def test_their_client_our_server(ref):
    for _ in range(ROUNDS):
        client = ref.Client()
        server, secret = tls.server_share(client.share)
        assert client.finish(server) == secret


def test_derandomized_forms(ref):
    """The client share of coins is the composition's from the same keys;
    the server share of coins carries the X25519 key of its second half
    and the secret the client computes."""
    for _ in range(ROUNDS):
        coins = os.urandom(96)
        share, state = hazmat.x25519mlkem768_client_share_derand(coins)
        client = ref.Client(coins)
        assert share == client.share
        server_coins = os.urandom(64)
        server, secret = hazmat.x25519mlkem768_server_share_derand(share, server_coins)
        assert server[CT:] == hazmat.x25519_base(server_coins[32:])
        assert client.finish(server) == secret == tls.client_finish(state, server)
        # The same coins, the same shares.
        assert hazmat.x25519mlkem768_server_share_derand(share, server_coins) == (server, secret)


def test_every_flipped_byte_of_the_server_share(ref):
    """ML-KEM part: the client's implicit-rejection secret (pyca's); X25519
    part: the X25519 secret of the changed point (or refused, with pyca
    refusing it too)."""
    coins = os.urandom(96)
    client = ref.Client(coins)
    share, _ = hazmat.x25519mlkem768_client_share_derand(coins)
    server, secret = tls.server_share(share)
    for pos in range(len(server)):
        # A state serves one finish: the same one again from the coins.
        state = hazmat.x25519mlkem768_client_share_derand(coins)[1]
        bad = bytearray(server)
        bad[pos] ^= 0xFF
        bad = bytes(bad)
        try:
            want = client.finish(bad)
        except ValueError:
            with pytest.raises(ValueError, match="small order"):
                tls.client_finish(state, bad)
            continue
        got = tls.client_finish(state, bad)
        assert got == want and got != secret, pos
        assert (got[:32] == secret[:32]) == (pos >= CT), pos


def test_every_flipped_byte_of_the_client_share(ref):
    """ML-KEM part: refused by the modulus check, or the server's ML-KEM
    secret is not what the client decapsulates; X25519 part: the X25519
    secret of the changed point."""
    coins = os.urandom(96)
    client = ref.Client(coins)
    share = client.share
    server_coins = os.urandom(64)
    eph = ref.x25519.X25519PrivateKey.from_private_bytes(server_coins[32:])
    refused = 0
    for pos in range(len(share)):
        bad = bytearray(share)
        bad[pos] ^= 0xFF
        bad = bytes(bad)
        try:
            server, secret = hazmat.x25519mlkem768_server_share_derand(bad, server_coins)
        except ValueError as e:
            assert pos < EK and "modulus check" in str(e), pos
            refused += 1
            continue
        assert secret[32:] == ref.x_shared(eph, bad[EK:]), pos
        assert (client.m.decapsulate(server[:CT]) == secret[:32]) == (pos >= EK), pos
    # A byte of 0xFF-flipped 12-bit coefficients often lands at or above q.
    assert refused > 0


def test_small_order_points_refused(ref):
    for point in SMALL_ORDER:
        share, state = tls.client_share()
        with pytest.raises(ValueError, match="client's X25519 public key is of small order"):
            tls.server_share(share[:EK] + point)
        server, _ = tls.server_share(share)
        with pytest.raises(ValueError, match="server's X25519 public key is of small order"):
            tls.client_finish(state, server[:CT] + point)
        # pyca refuses them too.
        with pytest.raises(ValueError):
            ref.x_shared(ref.x25519.X25519PrivateKey.generate(), point)


def test_invalid_ml_kem_key_refused():
    share, _ = tls.client_share()
    with pytest.raises(ValueError, match="modulus check"):
        tls.server_share(b"\xff\x0f" + share[2:])


def test_wrong_lengths_and_types():
    share, state = tls.client_share()
    server, _ = tls.server_share(share)
    for n in (0, 1184, 1215, 1217):
        with pytest.raises(ValueError, match=f"X25519MLKEM768 client share must be 1216 bytes, got {n}"):
            tls.server_share(bytes(n))
    for n in (0, 1088, 1119, 1121):
        with pytest.raises(ValueError, match=f"X25519MLKEM768 server share must be 1120 bytes, got {n}"):
            tls.client_finish(state, bytes(n))
    for n in (0, 64, 95, 97):
        with pytest.raises(ValueError, match=f"coins must be 96 bytes, got {n}"):
            hazmat.x25519mlkem768_client_share_derand(bytes(n))
    for n in (0, 32, 63, 65):
        with pytest.raises(ValueError, match=f"coins must be 64 bytes, got {n}"):
            hazmat.x25519mlkem768_server_share_derand(share, bytes(n))
    for bad in ("text", 7, None, [0] * 1216):
        with pytest.raises(TypeError, match="bytes-like"):
            tls.server_share(bad)
        with pytest.raises(TypeError, match="bytes-like"):
            tls.client_finish(state, bad)
        with pytest.raises(TypeError, match="bytes-like"):
            hazmat.x25519mlkem768_client_share_derand(bad)
    for not_state in (None, b"x" * 2432, share):
        with pytest.raises(TypeError, match="ClientState"):
            tls.client_finish(not_state, server)
    # Other bytes-like objects are taken (the refusals above did not
    # consume the state).
    coins = os.urandom(96)
    share, state = hazmat.x25519mlkem768_client_share_derand(coins)
    server, secret = tls.server_share(share)
    assert tls.client_finish(state, bytearray(server)) == secret
    state = hazmat.x25519mlkem768_client_share_derand(coins)[1]
    assert tls.client_finish(state, memoryview(server)) == secret


def test_state_is_opaque():
    share, state = tls.client_share()
    with pytest.raises(TypeError, match="client_share"):
        tls.ClientState()
    with pytest.raises(TypeError, match="cannot pickle or copy"):
        pickle.dumps(state)
    with pytest.raises(TypeError, match="cannot pickle or copy"):
        copy.copy(state)
    with pytest.raises(TypeError, match="cannot pickle or copy"):
        copy.deepcopy(state)
    assert repr(state) == "<ClientState>"
    assert not hasattr(state, "__dict__")


def test_state_is_single_use():
    """client_finish consumes the state, whether it succeeds or fails (as
    the C function, which wipes it): a second finish is a ValueError."""
    share, state = tls.client_share()
    server, secret = tls.server_share(share)
    assert tls.client_finish(state, server) == secret
    for _ in range(2):
        with pytest.raises(ValueError, match="has finished already"):
            tls.client_finish(state, server)
    # Consumed by a refused finish too (a server point of small order).
    share, state = tls.client_share()
    server, _ = tls.server_share(share)
    with pytest.raises(ValueError, match="small order"):
        tls.client_finish(state, server[:CT] + bytes(32))
    with pytest.raises(ValueError, match="has finished already"):
        tls.client_finish(state, server)
