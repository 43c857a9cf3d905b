#!/usr/bin/env bash
# Count a kunit.py run from its log: prints "PASSED FAILED" taken from the
# "Testing complete. Ran N tests: passed: P, failed: F, crashed: C,
# skipped: S, errors: E" line (crashed, skipped and errors count as failed),
# and a one-line result on stderr.  No such line, or kunit.py's exit
# status RC non-zero with no failure counted: one failed case more.
#
# usage: count-kunit.sh LOG RC
set -eu
LOG=$1 RC=$2
line=$(sed 's/\x1b\[[0-9;]*m//g' "$LOG" | grep 'Testing complete\. Ran ' | tail -n 1 || true)
get() { echo "$line" | grep -o "$1: [0-9]*" | grep -o '[0-9]*$' || echo 0; }
p=$(get passed)
f=$(( $(get failed) + $(get crashed) + $(get skipped) + $(get errors) ))
note=""
if [ -z "$line" ]; then
	f=$((f + 1)); note=" (+1: no 'Testing complete' line, kunit.py status $RC)"
elif [ "$RC" != 0 ] && [ "$f" = 0 ]; then
	f=1; note=" (+1: kunit.py status $RC)"
elif [ "$p" = 0 ] && [ "$f" = 0 ]; then
	f=1; note=" (+1: no test ran)"
fi
[ "$(get skipped)" = 0 ] || note="$note ($(get skipped) skipped, counted as failed)"
printf 'kunit %-24s %d passed, %d failed%s\n' "(UML)" "$p" "$f" "$note" >&2
echo "$p $f"
[ "$f" = 0 ]
