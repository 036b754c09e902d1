#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The `mlkem` tool on published vectors of X-Wing and round-3 Kyber
(ctest cli_vectors).

Usage: vectors_test.py MLKEM_TOOL WORK_DIR VECTOR_DIR

The tool has no derandomized commands, so the vectors are used where the
tool can reproduce them: their private keys decapsulate their ciphertexts.

  X-Wing     the draft's test vectors (VECTOR_DIR/xwing-draft/
             test-vectors.json): the raw 32-byte sk (-a X-Wing) gives the
             vector's pk (`pubkey`), and decapsulates the vector's ct to
             its ss, also once converted to PEM and DER; the pk passes
             `check`, and an encapsulation to it decapsulates with sk.
             The draft's X.509 examples (xwing.priv, xwing.pub): `check`
             reads both, `pubkey` of the private key is xwing.pub byte for
             byte, `convert` writes each back byte for byte (PEM) and as
             the DER inside it.
  Kyber      the round-3 KAT files (VECTOR_DIR/giacomopope-kyber-py/, the
             reference's PQCgenKAT_kem output), the first records of
             Kyber512/768/1024: the raw sk (-a KyberP) passes `check`, gives
             the record's pk (`pubkey`) and decapsulates the record's ct to
             its ss; an encapsulation to the record's pk decapsulates with
             its sk; read without -a the same pk is taken for ML-KEM's, and
             the ss of the record's ct then differs.
"""
import base64
import json
import os
import subprocess
import sys

from checks import Checks  # tests/cli/checks.py

NAME = "cli_vectors"
KAT_RECORDS = 3
check = Checks(NAME)


class Tool:
    """The tool under test, run in WORK_DIR; reports its errors as NAME."""

    def __init__(self, path, work, name=NAME):
        self.path, self.work, self.name = path, work, name

    def file(self, name, data):
        path = os.path.join(self.work, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def run(self, *args):
        """The tool's standard output (bytes), or None with its error
        reported."""
        r = subprocess.run([self.path] + list(args), capture_output=True,
                           timeout=300)
        if r.returncode != 0:
            print(f"{self.name}: mlkem {' '.join(args)}: exit {r.returncode}: "
                  f"{r.stderr.decode(errors='replace').strip()}", flush=True)
            return None
        return r.stdout

    def decaps(self, key, ct_hex, *alg):
        out = self.run("decaps", "-i", key, "--ct",
                       self.file("ct.hex", ct_hex.encode() + b"\n"),
                       "--secret", "-", "--hex", *alg)
        return None if out is None else out.decode().strip()

    def encaps(self, pub, *alg):
        out = self.run("encaps", "-i", pub, "--ct", "-", "--secret", "-",
                       "--hex", *alg)
        if out is None:
            return None, None
        ct, ss = out.decode().split()
        return ct, ss


def pem_body(pem):
    """The DER inside a PEM file's bytes."""
    return base64.b64decode(b"".join(
        line for line in pem.splitlines() if not line.startswith(b"-----")))


def xwing(tool, vectors):
    with open(os.path.join(vectors, "xwing-draft", "test-vectors.json")) as f:
        tests = json.load(f)
    for i, t in enumerate(tests):
        sk = tool.file(f"xw{i}.sk", bytes.fromhex(t["sk"]))
        pk = tool.run("pubkey", "-a", "X-Wing", "-i", sk, "--outform", "raw",
                      "-o", "-")
        check(pk == bytes.fromhex(t["pk"]), f"X-Wing vector {i}: pubkey of sk")
        check(tool.decaps(sk, t["ct"], "-a", "X-Wing") == t["ss"],
              f"X-Wing vector {i}: decaps of the raw sk")
        for enc in ("pem", "der"):
            key = os.path.join(tool.work, f"xw{i}.{enc}")
            tool.run("convert", "--force", "-a", "X-Wing", "-i", sk,
                     "--outform", enc, "-o", key)
            check(tool.decaps(key, t["ct"]) == t["ss"],
                  f"X-Wing vector {i}: decaps of the sk as {enc}")
        pk_file = tool.file(f"xw{i}.pk", bytes.fromhex(t["pk"]))
        out = tool.run("check", "-i", pk_file)
        check(out is not None and b"X-Wing public key, raw pk (1216 bytes): OK"
              in out, f"X-Wing vector {i}: check of pk")
        ct, ss = tool.encaps(pk_file)
        check(ss is not None and tool.decaps(sk, ct, "-a", "X-Wing") == ss,
              f"X-Wing vector {i}: encaps to pk, decaps with sk")
    print(f"{NAME}: X-Wing: the draft's {len(tests)} vectors", flush=True)

    x509 = os.path.join(vectors, "xwing-draft")
    priv = os.path.join(x509, "xwing.priv")
    pub = os.path.join(x509, "xwing.pub")
    with open(priv, "rb") as f:
        priv_pem = f.read()
    with open(pub, "rb") as f:
        pub_pem = f.read()
    out = tool.run("check", "-i", priv)
    check(out is not None and b"X-Wing private key, PKCS#8 PEM, seed form: OK"
          in out, "xwing.priv: check")
    out = tool.run("check", "-i", pub)
    check(out is not None and
          b"X-Wing public key, SubjectPublicKeyInfo PEM: OK" in out,
          "xwing.pub: check")
    check(tool.run("pubkey", "-i", priv, "-o", "-") == pub_pem,
          "xwing.priv: pubkey gives xwing.pub byte for byte")
    check(tool.run("convert", "-i", priv, "-o", "-") == priv_pem,
          "xwing.priv: convert writes it back byte for byte")
    check(tool.run("convert", "-i", pub, "-o", "-") == pub_pem,
          "xwing.pub: convert writes it back byte for byte")
    check(tool.run("convert", "-i", priv, "--outform", "der", "-o", "-") ==
          pem_body(priv_pem), "xwing.priv: its DER")
    check(tool.run("pubkey", "-i", priv, "--outform", "der", "-o", "-") ==
          pem_body(pub_pem), "xwing.pub: its DER")
    check(tool.run("convert", "-i", priv, "--outform", "raw", "-o", "-") ==
          bytes(range(32)), "xwing.priv: the seed 00 01 .. 1f")
    print(f"{NAME}: X-Wing: the draft's X.509 examples", flush=True)


def kat_records(path, n):
    """The first n records of a .rsp file, as dicts of bytes."""
    records, cur = [], {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                if cur:
                    records.append(cur)
                    cur = {}
                if len(records) == n:
                    break
                continue
            name, _, value = line.partition(" = ")
            if name != "count":
                cur[name] = bytes.fromhex(value)
    if cur and len(records) < n:
        records.append(cur)
    return records


def kyber(tool, vectors):
    files = {"Kyber512": ("PQCkemKAT_1632.rsp", "ML-KEM-512"),
             "Kyber768": ("PQCkemKAT_2400.rsp", "ML-KEM-768"),
             "Kyber1024": ("PQCkemKAT_3168.rsp", "ML-KEM-1024")}
    for alg, (name, ml) in files.items():
        recs = kat_records(os.path.join(vectors, "giacomopope-kyber-py",
                                        name), KAT_RECORDS)
        check(len(recs) == KAT_RECORDS, f"{name}: {KAT_RECORDS} records")
        for i, r in enumerate(recs):
            what = f"{alg} KAT record {i}"
            sk = tool.file(f"{alg}-{i}.sk", r["sk"])
            pk = tool.file(f"{alg}-{i}.pk", r["pk"])
            out = tool.run("check", "-a", alg, "-i", sk)
            check(out is not None and
                  f"{alg} private key, raw round-3 sk ({len(r['sk'])} bytes): "
                  "OK".encode() in out, f"{what}: check of sk")
            check(tool.run("pubkey", "-a", alg, "-i", sk, "-o", "-") ==
                  r["pk"], f"{what}: pubkey of sk")
            check(tool.decaps(sk, r["ct"].hex(), "-a", alg) == r["ss"].hex(),
                  f"{what}: decaps of ct")
            ct, ss = tool.encaps(pk, "-a", alg)
            check(ss is not None and
                  tool.decaps(sk, ct, "-a", alg) == ss,
                  f"{what}: encaps to pk, decaps with sk")
            # Unnamed, raw bytes of these sizes are ML-KEM's.
            out = tool.run("check", "-i", pk)
            check(out is not None and f"{ml} public key".encode() in out,
                  f"{what}: unnamed pk read as {ml}")
            got = tool.decaps(sk, r["ct"].hex())
            check(got is not None and got != r["ss"].hex(),
                  f"{what}: unnamed sk decapsulates as {ml}, not as {alg}")
        print(f"{NAME}: {alg}: {len(recs)} KAT records", flush=True)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    tool_path, work, vectors = sys.argv[1:]
    os.makedirs(work, exist_ok=True)
    tool = Tool(tool_path, os.path.abspath(work))
    xwing(tool, vectors)
    kyber(tool, vectors)
    check.finish()


if __name__ == "__main__":
    main()
