# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Builds the mlkem extension from the library's C sources.

The sources are found, in this order, in
  1. _csrc/ beside this file (an sdist carries a copy there), or
  2. the repository this directory belongs to (../../), which is where
     `pip install ./bindings/python` finds them: pip 21.3 and later build
     a local directory in place.

Which files make up the library, and which SIMD files get which target
flags and definitions, is read from src/CMakeLists.txt, so that the package
follows the CMake build when files are added. Only the files of a SIMD
backend are compiled with its flags (never -march=native); the library
picks a backend at run time from CPUID, as it does in C.

Environment: MLKEM_PY_NO_SIMD=1 builds the portable backend only;
MLKEM_WERROR=1 makes compiler warnings errors (the test suite sets it when
the CMake build has -DMLKEM_WERROR=ON); MLKEM_PY_BUILD_BASE puts the
intermediate files there instead of build/ (the test suite gives each CMake
build directory its own). The extension is always compiled afresh: the C
sources' headers are not tracked as dependencies, and a build with another
compiler must not reuse objects.
"""
import os
import platform
import re
import shutil
import sys
import sysconfig
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build import build
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
VENDORED = HERE / "_csrc"
# The key-file code of the command-line tool (DER, PEM, PKCS#8/SPKI).
CLI_FILES = ["der.c", "pem.c", "keyfile.c", "der.h", "pem.h", "keyfile.h"]
EXT_SOURCE = "src/mlkem/_mlkem.c"
# The stable ABI has the buffer protocol from Python 3.11 on; older
# interpreters (and free-threaded ones, which have no stable ABI) get a
# version-specific build of the same code.
LIMITED_API = (sys.version_info >= (3, 11)
               and not sysconfig.get_config_var("Py_GIL_DISABLED"))


def find_root():
    for root in (VENDORED, HERE.parent.parent):
        if (root / "src" / "CMakeLists.txt").is_file() and (
            root / "include" / "mlkem.h"
        ).is_file():
            return root
    sys.exit(
        "mlkem: cannot find the library's C sources (src/, include/, cli/).\n"
        f"  looked in {VENDORED} and {HERE.parent.parent}\n"
        "  Install from the repository with pip 21.3 or later "
        "(pip install ./bindings/python), or from an sdist."
    )


def cmake_list(text, name):
    m = re.search(r"set\(\s*" + name + r"\s+([^)]*)\)", text)
    if not m:
        return None
    return [w for w in m.group(1).split() if w.endswith(".c")]


# Fallbacks, used only if src/CMakeLists.txt cannot be read as expected.
FALLBACK_FLAGS = {
    "MLKEM_AVX2_SOURCES": ["-mavx2", "-mbmi", "-mbmi2"],
    "MLKEM_AVX512_SOURCES": ["-mavx512f", "-mavx512vl", "-mavx512bw",
                             "-mavx512dq", "-mavx512vbmi", "-mavx512vbmi2",
                             "-mavx512ifma", "-mavx2", "-mbmi2"],
}
FALLBACK_DEFINES = {
    "MLKEM_AVX2_SOURCES": ["MLKEM_HAVE_AVX2"],
    "MLKEM_AVX512_SOURCES": ["MLKEM_HAVE_AVX512", "MLKEM_AVX512_VBMI2"],
}
MSVC_FLAGS = {"MLKEM_AVX2_SOURCES": ["/arch:AVX2"],
              "MLKEM_AVX512_SOURCES": ["/arch:AVX512"]}


def read_build(root):
    """The library as src/CMakeLists.txt defines it: the portable sources,
    and per SIMD list (in order: AVX2, then AVX-512, which needs it) its
    sources, GCC/Clang flags and definitions."""
    text = (root / "src" / "CMakeLists.txt").read_text()
    base = cmake_list(text, "MLKEM_SOURCES")
    simd = []
    for name in ("MLKEM_AVX2_SOURCES", "MLKEM_AVX512_SOURCES"):
        files = cmake_list(text, name)
        if files is None:
            continue
        m = re.search(r"set_source_files_properties\(\$\{" + name +
                      r"\}\s+PROPERTIES\s+COMPILE_OPTIONS\s*\"(-[^\"]*)\"",
                      text, re.S)
        flags = m.group(1).replace("\n", " ").replace(";", " ").split() \
            if m else FALLBACK_FLAGS[name]
        m = re.search(r"list\(APPEND MLKEM_SOURCES \$\{" + name +
                      r"\}\)\s*list\(APPEND MLKEM_SIMD_DEFINITIONS ([^)]*)\)",
                      text)
        defines = m.group(1).split() if m else FALLBACK_DEFINES[name]
        simd.append((name, files, flags, defines))
    if base is None:
        # Not the layout expected: take every C file of the portable parts.
        src = root / "src"
        simd_files = {f for _, files, _, _ in simd for f in files}
        base = sorted(
            str(p.relative_to(src)) for pattern in
            ("*.c", "sha3/*.c", "backend/portable/*.c")
            for p in src.glob(pattern)
            if str(p.relative_to(src)) not in simd_files
            and "avx" not in p.name)
    for f in base + [f for _, files, _, _ in simd for f in files]:
        if not (root / "src" / f).is_file():
            sys.exit(f"mlkem: src/CMakeLists.txt names src/{f}, "
                     "which does not exist")
    return base, simd


def write_version_header(root, build_temp):
    """mlkem_version.h, as CMake generates it from project(VERSION) in
    CMakeLists.txt (cmake/mlkem_version.h.in), into a directory of the
    build; returns that directory."""
    text = (root / "CMakeLists.txt").read_text()
    m = re.search(r"project\(\s*mlkem\s+VERSION\s+(\d+)\.(\d+)\.(\d+)", text)
    if not m:
        sys.exit("mlkem: no project(mlkem VERSION x.y.z) in CMakeLists.txt")
    tpl = (root / "cmake" / "mlkem_version.h.in").read_text()
    for name, value in (("PROJECT_VERSION_MAJOR", m.group(1)),
                        ("PROJECT_VERSION_MINOR", m.group(2)),
                        ("PROJECT_VERSION_PATCH", m.group(3)),
                        ("PROJECT_VERSION", ".".join(m.groups()))):
        tpl = tpl.replace(f"@{name}@", value)
    out = Path(build_temp) / "generated"
    out.mkdir(parents=True, exist_ok=True)
    (out / "mlkem_version.h").write_text(tpl)
    return str(out)


def is_x86_64():
    return platform.machine().lower() in ("x86_64", "amd64")


def compiler_accepts(compiler, flags):
    """Whether the compiler builds a small file with these flags."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.c")
        with open(src, "w") as f:
            f.write("int mlkem_probe(int x) { return x + 1; }\n")
        try:
            compiler.compile([src], output_dir=tmp, extra_postargs=flags)
            return True
        except Exception:
            return False


class Build(build):
    def finalize_options(self):
        if self.build_base == "build" and os.environ.get("MLKEM_PY_BUILD_BASE"):
            self.build_base = os.environ["MLKEM_PY_BUILD_BASE"]
        super().finalize_options()


class BuildExt(build_ext):
    """Compiles the library's files (each SIMD file with its own flags) in
    parallel, then links them into the one extension."""

    def finalize_options(self):
        super().finalize_options()
        self.force = True

    def build_extension(self, ext):
        root = find_root()
        base, simd = read_build(root)
        msvc = self.compiler.compiler_type == "msvc"
        warn = [] if msvc else ["-Wall", "-Wextra", "-Wshadow",
                                "-Wstrict-prototypes",
                                "-Wmissing-prototypes", "-Wvla"]
        if os.environ.get("MLKEM_WERROR") == "1" and not msvc:
            warn.append("-Werror")
        opt = ["/O2"] if msvc else ["-O3", "-std=c11",
                                    "-fvisibility=hidden"]
        # The library's sources and its SIMD definitions.
        defines = [("MLKEM_BUILDING_LIBRARY", None)]
        use_simd = (is_x86_64() and os.environ.get("MLKEM_PY_NO_SIMD") != "1")
        include = [str(root / "include"), str(root / "src"), str(root / "cli"),
                   write_version_header(root, self.build_temp)]
        enabled = []
        for name, files, flags, defs in simd if use_simd else []:
            flags = MSVC_FLAGS[name] if msvc else flags
            if not compiler_accepts(self.compiler, flags):
                print(f"mlkem: the compiler refuses {' '.join(flags)}; "
                      f"building without {name} and what follows it")
                break
            enabled.append((files, flags))
            defines += [(d, None) for d in defs]
        # The library and key-file sources, each with its own flags, in
        # parallel; the extension's own file is compiled by setuptools.
        jobs = [(root / "src" / f, []) for f in base]
        jobs += [(root / "cli" / f, []) for f in CLI_FILES if f.endswith(".c")]
        jobs += [(root / "src" / f, flags) for files, flags in enabled
                 for f in files]

        def compile_one(job):
            source, flags = job
            return self.compiler.compile(
                [str(source)], output_dir=self.build_temp,
                macros=list(defines), include_dirs=include,
                extra_postargs=opt + warn + flags, debug=self.debug)

        workers = 1 if msvc else max(1, min(len(jobs), os.cpu_count() or 1))
        with ThreadPoolExecutor(max_workers=workers) as pool:
            objects = [o for objs in pool.map(compile_one, jobs) for o in objs]
        ext.sources = [EXT_SOURCE]
        ext.include_dirs = include
        ext.define_macros = list(ext.define_macros) + defines
        ext.extra_compile_args = opt + warn
        ext.extra_objects = objects
        if sys.platform.startswith("linux") and not msvc:
            # Export only the module's entry point, so that the library's
            # symbols never interpose on (or are interposed by) another copy
            # of libmlkem in the same process.
            script = Path(self.build_temp) / "mlkem_ext.map"
            script.parent.mkdir(parents=True, exist_ok=True)
            script.write_text("{ global: PyInit__mlkem; local: *; };\n")
            ext.extra_link_args = [f"-Wl,--version-script={script}"]
        super().build_extension(ext)


class Sdist(sdist):
    """Puts a copy of the C sources into the sdist (as _csrc/), so that it
    builds away from the repository."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        root = find_root()
        dest = Path(base_dir) / "_csrc"
        shutil.copytree(root / "src", dest / "src")
        shutil.copytree(root / "include", dest / "include")
        shutil.copytree(root / "cmake", dest / "cmake")
        shutil.copy2(root / "CMakeLists.txt", dest / "CMakeLists.txt")
        (dest / "cli").mkdir(parents=True, exist_ok=True)
        for f in CLI_FILES:
            shutil.copy2(root / "cli" / f, dest / "cli" / f)


ext = Extension(
    "mlkem._mlkem",
    sources=[EXT_SOURCE],
    py_limited_api=LIMITED_API,
    define_macros=[("Py_LIMITED_API", "0x030B0000")] if LIMITED_API else [],
)

options = {"bdist_wheel": {"py_limited_api": "cp311"}} if LIMITED_API else {}

setup(
    ext_modules=[ext],
    cmdclass={"build": Build, "build_ext": BuildExt, "sdist": Sdist},
    options=options,
)
