#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Count the instructions of safename_check() against the 2016-style
# baseline with callgrind (deterministic), for ASCII names of 1..255 bytes
# and a corpus of realistic names.  Prints a table; writes a TSV.
#
# With CORPUS, a file of names one per line (bench/corpus.sh makes it from
# the dpkg file lists and a kernel tree), also every name of it once: the
# instructions per byte over the whole corpus.  The run fails when a
# benchmark name fails the rule, or when the two checks disagree on a
# corpus name.
#
# usage: rulebench.sh BUILD_DIR [CORPUS]
set -eu
set -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: rulebench.sh BUILD_DIR [CORPUS]}
corpus=${2:-}
mkdir -p "$out"
repeat=100

gcc -O2 -Wall -I "$here/../tools/safename/include" \
	-I "$here/../security/safename" \
	-o "$out/rulebench" "$here/rulebench.c" \
	"$here/../security/safename/rule.c"
rm -f "$out"/cg.out*
valgrind --tool=callgrind --collect-atstart=no --error-exitcode=1 \
	--callgrind-out-file="$out/cg.out" "$out/rulebench" $corpus \
	>"$out/rulebench.out" 2>"$out/rulebench.err" ||
	{ grep -v '^==' "$out/rulebench.err" >&2; exit 1; }

# One profile part per measurement: "<impl> <kind> <len>" and its count.
for f in "$out"/cg.out.*; do
	awk -v r=$repeat '
		/^desc: Trigger: Client Request: / { sub(/^desc: Trigger: Client Request: /, ""); label = $0 }
		/^summary: / {
			split(label, l, " ")
			printf "%s %.2f\n", label, l[2] == "real" ? $2 : $2 / r
		}' "$f"
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

[ -n "$corpus" ] || exit 0
read -r _ names _ bytes _ failing < "$out/rulebench.out"
awk -v names="$names" -v failing="$failing" '
	$2 == "real" { v[$1] = $4; bytes = $3 }
	END {
		if (!v["safename"] || !v["baseline"]) {
			print "rulebench: no corpus figures" > "/dev/stderr"
			exit 1
		}
		printf "\n  real corpus: %d names, %d bytes (%.1f per name), %d failing\n",
		       names, bytes, bytes / names, failing
		printf "  safename %.2f instructions per byte (target <= 4), " \
		       "%.1f per name\n", v["safename"] / bytes,
		       v["safename"] / names
		printf "  baseline %.2f instructions per byte: %.1fx more " \
		       "(target >= 3)\n", v["baseline"] / bytes,
		       v["baseline"] / v["safename"]
	}' "$out/rulebench.raw"
