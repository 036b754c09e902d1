#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Interoperability of the `mlkem` tool with OpenSSL 4 through
pyca/cryptography 50, which bundles it.

Usage: interop_pyca.py MLKEM_BINARY WORK_DIR

Creates a virtual environment in WORK_DIR/venv (or $MLKEM_INTEROP_VENV,
which CI shares between its build directories) once, installs
cryptography==50.* into it with pip, and runs itself again inside it.
Then, for every parameter set pyca supports:

  ours -> pyca   keys the tool writes, in each private form (seed, expanded,
                 both) and each encoding (PEM, DER), and its public keys
                 (PEM, DER), are loaded by pyca; a ciphertext pyca makes
                 for the key decapsulates here to pyca's secret, and one
                 made here decapsulates there to ours.
  pyca -> ours   keys pyca writes (PKCS#8 and SubjectPublicKeyInfo, PEM
                 and DER, and the raw seed and ek) are read here; what the
                 tool writes back for them is byte for byte what pyca
                 writes; ciphertexts go both ways as above.

pyca 50's own PKCS#8 reader takes only the seed form of an ML-KEM private
key (it has no case for expandedKey or both) and pyca has no ML-KEM-512.
So every private key file is also handed to OpenSSL 4's own decoder: it is
wrapped, unchanged, in a PKCS#12 keyBag, which pyca passes to OpenSSL's
PKCS12_parse. OpenSSL accepts or refuses the key itself (it refuses a
both key whose seed and expanded key disagree, and an expanded key that
fails the hash check: negative controls here); pyca then takes over a key
that has a seed, so seed and both keys are used for ciphertexts both ways.
An expanded key has no seed for pyca to take, so for it OpenSSL's
acceptance is what is shown, together with the tool's encoding taken apart
here (ek equal to pyca's, H(ek) = SHA3-256(ek), z the second half of the
seed) and pyca's ciphertexts decapsulating here from that very file. The
matrix of what passed is printed at the end.

Exit status 77 (skipped) if python3 cannot make a virtual environment or
pip cannot install the package, unless MLKEM_REQUIRE_INTEROP=1 (as in CI),
which makes that a failure.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import pyca_venv  # noqa: E402  (tests/pyca_venv.py)

OPENSSL_CONF = """openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
[provider_sect]
default = default_sect
[default_sect]
activate = 1
ml-kem.output_formats = seed-only
"""
NAME = "cli_interop_pyca"


def bootstrap(work):
    """Makes the venv with pyca 50 and re-runs this script inside it."""
    os.makedirs(work, exist_ok=True)
    # OpenSSL re-encodes the keys it decodes from a PKCS#12 file before
    # pyca takes them over; pyca reads only the seed form, so OpenSSL is
    # told (through its configuration, read when pyca starts it) to write
    # the seed alone.
    conf = os.path.join(work, "openssl-seed-only.cnf")
    with open(conf, "w") as f:
        f.write(OPENSSL_CONF)
    pyca_venv.reexec_in_venv(NAME, work, __file__, {"OPENSSL_CONF": conf})


# ---------------------------------------------------------------------------
# Inside the venv.

def main(mlkem, work):
    import hashlib
    import cryptography
    from cryptography.hazmat.backends.openssl import backend
    from cryptography.hazmat.primitives import serialization as ser
    from cryptography.hazmat.primitives.serialization import pkcs12
    from cryptography.hazmat.primitives.asymmetric import mlkem as pyca_mlkem

    os.makedirs(work, exist_ok=True)
    os.chdir(work)
    counts = {"passed": 0, "failed": 0}
    matrix = []

    def check(cond, what):
        if cond:
            counts["passed"] += 1
        else:
            counts["failed"] += 1
            print(f"FAIL: {what}")
        return cond

    def run(*args, ok=True):
        r = subprocess.run([mlkem] + list(args), capture_output=True)
        if ok and r.returncode != 0:
            check(False, f"mlkem {' '.join(args)}: exit {r.returncode}: "
                  f"{r.stderr.decode(errors='replace').strip()}")
        return r

    def read(path):
        with open(path, "rb") as f:
            return f.read()

    def write(path, data):
        with open(path, "wb") as f:
            f.write(data)

    print(f"pyca/cryptography {cryptography.__version__}, "
          f"{backend.openssl_version_text()}")
    check(cryptography.__version__.startswith("50."), "pyca version 50")
    check(backend.openssl_version_text().startswith("OpenSSL 4."),
          "pyca bundles OpenSSL 4")

    classes = {}
    for name, priv, pub in (("ML-KEM-512", "MLKEM512PrivateKey", "MLKEM512PublicKey"),
                            ("ML-KEM-768", "MLKEM768PrivateKey", "MLKEM768PublicKey"),
                            ("ML-KEM-1024", "MLKEM1024PrivateKey", "MLKEM1024PublicKey")):
        if hasattr(pyca_mlkem, priv):
            classes[name] = (getattr(pyca_mlkem, priv), getattr(pyca_mlkem, pub))
        else:
            print(f"{name}: pyca/cryptography {cryptography.__version__} has no "
                  f"{priv}: not tested against OpenSSL here")
            matrix.append((name, "-", "-", "-", "not supported by pyca"))
    check(len(classes) >= 2, "pyca supports ML-KEM-768 and ML-KEM-1024")

    rank = {"ML-KEM-512": 2, "ML-KEM-768": 3, "ML-KEM-1024": 4}
    ek_len = {"ML-KEM-512": 800, "ML-KEM-768": 1184, "ML-KEM-1024": 1568}
    dk_len = {"ML-KEM-512": 1632, "ML-KEM-768": 2400, "ML-KEM-1024": 3168}

    def load_priv(data, enc):
        f = ser.load_pem_private_key if enc == "pem" else ser.load_der_private_key
        return f(data, password=None)

    def load_pub(data, enc):
        f = ser.load_pem_public_key if enc == "pem" else ser.load_der_public_key
        return f(data)

    def der_of(data, enc):
        if enc == "der":
            return data
        import base64
        lines = data.decode().strip().splitlines()
        return base64.b64decode("".join(lines[1:-1]))

    def tlv(b, i):
        """(tag, contents, next index) of the DER element at b[i]."""
        tag, n = b[i], b[i + 1]
        i += 2
        if n & 0x80:
            k = n & 0x7F
            n = int.from_bytes(b[i:i + k], "big")
            i += k
        return tag, b[i:i + n], i + n

    def der_tlv(tag, content):
        n = len(content)
        if n < 128:
            head = bytes([n])
        elif n < 256:
            head = bytes([0x81, n])
        else:
            head = bytes([0x82, n >> 8, n & 0xFF])
        return bytes([tag]) + head + content

    def p12_keybag(pkcs8_der):
        """A PKCS#12 PFX (RFC 7292), no MAC and no encryption, whose one
        SafeBag is a keyBag holding our PKCS#8 bytes unchanged. pyca hands
        a PFX to OpenSSL's PKCS12_parse, so OpenSSL's own ML-KEM decoder
        reads the key; pyca then takes it over as OpenSSL re-encodes it."""
        oid_data = bytes.fromhex("06092a864886f70d010701")          # 1.2.840.113549.1.7.1
        oid_keybag = bytes.fromhex("060b2a864886f70d010c0a0101")    # 1.2.840.113549.1.12.10.1.1
        bag = der_tlv(0x30, oid_keybag + der_tlv(0xA0, pkcs8_der))
        inner = der_tlv(0x30, oid_data + der_tlv(0xA0, der_tlv(0x04, der_tlv(0x30, bag))))
        auth = der_tlv(0x30, inner)
        outer = der_tlv(0x30, oid_data + der_tlv(0xA0, der_tlv(0x04, auth)))
        return der_tlv(0x30, der_tlv(0x02, b"\x03") + outer)

    def take_apart(der):
        """The private key CHOICE of a PKCS#8 ML-KEM key, parsed here."""
        tag, body, end = tlv(der, 0)
        assert tag == 0x30 and end == len(der)
        tag, version, i = tlv(body, 0)
        assert tag == 0x02 and version == b"\x00"
        tag, alg, i = tlv(body, i)
        assert tag == 0x30
        tag, priv, i = tlv(body, i)
        assert tag == 0x04 and i == len(body)
        tag, inner, end = tlv(priv, 0)
        assert end == len(priv)
        if tag == 0x80:
            return {"seed": inner}
        if tag == 0x04:
            return {"dk": inner}
        assert tag == 0x30
        t1, seed, j = tlv(inner, 0)
        t2, dk, j = tlv(inner, j)
        assert t1 == 0x04 and t2 == 0x04 and j == len(inner)
        return {"seed": seed, "dk": dk}

    def check_dk_parts(name, dk, ek, seed, what):
        k = rank[name]
        ok = (len(dk) == dk_len[name]
              and dk[384 * k:384 * k + ek_len[name]] == ek
              and dk[-64:-32] == hashlib.sha3_256(ek).digest()
              and dk[-32:] == seed[32:])
        return check(ok, f"{what}: dk = dk_PKE || ek || H(ek) || z with "
                     "pyca's ek and seed")

    def decaps_here(keyfile, ct, *extra):
        write("x.ct", ct)
        r = run("decaps", "-i", keyfile, "--ct", "x.ct", "--secret", "x.ss", *extra)
        return read("x.ss") if r.returncode == 0 else None

    def encaps_here(pubfile, *extra):
        r = run("encaps", "-i", pubfile, "--ct", "y.ct", "--secret", "y.ss", *extra)
        if r.returncode != 0:
            return None, None
        return read("y.ct"), read("y.ss")

    for name, (Priv, Pub) in classes.items():
        # ---- ours -> pyca ---------------------------------------------
        # Each set's files over the last set's (--force: private keys).
        run("keygen", "--force", "-a", name, "-o", "ours-seed.raw", "--outform",
            "raw")
        seed = read("ours-seed.raw")
        run("pubkey", "-a", name, "-i", "ours-seed.raw", "-o", "ours.ekraw",
            "--outform", "raw")
        ek = read("ours.ekraw")

        def use_key(key, path, what):
            """A key pyca loaded from our file: same seed and ek, and
            ciphertexts both ways."""
            ok = check(isinstance(key, Priv), f"{what}: a {Priv.__name__}")
            ok &= check(key.private_bytes_raw() == seed, f"{what}: same seed")
            ok &= check(key.public_key().public_bytes_raw() == ek, f"{what}: same ek")
            ss, ct = key.public_key().encapsulate()
            ok &= check(decaps_here(path, ct) == ss,
                        f"{what}: pyca ciphertext -> our decaps")
            ct2, ss2 = encaps_here(path)
            ok &= check(ct2 is not None and key.decapsulate(ct2) == ss2,
                        f"{what}: our ciphertext -> pyca decapsulate")
            return ok

        for form in ("seed", "expanded", "both"):
            for enc in ("der", "pem"):
                path = f"ours-{name}-{form}.{enc}"
                run("convert", "--force", "-a", name, "-i", "ours-seed.raw",
                    "--format", form, "--outform", enc, "-o", path)
                data = read(path)
                der = der_of(data, enc)
                what = f"{name} {form} {enc.upper()} ours->pyca"
                if enc == "pem":
                    check(der == read(f"ours-{name}-{form}.der"),
                          f"{what}: the PEM holds the DER file's bytes")
                # Our encoding, taken apart here, against pyca's view of the seed.
                parts = take_apart(der)
                ref = Priv.from_seed_bytes(seed)
                check(ref.public_key().public_bytes_raw() == ek,
                      f"{what}: pyca's ek for the seed equals ours")
                if "seed" in parts:
                    check(parts["seed"] == seed, f"{what}: the seed is the key's")
                if "dk" in parts:
                    check_dk_parts(name, parts["dk"], ek, seed, what)
                results = []
                # 1. pyca's own PKCS#8 reader (seed form only in pyca 50).
                try:
                    key = load_priv(data, enc)
                except (ValueError, TypeError) as e:
                    key = None
                    check(form != "seed", f"{what}: pyca refused the seed form: {e}")
                    results.append("pyca reader: refused (reads seed only)")
                if key is not None:
                    ok = use_key(key, path, what + " (pyca reader)")
                    results.append("pyca reader: loaded, encaps/decaps both ways"
                                   if ok else "pyca reader: FAILED")
                # 2. OpenSSL 4's own decoder, through a PKCS#12 keyBag.
                try:
                    key = pkcs12.load_key_and_certificates(p12_keybag(der), None)[0]
                except Exception as e:  # noqa: BLE001 - pyca raises several kinds
                    key = None
                    refused = "Invalid password or PKCS12 data" in str(e)
                    check(not refused, f"{what}: OpenSSL 4 refused it: {e}")
                    check(form == "expanded",
                          f"{what}: OpenSSL 4 decoded it but pyca could not take it: {e}")
                    results.append("OpenSSL 4 decoder: accepted" if not refused
                                   else "OpenSSL 4 decoder: REFUSED")
                if key is not None:
                    ok = use_key(key, path, what + " (OpenSSL 4 decoder)")
                    results.append("OpenSSL 4 decoder: loaded, encaps/decaps both ways"
                                   if ok else "OpenSSL 4 decoder: FAILED")
                # 3. pyca's ciphertexts decapsulate here from this very file.
                ss, ct = ref.public_key().encapsulate()
                if check(decaps_here(path, ct) == ss,
                         f"{what}: pyca ciphertext decapsulates here"):
                    results.append("pyca ct -> our decaps")
                matrix.append((name, form, enc.upper(), "ours->pyca", "; ".join(results)))

        # Negative controls: keys that OpenSSL 4 refuses, and so do we.
        both = bytearray(read(f"ours-{name}-both.der"))
        both[-1] ^= 1  # z: the seed no longer regenerates the expanded key
        expanded = bytearray(read(f"ours-{name}-expanded.der"))
        expanded[-40] ^= 1  # a byte of H(ek)
        for bad, why in ((both, "seed and expanded key disagree"),
                         (expanded, "hash check failed")):
            write("bad.der", bytes(bad))
            try:
                pkcs12.load_key_and_certificates(p12_keybag(bytes(bad)), None)
                check(False, f"{name}: OpenSSL 4 accepted a key with '{why}'")
            except Exception as e:  # noqa: BLE001
                check("Invalid password or PKCS12 data" in str(e),
                      f"{name}: OpenSSL 4 refuses a key with '{why}': {e}")
            r = run("check", "-i", "bad.der", ok=False)
            check(r.returncode == 1 and why in r.stderr.decode(),
                  f"{name}: we refuse a key with '{why}'")
        nr = bytearray(ek)
        nr[0], nr[1] = 0xFF, 0xFF  # coefficient 0 = 4095
        try:
            Pub.from_public_bytes(bytes(nr))
            check(False, f"{name}: OpenSSL 4 accepted a non-reduced ek")
        except ValueError:
            check(True, "")
        write("bad.ek", bytes(nr))
        r = run("check", "-i", "bad.ek", ok=False)
        check(r.returncode == 1 and "non-reduced ek" in r.stderr.decode(),
              f"{name}: we refuse a non-reduced ek")

        for enc in ("pem", "der"):
            path = f"ours-{name}.pub.{enc}"
            run("pubkey", "-a", name, "-i", "ours-seed.raw", "-o", path, "--outform", enc)
            what = f"{name} public {enc.upper()} ours->pyca"
            try:
                pub = load_pub(read(path), enc)
            except (ValueError, TypeError) as e:
                check(False, f"{what}: pyca refused it: {e}")
                matrix.append((name, "public", enc.upper(), "ours->pyca", "FAILED"))
                continue
            ok = check(isinstance(pub, Pub) and pub.public_bytes_raw() == ek,
                       f"{what}: same ek")
            ss, ct = pub.encapsulate()
            ok &= check(decaps_here(f"ours-{name}-seed.pem", ct) == ss,
                        f"{what}: pyca encapsulates to our public key, we decapsulate")
            matrix.append((name, "public", enc.upper(), "ours->pyca",
                           "loaded; pyca encaps -> our decaps" if ok else "FAILED"))

        # ---- pyca -> ours -----------------------------------------------
        key = Priv.generate()
        pseed = key.private_bytes_raw()
        pek = key.public_key().public_bytes_raw()
        files = {}
        for enc, E in (("pem", ser.Encoding.PEM), ("der", ser.Encoding.DER)):
            files[("seed", enc)] = key.private_bytes(E, ser.PrivateFormat.PKCS8,
                                                     ser.NoEncryption())
            files[("public", enc)] = key.public_key().public_bytes(
                E, ser.PublicFormat.SubjectPublicKeyInfo)
        files[("seed", "raw")] = pseed
        files[("public", "raw")] = pek
        for (form, enc), data in files.items():
            path = f"pyca-{name}-{form}.{enc}"
            write(path, data)
            what = f"{name} {form} {enc.upper()} pyca->ours"
            extra = ("-a", name) if (form, enc) == ("seed", "raw") else ()
            r = run("check", "-i", path, *extra)
            ok = check(r.returncode == 0, f"{what}: our check accepts it")
            if enc != "raw":
                # What we write for this key is what pyca wrote.
                out = f"again-{name}-{form}.{enc}"
                cmd = ("convert", "--force", "-i", path, "--outform", enc,
                       "-o", out)
                if form == "seed":
                    cmd += ("--format", "seed")
                run(*cmd)
                ok &= check(read(out) == data, f"{what}: re-encoded byte for byte")
                if form == "seed":
                    run("pubkey", "-i", path, "--outform", enc, "-o", out)
                    ok &= check(read(out) == files[("public", enc)],
                                f"{what}: our public key file equals pyca's")
            # Ciphertexts both ways.
            ct, ss = encaps_here(path, *extra)
            ok &= check(ct is not None and key.decapsulate(ct) == ss,
                        f"{what}: our encaps -> pyca decapsulate")
            if form == "seed":
                pss, pct = key.public_key().encapsulate()
                ok &= check(decaps_here(path, pct, *extra) == pss,
                            f"{what}: pyca encapsulate -> our decaps")
            matrix.append((name, form, enc.upper(), "pyca->ours",
                           ("read; byte-exact re-encoding; " if enc != "raw" else "read; ")
                           + ("encaps/decaps both ways" if form == "seed"
                              else "our encaps -> pyca decaps") if ok else "FAILED"))
        # pyca's key rewritten here as expanded and both still decapsulates
        # pyca's ciphertexts, and its parts agree with pyca's key.
        for form in ("expanded", "both"):
            out = f"pyca-{name}-as-{form}.der"
            run("convert", "--force", "-i", f"pyca-{name}-seed.der", "--format",
                form, "--outform", "der", "-o", out)
            parts = take_apart(read(out))
            check_dk_parts(name, parts["dk"], pek, pseed, f"{name} pyca key as {form}")
            pss, pct = key.public_key().encapsulate()
            check(decaps_here(out, pct) == pss,
                  f"{name} pyca key as {form}: pyca ciphertext decapsulates here")
        # The same seed gives the same files on both sides.
        write("same.seed", pseed)
        run("convert", "--force", "-a", name, "-i", "same.seed", "--format",
            "seed", "--outform", "pem", "-o", "same.pem")
        check(read("same.pem") == files[("seed", "pem")],
              f"{name}: our PKCS#8 for pyca's seed equals pyca's byte for byte")

    print()
    print("| set | private form / key | encoding | direction | result |")
    print("| --- | --- | --- | --- | --- |")
    for row in matrix:
        print("| " + " | ".join(row) + " |")
    print()
    print(f"{NAME}: {counts['passed']} passed, {counts['failed']} failed")
    return 0 if counts["failed"] == 0 else 1


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    mlkem_bin, work_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if not pyca_venv.in_venv():
        bootstrap(work_dir)
    sys.exit(main(mlkem_bin, work_dir))
