#!/usr/bin/env bash
# Count a host-side suite from its TAP output: every line that starts with
# "ok N" passes, "not ok N" fails, and "ok N ... # SKIP" fails too (a skipped
# test is never done here).  Prints "PASSED FAILED", and a one-line result
# on stderr.  Exit status RC non-zero with no failure counted, or no case at
# all: one failed case more.
#
# usage: count-tap.sh SUITE LOG RC
set -eu
SUITE=$1 LOG=$2 RC=$3
read -r p f s < <(awk '
	/^not ok [0-9]+([ \t]|$)/ { f++; print "    FAILED: " $0 > "/dev/stderr"; next }
	/^ok [0-9]+([ \t]|$)/ {
		if (toupper($0) ~ /#[ \t]*SKIP/) {
			f++; s++; print "    SKIPPED (counted as failed): " $0 > "/dev/stderr"
		} else p++
	}
	END { printf "%d %d %d\n", p, f, s }' "$LOG")
note=""
if [ "$RC" != 0 ] && [ "$f" = 0 ]; then
	f=1; note=" (+1: status $RC)"
elif [ "$p" = 0 ] && [ "$f" = 0 ]; then
	f=1; note=" (+1: no test case ran)"
fi
[ "$s" = 0 ] || note="$note ($s skipped, counted as failed)"
printf '%-5s %-25s %d passed, %d failed%s  [log: %s]\n' "$SUITE" "" "$p" "$f" "$note" "$LOG" >&2
echo "$p $f"
[ "$f" = 0 ]
