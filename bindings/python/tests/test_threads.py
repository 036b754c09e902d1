# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Several threads at once, on shared and on their own keys: every result
equals the one computed alone. The operations release the GIL, so the
threads really run the library concurrently."""
import os
import threading

import libmlkem as mlkem
from libmlkem import hazmat

THREADS = 6
ROUNDS = 40
CLASSES = [(mlkem.MLKEM512PrivateKey, mlkem.MLKEM512PublicKey),
           (mlkem.MLKEM768PrivateKey, mlkem.MLKEM768PublicKey),
           (mlkem.MLKEM1024PrivateKey, mlkem.MLKEM1024PublicKey)]


def seed(t, i):
    return bytes(((t * 131 + i * 17 + j) & 0xFF) for j in range(64))


def one_round(t, i, shared):
    priv_cls, pub_cls = CLASSES[(t + i) % 3]
    key = priv_cls.from_seed_bytes(seed(t, i))
    pub = pub_cls.from_public_bytes(key.public_key().public_bytes_raw())
    ss, ct = hazmat.encapsulate_derand(pub, seed(t, i)[:32])
    k2 = key.decapsulate(ct)
    # A key shared by all threads, used at the same time.
    shared_key, shared_ct = shared[(t + i) % 3]
    k3 = shared_key.decapsulate(shared_ct)
    der = key.private_bytes(mlkem.Encoding.DER, mlkem.PrivateFormat.PKCS8, mlkem.NoEncryption())
    back = mlkem.load_der_private_key(der)
    fresh_ss, fresh_ct = shared_key.public_key().encapsulate()
    return (pub.public_bytes_raw(), ss, ct, k2, k3, back == key,
            shared_key.decapsulate(fresh_ct) == fresh_ss)


def in_threads(round_fn, rounds):
    """round_fn(t, i) for rounds i in THREADS threads t started together:
    the results by (t, i), after checking that none raised."""
    results, errors = {}, []
    start = threading.Barrier(THREADS)

    def worker(t):
        try:
            start.wait()
            for i in range(rounds):
                results[(t, i)] = round_fn(t, i)
        except Exception as e:  # reported below
            errors.append(repr(e))

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(THREADS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors
    assert len(results) == THREADS * rounds
    return results


def test_threads_agree_with_serial_results():
    shared = []
    for priv_cls, _ in CLASSES:
        k = priv_cls.generate()
        shared.append((k, k.public_key().encapsulate()[1]))
    expected = {(t, i): one_round(t, i, shared) for t in range(THREADS) for i in range(ROUNDS)}
    results = in_threads(lambda t, i: one_round(t, i, shared), ROUNDS)
    for key, value in expected.items():
        assert results[key] == value, f"thread {key[0]} round {key[1]} differs"
        assert value[5] and value[6]


def test_generate_in_threads_gives_distinct_keys():
    seeds, lock = [], threading.Lock()

    def worker():
        for _ in range(20):
            s = mlkem.MLKEM768PrivateKey.generate().private_bytes_raw()
            with lock:
                seeds.append(s)

    threads = [threading.Thread(target=worker) for _ in range(THREADS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(set(seeds)) == THREADS * 20


def test_other_schemes_in_threads():
    """Round-3 Kyber, X-Wing and the TLS shares, with shared keys and a
    shared client share, in threads at once: the serial results. (A client
    state serves one finish: each round makes its own from the same
    coins.)"""
    from libmlkem import hazmat, tls
    from libmlkem.kyber import Kyber768_90sPrivateKey
    from libmlkem.xwing import XWingPrivateKey

    kyber_key = Kyber768_90sPrivateKey.generate()
    xwing_key = XWingPrivateKey.generate()
    client_coins = os.urandom(96)
    share, _ = hazmat.x25519mlkem768_client_share_derand(client_coins)

    def one_round(t, i):
        s = seed(t, i)
        kyber_ct = hazmat.kyber_encapsulate_derand(kyber_key.public_key(), s[:32])
        xwing_ct = hazmat.xwing_encapsulate_derand(xwing_key.public_key(), s)
        server = hazmat.x25519mlkem768_server_share_derand(share, s)
        state = hazmat.x25519mlkem768_client_share_derand(client_coins)[1]
        return (kyber_ct, kyber_key.decapsulate(kyber_ct[1]), xwing_ct,
                xwing_key.decapsulate(xwing_ct[1]), server,
                tls.client_finish(state, server[0]))

    expected = {(t, i): one_round(t, i) for t in range(THREADS) for i in range(ROUNDS // 4)}
    assert in_threads(one_round, ROUNDS // 4) == expected
    for kyber_ct, kyber_ss, xwing_ct, xwing_ss, server, secret in expected.values():
        assert kyber_ct[0] == kyber_ss and xwing_ct[0] == xwing_ss and server[1] == secret
