#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""fuzz_corpus.py - seed corpora for the libFuzzer targets (make fuzz).

Usage: fuzz_corpus.py VECTORS_DIR OUT_DIR TARGET...

Writes OUT_DIR/TARGET/<sha1> files in the input layout of
tests/fuzz/fuzz_common.h (a byte choosing the parameter set: 0, 1, 2 for
ML-KEM-512, -768, -1024; then the target's arguments), taken from the test
vectors (fuzz_decaps_expanded: those of fuzz_decaps): NIST ACVP encapDecap (valid keys and ciphertexts, and both
key-check groups with their invalid keys) and the C2SP/CCTV modulus vectors
(ek with a value >= q); for fuzz_x25519, scalar || u of the Wycheproof
X25519 vectors; for fuzz_chacha20poly1305, key || nonce || len(aad) ||
aad || ciphertext || tag of the Wycheproof ChaCha20-Poly1305 vectors
with 96-bit nonces (valid and invalid). fuzz_encaps_prepared gets each ek prepared (ek ||
SHA3-256(ek)), and also with one bit of that hash flipped. fuzz_pem gets
the PEM key files of tests/fuzz/seeds/fuzz_keyfile/ whole and as bodies
(the base64 between the BEGIN and END lines). fuzz_xwing_decaps and
fuzz_tls_server_share get the X-Wing draft's vectors (ct || sk; its public
keys as client shares). fuzz_aes_gcm_open gets the NIST CAVP GCM decryption
records with 128-bit tags and aad of at most 63 bytes (passing and FAIL
ones), laid out as its header comment says. A target this script does not know gets the files
of tests/fuzz/seeds/TARGET/ if that folder exists (e.g. the CLI's key
file parser), and an empty corpus otherwise.
"""
import hashlib
import json
import os
import re
import shutil
import sys

SETS = {"ML-KEM-512": 0, "ML-KEM-768": 1, "ML-KEM-1024": 2}
CT_BYTES = {0: 768, 1: 1088, 2: 1568}
PER_GROUP = 10      # vectors taken from each ACVP group
MODULUS_LINES = 8   # invalid ek taken from each CCTV modulus file


def write(out_dir, target, data):
    d = os.path.join(out_dir, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def acvp(vectors):
    """(set index, group function, test dict) of the encapDecap file."""
    path = os.path.join(vectors, "nist-acvp-server",
                        "ML-KEM-encapDecap-FIPS203", "internalProjection.json")
    with open(path) as f:
        doc = json.load(f)
    for g in doc["testGroups"]:
        s = SETS[g["parameterSet"]]
        for t in g["tests"][:PER_GROUP]:
            yield s, g["function"], t


def cctv_modulus(vectors):
    for name, s in SETS.items():
        path = os.path.join(vectors, "c2sp-cctv", "ML-KEM", "modulus",
                            name + ".txt")
        with open(path) as f:
            for i, line in enumerate(f):
                if i >= MODULUS_LINES:
                    break
                yield s, bytes.fromhex(line.strip())


def cavp_gcm_open(vectors):
    """fuzz_aes_gcm_open inputs from the CAVP GCM decryption records:
    control byte (AES-128: 0x40; the aad length), key padded to 32 bytes,
    IV, aad, CT || Tag."""
    for name in ("gcmDecrypt128.rsp", "gcmDecrypt256.rsp"):
        path = os.path.join(vectors, "nist-cavp-gcm", name)
        taglen, rec = 0, {}
        with open(path) as f:
            for line in f:
                line = line.strip()
                m = re.match(r"\[Taglen = (\d+)\]", line)
                if m:
                    taglen = int(m.group(1))
                    continue
                m = re.match(r"^(\w+) =\s*(\S*)$", line)
                if m:
                    rec[m.group(1)] = m.group(2)
                if not (line == "FAIL" or (m and m.group(1) == "PT")):
                    continue
                # The record's last line (PT or FAIL).
                key, aad = bytes.fromhex(rec["Key"]), bytes.fromhex(rec["AAD"])
                if taglen == 128 and len(aad) <= 63:
                    c = (0x40 if len(key) == 16 else 0) | len(aad)
                    yield (bytes([c]) + key.ljust(32, b"\0") +
                           bytes.fromhex(rec["IV"]) + aad +
                           bytes.fromhex(rec["CT"]) + bytes.fromhex(rec["Tag"]))
                rec = {}


def wycheproof_x25519(vectors):
    path = os.path.join(vectors, "wycheproof", "x25519_test.json")
    with open(path) as f:
        doc = json.load(f)
    for group in doc["testGroups"]:
        for t in group["tests"]:
            yield bytes.fromhex(t["private"]) + bytes.fromhex(t["public"])


def wycheproof_chacha20poly1305(vectors):
    path = os.path.join(vectors, "wycheproof", "chacha20_poly1305_test.json")
    with open(path) as f:
        doc = json.load(f)
    for group in doc["testGroups"]:
        if group["ivSize"] != 96:
            continue
        for t in group["tests"]:
            aad = bytes.fromhex(t["aad"])
            if len(aad) >= 64:
                continue
            yield (bytes.fromhex(t["key"]) + bytes.fromhex(t["iv"]) +
                   bytes([len(aad)]) + aad + bytes.fromhex(t["ct"]) +
                   bytes.fromhex(t["tag"]))


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    vectors, out_dir, targets = sys.argv[1], sys.argv[2], sys.argv[3:]
    here = os.path.dirname(os.path.abspath(__file__))
    seeds_dir = os.path.join(here, "..", "tests", "fuzz", "seeds")
    known = {"fuzz_decaps", "fuzz_encaps", "fuzz_check_ek", "fuzz_check_dk",
             "fuzz_x25519", "fuzz_encaps_prepared", "fuzz_pem",
             "fuzz_xwing_decaps", "fuzz_tls_server_share",
             "fuzz_decaps_expanded", "fuzz_aes_gcm_open",
             "fuzz_chacha20poly1305", "fuzz_hpke_open"}
    for t in targets:
        shutil.rmtree(os.path.join(out_dir, t), ignore_errors=True)
        os.makedirs(os.path.join(out_dir, t), exist_ok=True)

    zero_m = bytes(32)
    for s, fn, t in acvp(vectors):
        sb = bytes([s])
        ek = bytes.fromhex(t["ek"]) if t.get("ek") else None
        dk = bytes.fromhex(t["dk"]) if t.get("dk") else None
        c = bytes.fromhex(t["c"]) if t.get("c") else None
        m = bytes.fromhex(t["m"]) if t.get("m") else zero_m
        for target in ("fuzz_decaps", "fuzz_decaps_expanded"):
            if target in targets and dk is not None:
                write(out_dir, target, sb + (c or bytes(CT_BYTES[s])) + dk)
        if "fuzz_encaps" in targets and ek is not None:
            write(out_dir, "fuzz_encaps", sb + ek + m)
        if "fuzz_encaps_prepared" in targets and ek is not None:
            h = hashlib.sha3_256(ek).digest()
            write(out_dir, "fuzz_encaps_prepared", sb + ek + h + m)
            h = bytes([h[0] ^ 1]) + h[1:]
            write(out_dir, "fuzz_encaps_prepared", sb + ek + h + m)
        if "fuzz_check_ek" in targets and ek is not None:
            write(out_dir, "fuzz_check_ek", sb + ek)
        if "fuzz_check_dk" in targets and dk is not None:
            write(out_dir, "fuzz_check_dk", sb + dk)
    for s, ek in cctv_modulus(vectors):
        sb = bytes([s])
        if "fuzz_encaps" in targets:
            write(out_dir, "fuzz_encaps", sb + ek + zero_m)
        if "fuzz_encaps_prepared" in targets:
            write(out_dir, "fuzz_encaps_prepared",
                  sb + ek + hashlib.sha3_256(ek).digest() + zero_m)
        if "fuzz_check_ek" in targets:
            write(out_dir, "fuzz_check_ek", sb + ek)

    if "fuzz_x25519" in targets:
        for seed in wycheproof_x25519(vectors):
            write(out_dir, "fuzz_x25519", seed)
    # The X-Wing draft's vectors: its ciphertexts and keys for decaps; its
    # public keys, laid out as a TLS client share (ML-KEM-768 ek || X25519
    # public key), with the encapsulation seeds as the server's coins.
    xwing = os.path.join(vectors, "xwing-draft", "test-vectors.json")
    if os.path.exists(xwing):
        with open(xwing) as f:
            for v in json.load(f):
                pk, ct = bytes.fromhex(v["pk"]), bytes.fromhex(v["ct"])
                sk, eseed = bytes.fromhex(v["sk"]), bytes.fromhex(v["eseed"])
                if "fuzz_xwing_decaps" in targets:
                    write(out_dir, "fuzz_xwing_decaps", ct + sk)
                if "fuzz_tls_server_share" in targets:
                    write(out_dir, "fuzz_tls_server_share",
                          b"\x00" + pk + eseed)
    if "fuzz_aes_gcm_open" in targets:
        for i, seed in enumerate(cavp_gcm_open(vectors)):
            if i % 4 == 0:  # a quarter of them: enough to reach every path
                write(out_dir, "fuzz_aes_gcm_open", seed)
    if "fuzz_chacha20poly1305" in targets:
        for seed in wycheproof_chacha20poly1305(vectors):
            write(out_dir, "fuzz_chacha20poly1305", seed)
    # HPKE's published vectors (base and PSK modes' KEM keys, base mode's
    # messages), in fuzz_hpke_open's layout: the suite as indices, ikmR,
    # enc, info, the first encryption's aad and ct.
    if "fuzz_hpke_open" in targets:
        kems = [0x0020, 0x0040, 0x0041, 0x0042, 0x647A]
        kdfs = [0x0001, 0x0002, 0x0003, 0x0010, 0x0011, 0x0012, 0x0013]
        aeads = [0x0001, 0x0002, 0x0003, 0xFFFF]
        hpke_dir = os.path.join(vectors, "hpke")
        for name in ("go-hpke-pq.json", "hpkewg-hpke-pq-53273fb.json",
                     "cfrg-rfc9180-x25519.json"):
            path = os.path.join(hpke_dir, name)
            if not os.path.exists(path):
                continue
            with open(path) as f:
                for v in json.load(f):
                    if (v["mode"] != 0 or v["kem_id"] not in kems
                            or v["kdf_id"] not in kdfs
                            or v["aead_id"] not in aeads):
                        continue
                    ikm = bytes.fromhex(v["ikmR"])
                    info = bytes.fromhex(v["info"])
                    e = (v.get("encryptions") or [{"aad": "", "ct": ""}])[0]
                    aad, ct = bytes.fromhex(e["aad"]), bytes.fromhex(e["ct"])
                    if len(ikm) > 64 or len(info) > 255 or len(aad) > 255:
                        continue
                    write(out_dir, "fuzz_hpke_open",
                          bytes([kems.index(v["kem_id"]),
                                 kdfs.index(v["kdf_id"]),
                                 aeads.index(v["aead_id"])])
                          + ikm + bytes(64 - len(ikm))
                          + bytes.fromhex(v["enc"]) + bytes([len(info)])
                          + info + bytes([len(aad)]) + aad + ct)
    if "fuzz_pem" in targets:
        keyfiles = os.path.join(seeds_dir, "fuzz_keyfile")
        for name in sorted(os.listdir(keyfiles)):
            if not name.endswith(".pem"):
                continue
            with open(os.path.join(keyfiles, name), "rb") as f:
                pem = f.read()
            write(out_dir, "fuzz_pem", pem)
            lines = pem.split(b"\n")
            write(out_dir, "fuzz_pem", b"\n".join(lines[1:-2]) + b"\n")

    for t in targets:
        if t in known:
            continue
        src = os.path.join(seeds_dir, t)
        if os.path.isdir(src):
            for name in sorted(os.listdir(src)):
                p = os.path.join(src, name)
                if os.path.isfile(p):
                    with open(p, "rb") as f:
                        write(out_dir, t, f.read())
    for t in targets:
        n = len(os.listdir(os.path.join(out_dir, t)))
        print("fuzz_corpus: %s: %d seed input(s)" % (t, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
