#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh [DIR [SCAN]]: time safename-scan against find(1) on 1 000 000
# names, and its repairs.
#
# SCAN is the safename-scan to time: the second argument, else
# $SAFENAME_SCAN, else safename-scan next to this script (make bench, which
# builds it, passes its own).  A missing one is an error.
#
# Makes a tree of 1 000 000 names (1 000 directories of 999 files each, one
# name in a thousand bad) under DIR (default /dev/shm; it should be a tmpfs,
# so that the disk plays no part), checks that SCAN finds exactly its 1 000
# bad names (exit status 1), then times, wall clock, median of RUNS
# (default 5) after one warm-up run each:
#
#   safename-scan --default TREE
#   find TREE -name '*[[:cntrl:]]*'
#
# find runs with LC_ALL=C, its fastest (in a UTF-8 locale its pattern
# matching is several times slower), so the ratio is the strict one.
#
# with hyperfine when it is installed, else with date +%s.%N, and prints the
# ratio.  The target of issue 7 is a ratio of at most 1.5.  Then RUNS rounds
# of the repair, each checked:
#
#   safename-scan --default --fix --apply --log LOG TREE   (1 000 renames)
#   safename-scan --undo LOG                               (1 000 renames)
#
# with the log in DIR too, and prints the median of each.  Exits 0 once it
# has measured, 1 when SCAN is missing, does not find what the tree holds,
# or when any run, timed or warm-up, exits with another status than
# expected (1 for safename-scan, 0 for find); then no figure is printed.
# KEEP=1 keeps the tree.

set -eu

DIR=${1:-/dev/shm}
RUNS=${RUNS:-5}
HERE=$(cd "$(dirname "$0")" && pwd)
SCAN=${2:-${SAFENAME_SCAN:-$HERE/safename-scan}}
BAD=1000

fail()
{
	echo "bench.sh: $*" >&2
	exit 1
}

[ -f "$SCAN" ] && [ -x "$SCAN" ] ||
	fail "$SCAN: no such program (build it: make -C tools/safename)"
SCAN=$(cd "$(dirname "$SCAN")" && pwd)/$(basename "$SCAN")
fstype=$(stat -f -c %T "$DIR")
[ "$fstype" = tmpfs ] || echo "note: $DIR is $fstype, not tmpfs"

TREE=$(mktemp -d "$DIR/safename-bench.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$TREE" "$TREE".*' EXIT

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

# expect STATUS BAD ARGS...: SCAN ARGS exits STATUS and prints BAD lines
expect()
{
	local want=$1 lines=$2 rc=0 n

	shift 2
	"$SCAN" "$@" >"$TREE.out" 2>"$TREE.err" || rc=$?
	n=$(wc -l <"$TREE.out")
	[ "$rc" = "$want" ] && [ "$n" = "$lines" ] && return 0
	head -5 "$TREE.err" >&2
	fail "$SCAN $*: exit status $rc and $n lines, not $want and $lines"
}

expect 1 $BAD --default "$TREE"

median()
{
	sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# seconds STATUS COMMAND...: the wall-clock seconds of one run of COMMAND,
# which must exit STATUS (or anything, for -)
seconds()
{
	local want=$1 t0 t1 rc=0

	shift
	t0=$(date +%s.%N)
	"$@" >/dev/null 2>"$TREE.err" || rc=$?
	t1=$(date +%s.%N)
	if [ "$want" != - ] && [ "$rc" != "$want" ]; then
		head -5 "$TREE.err" >&2
		fail "$*: exit status $rc, not $want"
	fi
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }'
}

# timeit STATUS COMMAND...: the median wall-clock seconds of RUNS runs
# after one warm-up run, each of which must exit STATUS
timeit()
{
	local want=$1 i

	shift
	seconds "$want" "$@" >/dev/null
	for i in $(seq "$RUNS"); do
		seconds "$want" "$@" >>"$TREE.times"
	done
	median <"$TREE.times"
	rm -f "$TREE.times"
}

if command -v hyperfine >/dev/null; then
	hyperfine -N -i --warmup 1 --runs "$RUNS" \
		--export-json "$TREE.json" \
		"$SCAN --default $TREE" \
		"env LC_ALL=C find $TREE -name '*[[:cntrl:]]*'" >/dev/null
	# -i lets safename-scan's status 1 through: check every run's status
	python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"]
for res, want in zip(r, (1, 0)):
    bad = [c for c in res.get("exit_codes", [want]) if c != want]
    if bad:
        sys.exit("%s: exit status %s, not %d" % (res["command"], bad[0], want))
print(r[0]["median"], r[1]["median"])' "$TREE.json" >"$TREE.medians" ||
		fail "a timed run failed (hyperfine, $TREE.json)"
	read -r scan find <"$TREE.medians"
	how="hyperfine, median of $RUNS"
else
	scan=$(timeit 1 "$SCAN" --default "$TREE")
	find=$(timeit 0 env LC_ALL=C find "$TREE" -name '*[[:cntrl:]]*')
	how="date +%s.%N, median of $RUNS"
fi

# the repair: each round renames the 1000 bad names and back, checked
: >"$TREE.apply"
: >"$TREE.undo"
for i in $(seq "$RUNS"); do
	rm -f "$TREE.log"
	seconds 0 "$SCAN" --default --fix --apply --log "$TREE.log" "$TREE" \
		>>"$TREE.apply"
	[ "$(wc -l <"$TREE.log")" = $((BAD + 1)) ] ||
		fail "--apply logged $(($(wc -l <"$TREE.log") - 1)) renames, not $BAD"
	expect 0 0 --default "$TREE"
	seconds 0 "$SCAN" --undo "$TREE.log" >>"$TREE.undo"
	expect 1 $BAD --default "$TREE"
done
apply=$(median <"$TREE.apply")
undo=$(median <"$TREE.undo")

printf 'safename-scan --default: %.3f s (%d bad names)\n' "$scan" "$BAD"
printf "LC_ALL=C find -name '*[[:cntrl:]]*': %.3f s\n" "$find"
printf 'ratio scan/find: %.2f (target <= 1.5; %s)\n' \
	"$(awk -v a="$scan" -v b="$find" 'BEGIN { print a / b }')" "$how"
printf 'safename-scan --fix --apply: %.3f s, --undo: %.3f s' "$apply" "$undo"
printf ' (%d renames each; date +%%s.%%N, median of %d)\n' "$BAD" "$RUNS"
