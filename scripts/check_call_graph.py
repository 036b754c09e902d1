#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""No two files of the library call each other in a circle.

Reads the symbol tables (nm) of the library's object files, one per source
file of src/, and draws an edge from file A to file B where A refers to a
symbol that B defines (a call or a table's address alike). Fails, naming
the symbols, if the edges form a circle: a file calls down to what it uses,
and what calls back up (a scheduler into the steps of an algorithm, the
sponge scheduler into a sink) gets the function from its caller at run
time, which is no reference.

The files compiled once per parameter set (the level files include them)
are given as objects of their own, each compiled alone; the per-set names
(mlkem_k2_..., mlkem_k3_..., mlkem_k4_...) are read as one.

Usage: check_call_graph.py [--print] [--nm NM] OBJECT...
  An object's source file is its path below the CMake target's directory
  (.../mlkem_objects.dir/fips203/kpke.c.o is fips203/kpke.c). --print lists
  every edge as well; NM is the toolchain's nm (default nm).
"""
import re
import subprocess
import sys


def source_of(obj):
    m = re.search(r"\.dir/(.*)\.(o|obj)$", obj)
    return m.group(1) if m else obj


def per_set(name):
    return re.sub(r"^mlkem_k[234]_", "mlkem_kN_", name)


def symbols(nm, objs):
    """{object: (defined, used)} from one run of nm over every object."""
    out = subprocess.run([nm, "-P", "-A"] + objs, check=True,
                         capture_output=True, text=True).stdout
    table = {obj: (set(), set()) for obj in objs}
    for line in out.splitlines():
        head, _, rest = line.partition(": ")
        parts = rest.split()
        if len(parts) < 2 or head not in table:
            continue
        name, kind = per_set(parts[0]), parts[1]
        if kind == "U":
            table[head][1].add(name)
        elif kind in "TDRBCVWG":
            table[head][0].add(name)
    return table


def strongly_connected(nodes, edges):
    """Tarjan's algorithm, iteratively; returns the components of more
    than one node."""
    index, low, on_stack, stack, comps = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, ())))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    comp.append(top)
                    if top == node:
                        break
                if len(comp) > 1:
                    comps.append(sorted(comp))
    return comps


def main(argv):
    show, nm, objs = False, "nm", []
    args = iter(argv)
    for a in args:
        if a == "--print":
            show = True
        elif a == "--nm":
            nm = next(args)
        else:
            objs.extend(o for o in a.split(";") if o)  # a CMake list
    if not objs:
        print("usage: check_call_graph.py [--print] [--nm NM] OBJECT...",
              file=sys.stderr)
        return 2
    defines, uses = {}, {}
    for obj, (d, u) in symbols(nm, objs).items():
        src = source_of(obj)
        defines.setdefault(src, set()).update(d)
        uses.setdefault(src, set()).update(u)
    owner = {}
    for src, names in defines.items():
        for name in names:
            owner.setdefault(name, src)
    edges, why = {}, {}
    for src, names in uses.items():
        for name in names:
            dst = owner.get(name)
            if dst is None or dst == src:
                continue
            edges.setdefault(src, set()).add(dst)
            why.setdefault((src, dst), set()).add(name)
    if show:
        for (a, b), names in sorted(why.items()):
            print(f"{a} -> {b}: {', '.join(sorted(names))}")
    circles = strongly_connected(set(defines), edges)
    for comp in circles:
        print("call-graph: these files call each other in a circle:")
        members = set(comp)
        for a in comp:
            for b in sorted(edges.get(a, ())):
                if b in members:
                    print(f"  {a} -> {b}: {', '.join(sorted(why[(a, b)]))}")
    if circles:
        return 1
    print(f"call-graph: {len(defines)} files, {sum(map(len, edges.values()))} "
          "edges, no circle")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
