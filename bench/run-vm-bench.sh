#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Host side of `make bench`: boots the VM twice under QEMU's instruction
# counting (-icount shift=0,sleep=off, so guest time is deterministic), once
# with Safename active and once with it left out of lsm= (the baseline),
# runs vm-bench.sh in each and prints median ops/s per configuration,
# the ratio to the baseline and the spread over the rounds.
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
	awk '/^BENCH / { print $2 "\t" $3 "\t" $4 "\t" $5 }' >"$out/vm-raw.tsv"
python3 - "$out/vm-raw.tsv" "$out/vm.tsv" <<'PY'
import statistics, sys
raw, tsv = sys.argv[1], sys.argv[2]
runs = {}
for line in open(raw):
    config, op, length, ops = line.split("\t")
    runs.setdefault((config, op, int(length)), []).append(float(ops))
configs = [c for c in ("off", "enforce", "enforce-u", "split", "baseline")
           if any(k[0] == c for k in runs)]
keys = sorted({(k[1], k[2]) for k in runs},
              key=lambda k: (["create", "mkdir", "rename", "link",
                              "symlink"].index(k[0]), k[1]))
with open(tsv, "w") as f:
    f.write("op\tlen\tconfig\tmedian_ops_s\tratio\tspread_pct\trounds\n")
    print("%-8s %4s  %-10s %12s %7s %8s" % ("op", "len", "config",
          "median op/s", "ratio", "spread"))
    for op, length in keys:
        base = statistics.median(runs.get(("baseline", op, length), [0]))
        for c in configs:
            v = runs.get((c, op, length))
            if not v:
                continue
            med = statistics.median(v)
            ratio = med / base if base else float("nan")
            spread = 100 * (max(v) - min(v)) / med
            f.write("%s\t%d\t%s\t%.0f\t%.4f\t%.3f\t%d\n" %
                    (op, length, c, med, ratio, spread, len(v)))
            print("%-8s %4d  %-10s %12.0f %7.4f %7.3f%%" %
                  (op, length, c, med, ratio, spread))
    worst = {}
    for op, length in keys:
        base = statistics.median(runs.get(("baseline", op, length), [0]))
        for c in configs:
            if c == "baseline" or (c, op, length) not in runs or not base:
                continue
            r = statistics.median(runs[(c, op, length)]) / base
            w = worst.get((c, length))
            if w is None or r < w[0]:
                worst[(c, length)] = (r, op)
    print("\nworst ratio to the baseline, by configuration and name length:")
    for (c, length), (r, op) in sorted(worst.items()):
        print("  %-10s %4d bytes: %.4f (%s)" % (c, length, r, op))
PY
echo "(TSV: $out/vm.tsv; raw rounds: $out/vm-raw.tsv)"
