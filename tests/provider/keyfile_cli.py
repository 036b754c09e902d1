#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The provider's key files from the openssl command against the mlkem
command (ctest provider_keyfile_cli).

Usage: keyfile_cli.py CNF MLKEM VECTORS WORK_DIR

  CNF      the build's openssl-mlkem.cnf (the module beside the default
           provider); copies of it with private_key_form = expanded, both
           and compact (not a form) are written to WORK_DIR
  MLKEM    the mlkem command (cli/)
  VECTORS  tests/vectors (RFC 9935's examples are in rfc9935-examples/)
  WORK_DIR scratch directory

Checks:
  - openssl genpkey -algorithm ML-KEM-512/768/1024 (also encrypted, read
    back with its pass phrase) writes a key that mlkem check accepts and
    mlkem pubkey reads; its public key from openssl pkey -pubout is mlkem
    pubkey's, in PEM and DER;
  - openssl pkey reads each key mlkem keygen / mlkem convert write, in
    every form (seed, expanded, both) and encoding (PEM, DER), and writes
    it in each form (private_key_form in the configuration) and encoding
    byte for byte as mlkem convert does (a key read without its seed only
    expanded); public keys read and written again the same;
  - openssl pkey -text shows the seed mlkem convert writes raw;
  - RFC 9935's example keys read and written again (each in its form)
    byte for byte, its inconsistent keys (bad-ML-KEM-512-1, -3, -4)
    refused;
  - X-Wing: the draft's example key files read and written again byte
    for byte (in the seed form, its only one, whatever is configured),
    genpkey's keys read by mlkem check and mlkem keygen's by openssl pkey;
  - certificates: the public key of RFC 9935's example certificates, and
    one issued by openssl x509 -force_pubkey for a genpkey key;
  - a private_key_form that names no form: private keys refused with the
    reason, public keys still written;
  - openssl pkeyutl -encap / -decap against mlkem decaps / encaps, where the
    openssl command has them (OpenSSL 3.2 and later; the EVP calls are
    checked by provider_keyfile and provider_evp on every version).

The openssl command missing or not OpenSSL 3: exit 77 (skipped), unless
MLKEM_REQUIRE_INTEROP=1 (CI).
"""
import os
import re
import shutil
import subprocess
import sys

import provider_test
from provider_test import check

NAME = provider_test.NAME = "provider_keyfile_cli"
SETS = ["ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"]
FORMS = ["seed", "expanded", "both"]
ENCODINGS = ["pem", "der"]

def run(args, env=None):
    return subprocess.run(args, env=env, capture_output=True, timeout=60)


def read(path):
    with open(path, "rb") as f:
        return f.read()


class Tools:
    def __init__(self, cnf, mlkem, work):
        self.mlkem = mlkem
        self.work = work
        text = read(cnf).decode()
        # One configuration per private key form: the build's as it is
        # for seed (the default), and private_key_form set in the module's
        # section for the others.
        self.env = {"seed": dict(os.environ, OPENSSL_CONF=cnf)}
        for form in FORMS[1:] + ["compact"]:
            line = f"private_key_form = {form}\n"
            body = re.sub(r"(?m)^\[mlkem_sect\]\n",
                          "[mlkem_sect]\n" + line, text, count=1)
            if line not in body:
                sys.exit(f"{NAME}: no [mlkem_sect] in {cnf}")
            path = os.path.join(work, f"openssl-{form}.cnf")
            with open(path, "w") as f:
                f.write(body)
            self.env[form] = dict(os.environ, OPENSSL_CONF=path)

    def openssl(self, args, form="seed"):
        return run(["openssl"] + args, self.env[form])

    def mlkem_cmd(self, args):
        return run([self.mlkem] + args)

    def path(self, name):
        return os.path.join(self.work, name)


def ok(r, what):
    return check(r.returncode == 0, what,
                 (r.stdout + r.stderr).decode(errors="replace"))


def same_file(a, b, what):
    try:
        return check(read(a) == read(b), what)
    except OSError as e:
        return check(False, what, str(e))


def test_genpkey(t):
    for s in SETS:
        key, pub, pub2 = t.path(f"gen-{s}.pem"), t.path("pub.pem"), \
            t.path("pub2.pem")
        if not ok(t.openssl(["genpkey", "-algorithm", s, "-out", key]),
                  f"openssl genpkey -algorithm {s}"):
            continue
        r = t.mlkem_cmd(["check", "-i", key])
        ok(r, f"mlkem check reads openssl genpkey's {s} key")
        check(f"{s} private key, PKCS#8 PEM, seed form: OK".encode()
              in r.stdout, f"mlkem check: {s}, seed form", r.stdout.decode())
        for enc in ENCODINGS:
            ok(t.openssl(["pkey", "-in", key, "-pubout", "-outform", enc,
                          "-out", pub]), f"openssl pkey -pubout ({enc})")
            ok(t.mlkem_cmd(["pubkey", "-i", key, "--outform", enc, "-o",
                            pub2]), f"mlkem pubkey of the {s} key ({enc})")
            same_file(pub, pub2, f"{s}: openssl pkey -pubout is mlkem "
                      f"pubkey ({enc})")
    # Encrypted with a pass phrase, read back to the same key.
    key, plain = t.path("gen-enc.pem"), t.path("gen-plain.pem")
    ok(t.openssl(["genpkey", "-algorithm", "ML-KEM-768", "-aes256", "-pass",
                  "pass:correct horse", "-out", key]), "genpkey -aes256")
    check(read(key).startswith(b"-----BEGIN ENCRYPTED PRIVATE KEY-----\n"),
          "genpkey -aes256 writes an EncryptedPrivateKeyInfo")
    ok(t.openssl(["pkey", "-in", key, "-passin", "pass:correct horse",
                  "-out", plain]), "the encrypted key read back")
    ok(t.mlkem_cmd(["check", "-i", plain]), "mlkem check reads it")
    check(t.openssl(["pkey", "-in", key, "-passin", "pass:wrong", "-noout"])
          .returncode != 0, "a wrong pass phrase refused")


def test_forms(t, s, full):
    """mlkem's files of one key in every form and encoding; openssl pkey
    reads each and writes each form and encoding (all of them when full,
    else the input's own)."""
    # keygen's file, and the conversions of it (one of which, seed PEM,
    # is the same bytes under another name: mlkem refuses to write over
    # its input). The files of the previous set are replaced (--force).
    seed = t.path("k.keygen.pem")
    if not ok(t.mlkem_cmd(["keygen", "--force", "-a", s, "-o", seed]),
              "mlkem keygen"):
        return
    for form in FORMS:
        for enc in ENCODINGS:
            ok(t.mlkem_cmd(["convert", "--force", "-i", seed, "--format", form,
                            "--outform", enc, "-o",
                            t.path(f"k.{form}.{enc}")]),
               f"mlkem convert --format {form} --outform {enc}")
    for enc in ENCODINGS:
        ok(t.mlkem_cmd(["pubkey", "-i", seed, "--outform", enc, "-o",
                        t.path(f"pub.{enc}")]), "mlkem pubkey")
    out = t.path("out.bin")
    for in_form in FORMS:
        for in_enc in ENCODINGS:
            src = t.path(f"k.{in_form}.{in_enc}")
            targets = [(f, e) for f in FORMS for e in ENCODINGS] if full \
                else [(in_form, in_enc)]
            for out_form, out_enc in targets:
                r = t.openssl(["pkey", "-inform", in_enc, "-in", src,
                               "-outform", out_enc, "-out", out], out_form)
                want = "expanded" if in_form == "expanded" else out_form
                if ok(r, f"{s}: openssl pkey -in {in_form}.{in_enc} "
                      f"-outform {out_enc} (form {out_form})"):
                    same_file(out, t.path(f"k.{want}.{out_enc}"),
                              f"{s}: {in_form} {in_enc} written as "
                              f"{out_form} {out_enc}: mlkem's {want} "
                              f"{out_enc} file")
    # Public keys read and written again.
    for enc in ENCODINGS:
        name = t.path(f"pub.{enc}")
        r = t.openssl(["pkey", "-pubin", "-inform", enc, "-in", name,
                       "-outform", enc, "-out", out])
        if ok(r, f"{s}: openssl pkey -pubin ({enc})"):
            same_file(out, name, f"{s}: public key ({enc}) written again "
                      "byte for byte")


def test_text(t):
    seed = t.path("k.seed.pem")
    raw = t.path("k.seed.raw")
    ok(t.mlkem_cmd(["keygen", "--force", "-a", "ML-KEM-1024", "-o", seed]),
       "keygen")
    ok(t.mlkem_cmd(["convert", "--force", "-i", seed, "--outform", "raw",
                    "-o", raw]),
       "mlkem convert --outform raw (the seed)")
    r = t.openssl(["pkey", "-in", seed, "-text", "-noout"])
    if not ok(r, "openssl pkey -text"):
        return
    text = r.stdout.decode()
    m = re.match(r"ML-KEM-1024 Private-Key:\nseed:\n((?:    [0-9a-f:]+\n)+)"
                 r"dk:\n", text)
    check(m is not None and bytes.fromhex(
        m.group(1).replace(":", "").replace(" ", "").replace("\n", ""))
        == read(raw), "openssl pkey -text shows mlkem's seed", text[:400])
    r = t.openssl(["pkey", "-in", seed, "-text_pub", "-noout"])
    check(r.returncode == 0 and r.stdout.startswith(
        b"ML-KEM-1024 Public-Key:\nek:\n"), "openssl pkey -text_pub")


def test_rfc9935(t, vectors):
    d = os.path.join(vectors, "rfc9935-examples")
    out = t.path("rfc.out")
    # Each file written again in its own form (every pair of forms is
    # test_forms' and provider_keyfile's).
    for s in SETS:
        for form in FORMS:
            src = os.path.join(d, f"{s}-{form}.priv")
            if ok(t.openssl(["pkey", "-in", src, "-out", out], form),
                  f"openssl pkey -in {s}-{form}.priv"):
                same_file(out, src, f"{s}-{form}.priv written again")
        if ok(t.openssl(["pkey", "-pubin", "-in", os.path.join(d, f"{s}.pub"),
                         "-out", out]), f"openssl pkey -pubin -in {s}.pub"):
            same_file(out, os.path.join(d, f"{s}.pub"), f"{s}.pub again")
    for n in (1, 3, 4):
        r = t.openssl(["pkey", "-in", os.path.join(d, f"bad-ML-KEM-512-{n}"
                                                     ".priv"), "-noout"])
        check(r.returncode != 0, f"bad-ML-KEM-512-{n}.priv refused")
    # The one whose FIPS 203 checks pass: refused by -check (pairwise).
    r = t.openssl(["pkey", "-in", os.path.join(d, "bad-ML-KEM-512-2.priv"),
                   "-noout", "-check"])
    check(r.returncode != 0 or b"invalid" in r.stdout + r.stderr,
          "bad-ML-KEM-512-2.priv refused by pkey -check",
          (r.stdout + r.stderr).decode(errors="replace"))


def test_xwing(t, vectors):
    """X-Wing: the draft's example files read and written again (the
    seed form, whatever the configuration asks), its public key; keys of
    genpkey read by mlkem, keys of mlkem keygen by openssl pkey."""
    d = os.path.join(vectors, "xwing-draft")
    priv, pub = os.path.join(d, "xwing.priv"), os.path.join(d, "xwing.pub")
    out = t.path("xwing.out")
    for form in FORMS:
        if ok(t.openssl(["pkey", "-in", priv, "-out", out], form),
              f"openssl pkey -in xwing.priv ({form} configured)"):
            same_file(out, priv, f"xwing.priv written again ({form} "
                      "configured: the seed form, its only one)")
    if ok(t.openssl(["pkey", "-in", priv, "-pubout", "-out", out]),
          "openssl pkey -pubout of xwing.priv"):
        same_file(out, pub, "its public key is xwing.pub")
    r = t.openssl(["pkey", "-in", priv, "-text", "-noout"])
    check(r.returncode == 0 and r.stdout.startswith(
        b"X-Wing Private-Key:\nseed:\n    00:01:02:03:04:05:06:07:08:09:0a:"
        b"0b:0c:0d:0e:\n"), "X-Wing text form",
        (r.stdout + r.stderr).decode(errors="replace")[:300])
    key, key2 = t.path("xw.pem"), t.path("xw2.pem")
    if ok(t.openssl(["genpkey", "-algorithm", "X-Wing", "-out", key]),
          "openssl genpkey -algorithm X-Wing"):
        r = t.mlkem_cmd(["check", "-i", key])
        check(r.returncode == 0 and b"X-Wing private key, PKCS#8 PEM, seed "
              b"form: OK" in r.stdout, "mlkem check reads genpkey's X-Wing "
              "key", (r.stdout + r.stderr).decode(errors="replace"))
        ok(t.mlkem_cmd(["pubkey", "-i", key, "-o", key2]), "mlkem pubkey")
        if ok(t.openssl(["pkey", "-in", key, "-pubout", "-out", out]),
              "openssl pkey -pubout (X-Wing)"):
            same_file(out, key2, "X-Wing: openssl pkey -pubout is mlkem "
                      "pubkey")
    for enc in ENCODINGS:
        src = t.path(f"xw.{enc}")
        if ok(t.mlkem_cmd(["keygen", "--force", "-a", "X-Wing", "--outform",
                           enc, "-o", src]), f"mlkem keygen -a X-Wing ({enc})"):
            ok(t.openssl(["pkey", "-inform", enc, "-in", src, "-outform", enc,
                          "-out", out]), f"openssl pkey of it ({enc})")
            same_file(out, src, f"mlkem's X-Wing key ({enc}) written again "
                      "byte for byte")


def test_certificates(t, vectors):
    """A certificate of an ML-KEM public key: the RFC's (its key read
    through the module as the certificate is), and one issued here by
    openssl x509 -force_pubkey for a key of openssl genpkey."""
    d = os.path.join(vectors, "rfc9935-examples")
    out = t.path("cert.out")
    for s in SETS:
        r = t.openssl(["x509", "-in", os.path.join(d, f"{s}.crt"), "-noout",
                       "-pubkey", "-out", out])
        if ok(r, f"openssl x509 -pubkey of {s}.crt"):
            same_file(out, os.path.join(d, f"{s}.pub"),
                      f"{s}.crt holds {s}.pub")
    ca_key, ca, csr = t.path("ca.key"), t.path("ca.crt"), t.path("ee.csr")
    key, pub, crt = t.path("ee.key"), t.path("ee.pub"), t.path("ee.crt")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    ok(t.openssl(["req", "-x509"] + ec + ["-keyout", ca_key, "-out", ca,
                  "-subj", "/CN=test CA", "-days", "2"]), "a test CA")
    ok(t.openssl(["req", "-new"] + ec + ["-keyout", t.path("ee-ec.key"),
                  "-out", csr, "-subj", "/CN=ML-KEM-768 holder"]), "a CSR")
    ok(t.openssl(["genpkey", "-algorithm", "ML-KEM-768", "-out", key]),
       "genpkey")
    ok(t.mlkem_cmd(["pubkey", "-i", key, "-o", pub]), "mlkem pubkey")
    ok(t.openssl(["x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key,
                  "-set_serial", "1", "-force_pubkey", pub, "-days", "2",
                  "-out", crt]), "x509 -force_pubkey with an ML-KEM key")
    ok(t.openssl(["verify", "-CAfile", ca, crt]), "the certificate verifies")
    r = t.openssl(["x509", "-in", crt, "-noout", "-pubkey", "-out", out])
    if ok(r, "x509 -pubkey"):
        same_file(out, pub, "the certificate holds mlkem pubkey's key")
    r = t.openssl(["x509", "-in", crt, "-noout", "-text"])
    check(b"Public Key Algorithm: ML-KEM-768" in r.stdout,
          "x509 -text names ML-KEM-768", r.stdout.decode(errors="replace"))


def test_bad_setting(t):
    """private_key_form = compact: the module loads, its public keys and
    text are written, its private keys refused with the reason."""
    key, out = t.path("gen-ML-KEM-768.pem"), t.path("bad.out")
    r = t.openssl(["genpkey", "-algorithm", "ML-KEM-768", "-out", out],
                  "compact")
    check(r.returncode != 0 and b"private_key_form = compact: not seed, "
          b"expanded or both" in r.stderr,
          "private_key_form = compact: private keys refused with the reason",
          (r.stdout + r.stderr).decode(errors="replace"))
    ok(t.openssl(["pkey", "-in", key, "-pubout", "-out", out], "compact"),
       "private_key_form = compact: public keys still written")


def test_pkeyutl(t):
    r = t.openssl(["pkeyutl", "-help"])
    if b"-encap" not in r.stdout + r.stderr:
        print(f"{NAME}: note: this openssl pkeyutl has no -encap/-decap "
              "(OpenSSL 3.2 and later); EVP encapsulation is checked by "
              "provider_keyfile and provider_evp")
        return
    key, pub = t.path("kem.pem"), t.path("kem.pub")
    ct, ss, ss2 = t.path("ct"), t.path("ss"), t.path("ss2")
    ok(t.mlkem_cmd(["keygen", "--force", "-o", key, "--pubout", pub]),
       "mlkem keygen")
    ok(t.openssl(["pkeyutl", "-encap", "-pubin", "-inkey", pub, "-out", ct,
                  "-secret", ss]), "openssl pkeyutl -encap")
    ok(t.mlkem_cmd(["decaps", "-i", key, "--ct", ct, "--secret", ss2]),
       "mlkem decaps of openssl's ciphertext")
    same_file(ss, ss2, "pkeyutl -encap and mlkem decaps agree")
    ok(t.mlkem_cmd(["encaps", "-i", pub, "--ct", ct, "--secret", ss]),
       "mlkem encaps")
    ok(t.openssl(["pkeyutl", "-decap", "-inkey", key, "-in", ct, "-secret",
                  ss2]), "openssl pkeyutl -decap")
    same_file(ss, ss2, "mlkem encaps and pkeyutl -decap agree")


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    cnf, mlkem, vectors, work = sys.argv[1:]
    provider_test.require_openssl3()
    work = os.path.abspath(work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    t = Tools(os.path.abspath(cnf), os.path.abspath(mlkem), work)
    test_genpkey(t)
    for s in SETS:
        test_forms(t, s, full=(s == "ML-KEM-768"))
    test_text(t)
    test_rfc9935(t, os.path.abspath(vectors))
    test_xwing(t, os.path.abspath(vectors))
    test_certificates(t, os.path.abspath(vectors))
    test_bad_setting(t)
    test_pkeyutl(t)
    provider_test.finish()


if __name__ == "__main__":
    main()
