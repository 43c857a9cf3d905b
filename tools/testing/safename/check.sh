#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh BUILD SECONDS SEED TARGET...: a bounded run of each fuzz target,
# from its seed corpus (copied, so the repository is not touched); one TAP
# line per target with the executions and the corpus size at the end.

set -u

O=$1
SECONDS_EACH=$2
SEED=$3
shift 3
n=0
failed=0

echo "1..$#"
for t in "$@"; do
	n=$((n + 1))
	work=$O/check-corpus-$t
	log=$O/check-$t.log
	rm -rf "$work"
	mkdir -p "$work"
	seeds=${CORPUS:-../../../corpus}/$t
	[ ! -d "$seeds" ] || cp "$seeds"/* "$work"/
	"$O/fuzz-$t" "$work" -dict="$t.dict" -seed="$SEED" \
		-max_total_time="$SECONDS_EACH" -print_final_stats=1 \
		-artifact_prefix="$O/crash-$t-" >"$log" 2>&1
	status=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	corp=$(grep -o 'corp: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
	if [ $status = 0 ] && [ -n "$execs" ]; then
		echo "ok $n - fuzz-$t ($execs execs, corpus ${corp:-?})"
	else
		echo "not ok $n - fuzz-$t (exit $status)"
		grep -E 'MISMATCH|ERROR|SUMMARY|Test unit written' "$log" |
			head -n 10 | sed 's/^/# /'
		failed=$((failed + 1))
	fi
done
[ $failed = 0 ]
