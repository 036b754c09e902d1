# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes the two-file distribution, mlkem.c and mlkem.h, from the tree.

Usage: amalgamate.py [--out DIR]     (default dist/; make amalgamation)

mlkem.h is every public C header of include/ in one file (mlkem.h first,
then the others by name; mlkem_version.h from cmake/mlkem_version.h.in and
the version of CMakeLists.txt), each part under its own include guard.
mlkem.c is every source file the library builds (src/CMakeLists.txt) in one
translation unit that includes mlkem.h: build it with nothing but
`cc -std=c11 -c mlkem.c` (README.md, "Copy two files").

How the files of several translation units become one:
 - Project headers are copied in where they are first included, once;
   system headers stay #include lines.
 - The files compiled once per parameter set (src/fips203/level*.c,
   src/kyber/level*.c: they define MLKEM_K and include the .c files of their
   set) are copied in per set, the two of one set together; the headers
   that depend on the set (those that include fips203/level.h) are copied
   in again for each set, their include guards reset in between, and every
   name they define (types, tags, static functions) is renamed for the set
   by a macro (mlkem_kpke_noise becomes mlkem_kpke_noise_k3).
 - A name with internal linkage (a static function or object, a typedef, a
   tag, an enumerator) that more than one unit defines is renamed per unit
   by a macro around that unit (choose becomes choose__backend_dispatch);
   the macros a unit defines are #undef'd after it.
 - The files of the SIMD backends, which CMake compiles each with its own
   target flags (-mavx2 ...), are put between
   `#pragma GCC push_options` / `#pragma GCC target("avx2,...")` (gcc) or
   `#pragma clang attribute push(__attribute__((target("avx2,..."))))`
   (clang), and compiled where the compiler and the architecture allow it;
   the dispatch chooses among them at run time as in the CMake build.
   MLKEM_NO_SIMD leaves them out (the portable code alone).
 - The files the freestanding configuration leaves out (MLKEM_HOSTED_SOURCES
   of src/CMakeLists.txt: the key files) are compiled unless
   MLKEM_FREESTANDING is defined.
The source lists, the flags and the definitions of each SIMD group are read
from src/CMakeLists.txt (the one place they are written); a source file
under src/ that is in none of them fails the script.
"""
import argparse
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SRC = os.path.join(ROOT, "src")
INC = os.path.join(ROOT, "include")

# Source files under src/ that are not part of the library.
NOT_IN_LIBRARY = {
    "backend/contracts.c",  # the contract checks of tests/test_contracts only
}

# Architecture conditions of the SIMD groups (the compilers whose target
# attributes carry them: gcc and clang).
ARCH_CONDITION = {
    "x86_64": "(defined(__x86_64__) || defined(_M_X64)) && "
    "(defined(__GNUC__) || defined(__clang__))",
    "aarch64": "defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))",
}
# Where a group's files may be compiled with a function-level target:
# clang before 16 declares the AArch64 extension intrinsics (SHA-3, AES,
# SHA-2) only when the whole unit is compiled for the extension, so on
# AArch64 only gcc carries the groups that need flags (and any compiler
# where the unit's own flags already enable every extension, e.g.
# -march=armv8.2-a+crypto+sha3).
ARCH_TARGET_OK = {
    "x86_64": "1",
    "aarch64": "(defined(__GNUC__) && !defined(__clang__))",
}
ARM_FEATURE_MACROS = {"sha3": "__ARM_FEATURE_SHA3", "crypto": "__ARM_FEATURE_CRYPTO"}

C_KEYWORDS = set(
    """auto break case char const continue default do double else enum extern
    float for goto if inline int long register restrict return short signed
    sizeof static struct switch typedef union unsigned void volatile while
    _Alignas _Alignof _Atomic _Bool _Complex _Generic _Imaginary _Noreturn
    _Static_assert _Thread_local __attribute__ __inline __inline__ __restrict
    __restrict__ __asm__ asm __volatile__ __extension__ __declspec""".split()
)


def fail(msg):
    sys.exit("amalgamate.py: " + msg)


# ---- src/CMakeLists.txt ------------------------------------------------------


def cmake_commands(text):
    """The commands of a CMake file: (name, [arguments]) with the nested
    parentheses of if() conditions kept as arguments."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        m = re.match(r"[A-Za-z_][A-Za-z0-9_]*", text[i:])
        if not m:
            i += 1
            continue
        name = m.group(0)
        j = i + len(name)
        while j < n and text[j] in " \t":
            j += 1
        if j >= n or text[j] != "(":
            i = j
            continue
        args, cur, depth, k = [], "", 0, j + 1
        while k < n:
            c = text[k]
            if c == '"':
                e = k + 1
                while text[e] != '"':
                    e += 2 if text[e] == "\\" else 1
                cur += text[k + 1 : e]
                k = e + 1
                continue
            if c == "#" and cur == "":
                while k < n and text[k] != "\n":
                    k += 1
                continue
            if c == "(":
                depth += 1
                cur += c
            elif c == ")":
                if depth == 0:
                    break
                depth -= 1
                cur += c
            elif c.isspace():
                if cur:
                    args.append(cur)
                cur = ""
            else:
                cur += c
            k += 1
        if cur:
            args.append(cur)
        out.append((name.lower(), args))
        i = k + 1
    return out


class Build:
    """What src/CMakeLists.txt builds, for every architecture at once."""

    def __init__(self):
        text = open(os.path.join(SRC, "CMakeLists.txt")).read()
        self.vars = {}
        self.sources = []  # the portable list, in order
        self.hosted = []  # left out by MLKEM_FREESTANDING
        self.flags = {}  # file -> [flags]
        self.appended = []  # (file, block)
        self.definitions = []  # (definition, block)
        self.option_default = {}
        self.var_set_in = {}  # variable set ON -> block
        blocks = [None]  # stack of open if() blocks: (condition words)
        block_conds = {}
        next_id = [0]
        foreach = None

        def expand(items):
            out = []
            for it in items:
                m = re.fullmatch(r"\$\{(\w+)\}", it)
                if m:
                    out.extend(self.vars.get(m.group(1), []))
                else:
                    out.append(it)
            return out

        for name, args in cmake_commands(text):
            top = blocks[-1]
            if name == "if":
                next_id[0] += 1
                bid = next_id[0]
                block_conds[bid] = (args, top)
                blocks.append(bid)
            elif name == "elseif" or name == "else":
                bid = blocks.pop()
                next_id[0] += 1
                nid = next_id[0]
                cond = block_conds[bid][0]
                block_conds[nid] = (["NOT", "("] + cond + [")"] + (args if name == "elseif" else []), block_conds[bid][1])
                blocks.append(nid)
            elif name == "endif":
                blocks.pop()
            elif name == "foreach":
                foreach = (args[0], expand(args[1:]))
            elif name == "endforeach":
                foreach = None
            elif name == "option":
                self.option_default[args[0]] = args[2] if len(args) > 2 else "OFF"
            elif name == "set" and args:
                var, vals = args[0], args[1:]
                if var.startswith("MLKEM_X86_SYM_FLAGS_") and vals:
                    self.vars[var] = vals[0].split(";")
                else:
                    self.vars[var] = expand(vals)
                if vals == ["ON"]:
                    self.var_set_in[var] = top
                if var == "MLKEM_SOURCES":
                    self.sources = list(self.vars[var])
                if var == "MLKEM_HOSTED_SOURCES":
                    self.hosted = list(self.vars[var])
            elif name == "list" and len(args) >= 2 and args[0] == "APPEND":
                target, items = args[1], expand(args[2:])
                self.vars[target] = self.vars.get(target, []) + items
                if target == "MLKEM_SOURCES":
                    for f in items:
                        self.appended.append((f, top))
                elif target == "MLKEM_SIMD_DEFINITIONS":
                    for d in items:
                        self.definitions.append((d, top))
            elif name == "set_source_files_properties":
                if "COMPILE_OPTIONS" not in args:
                    continue
                raw = args[: args.index("PROPERTIES")]
                files = expand(raw)
                opts = args[args.index("COMPILE_OPTIONS") + 1]
                if self.in_msvc(top, block_conds):
                    continue
                if foreach is not None and raw == ["${" + foreach[0] + "}"]:
                    for f in foreach[1]:
                        self.flags[f] = self.vars.get("MLKEM_X86_SYM_FLAGS_" + f)
                        if self.flags[f] is None:
                            fail("no flags for " + f)
                    continue
                for f in files:
                    self.flags[f] = opts.split(";")
        self.block_conds = block_conds
        if not self.sources:
            fail("no set(MLKEM_SOURCES ...) in src/CMakeLists.txt")

    @staticmethod
    def in_msvc(bid, conds):
        while bid is not None:
            cond, parent = conds[bid]
            words = [w for w in cond if w not in ("(", ")")]
            if words and words[0] == "MSVC":
                return True
            bid = parent
        return False

    def arch_of_expr(self, words, seen=()):
        for w in words:
            w = w.strip("${}()")
            if w == "MLKEM_IS_X86_64":
                return "x86_64"
            if w == "MLKEM_IS_AARCH64":
                return "aarch64"
            if w in seen:
                continue
            if w in self.option_default:
                a = self.arch_of_expr([self.option_default[w]], seen + (w,))
                if a:
                    return a
            if w in self.var_set_in:
                a = self.arch_of_block(self.var_set_in[w], seen + (w,))
                if a:
                    return a
        return None

    def arch_of_block(self, bid, seen=()):
        while bid is not None:
            cond, parent = self.block_conds[bid]
            a = self.arch_of_expr(cond, seen)
            if a:
                return a
            bid = parent
        return None

    def simd_files(self):
        """[(file, arch, flags)] in the order CMake appends them."""
        out = []
        for f, block in self.appended:
            if f in self.hosted:
                continue
            arch = self.arch_of_block(block)
            if arch is None:
                fail("cannot tell the architecture of %s (src/CMakeLists.txt)" % f)
            out.append((f, arch, self.flags.get(f, [])))
        return out

    def simd_definitions(self):
        """{arch or None: [definitions]}; None: every architecture."""
        out = {}
        for d, block in self.definitions:
            out.setdefault(self.arch_of_block(block), []).append(d)
        return out


# ---- C text -----------------------------------------------------------------


def strip_comments(text):
    """text with every comment replaced by a space (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("/*", i):
            e = text.index("*/", i + 2)
            out.append(" " + "\n" * text.count("\n", i, e))
            i = e + 2
        elif c == "/" and text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif c in "\"'":
            e = i + 1
            while text[e] != c:
                e += 2 if text[e] == "\\" else 1
            out.append(text[i : e + 1])
            i = e + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def logical_lines(text):
    """Lines with their backslash continuations joined."""
    out, cur = [], ""
    for line in text.split("\n"):
        if line.endswith("\\"):
            cur += line[:-1] + " "
            continue
        out.append(cur + line)
        cur = ""
    if cur:
        out.append(cur)
    return out


DIRECTIVE = re.compile(r"^\s*#\s*(\w+)\s*(.*)$")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
TOKEN = re.compile(
    r"[A-Za-z_][A-Za-z0-9_]*|0[xX][0-9a-fA-F]+[uUlL]*|[0-9][0-9a-zA-Z.]*|"
    r"\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'|->|\.\.\.|<<=|>>=|[-+*/%&|^!<>=]=|"
    r"&&|\|\||<<|>>|\+\+|--|##|\S"
)


def macros_defined(text):
    names = []
    for line in logical_lines(strip_comments(text)):
        m = DIRECTIVE.match(line)
        if m and m.group(1) == "define":
            names.append(re.match(r"\w+", m.group(2)).group(0))
    return names


def code_tokens(text):
    """The tokens of text outside comments and preprocessor lines."""
    toks = []
    for line in logical_lines(strip_comments(text)):
        if DIRECTIVE.match(line):
            continue
        toks.extend(TOKEN.findall(line))
    return toks


def group(toks, i, open_, close):
    """Index after the token that closes toks[i] (an opening one)."""
    depth = 0
    for j in range(i, len(toks)):
        if toks[j] == open_:
            depth += 1
        elif toks[j] == close:
            depth -= 1
            if depth == 0:
                return j + 1
    fail("unbalanced %s" % open_)


def is_ident(t):
    return re.fullmatch(r"[A-Za-z_]\w*", t) is not None


def file_scope_names(text, macros):
    """The names text defines at file scope with internal linkage or none:
    static functions and objects, typedefs, struct/union/enum tags and
    enumerators. macros: every macro name of the tree (a macro call is not
    a declarator)."""
    toks = code_tokens(text)
    names = set()
    decl = []  # items: tokens, ("()", inner), ("{}", inner)
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if t == "(":
            j = group(toks, i, "(", ")")
            decl.append(("()", toks[i + 1 : j - 1]))
            i = j
            continue
        if t == "{":
            j = group(toks, i, "{", "}")
            body = toks[i + 1 : j - 1]
            prev = decl[-1] if decl else None
            tag = len(decl) >= 3 and decl[-3] in ("struct", "union", "enum")
            function = (
                isinstance(prev, tuple)
                and prev[0] == "()"
                and "=" not in decl
                and not tag
            )
            decl.append(("{}", body))
            i = j
            if function:
                names |= declaration_names(decl, macros, function=True)
                decl = []
            continue
        if t == ";":
            names |= declaration_names(decl, macros)
            decl = []
            i += 1
            continue
        decl.append(t)
        i += 1
    return names


def declaration_names(decl, macros, function=False):
    names = set()
    words = [d for d in decl if isinstance(d, str)]
    # Tags and enumerators, at any place of the declaration.
    for k, d in enumerate(decl):
        if d in ("struct", "union", "enum") and k + 1 < len(decl):
            nxt = decl[k + 1]
            body = decl[k + 2] if k + 2 < len(decl) else None
            has_tag = isinstance(nxt, str) and is_ident(nxt) and nxt not in macros
            if has_tag and isinstance(body, tuple) and body[0] == "{}":
                names.add(nxt)
            enum_body = body if has_tag else nxt
            if d == "enum" and isinstance(enum_body, tuple) and enum_body[0] == "{}":
                expect = True
                depth = 0
                for t in enum_body[1]:
                    if t in "([{":
                        depth += 1
                    elif t in ")]}":
                        depth -= 1
                    elif t == "," and depth == 0:
                        expect = True
                        continue
                    if expect and is_ident(t):
                        names.add(t)
                    expect = False
    storage = "typedef" in words or "static" in words
    if not storage:
        return names
    # The declarator: the first name followed by a parameter list, an
    # array, an initializer or the end, or the name of (*name).
    items = list(decl)
    k = 0
    while k < len(items):
        d = items[k]
        nxt = items[k + 1] if k + 1 < len(items) else None
        if isinstance(d, str) and is_ident(d) and d not in C_KEYWORDS:
            if d in macros and isinstance(nxt, tuple) and nxt[0] == "()":
                k += 2
                continue
            if nxt is None or nxt in ("[", "=", ",", ";", ":") or (
                isinstance(nxt, tuple) and nxt[0] == "()"
            ):
                if not (isinstance(nxt, tuple) and nxt[0] == "()" and d in macros):
                    names.add(d)
                    break
        if isinstance(d, tuple) and d[0] == "()":
            inner = d[1]
            if inner and inner[0] == "*":
                idents = [t for t in inner if is_ident(t) and t not in C_KEYWORDS]
                if idents:
                    names.add(idents[-1])
                    break
        k += 1
    return names


# ---- the units ----------------------------------------------------------------


def read(path):
    with open(path) as f:
        return f.read()


class Amalgamation:
    def __init__(self, build):
        self.build = build
        self.all_macros = set()
        for d, _, files in os.walk(SRC):
            for f in files:
                if f.endswith((".c", ".h")):
                    self.all_macros |= set(macros_defined(read(os.path.join(d, f))))
        for f in os.listdir(INC):
            if f.endswith(".h"):
                self.all_macros |= set(macros_defined(read(os.path.join(INC, f))))
        self.emitted = set()  # headers copied in
        self.per_set_headers = self.find_per_set_headers()
        self.out = []

    # -- includes --

    def resolve(self, name, from_dir):
        for d in (from_dir, SRC):
            p = os.path.normpath(os.path.join(d, name))
            if os.path.isfile(p) and p.startswith(SRC + os.sep):
                return p
        if os.path.isfile(os.path.join(INC, name)) or name == "mlkem_version.h":
            return "public"
        return None

    def rel(self, path):
        return os.path.relpath(path, SRC)

    def find_per_set_headers(self):
        out = {os.path.join(SRC, "fips203", "level.h")}
        for d, _, files in os.walk(SRC):
            for f in files:
                p = os.path.join(d, f)
                if f.endswith(".h") and re.search(
                    r'^#include "fips203/level.h"', read(p), re.M
                ):
                    out.add(p)
        return out

    def header_names(self, path, seen):
        """Names (file_scope_names) and macros of a header and of the
        per-set headers it includes, for the renaming of a set."""
        if path in seen:
            return set(), set()
        seen.add(path)
        text = read(path)
        names = file_scope_names(text, self.all_macros)
        macros = set(macros_defined(text))
        for line in logical_lines(strip_comments(text)):
            m = INCLUDE.match(line)
            if m and m.group(1) == '"':
                p = self.resolve(m.group(2), os.path.dirname(path))
                if p in self.per_set_headers:
                    a, b = self.header_names(p, seen)
                    names |= a
                    macros |= b
        return names, macros

    def copy(self, path, per_set=False):
        """The text of path with its project includes copied in (headers
        once; .c files every time)."""
        out = []
        here = os.path.dirname(path)
        out.append("/* ---- src/%s ---- */" % self.rel(path))
        for line in read(path).split("\n"):
            m = INCLUDE.match(line)
            if m and m.group(1) == '"':
                p = self.resolve(m.group(2), here)
                if p is None:
                    fail("%s: cannot find %s" % (self.rel(path), m.group(2)))
                if p == "public":
                    continue  # mlkem.h, included at the top
                if p.endswith(".c"):
                    out.extend(self.copy(p, per_set))
                    continue
                if p in self.emitted:
                    continue
                if p in self.per_set_headers and not per_set:
                    fail("%s includes the per-set header %s outside a set" % (self.rel(path), self.rel(p)))
                self.emitted.add(p)
                # clang reports unused static inline functions of the main
                # file, which a header's become here.
                out.extend(CLANG_HEADER_BEGIN)
                out.extend(self.copy(p, per_set))
                out.extend(CLANG_HEADER_END)
                continue
            out.append(line)
        return out

    def headers_of(self, path, seen):
        """The project headers path includes, directly or through other
        headers and .c files."""
        out = set()
        for line in read(path).split("\n"):
            m = INCLUDE.match(line)
            if not m or m.group(1) != '"':
                continue
            p = self.resolve(m.group(2), os.path.dirname(path))
            if p in (None, "public") or p in seen:
                continue
            seen.add(p)
            if p.endswith(".h"):
                out.add(p)
            out |= self.headers_of(p, seen)
        return out

    def unit_text(self, path):
        """The text of a unit with its .c includes, for the scan of names."""
        parts = [read(path)]
        for line in read(path).split("\n"):
            m = INCLUDE.match(line)
            if m and m.group(1) == '"' and m.group(2).endswith(".c"):
                p = self.resolve(m.group(2), os.path.dirname(path))
                parts.append(self.unit_text(p))
        return "\n".join(parts)

    # -- the whole --

    def generate(self, version):
        b = self.build
        portable = [f for f in b.sources]
        for f in portable + [f for f, _, _ in b.simd_files()]:
            if not os.path.isfile(os.path.join(SRC, f)):
                fail("src/CMakeLists.txt lists %s, which does not exist" % f)
        listed = set(portable) | {f for f, _, _ in b.simd_files()} | set(b.hosted)
        included = set()
        for f in listed:
            for line in read(os.path.join(SRC, f)).split("\n"):
                m = INCLUDE.match(line)
                if m and m.group(2).endswith(".c"):
                    p = self.resolve(m.group(2), os.path.dirname(os.path.join(SRC, f)))
                    included.add(self.rel(p))
                    for line2 in read(p).split("\n"):
                        m2 = INCLUDE.match(line2)
                        if m2 and m2.group(2).endswith(".c"):
                            included.add(self.rel(self.resolve(m2.group(2), os.path.dirname(p))))
        for d, _, files in os.walk(SRC):
            for f in files:
                r = self.rel(os.path.join(d, f))
                if f.endswith(".c") and r not in listed | included | NOT_IN_LIBRARY:
                    fail(
                        "src/%s is in no source list of src/CMakeLists.txt that "
                        "this script knows (MLKEM_SOURCES, the SIMD groups, "
                        "MLKEM_HOSTED_SOURCES): add it there, or to "
                        "NOT_IN_LIBRARY here" % r
                    )

        # Units: (path, kind, info). Level units grouped by their MLKEM_K.
        units = []
        sets = {}
        for f in portable + list(b.hosted):
            text = read(os.path.join(SRC, f))
            m = re.search(r"^#define MLKEM_K (\d+)", text, re.M)
            if m:
                k = int(m.group(1))
                if k not in sets:
                    sets[k] = []
                    units.append(("set", k))
                sets[k].append(f)
            else:
                units.append(("unit", f))
        hosted = set(b.hosted)

        # Names of every unit, to find those defined twice.
        unit_names = {}
        for kind, x in units:
            files = sets[x] if kind == "set" else [x]
            for f in files:
                key = (f, x if kind == "set" else None)
                unit_names[key] = file_scope_names(self.unit_text(os.path.join(SRC, f)), self.all_macros)
        for f, _, _ in b.simd_files():
            unit_names[(f, None)] = file_scope_names(self.unit_text(os.path.join(SRC, f)), self.all_macros)
        per_set_names, per_set_macros = set(), set()
        for h in self.per_set_headers:
            a, m = self.header_names(h, set())
            per_set_names |= a
            per_set_macros |= m
        count = {}
        for key, names in unit_names.items():
            for nm in names:
                count[nm] = count.get(nm, 0) + 1
        header_names = set()
        for d, _, files in os.walk(SRC):
            for f in files:
                p = os.path.join(d, f)
                if f.endswith(".h") and p not in self.per_set_headers:
                    header_names |= file_scope_names(read(p), self.all_macros)

        # A header that one unit alone includes (x25519/fe64.h of
        # impl_mulx.c) is copied in with that unit, so its names are
        # renamed with the unit's where another header or unit defines
        # them too (fe51.h's fe).
        unit_files = [f for f in portable + list(b.hosted)] + [f for f, _, _ in b.simd_files()]
        includers = {}
        for f in unit_files:
            for h in self.headers_of(os.path.join(SRC, f), set()):
                includers.setdefault(h, set()).add(f)
        hdr_names = {}
        for d, _, files in os.walk(SRC):
            for f in files:
                p = os.path.join(d, f)
                if f.endswith(".h") and p not in self.per_set_headers:
                    hdr_names[p] = file_scope_names(read(p), self.all_macros)

        def private_names(f):
            out = set()
            for h, us in includers.items():
                if us != {f} or h in self.per_set_headers:
                    continue
                others = set()
                for h2, n2 in hdr_names.items():
                    if h2 != h:
                        others |= n2
                for nm in hdr_names[h]:
                    if nm in others or any(
                        nm in names for k, names in unit_names.items() if k[0] != f
                    ):
                        out.add(nm)
            return out

        def renames(key, suffix):
            names = unit_names[key]
            out = {
                nm
                for nm in names
                if count[nm] > 1 or nm in header_names or nm in per_set_names
            }
            out |= private_names(key[0])
            text = self.unit_text(os.path.join(SRC, key[0]))
            for nm in out:
                # A macro renames every use of the name, a member's too.
                if re.search(r"(->|\.)\s*%s\b" % re.escape(nm), strip_comments(text)):
                    fail(
                        "src/%s: %s is renamed in the amalgamation (another unit or "
                        "header defines it too) but is also a member name there: "
                        "give the static another name" % (key[0], nm)
                    )
            return sorted(out), suffix

        o = self.out
        o.append("/* SPDX-License-Identifier: Apache-2.0 OR MIT */")
        o.append(
            "/*\n * mlkem.c - the mlkem library %s in one file, with mlkem.h beside it:\n"
            " *   cc -std=c11 -O2 -c mlkem.c\n"
            " * Generated by scripts/amalgamate.py from the source tree (make\n"
            " * amalgamation); do not edit: change the tree and generate it again.\n"
            " * README.md, \"Copy two files\", describes the options:\n"
            " *   MLKEM_FREESTANDING  no C library but memcpy and memset; the\n"
            " *                       application defines mlkem_randombytes (mlkem.h)\n"
            " *   MLKEM_CUSTOM_RANDOMBYTES  the application's random source, hosted\n"
            " *   MLKEM_NO_SIMD       the portable code only\n"
            " */" % version
        )
        # Feature-test macros before any system header, as the files that
        # need them define them before theirs.
        o.append("#if !defined(MLKEM_FREESTANDING) && defined(__linux__) && !defined(_GNU_SOURCE)")
        o.append("#define _GNU_SOURCE")
        o.append("#endif")
        o.append("#if !defined(MLKEM_FREESTANDING) && defined(__APPLE__) && !defined(_DARWIN_C_SOURCE)")
        o.append("#define _DARWIN_C_SOURCE")
        o.append("#endif")
        o.append("/* The library's internal assertions are compiled out in the freestanding")
        o.append(" * configuration (they would call the C library's assert handler). */")
        o.append("#if defined(MLKEM_FREESTANDING) && !defined(NDEBUG)")
        o.append("#define NDEBUG")
        o.append("#endif")
        o.append("#define MLKEM_BUILDING_LIBRARY 1")
        o.append('#include "mlkem.h"')
        o.append("")
        # The SIMD groups' definitions, per architecture.
        defs = b.simd_definitions()
        for d in defs.get(None, []):
            o.append("#define %s 1" % d)
        simd = b.simd_files()
        for arch in ("x86_64", "aarch64"):
            files = [(f, fl) for f, a, fl in simd if a == arch]
            if not files:
                continue
            needs_target = any(fl for _, fl in files)
            cond = "!defined(MLKEM_NO_SIMD) && %s" % ARCH_CONDITION[arch]
            if arch == "aarch64" and needs_target:
                feats = set()
                for _, fl in files:
                    for x in fl:
                        feats |= set(re.findall(r"\+(\w+)", x))
                native = " && ".join("defined(%s)" % ARM_FEATURE_MACROS[x] for x in sorted(feats))
                cond += " && (%s || (%s))" % (ARCH_TARGET_OK[arch], native)
            o.append("#if %s" % cond)
            o.append("#define MLKEM_AMALGAMATION_%s 1" % arch.upper())
            for d in defs.get(arch, []):
                o.append("#define %s 1" % d)
            o.append("#endif")
        o.append("")

        # Every header the portable units reach (through their .c
        # includes and the per-set headers) but the per-set ones, first:
        # so that no rename of a unit or of a set applies to a header that
        # other units share. The SIMD groups' own headers and the key
        # files' come with their first unit.
        o.append("/* ==== the headers the units share ==== */")

        def prelude(path, seen):
            if path in seen:
                return
            seen.add(path)
            for line in read(path).split("\n"):
                m = INCLUDE.match(line)
                if not m or m.group(1) != '"':
                    continue
                q = self.resolve(m.group(2), os.path.dirname(path))
                if q in (None, "public"):
                    continue
                if q.endswith(".c") or q in self.per_set_headers:
                    prelude(q, seen)
                elif q not in self.emitted:
                    prelude(q, seen)
                    if q not in self.emitted:
                        self.emitted.add(q)
                        o.extend(CLANG_HEADER_BEGIN)
                        o.extend(self.copy(q))
                        o.extend(CLANG_HEADER_END)

        seen = set()
        for f in portable:
            prelude(os.path.join(SRC, f), seen)

        def emit_unit(f, key, suffix, per_set):
            path = os.path.join(SRC, f)
            names, sfx = renames(key, suffix)
            # A macro the unit defines that a header copied in before
            # defines too (aead/chacha20_scalar.h's CHACHA_ADD, defined
            # again for AVX2 by chacha20poly1305_avx2.c).
            emitted_macros = set()
            for h in self.emitted:
                emitted_macros |= set(macros_defined(read(h)))
            for mac in sorted(set(macros_defined(self.unit_text(path))) & emitted_macros):
                o.append("#undef %s" % mac)
            text = self.copy(path, per_set)
            for nm in names:
                o.append("#define %s %s%s" % (nm, nm, sfx))
            o.extend(text)
            for nm in names:
                o.append("#undef %s" % nm)
            for mac in sorted(set(macros_defined(self.unit_text(path)))):
                if not mac.startswith("_") and mac != "MLKEM_K":
                    o.append("#undef %s" % mac)

        def tu_id(f):
            return re.sub(r"\W", "_", os.path.splitext(f)[0])

        for kind, x in units:
            if kind == "unit":
                guard = x in hosted
                if guard:
                    o.append("#if !defined(MLKEM_FREESTANDING)")
                emit_unit(x, (x, None), "__" + tu_id(x), False)
                if guard:
                    o.append("#endif")
                continue
            k = x
            o.append("/* ==== parameter set of rank %d ==== */" % k)
            o.append("#define MLKEM_K %d" % k)
            for nm in sorted(per_set_names):
                o.append("#define %s %s_k%d" % (nm, nm, k))
            for f in sets[k]:
                emit_unit(f, (f, k), "__%s" % tu_id(f), True)
            for nm in sorted(per_set_names):
                o.append("#undef %s" % nm)
            for mac in sorted(per_set_macros):
                o.append("#undef %s" % mac)
            self.emitted -= self.per_set_headers
            o.append("#undef MLKEM_K")

        # The SIMD groups: runs of files with the same flags.
        for arch in ("x86_64", "aarch64"):
            files = [(f, fl) for f, a, fl in simd if a == arch]
            if not files:
                continue
            o.append("")
            o.append("#if defined(MLKEM_AMALGAMATION_%s)" % arch.upper())
            runs = []
            for f, fl in files:
                if runs and runs[-1][1] == fl:
                    runs[-1][0].append(f)
                else:
                    runs.append(([f], fl))
            for fs, fl in runs:
                target = ",".join(pragma_target(x) for x in fl)
                sysincs = []
                for f in fs:
                    for line in self.unit_text(os.path.join(SRC, f)).split("\n"):
                        m = INCLUDE.match(line)
                        if m and m.group(1) == "<" and line.strip() not in sysincs:
                            sysincs.append(line.strip())
                if target:
                    o.extend(sysincs)
                    o.append("#if defined(__clang__)")
                    o.append(
                        '#pragma clang attribute push(__attribute__((target("%s"))), apply_to = function)'
                        % target
                    )
                    o.append("#else")
                    o.append("#pragma GCC push_options")
                    o.append('#pragma GCC target("%s")' % target)
                    o.append("#endif")
                for f in fs:
                    emit_unit(f, (f, None), "__" + tu_id(f), False)
                if target:
                    o.append("#if defined(__clang__)")
                    o.append("#pragma clang attribute pop")
                    o.append("#else")
                    o.append("#pragma GCC pop_options")
                    o.append("#endif")
            o.append("#endif")
        return "\n".join(o) + "\n"


CLANG_HEADER_BEGIN = [
    "#if defined(__clang__)",
    "#pragma clang diagnostic push",
    '#pragma clang diagnostic ignored "-Wunused-function"',
    "#endif",
]
CLANG_HEADER_END = ["#if defined(__clang__)", "#pragma clang diagnostic pop", "#endif"]


def pragma_target(flag):
    if flag.startswith("-march="):
        return "arch=" + flag[len("-march=") :]
    if flag.startswith("-m"):
        return flag[2:]
    fail("cannot express the flag %s as a target" % flag)


def version():
    text = read(os.path.join(ROOT, "CMakeLists.txt"))
    m = re.search(r"project\(\s*mlkem\s+VERSION\s+(\d+)\.(\d+)\.(\d+)", text)
    if not m:
        fail("no project(mlkem VERSION x.y.z) in CMakeLists.txt")
    return m.groups()


def header(ver):
    """mlkem.h: the public headers in one."""
    tmpl = read(os.path.join(ROOT, "cmake", "mlkem_version.h.in"))
    major, minor, patch = ver
    subst = {
        "PROJECT_VERSION_MAJOR": major,
        "PROJECT_VERSION_MINOR": minor,
        "PROJECT_VERSION_PATCH": patch,
        "PROJECT_VERSION": "%s.%s.%s" % ver,
    }
    version_h = re.sub(r"@(\w+)@", lambda m: subst[m.group(1)], tmpl)
    names = sorted(f for f in os.listdir(INC) if f.endswith(".h"))
    names.remove("mlkem.h")
    names.insert(0, "mlkem.h")
    out = [
        "/* SPDX-License-Identifier: Apache-2.0 OR MIT */",
        "/*\n * mlkem.h - the public API of the mlkem library %s.%s.%s in one header:\n"
        " * %s, in this order, each under its own include guard.\n"
        " * Generated by scripts/amalgamate.py from include/ (make amalgamation) for\n"
        " * mlkem.c; do not edit.\n */" % (major, minor, patch, ", ".join(names)),
    ]
    for n in names:
        out.append("/* ==== include/%s ==== */" % n)
        for line in read(os.path.join(INC, n)).split("\n"):
            m = INCLUDE.match(line)
            if m and m.group(1) == '"':
                if m.group(2) == "mlkem_version.h":
                    out.append("/* ---- mlkem_version.h ---- */")
                    out.extend(version_h.rstrip("\n").split("\n"))
                    continue
                if m.group(2) in names:
                    continue
                fail("include/%s includes %s, which is not a public header" % (n, m.group(2)))
            out.append(line)
    return "\n".join(out).rstrip("\n") + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "dist"))
    args = ap.parse_args()
    ver = version()
    build = Build()
    amal = Amalgamation(build)
    c_text = amal.generate("%s.%s.%s" % ver)
    h_text = header(ver)
    os.makedirs(args.out, exist_ok=True)
    for name, text in (("mlkem.c", c_text), ("mlkem.h", h_text)):
        with open(os.path.join(args.out, name), "w") as f:
            f.write(text)
    print(
        "amalgamate.py: %s/mlkem.c (%d lines), %s/mlkem.h (%d lines)"
        % (args.out, c_text.count("\n"), args.out, h_text.count("\n"))
    )


if __name__ == "__main__":
    main()
