#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh [DIR]: time safename-scan against find(1) on 1 000 000 names.
#
# Makes a tree of 1 000 000 names (1 000 directories of 999 files each, one
# name in a thousand bad) under DIR (default /dev/shm; it should be a tmpfs,
# so that the disk plays no part), then times, wall clock, median of RUNS
# (default 5) after one warm-up run each:
#
#   safename-scan --default TREE
#   find TREE -name '*[[:cntrl:]]*'
#
# find runs with LC_ALL=C, its fastest (in a UTF-8 locale its pattern
# matching is several times slower), so the ratio is the strict one.
#
# with hyperfine when it is installed, else with date +%s.%N, and prints the
# ratio.  The target of issue 7 is a ratio of at most 1.5.  Not a test: it
# always exits 0 once it has measured.  KEEP=1 keeps the tree.

set -eu

DIR=${1:-/dev/shm}
RUNS=${RUNS:-5}
HERE=$(cd "$(dirname "$0")" && pwd)
SCAN=$HERE/safename-scan

make -s -C "$HERE" >/dev/null
fstype=$(stat -f -c %T "$DIR")
[ "$fstype" = tmpfs ] || echo "note: $DIR is $fstype, not tmpfs"

TREE=$(mktemp -d "$DIR/safename-bench.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$TREE"' EXIT

echo "making 1000000 names in $TREE"
python3 - "$TREE" <<'PY'
import os
import sys

root = sys.argv[1].encode()
bad = [b"-dash%d", b"ctl\x01%d", b"new\nline%d", b"trail%d ", b"\xff%d",
       b"~tilde%d"]
n = 0
for d in range(1000):
    dpath = root + b"/dir-%04d" % d
    os.mkdir(dpath)
    n += 1
    for f in range(999):
        if f == 500:
            name = bad[d % len(bad)] % d
        else:
            name = b"file-%04d-%03d.txt" % (d, f)
        os.close(os.open(dpath + b"/" + name, os.O_CREAT | os.O_WRONLY))
        n += 1
assert n == 1000000
PY

median()
{
	sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# timeit COMMAND...: the median wall-clock seconds of RUNS runs
timeit()
{
	local i t0 t1

	"$@" >/dev/null 2>&1 || true
	for i in $(seq "$RUNS"); do
		t0=$(date +%s.%N)
		"$@" >/dev/null 2>&1 || true
		t1=$(date +%s.%N)
		awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }'
	done | median
}

if command -v hyperfine >/dev/null; then
	hyperfine -N -i --warmup 1 --runs "$RUNS" \
		--export-json "$TREE.json" \
		"$SCAN --default $TREE" \
		"env LC_ALL=C find $TREE -name '*[[:cntrl:]]*'" >/dev/null
	read -r scan find < <(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"]
print(r[0]["median"], r[1]["median"])' "$TREE.json")
	rm -f "$TREE.json"
	how="hyperfine, median of $RUNS"
else
	scan=$(timeit "$SCAN" --default "$TREE")
	find=$(timeit env LC_ALL=C find "$TREE" -name '*[[:cntrl:]]*')
	how="date +%s.%N, median of $RUNS"
fi

found=$("$SCAN" --default "$TREE" | wc -l || true)
printf 'safename-scan --default: %.3f s (%d bad names)\n' "$scan" "$found"
printf "LC_ALL=C find -name '*[[:cntrl:]]*': %.3f s\n" "$find"
printf 'ratio scan/find: %.2f (target <= 1.5; %s)\n' \
	"$(awk -v a="$scan" -v b="$find" 'BEGIN { print a / b }')" "$how"
