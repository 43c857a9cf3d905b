#!/usr/bin/env bash
# The end of `make check`: one line per suite from RESULTS/*.count (each
# holds "PASSED FAILED"), then the total "N passed, N failed" as the last
# line; suites in the order they ran.  Exit status 1 when anything failed or nothing was counted.
#
# usage: summary.sh RESULTS
set -eu
RESULTS=$1
tp=0 tf=0
echo "=== summary"
# in the order the suites ran (oldest count file first)
# shellcheck disable=SC2045
for c in $(ls -1tr "$RESULTS"/*.count 2>/dev/null); do
	[ -f "$c" ] || continue
	read -r p f _ <"$c" || true
	p=${p:-0} f=${f:-1}
	name=$(basename "$c" .count)
	if [ "$f" = 0 ]; then r=PASS; else r=FAIL; fi
	printf '%-4s %-32s %5d passed, %d failed\n' "$r" "$name" "$p" "$f"
	tp=$((tp + p)) tf=$((tf + f))
done
if [ $((tp + tf)) = 0 ]; then
	echo "summary: no suite counted anything" >&2
	tf=1
fi
echo "$tp passed, $tf failed"
[ "$tf" = 0 ]
