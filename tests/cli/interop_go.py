#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""X-Wing key files of the `mlkem` tool used by Go 1.26 (ctest
cli_interop_go).

Usage: interop_go.py MLKEM_TOOL WORK_DIR

The peer is tests/hybrid/go (crypto/hpke's MLKEM768X25519, which is
X-Wing), built and driven as tests/hybrid/interop.py does, whose HPKE key
schedule (RFC 9180) this reuses. For keys made by `mlkem keygen -a X-Wing`
in PEM, DER and raw:

  - the files have the layout of the draft's X.509 examples: the DER
    (from the PEM, or as written) is the draft's xwing.priv / xwing.pub
    with only the seed and the public key changed, and their lengths;
  - the seed taken from our private key file gives, in Go
    (hpke.MLKEM768X25519().NewPrivateKey), the public key of our public
    key file;
  - Go's HPKE sender to our public key: `mlkem decaps` of its enc with our
    private key file gives, through the key schedule, Go's exporter
    secret; and `mlkem encaps` to our public key file is opened by Go's
    HPKE recipient from the seed, with the same exporter secret.

Exit status 77 (skipped) if Go 1.26 is missing, unless
MLKEM_REQUIRE_INTEROP=1 (CI), which makes that a failure.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "hybrid"))
sys.path.insert(0, os.path.join(HERE, ".."))
import interop as hybrid  # noqa: E402  (tests/hybrid/interop.py)
import pyca_venv  # noqa: E402  (tests/pyca_venv.py)
from checks import Checks  # noqa: E402  (tests/cli/checks.py)
from vectors_test import Tool, pem_body  # noqa: E402

NAME = "cli_interop_go"
ROUNDS = 4
INFO, CONTEXT = b"mlkem interop", b"mlkem export"
check = Checks(NAME)


def draft_der(name):
    with open(os.path.join(HERE, "..", "vectors", "xwing-draft", name),
              "rb") as f:
        return pem_body(f.read())


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    work = os.path.abspath(sys.argv[2])
    os.makedirs(work, exist_ok=True)
    tool = Tool(sys.argv[1], work, NAME)
    hybrid.NAME = NAME
    peer, why = hybrid.go_peer(work)
    if peer is None:
        pyca_venv.skip(NAME, why)
    # The draft's files: everything before the seed and the public key.
    priv_head, pub_head = draft_der("xwing.priv")[:-32], \
        draft_der("xwing.pub")[:-1216]
    try:
        for i in range(ROUNDS):
            for enc in ("pem", "der", "raw"):
                what = f"round {i}, {enc}"
                key = os.path.join(work, f"k.{enc}")
                pub = os.path.join(work, f"p.{enc}")
                # A new key each round over the last (--force).
                if tool.run("keygen", "--force", "-a", "X-Wing", "--outform",
                            enc, "-o", key, "--pubout", pub) is None:
                    check(False, f"{what}: keygen")
                    continue
                with open(key, "rb") as f:
                    priv = f.read()
                with open(pub, "rb") as f:
                    pk = f.read()
                if enc == "pem":
                    priv, pk = pem_body(priv), pem_body(pk)
                if enc != "raw":
                    check(len(priv) == 54 and priv[:-32] == priv_head,
                          f"{what}: PKCS#8 laid out as the draft's")
                    check(len(pk) == 1240 and pk[:-1216] == pub_head,
                          f"{what}: SPKI laid out as the draft's")
                seed, pk = priv[-32:], pk[-1216:]
                check(hybrid.ask(peer, "xwing-pk", seed.hex()) == [pk.hex()],
                      f"{what}: Go's public key of our seed is our pk")
                enc_go, exp = hybrid.ask(peer, "xwing-seal", pk.hex())
                alg = ["-a", "X-Wing"] if enc == "raw" else []
                ss = tool.decaps(key, enc_go, *alg)
                check(ss is not None and hybrid.hpke_export(
                    bytes.fromhex(ss), INFO, CONTEXT, 32).hex() == exp,
                    f"{what}: Go's HPKE encapsulation, mlkem decaps")
                ct, ss = tool.encaps(pub)
                if not check(ss is not None, f"{what}: mlkem encaps"):
                    continue
                want = hybrid.hpke_export(bytes.fromhex(ss), INFO, CONTEXT,
                                          32).hex()
                check(hybrid.ask(peer, "xwing-open", seed.hex(), ct) ==
                      [want], f"{what}: mlkem encaps, opened by Go's HPKE")
    finally:
        peer.stdin.close()
        peer.wait(timeout=30)
    print(f"{NAME}: Go crypto/hpke MLKEM768X25519 with mlkem keygen's X-Wing "
          f"keys: {ROUNDS} rounds of PEM, DER and raw")
    check.finish()


if __name__ == "__main__":
    main()
