#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# sizes.sh OUTDIR: for each patch of the series in OUTDIR, the lines it
# changes (added plus removed) in kernel code, that is under security/ or
# include/ but not in a KUnit file (*_kunit.c, *_test.c), then all lines.
# One TAP line per patch: "ok" when the kernel code part is under LIMIT
# (600) lines, the size a reviewer takes in one sitting.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
LIMIT=${LIMIT:-600}
mapfile -t patches < <(ls "$1"/[0-9][0-9][0-9][0-9]-*.patch | grep -v /0000-)
echo "TAP version 13"
echo "1..${#patches[@]}"
n=0
fail=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	read -r code all < <(awk '
		/^diff --git / { f = $4; sub(/^b\//, "", f)
			code = (f ~ /^(security|include)\// && f !~ /_(kunit|test)\.c$/) }
		/^(\+\+\+|---) / { next }
		/^[+-]/ { all++; if (code) kern++ }
		END { printf "%d %d\n", kern, all }' "$p")
	if [ "$code" -lt "$LIMIT" ]; then
		echo "ok $n - $(basename "$p"): $code lines of kernel code, $all in all"
	else
		echo "not ok $n - $(basename "$p"): $code lines of kernel code (limit $LIMIT), $all in all"
		fail=1
	fi
done
exit $fail
