#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The library's hybrids against implementations it did not write
(ctest hybrid_interop).

Usage: interop.py LIBMLKEM_SO WORK_DIR

The library is called through ctypes (its shared library, built by this
build). The peers:

  Go 1.26    X-Wing is crypto/hpke's MLKEM768X25519 (tests/hybrid/go, built
             here with `go build`): the same public key from the same
             32-byte seed; HPKE (RFC 9180, base mode, HKDF-SHA256, export
             only) sealed by Go to our public key gives, through our
             xwing_decaps and the RFC 9180 key schedule restated here, Go's
             exporter secret; and Go opens what our xwing_encaps made.
             X25519MLKEM768 is put together from crypto/mlkem and
             crypto/ecdh as Go's TLS stack does: our client with Go's
             server and Go's client with our server reach one secret; Go
             and our server both refuse a client share whose X25519 point
             has small order.
  pyca 50    (OpenSSL 4, in the venv tests/pyca_venv.py makes) X-Wing and
             X25519MLKEM768 put together from pyca's ML-KEM-768, X25519 and
             hashlib's SHAKE256 / SHA3-256 as the drafts define them, both
             directions.

Exit status 77 (skipped) if Go 1.26 or the venv are missing, unless
MLKEM_REQUIRE_INTEROP=1 (CI), which makes that a failure.
"""
import ctypes
import hashlib
import hmac
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import go_build  # noqa: E402  (tests/go_build.py)
import pyca_venv  # noqa: E402  (tests/pyca_venv.py)

NAME = "hybrid_interop"
ROUNDS = 8
LABEL = bytes([0x5C, 0x2E, 0x2F, 0x2F, 0x5E, 0x5C])  # XWingLabel
EK, CT = 1184, 1088
counts = {"passed": 0, "failed": 0}


def check(cond, what):
    if cond:
        counts["passed"] += 1
    else:
        counts["failed"] += 1
        print(f"{NAME}: FAILED: {what}", flush=True)
    return cond


class Ours:
    """The library's hybrid functions through ctypes."""

    def __init__(self, path):
        self.lib = ctypes.CDLL(path)

    def _call(self, name, outs, *ins):
        bufs = [ctypes.create_string_buffer(n) for n in outs]
        rc = getattr(self.lib, name)(*bufs, *[bytes(i) for i in ins])
        return rc, [b.raw for b in bufs]

    def xwing_keygen_derand(self, seed):
        rc, (pk, sk) = self._call("xwing_keygen_derand", [1216, 32], seed)
        assert rc == 0 and sk == seed
        return pk

    def xwing_encaps(self, pk):
        rc, (ct, ss) = self._call("xwing_encaps", [1120, 32], pk)
        assert rc == 0
        return ct, ss

    def xwing_decaps(self, ct, sk):
        rc, (ss,) = self._call("xwing_decaps", [32], ct, sk)
        assert rc == 0
        return ss

    def client_share(self):
        rc, (share, state) = self._call("x25519mlkem768_client_share",
                                        [1216, 2432])
        assert rc == 0
        return share, state

    def server_share(self, client):
        rc, (share, secret) = self._call("x25519mlkem768_server_share",
                                         [1120, 64], client)
        return rc, share, secret

    def client_finish(self, server, state):
        # The C function wipes the state it is given (single-use): a
        # mutable copy, not the bytes object itself.
        copy = ctypes.create_string_buffer(bytes(state), len(state))
        secret = ctypes.create_string_buffer(64)
        rc = self.lib.x25519mlkem768_client_finish(secret, bytes(server), copy)
        assert copy.raw == bytes(len(state)), "client_finish wiped its state"
        return rc, secret.raw


# --- RFC 9180 (HPKE) key schedule, base mode, HKDF-SHA256 ----------------

def _hkdf_extract(salt, ikm):
    return hmac.new(salt, ikm, hashlib.sha256).digest()


def _hkdf_expand(prk, info, length):
    out, t, i = b"", b"", 1
    while len(out) < length:
        t = hmac.new(prk, t + info + bytes([i]), hashlib.sha256).digest()
        out += t
        i += 1
    return out[:length]


def hpke_export(shared_secret, info, context, length,
                kem_id=0x647A, kdf_id=0x0001, aead_id=0xFFFF):
    """The exporter secret of an HPKE base-mode context (RFC 9180
    sections 5.1 and 5.3) from the KEM's shared secret."""
    suite = b"HPKE" + kem_id.to_bytes(2, "big") + kdf_id.to_bytes(2, "big") \
        + aead_id.to_bytes(2, "big")

    def extract(salt, label, ikm):
        return _hkdf_extract(salt, b"HPKE-v1" + suite + label + ikm)

    def expand(prk, label, inf, n):
        return _hkdf_expand(prk, n.to_bytes(2, "big") + b"HPKE-v1" + suite +
                            label + inf, n)

    psk_id_hash = extract(b"", b"psk_id_hash", b"")
    info_hash = extract(b"", b"info_hash", info)
    ks_context = b"\x00" + psk_id_hash + info_hash
    secret = extract(shared_secret, b"secret", b"")
    exporter = expand(secret, b"exp", ks_context, 32)
    return expand(exporter, b"sec", context, length)


# --- Go ---------------------------------------------------------------------

def go_peer(work):
    """Builds the Go peer; returns a running process, or None with the
    reason printed."""
    exe, why = go_build.build(NAME, os.path.join(HERE, "go"),
                              os.path.join(work, "hybrid_peer"), "crypto/hpke")
    if exe is None:
        return None, why
    return subprocess.Popen([exe], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True), None


def ask(peer, *words):
    peer.stdin.write(" ".join(words) + "\n")
    peer.stdin.flush()
    return peer.stdout.readline().split()


def with_go(ours, peer):
    # X-Wing: keys, then HPKE both ways.
    for i in range(ROUNDS):
        seed = os.urandom(32)
        pk = ours.xwing_keygen_derand(seed)
        check(ask(peer, "xwing-pk", seed.hex()) == [pk.hex()],
              "X-Wing: Go's public key from the same seed")
        enc, exp = ask(peer, "xwing-seal", pk.hex())
        ss = ours.xwing_decaps(bytes.fromhex(enc), seed)
        check(hpke_export(ss, b"mlkem interop", b"mlkem export", 32).hex() ==
              exp, "X-Wing: Go's HPKE encapsulation, decapsulated here")
        ct, ss = ours.xwing_encaps(pk)
        want = hpke_export(ss, b"mlkem interop", b"mlkem export", 32).hex()
        check(ask(peer, "xwing-open", seed.hex(), ct.hex()) == [want],
              "X-Wing: our encapsulation, opened by Go's HPKE")
    print(f"{NAME}: Go crypto/hpke MLKEM768X25519: {ROUNDS} keys, "
          "encapsulations both ways", flush=True)
    # X25519MLKEM768.
    for i in range(ROUNDS):
        share, state = ours.client_share()
        got = ask(peer, "tls-server", share.hex())
        check(len(got) == 2, f"TLS: Go's server answers ({got[:2]})")
        rc, secret = ours.client_finish(bytes.fromhex(got[0]), state)
        check(rc == 0 and secret.hex() == got[1],
              "TLS: our client, Go's server: one secret")
        cid, cshare = ask(peer, "tls-client")
        rc, sshare, secret = ours.server_share(bytes.fromhex(cshare))
        check(rc == 0, f"TLS: our server accepts Go's client share ({rc})")
        check(ask(peer, "tls-finish", cid, sshare.hex()) == [secret.hex()],
              "TLS: Go's client, our server: one secret")
    # A client share whose X25519 point has small order: both refuse.
    share, state = ours.client_share()
    bad = share[:EK] + bytes(32)
    rc, _, _ = ours.server_share(bad)
    check(rc == -8, f"TLS: our server refuses a small-order point ({rc})")
    check(ask(peer, "tls-server", bad.hex())[0] == "error",
          "TLS: Go's server refuses it too")
    # An ek failing the modulus check: both refuse.
    bad = b"\xff\x0f" + share[2:]
    rc, _, _ = ours.server_share(bad)
    check(rc == -2, f"TLS: our server refuses an invalid ek ({rc})")
    check(ask(peer, "tls-server", bad.hex())[0] == "error",
          "TLS: Go's server refuses it too")
    print(f"{NAME}: Go crypto/mlkem + crypto/ecdh X25519MLKEM768: "
          f"{ROUNDS} handshakes each way, the same refusals", flush=True)


# --- pyca/cryptography ----------------------------------------------------

def with_pyca(ours):
    from cryptography.hazmat.primitives import serialization as ser
    from cryptography.hazmat.primitives.asymmetric import mlkem, x25519
    raw = dict(encoding=ser.Encoding.Raw, format=ser.PublicFormat.Raw)

    def xpub(k):
        return k.public_key().public_bytes(**raw)

    def xwing_keys(seed):
        e = hashlib.shake_256(seed).digest(96)
        m = mlkem.MLKEM768PrivateKey.from_seed_bytes(e[:64])
        x = x25519.X25519PrivateKey.from_private_bytes(e[64:])
        return m, x, m.public_key().public_bytes_raw() + xpub(x)

    def combiner(ss_m, ss_x, ct_x, pk_x):
        return hashlib.sha3_256(ss_m + ss_x + ct_x + pk_x + LABEL).digest()

    for i in range(ROUNDS):
        seed = os.urandom(32)
        m, x, pk = xwing_keys(seed)
        check(ours.xwing_keygen_derand(seed) == pk,
              "X-Wing: pyca's public key from the same seed")
        # pyca encapsulates (Encapsulate, section 5.4), we decapsulate.
        eph = x25519.X25519PrivateKey.generate()
        ss_m, ct_m = mlkem.MLKEM768PublicKey.from_public_bytes(
            pk[:EK]).encapsulate()
        ct_x = xpub(eph)
        ss_x = eph.exchange(x25519.X25519PublicKey.from_public_bytes(pk[EK:]))
        ss = combiner(ss_m, ss_x, ct_x, pk[EK:])
        check(ours.xwing_decaps(ct_m + ct_x, seed) == ss,
              "X-Wing: pyca's encapsulation, decapsulated here")
        # We encapsulate, pyca decapsulates (section 5.5).
        ct, ss = ours.xwing_encaps(pk)
        ss_m = m.decapsulate(ct[:CT])
        ss_x = x.exchange(x25519.X25519PublicKey.from_public_bytes(ct[CT:]))
        check(combiner(ss_m, ss_x, ct[CT:], pk[EK:]) == ss,
              "X-Wing: our encapsulation, decapsulated by pyca")
    print(f"{NAME}: pyca ML-KEM-768 + X25519 + SHA-3 X-Wing: {ROUNDS} keys, "
          "encapsulations both ways", flush=True)

    for i in range(ROUNDS):
        # Our client, pyca's server.
        share, state = ours.client_share()
        ss_m, ct = mlkem.MLKEM768PublicKey.from_public_bytes(
            share[:EK]).encapsulate()
        eph = x25519.X25519PrivateKey.generate()
        ss_x = eph.exchange(x25519.X25519PublicKey.from_public_bytes(
            share[EK:]))
        rc, secret = ours.client_finish(ct + xpub(eph), state)
        check(rc == 0 and secret == ss_m + ss_x,
              "TLS: our client, pyca's server: one secret")
        # pyca's client, our server.
        m = mlkem.MLKEM768PrivateKey.generate()
        x = x25519.X25519PrivateKey.generate()
        rc, sshare, secret = ours.server_share(
            m.public_key().public_bytes_raw() + xpub(x))
        check(rc == 0, f"TLS: our server accepts pyca's client share ({rc})")
        mine = m.decapsulate(sshare[:CT]) + x.exchange(
            x25519.X25519PublicKey.from_public_bytes(sshare[CT:]))
        check(mine == secret, "TLS: pyca's client, our server: one secret")
    print(f"{NAME}: pyca X25519MLKEM768: {ROUNDS} handshakes each way",
          flush=True)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    lib, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if not pyca_venv.in_venv():
        pyca_venv.reexec_in_venv(NAME, work, __file__)
    ours = Ours(lib)
    with_pyca(ours)
    peer, why = go_peer(work)
    if peer is not None:
        try:
            with_go(ours, peer)
        finally:
            peer.stdin.close()
            peer.wait(timeout=30)
    print(f"{NAME}: {counts['passed']} passed, {counts['failed']} failed")
    if counts["failed"]:
        sys.exit(1)
    if peer is None:
        pyca_venv.skip(NAME, why + " (the pyca checks above passed)")
    sys.exit(0)


if __name__ == "__main__":
    main()
