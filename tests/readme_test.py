#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The README's code, as a reader would use it.

readme_test.py c SOURCE_DIR BUILD_DIR WORK_DIR CC [CXX]  (ctest readme_snippets)
- every ```c and ```cpp block (also those indented in a list) is compiled
  with -Wall -Wextra -Werror against the headers and linked with the
  static library, then run (in a directory holding key.pem, an RFC 9935
  example key, for the key-file program); a block without main() is a
  fragment and is run as the body of one, its #include lines first;
- the installation recipe for a prefix outside the loader's path: the
  library is installed into a scratch prefix and the README's line with
  -Wl,-rpath builds examples/minimal.c, which must then run without
  LD_LIBRARY_PATH.

readme_test.py rust SOURCE_DIR WORK_DIR TARGET_DIR  (ctest readme_rust)
- the ```rust block is built and run in a new Cargo project that depends
  on the crate by the README's ```toml line (path =), as another project
  does; cargo's target directory is MLKEM_CARGO_TARGET_DIR, else
  TARGET_DIR: where the crate's own tests build (tests/rust/run_cargo.sh),
  so the C library is built once. Skipped (77), as those tests are,
  without cargo or Rust 1.85, unless MLKEM_REQUIRE_RUST=1.

(The ```python blocks run in the Python binding's own tests,
bindings/python/tests/test_readme.py, where the package is installed.)
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

passed = failed = 0


def ok(what):
    global passed
    passed += 1
    print(f"  ok: {what}")


def bad(what, detail=""):
    global failed
    failed += 1
    print(f"FAIL: {what}")
    if detail:
        print("\n".join("    " + line for line in detail.rstrip().splitlines()[-40:]))


def blocks(text, lang):
    """The fenced blocks of a language (also those indented in a list),
    with the line each starts on."""
    out = []
    for m in re.finditer(r"^([ \t]*)```" + re.escape(lang) + r"\n(.*?)^\1```",
                         text, re.M | re.S):
        indent = len(m.group(1))
        code = "\n".join(line[indent:] for line in m.group(2).splitlines())
        out.append((text.count("\n", 0, m.start()) + 1, code + "\n"))
    return out


def as_program(code):
    """A block as a whole program: as it is if it has main(), else its
    #include (and C++ using) lines first and the rest as main's body."""
    if re.search(r"\bint main\s*\(", code):
        return code
    head, body = [], []
    for line in code.splitlines():
        (head if line.startswith("#include") else body).append(line)
    return "\n".join(head) + "\nint main(void) {\n" + "\n".join(body) + \
        "\nreturn 0;\n}\n"


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def c_and_cpp(text, src, build, work, cc, cxx):
    inc = ["-I", str(src / "include"), "-I", str(build / "include")]
    lib = [str(build / "src" / "libmlkem.a")]
    key = src / "tests/vectors/rfc9935-examples/ML-KEM-768-both.priv"
    shutil.copy(key, work / "key.pem")
    for lang, compiler, std in (("c", cc, "-std=c11"), ("cpp", cxx, "-std=c++20")):
        for line, code in blocks(text, lang):
            what = f"README.md line {line} ({lang})"
            if lang == "cpp" and not compiler:
                bad(what, "no C++ compiler")
                continue
            prog = as_program(code)
            if lang == "cpp":
                prog = prog.replace("int main(void)", "int main()")
            name = f"snippet_{line}"
            path = work / f"{name}.{lang}"
            path.write_text(prog)
            r = run([compiler, std, "-Wall", "-Wextra", "-Werror", *inc,
                     str(path), *lib, "-o", str(work / name)])
            if r.returncode != 0:
                bad(f"{what} does not compile", prog + "\n" + r.stderr)
                continue
            r = run([str(work / name)], cwd=work, timeout=120)
            if r.returncode != 0:
                bad(f"{what} compiles, but exits {r.returncode}",
                    r.stdout + r.stderr)
                continue
            ok(f"{what} compiles and runs")


def find_cargo():
    """cargo (PATH, or rustup's ~/.cargo/bin) if it and rustc are 1.85 or
    later, else None after saying why."""
    home_bin = Path.home() / ".cargo" / "bin"
    path = os.environ.get("PATH", "")
    if shutil.which("cargo") is None and (home_bin / "cargo").exists():
        path = f"{home_bin}:{path}"
    cargo = shutil.which("cargo", path=path)
    rustc = shutil.which("rustc", path=path)
    if cargo is None or rustc is None:
        print("readme_rust: SKIPPED: cargo not found")
        return None
    m = re.match(r"rustc 1\.(\d+)", run([rustc, "--version"]).stdout)
    if not m or int(m.group(1)) < 85:
        print("readme_rust: SKIPPED: rustc older than 1.85")
        return None
    return cargo


def rust(text, src, work, target):
    rs = blocks(text, "rust")
    toml = [c for _, c in blocks(text, "toml") if "libmlkem" in c]
    if not rs or not toml:
        bad("README.md has no Rust program or no Cargo dependency on the crate")
        return
    cargo = find_cargo()
    if cargo is None:
        sys.exit(1 if os.environ.get("MLKEM_REQUIRE_RUST") == "1" else 77)
    proj = work / "consumer"
    (proj / "src").mkdir(parents=True, exist_ok=True)
    dep = toml[0].replace("/path/to/mlkem", str(src))
    (proj / "Cargo.toml").write_text(
        "[package]\nname = \"readme-consumer\"\nversion = \"0.1.0\"\n"
        "edition = \"2021\"\npublish = false\n\n[workspace]\n\n" + dep)
    line, code = rs[0]
    (proj / "src" / "main.rs").write_text(code)
    # The crate's own lock file: the dependencies its tests use, already
    # built in the shared target directory.
    lock = src / "bindings" / "rust" / "Cargo.lock"
    if lock.exists():
        shutil.copy(lock, proj / "Cargo.lock")
    env = dict(os.environ)
    env["CARGO_TARGET_DIR"] = os.environ.get("MLKEM_CARGO_TARGET_DIR") or target
    r = run([cargo, "run", "--quiet"], cwd=proj, env=env, timeout=1800)
    if r.returncode != 0:
        bad(f"README.md line {line} (rust) in a project with `{dep.strip()}`",
            r.stdout + r.stderr)
    else:
        ok(f"README.md line {line} (rust) builds and runs in a new Cargo "
           "project with the path dependency")


def rpath_recipe(text, src, build, work, cc):
    lines = [ln for _, c in blocks(text, "sh") for ln in c.splitlines()
             if "-Wl,-rpath" in ln]
    if not lines:
        bad("README.md gives no way to run a program against a library "
            "installed outside the loader's path (no -Wl,-rpath line)")
        return
    prefix = work / "prefix"
    shutil.rmtree(prefix, ignore_errors=True)
    r = run(["cmake", "--install", str(build), "--prefix", str(prefix)])
    if r.returncode != 0:
        bad("cmake --install into a scratch prefix", r.stdout + r.stderr)
        return
    pcdir = next(prefix.glob("lib*/pkgconfig"))
    shutil.copy(src / "examples" / "minimal.c", work / "app.c")
    cmd = lines[0].split("#")[0].strip().replace("cc ", cc + " ", 1)
    env = dict(os.environ, PKG_CONFIG_PATH=str(pcdir))
    env.pop("LD_LIBRARY_PATH", None)
    r = run(["sh", "-c", cmd], cwd=work, env=env)
    if r.returncode != 0:
        bad(f"the README's line `{cmd}` does not build", r.stdout + r.stderr)
        return
    r = run([str(work / "a.out")], cwd=work, env=env, timeout=60)
    if r.returncode != 0:
        bad("the program built with the README's rpath line does not run "
            "without LD_LIBRARY_PATH", r.stdout + r.stderr)
        return
    ok("README's rpath line: built against a scratch prefix, runs without "
       "LD_LIBRARY_PATH")


def main():
    mode = sys.argv[1]
    src = Path(sys.argv[2]).resolve()
    text = (src / "README.md").read_text()
    if mode == "rust":
        work = Path(sys.argv[3]).resolve()
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        rust(text, src, work, sys.argv[4])
    else:
        build, work = Path(sys.argv[3]).resolve(), Path(sys.argv[4]).resolve()
        cc, cxx = sys.argv[5], (sys.argv[6] if len(sys.argv) > 6 else "")
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        c_and_cpp(text, src, build, work, cc, cxx)
        rpath_recipe(text, src, build, work, cc)
    print(f"readme_{mode}: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
