# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The Cortex-M4 figures of docs/BENCHMARKS.md from one run of the
bare-metal image (scripts/cortex_m4_run.sh): code size, stack and
instructions per operation, as Markdown tables.

Usage: cortex_m4_figures.py BUILD_DIR RUN_STDOUT PLUGIN_STDERR

 - code size: what the link maps of tests/baremetal/size_app.c's images
   (one per set, one with all three; --gc-sections) take from libmlkem.a,
   per output section;
 - stack: the "figure stack SET OP BYTES" lines of the image (figures.c);
 - instructions: the "figure insns SET OP" labels of the image, in order,
   paired with the plugin's "mark: N" counts (two per label); each figure
   is the median over the runs less the median of the empty pairs
   ("calibration"), with the smallest and the largest.
"""
import re
import statistics
import sys

SETS = ["ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"]
OPS = ["keygen", "encaps", "decaps"]


def fmt(n):
    return "{:,}".format(n)


def map_sizes(path):
    """{output section: bytes} of the input sections from libmlkem.a."""
    sizes = {}
    out_sec = None
    text = open(path).read()
    body = text[text.index("Linker script and memory map") :]
    lines = body.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^(\.[\w.]+)\s", line) or re.match(r"^(\.[\w.]+)$", line)
        if m:
            out_sec = m.group(1)
        m = re.match(r"^ (\.[\w.]+)\s*$", line)
        if m and i + 1 < len(lines):
            line = line + lines[i + 1]
            i += 1
        m = re.match(r"^ (\.[\w.]+)\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$", line)
        if m and "libmlkem.a(" in m.group(4) and out_sec is not None:
            sizes[out_sec] = sizes.get(out_sec, 0) + int(m.group(3), 16)
        i += 1
    return sizes


def main():
    build, out_log, err_log = sys.argv[1:4]
    print("### Code size (what an application links from libmlkem.a)\n")
    print("| configuration | .text | .rodata | .data | .bss |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, label in (("512", "ML-KEM-512"), ("768", "ML-KEM-768"),
                        ("1024", "ML-KEM-1024"), ("all", "all three sets")):
        s = map_sizes("%s/tests/baremetal/mlkem_m4_size_%s.map" % (build, name))
        print("| %s | %s | %s | %s | %s |" % (
            label, fmt(s.get(".text", 0)), fmt(s.get(".rodata", 0)),
            fmt(s.get(".data", 0)), fmt(s.get(".bss", 0))))
    print()

    out = open(out_log).read()
    stack = {}
    for m in re.finditer(r"^figure stack (\S+) (\S+) (\d+)$", out, re.M):
        stack[(m.group(1), m.group(2))] = int(m.group(3))
    labels = re.findall(r"^figure insns (\S+) (\S+)$", out, re.M)
    marks = [int(x) for x in re.findall(r"^mark: (\d+)$", open(err_log).read(), re.M)]
    if len(marks) != 2 * len(labels):
        sys.exit("cortex_m4_figures.py: %d labels but %d marks (was the "
                 "plugin given mark=?)" % (len(labels), len(marks)))
    runs = {}
    for k, lab in enumerate(labels):
        runs.setdefault(lab, []).append(marks[2 * k + 1] - marks[2 * k])
    base = statistics.median(runs[("calibration", "-")])

    print("### Stack (bytes, painted; keygen and encaps include the random source's frame)\n")
    print("| set | keygen | encaps | decaps |")
    print("| --- | ---: | ---: | ---: |")
    for s in SETS:
        print("| %s | %s |" % (s, " | ".join(fmt(stack[(s, o)]) for o in OPS)))
    print()
    n = len(runs[(SETS[0], OPS[0])])
    print("### Instructions per operation (qemu plugin; median of %d runs, "
          "[smallest, largest])\n" % n)
    print("| set | keygen | encaps | decaps |")
    print("| --- | ---: | ---: | ---: |")
    for s in SETS:
        cells = []
        for o in OPS:
            v = [x - base for x in runs[(s, o)]]
            cells.append("%s [%s, %s]" % (fmt(int(statistics.median(v))),
                                          fmt(int(min(v))), fmt(int(max(v)))))
        print("| %s | %s |" % (s, " | ".join(cells)))


if __name__ == "__main__":
    main()
