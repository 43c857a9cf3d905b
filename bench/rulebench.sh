#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Count the instructions of safename_check() against the 2016-style
# baseline with callgrind (deterministic), for ASCII names of 1..255 bytes
# and a corpus of realistic names.  Prints a table; writes a TSV.
#
# usage: rulebench.sh BUILD_DIR
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: rulebench.sh BUILD_DIR}
mkdir -p "$out"
repeat=100

gcc -O2 -Wall -I "$here/../tools/safename/include" \
	-I "$here/../security/safename" \
	-o "$out/rulebench" "$here/rulebench.c" \
	"$here/../security/safename/rule.c"
rm -f "$out"/cg.out*
valgrind --tool=callgrind --collect-atstart=no \
	--callgrind-out-file="$out/cg.out" "$out/rulebench" >/dev/null 2>&1

# One profile part per measurement: "<impl> <kind> <len>" and its count.
for f in "$out"/cg.out.*; do
	awk -v r=$repeat '
		/^desc: Trigger: Client Request: / { sub(/^desc: Trigger: Client Request: /, ""); label = $0 }
		/^summary: / { printf "%s %.2f\n", label, $2 / r }' "$f"
done | sort -k2,2 -k3,3n -k1,1 > "$out/rulebench.raw"

tsv="$out/rulebench.tsv"
printf 'kind\tlen\tsafename_instr\tbaseline_instr\tratio\n' > "$tsv"
awk '
	{ v[$2 " " $3, $1] = $4; key[$2 " " $3] = 1 }
	END {
		for (k in key) {
			split(k, a, " ")
			s = v[k, "safename"]; b = v[k, "baseline"]
			printf "%s\t%d\t%.2f\t%.2f\t%.2f\n", a[1], a[2], s, b, b / s
		}
	}' "$out/rulebench.raw" | sort -k1,1 -k2,2n >> "$tsv"

awk -F'\t' '
	NR == 1 { next }
	$1 == "ascii" && ($2 == 1 || $2 == 8 || $2 == 32 || $2 == 64 ||
			  $2 == 128 || $2 == 255) {
		printf "  ASCII %3d bytes  %8.1f  %8.1f  %5.2fx  %5.2f\n",
		       $2, $3, $4, $5, $3 / $2
	}
	$1 == "ascii" && $2 == 255 { per = $3 / $2; ratio = $5 }
	$1 ~ /^corpus/ { cs += $3; cb += $4; cl += $2; n++ }
	END {
		printf "  corpus (%d names, %d bytes)  %8.1f  %8.1f  %5.2fx  %5.2f\n",
		       n, cl, cs, cb, cb / cs, cs / cl
		printf "\n  255-byte ASCII name, utf8=1: %.2f instructions per byte " \
		       "(target <= 2.0), %.1fx fewer than the baseline (target >= 3)\n",
		       per, ratio
	}' "$tsv" | { printf '  %-16s  %8s  %8s  %6s  %5s\n' "name" "safename" \
		"baseline" "gain" "i/byte"; cat; }
echo "  (instructions per call, callgrind; TSV: $tsv)"
