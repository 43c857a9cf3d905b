#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Host side of `make bench`: boots the VM twice under QEMU's instruction
# counting (-icount shift=0,sleep=off, so guest time is deterministic), once
# with Safename active and once with it left out of lsm= (the baseline),
# runs vm-bench.sh in each and prints, per configuration, operation and
# name length, the instructions per operation (fastest window of the
# fastest round), the ratio to the baseline, the spread over the rounds
# and the extra instructions per hook call, with a bound.
# Fails when a boot gives no figures or an uneven number of rounds.
#
# usage: run-vm-bench.sh OUTDIR   (KERNEL, INITRD, LOGDIR as for vm/qemu.sh)
set -eu
set -o pipefail

out=${1:?usage: run-vm-bench.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
args="quiet kunit.enable=0 sn.script=bench ${BENCH_ARGS:-}"

ICOUNT=1 QUIET=1 TIMEOUT=${BENCH_TIMEOUT:-1800} "$here/../vm/qemu.sh" \
	bench-safename "lsm=landlock,safename $args"
ICOUNT=1 QUIET=1 TIMEOUT=${BENCH_TIMEOUT:-1800} "$here/../vm/qemu.sh" \
	bench-baseline "lsm=landlock $args"

cat "$LOGDIR/bench-safename.log" "$LOGDIR/bench-baseline.log" |
	awk '/^BENCH / { print $2 "\t" $3 "\t" $4 "\t" $5 "\t" $6 }' \
	>"$out/vm-raw.tsv"
python3 - "$out/vm-raw.tsv" "$out/vm.tsv" <<'PY'
import statistics, sys
raw, tsv = sys.argv[1], sys.argv[2]
# Hook calls per operation: a rename op renames there and back.
CALLS = {"create": 1, "mkdir": 1, "rename": 2, "link": 1, "symlink": 1}
# Targets of the extra instructions per hook call, by name length.
TARGET = {8: 60, 32: 80, 255: 250}
runs = {}
for line in open(raw):
    f = line.split("\t")
    if len(f) != 5:
        sys.exit("run-vm-bench: malformed line in %s: %r" % (raw, line))
    config, op, length, ns = f[0], f[1], int(f[2]), float(f[4])
    if ns <= 0:
        sys.exit("run-vm-bench: no time for %s %s %d" % (config, op, length))
    runs.setdefault((config, op, length), []).append(ns)
configs = [c for c in ("off", "enforce", "enforce-u", "split", "baseline")
           if any(k[0] == c for k in runs)]
keys = sorted({(k[1], k[2]) for k in runs},
              key=lambda k: (list(CALLS).index(k[0]), k[1]))
if "baseline" not in configs or len(configs) < 2:
    sys.exit("run-vm-bench: the Safename or the baseline boot gave nothing")
counts = {len(v) for v in runs.values()}
if len(counts) != 1:
    sys.exit("run-vm-bench: uneven rounds: %s" % sorted(counts))
# The cost of an operation is its fastest round: under icount anything
# else only ever adds instructions, and the rounds fall into a few modes
# some 60 instructions per operation apart (work that lands in every
# window of a round).  The bound is the gap to the next fastest round.
med = {k: min(v) for k, v in runs.items()}
half = {k: sorted(v)[1] - sorted(v)[0] if len(v) > 1 else float("inf")
        for k, v in runs.items()}
rng = {k: max(v) - min(v) for k, v in runs.items()}
extra, worst = {}, {}
with open(tsv, "w") as f:
    f.write("op\tlen\tconfig\tinstr_per_op\tratio\tspread_pct\t"
            "extra_per_call\tbound\trounds\n")
    print("%-8s %4s  %-10s %10s %7s %8s %12s" % ("op", "len", "config",
          "instr/op", "ratio", "spread", "extra/call"))
    for op, length in keys:
        b = ("baseline", op, length)
        if b not in med:
            sys.exit("run-vm-bench: no baseline for %s %d" % (op, length))
        for c in configs:
            k = (c, op, length)
            if k not in med:
                sys.exit("run-vm-bench: no %s for %s %d" % (c, op, length))
            ratio = med[b] / med[k]
            spread = 100 * rng[k] / med[k]
            x = (med[k] - med[b]) / CALLS[op]
            bound = (half[k] + half[b]) / CALLS[op]
            f.write("%s\t%d\t%s\t%.1f\t%.4f\t%.3f\t%.1f\t%.1f\t%d\n" %
                    (op, length, c, med[k], ratio, spread, x, bound,
                     len(runs[k])))
            if c == "baseline":
                print("%-8s %4d  %-10s %10.1f %7.4f %7.3f%%" %
                      (op, length, c, med[k], ratio, spread))
                continue
            print("%-8s %4d  %-10s %10.1f %7.4f %7.3f%% %+7.1f +-%.1f" %
                  (op, length, c, med[k], ratio, spread, x, bound))
            extra[(c, op, length)] = (x, bound)
            w = worst.get((c, length))
            if w is None or ratio < w[0]:
                worst[(c, length)] = (ratio, op)
lengths = sorted({k[1] for k in keys})
print("\nextra instructions per hook call (fastest round against the")
print("baseline boot's; +- the gaps to the next fastest rounds), by length:")
print("  %-10s %-8s" % ("config", "op") +
      "".join("%16s" % ("%d B (<= %d)" % (l, TARGET.get(l, 0)))
              for l in lengths))
for c in configs:
    if c == "baseline":
        continue
    for op in CALLS:
        cells = []
        for l in lengths:
            x, bnd = extra[(c, op, l)]
            mark = "" if c == "off" or x <= TARGET.get(l, 0) else " !"
            cells.append("%16s" % ("%+.1f +-%.1f%s" % (x, bnd, mark)))
        print("  %-10s %-8s" % (c, op) + "".join(cells))
print("  (! marks a figure above its target; off has no target of its own)")
print("\nworst ratio to the baseline, by configuration and name length")
print("(targets: off >= 0.995; the others >= 0.99 at 8 and 32 bytes, "
      ">= 0.98 at 255):")
for (c, length), (r, op) in sorted(worst.items()):
    target = 0.995 if c == "off" else (0.98 if length >= 255 else 0.99)
    print("  %-10s %4d bytes: %.4f (%s)%s" %
          (c, length, r, op, "" if r >= target else "  below target"))
PY
echo "(TSV: $out/vm.tsv; raw rounds: $out/vm-raw.tsv)"
