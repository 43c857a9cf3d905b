#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# gates.sh [-O OBJDIR] [-s SERIESDIR] [-j JOBS] KTREE
#
# The kernel's static analysis gates, run on Safename's files in KTREE, a
# kernel source tree that holds our files and patches (for example the tree
# series/check-series.sh leaves in build/series/linux, or build/linux) and
# is configured with CONFIG_SECURITY_SAFENAME=y, in KTREE itself or in the
# build directory OBJDIR (make O=OBJDIR).  SERIESDIR holds the output of
# series/make-series.sh; without -s the checkpatch gate on the series is
# skipped.
#
# Each gate prints one TAP line, "ok N - gate" or "not ok N - gate", with
# its findings as "# " lines when it fails.  The exit status is 1 when a
# gate failed, 2 on a usage error.
#
#   sparse      make C=2 security/safename/
#   coccicheck  make coccicheck MODE=report M=security/safename (J=JOBS,
#               at most COCCI_TIMEOUT seconds, default 1200)
#   W=1         make W=1 security/safename/
#   kernel-doc  scripts/kernel-doc -none -Wall on our kernel sources
#   checkpatch  scripts/checkpatch.pl --strict -f on our C sources
#   series      scripts/checkpatch.pl --strict on each patch of SERIESDIR
#   abi         every knob of fs.c is described in both places,
#               scripts/get_abi.pl parses our ABI files without complaint,
#               and their KernelVersion is later than the tree's version
#   docs        Sphinx with the kernel's conf.py and extensions over the
#               admin guide and our ABI files, then
#               make SPHINXDIRS=admin-guide/LSM htmldocs: no warning
#
# Missing Debian packages are installed first (sudo when not root).
# Environment: CCACHE_DIR (ccache's cache, $HOME/.cache/safename-ccache).

set -uo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=series/lib.sh
. "$REPO/series/lib.sh"

usage() { sed -n '4,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

OBJ=
SERIES=
JOBS=${JOBS:-2}
while getopts "O:s:j:h" opt; do
	case $opt in
	O) OBJ=$(cd "$OPTARG" && pwd) || exit 2 ;;
	s) SERIES=$(cd "$OPTARG" && pwd) || exit 2 ;;
	j) JOBS=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
KTREE=$(cd "$1" && pwd) || exit 2
[ -f "$KTREE/security/safename/Makefile" ] ||
	{ echo "$KTREE has no security/safename/" >&2; exit 2; }
CFG=${OBJ:-$KTREE}/.config
grep -qx 'CONFIG_SECURITY_SAFENAME=y' "$CFG" 2>/dev/null ||
	{ echo "$CFG does not set CONFIG_SECURITY_SAFENAME=y" >&2; exit 2; }

need_pkgs make gcc flex bison bc libelf-dev perl ccache sparse coccinelle \
	ocaml-nox python3 python3-sphinx python3-yaml python3-ply python3-git

export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/safename-ccache}
export LC_ALL=C
CC="ccache gcc"
command -v ccache >/dev/null || CC=gcc
kmake() {
	make -s -C "$KTREE" ${OBJ:+O="$OBJ"} CC="$CC" HOSTCC="$CC" "$@"
}

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

n=0
failed=0
# gate NAME LOG STATUS: the TAP line, with the seconds since the last one
# as a comment; the log is shown when STATUS is not 0.
since=$SECONDS
gate() {
	n=$((n + 1))
	if [ "$3" -eq 0 ]; then
		echo "ok $n - $1"
		echo "# $((SECONDS - since)) s"
		since=$SECONDS
	else
		echo "not ok $n - $1"
		sed 's/^/# /' "$2"
		failed=1
	fi
}

# Our files in KTREE, relative to it.
cd "$KTREE" || exit 2
mapfile -t KSRC < <(ls security/safename/*.[ch] include/uapi/linux/safename.h)
mapfile -t CSRC < <(ls security/safename/*.[ch] include/uapi/linux/safename.h \
	tools/safename/*.[ch] tools/testing/safename/*.[ch] \
	tools/testing/selftests/safename/*.[ch] 2>/dev/null)

echo "TAP version 13"

# sparse: C=2 checks every file, built or not.
kmake -j"$JOBS" C=2 security/safename/ >"$TMP/sparse" 2>&1
st=$?
grep -Eq '(warning|error):' "$TMP/sparse" && st=1
gate "sparse (make C=2 security/safename/)" "$TMP/sparse" $st

# coccinelle, bounded.
# GATES_SKIP="cocci docs" leaves those gates out (make check's 6.12
# series: its sources differ from mainline's by the API backport only,
# and its docs not at all; both gates take minutes CI does not have)
skip() { case " ${GATES_SKIP:-} " in *" $1 "*) echo "# $1: not run (GATES_SKIP)"; return 0;; esac; return 1; }

if ! skip cocci; then
timeout "${COCCI_TIMEOUT:-1200}" make -s -C "$KTREE" ${OBJ:+O="$OBJ"} \
	coccicheck MODE=report M=security/safename J="$JOBS" >"$TMP/cocci" 2>&1
st=$?
[ $st -eq 124 ] && echo "coccicheck timed out" >>"$TMP/cocci"
grep -Eq 'safename/[^ :]+\.[ch]:[0-9]' "$TMP/cocci" && st=1
gate "coccicheck (MODE=report M=security/safename)" "$TMP/cocci" $st
fi

# W=1: the changed flags rebuild the objects.
kmake -j"$JOBS" W=1 security/safename/ >"$TMP/w1" 2>&1
st=$?
grep -Eq '(warning|error):' "$TMP/w1" && st=1
gate "W=1 (make W=1 security/safename/)" "$TMP/w1" $st
# back to the normal flags, so that the next build is not a W=1 one
kmake -j"$JOBS" security/safename/ >/dev/null 2>&1

# kernel-doc
scripts/kernel-doc -none -Wall "${KSRC[@]}" >"$TMP/kdoc" 2>&1
st=$?
[ -s "$TMP/kdoc" ] && st=1
gate "kernel-doc -none -Wall (${#KSRC[@]} files)" "$TMP/kdoc" $st

# checkpatch on our C sources.  Two checks cannot hold for a lone file:
# UNDOCUMENTED_SETUP looks for the kernel-parameters.txt lines in the same
# patch (the series gate checks that), and the fuzzers must define
# libFuzzer's LLVMFuzzerTestOneInput (CAMELCASE).
: >"$TMP/cp"
st=0
for f in "${CSRC[@]}"; do
	ignore=UNDOCUMENTED_SETUP
	case $f in tools/testing/safename/*) ignore=$ignore,CAMELCASE ;; esac
	scripts/checkpatch.pl --strict --terse --no-summary --ignore "$ignore" \
		-f "$f" >>"$TMP/cp" 2>&1 || st=1
done
[ -s "$TMP/cp" ] && st=1
gate "checkpatch --strict -f (${#CSRC[@]} C files)" "$TMP/cp" $st

# checkpatch on the series
if [ -z "$SERIES" ]; then
	n=$((n + 1))
	echo "ok $n - checkpatch --strict on the series # SKIP no -s SERIESDIR"
else
	: >"$TMP/series"
	st=0
	np=0
	for p in "$SERIES"/[0-9][0-9][0-9][0-9]-*.patch; do
		[ -e "$p" ] || continue
		case $p in */0000-cover-letter.patch) continue ;; esac
		np=$((np + 1))
		checkpatch_clean "$KTREE" "$p" "$TMP/one" ||
			{ st=1; { echo "$(basename "$p"):"; cat "$TMP/one"; } >>"$TMP/series"; }
	done
	[ $np -gt 0 ] || { st=1; echo "no patch in $SERIES" >>"$TMP/series"; }
	gate "checkpatch --strict on the series ($np patches)" "$TMP/series" $st
fi

# ABI: every knob of fs.c in both places; get_abi.pl parses our files;
# KernelVersion after the base tree's version.
: >"$TMP/abi"
st=0
abifiles=(Documentation/ABI/testing/sysfs-fs-safename
	  Documentation/ABI/testing/securityfs-safename)
for f in "${abifiles[@]}"; do
	[ -f "$f" ] || { echo "missing $f" >>"$TMP/abi"; st=1; }
done
if [ $st -eq 0 ]; then
	mkdir -p "$TMP/abidir/testing"
	cp "${abifiles[@]}" "$TMP/abidir/testing/"
	# the tree's own ABI tool: get_abi.pl until 6.14, then get_abi.py
	if [ -x tools/docs/get_abi.py ]; then
		tools/docs/get_abi.py --dir "$TMP/abidir" rest >/dev/null 2>"$TMP/abierr" || st=1
	elif [ -x scripts/get_abi.py ]; then
		scripts/get_abi.py --dir "$TMP/abidir" rest >/dev/null 2>"$TMP/abierr" || st=1
	else
		scripts/get_abi.pl rest --dir "$TMP/abidir" >/dev/null 2>"$TMP/abierr" || st=1
	fi
	# (get_abi.py says "[INFO] Didn't find ABI reference for" a file no
	# other document links to: news, not a complaint)
	grep -v '^\[INFO\] ' "$TMP/abierr" >>"$TMP/abi"
	knobs=$(sed -n 's/.*SAFENAME_KNOB\(_FILE\)\{0,1\}("\([a-z0-9_]*\)".*/\2/p' \
		security/safename/fs.c)
	[ -n "$knobs" ] || { echo "no knob found in fs.c" >>"$TMP/abi"; st=1; }
	for k in $knobs; do
		for d in /sys/fs/safename /sys/kernel/security/safename; do
			grep -q "^What:[[:space:]]*$d/$k\$" "${abifiles[@]}" ||
				{ echo "$d/$k is not described" >>"$TMP/abi"; st=1; }
		done
	done
	# KernelVersion is the first release with the interface: one after
	# the tree the series is based on (which is released)
	base=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p' Makefile | paste -sd.)
	awk -v base="$base" '
		function num(v, a) { split(v, a, "."); return a[1] * 1000 + a[2] }
		/^What:/ { what++ }
		/^KernelVersion:/ {
			kv++
			if (num($2) <= num(base))
				printf "%s:%d: KernelVersion %s is not after %s\n",
					FILENAME, FNR, $2, base
		}
		END { if (!what || kv == 0) print "no KernelVersion in the ABI files" }' \
		"${abifiles[@]}" >>"$TMP/abi"
fi
[ -s "$TMP/abi" ] && st=1
gate "ABI descriptions (the tree's get_abi; every knob in both places)" "$TMP/abi" $st

# docs: the kernel's Sphinx configuration over our documents alone, with
# the ABI rendered by the kernel-abi directive; then the LSM book as
# make htmldocs builds it.  Any warning fails, but for graphviz's absence
# and the links out of the LSM book that a partial build cannot resolve.
if ! skip docs; then
: >"$TMP/docs"
st=0
rst=Documentation/admin-guide/LSM/Safename.rst
if [ ! -f "$rst" ]; then
	echo "missing $rst" >"$TMP/docs"
	st=1
else
	# (the sources in a folder named Documentation, next to MAINTAINERS:
	# 7.3's maintainers_include finds the tree that way)
	src=$TMP/tree/Documentation
	mkdir -p "$src/admin-guide/LSM" "$src/ABI/testing"
	cp "$rst" "$src/admin-guide/LSM/"
	ln -s "$KTREE/MAINTAINERS" "$TMP/tree/MAINTAINERS"
	cp "${abifiles[@]}" "$TMP/tree/Documentation/ABI/testing/" 2>/dev/null
	# (the ABI parser: scripts/ until 6.14, tools/lib/python/ after)
	ln -s "$KTREE/scripts" "$TMP/tree/scripts"
	ln -s "$KTREE/tools" "$TMP/tree/tools"
	printf '%s\n' "Safename documentation" "======================" "" \
		".. toctree::" "" "   admin-guide/LSM/Safename" "   abi" \
		>"$src/index.rst"
	printf '%s\n' "Safename ABI" "============" "" \
		".. kernel-abi:: ABI/testing" >"$src/abi.rst"
	srctree="$TMP/tree" sphinx-build -q -b html -c "$KTREE/Documentation" \
		-d "$TMP/doctrees" "$src" "$TMP/html" >"$TMP/sphinx" 2>&1 || st=1
	make -s -C "$KTREE" ${OBJ:+O="$OBJ"} BUILDDIR="$TMP/lsm" SPHINXDIRS=admin-guide/LSM \
		htmldocs >>"$TMP/sphinx" 2>&1 || st=1
	grep -E 'WARNING|ERROR|CRITICAL|SEVERE|Error|Traceback|Can.t' "$TMP/sphinx" |
		grep -v 'dot(1) not found' |
		grep -Ev "/LSM/(apparmor|ipe|LoadPin|SELinux|Smack|SafeSetID|tomoyo|Yama)\.rst:[0-9]+: WARNING: unknown document: " \
		>"$TMP/docs"
	[ -s "$TMP/docs" ] && st=1
	grep -q 'Safename' "$TMP/lsm/admin-guide/LSM/index.html" 2>/dev/null ||
		{ echo "Safename is not in the LSM index toctree" >>"$TMP/docs"; st=1; }
	[ $st -ne 0 ] && [ ! -s "$TMP/docs" ] && tail -20 "$TMP/sphinx" >"$TMP/docs"
fi
gate "docs (Sphinx, kernel conf.py: Safename.rst, ABI, LSM book)" "$TMP/docs" $st
fi

echo "1..$n"
exit $failed
