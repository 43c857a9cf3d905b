#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-series.sh OUTDIR: check the series that make-series.sh wrote there.
#
#   - every patch applies with git am, in order, onto the pristine tree (a
#     second scratch repository, cloned from the base of make-series.sh at
#     the commit named by the cover letter's base-commit: line);
#   - after each one that has security/safename/, it builds with W=1 and
#     without a warning (bisectable), in a small x86_64 configuration with
#     SECURITY_SAFENAME, its KUnit tests and AUDIT (so that audit.c is
#     built);
#   - after each one that adds or changes KUnit tests, and after the last
#     one, the tests pass (kunit.py under UML, security/safename/.kunitconfig,
#     one build directory updated from patch to patch); after every patch
#     with SERIES_KUNIT_RUN=each, after none with none;
#   - scripts/checkpatch.pl --strict reports nothing on any patch (but the
#     question whether MAINTAINERS needs updating, for new files that an
#     F: line of our entry already covers: series/lib.sh);
#   - each patch that touches security/ or include/ changes fewer than 600
#     lines of kernel code, KUnit files not counted (series/sizes.sh).
#
# One TAP line per patch and check, the plan at the end.  Environment as
# make-series.sh, plus
#   SERIES_KBUILD  build directory (O=)      (<SERIES_WORK>/kbuild)
#   SERIES_KUNIT   KUnit build directory     (<SERIES_WORK>/kunit)
#   JOBS           make -j                   (2)
#   SERIES_KUNIT_RUN  tests (KUnit after the patches that add or change
#                  a *_kunit.c file or .kunitconfig, and after the last
#                  one: 9 runs of 28), each (after every patch), last
#                  (after the last patch only: make check's) or none
#                  (make check's 6.12 series: its tests run in the 6.12 VM
#                  kernel, on the tree the series ends with; a UML kernel
#                  per base would not fit in CI's time)  (tests)
#   CCACHE_DIR     ccache's cache            ($HOME/.cache/safename-ccache)
# The applied tree stays configured in SERIES_WORK/linux + SERIES_KBUILD, so
# series/gates.sh can be run on it afterwards.

set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=series/lib.sh
. "$REPO/series/lib.sh"

[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
OUT=$(cd "$1" && pwd)
WORK=${SERIES_WORK:-$REPO/build/series}
BASE=$WORK/base
# Named like the checkout's build/linux, so that the compilers' relative
# paths (CCACHE_BASEDIR) match those of its KUnit build and hit the cache.
APPLY=$WORK/linux
KB=${SERIES_KBUILD:-$WORK/kbuild}
KU=${SERIES_KUNIT:-$WORK/kunit}
JOBS=${JOBS:-2}
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/safename-ccache}
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null LC_ALL=C

need_pkgs git make gcc flex bison bc libelf-dev ccache python3 python3-ply \
	python3-git

cover=$OUT/0000-cover-letter.patch
[ -f "$cover" ] || { echo "no $cover: run make-series.sh first" >&2; exit 2; }
base=$(sed -n 's/^base-commit: //p' "$cover")
[ -n "$base" ] || { echo "$cover has no base-commit:" >&2; exit 2; }
mapfile -t patches < <(ls "$OUT"/[0-9][0-9][0-9][0-9]-*.patch | grep -v /0000-)

if [ ! -d "$APPLY/.git" ]; then
	git clone -q --shared --no-checkout "$BASE" "$APPLY"
fi
git -C "$APPLY" fetch -q "$BASE" "$base"
git -C "$APPLY" am --abort >/dev/null 2>&1 || true
git -C "$APPLY" checkout -q -f --detach "$base"
git -C "$APPLY" clean -q -f -d -x
git -C "$APPLY" config user.name "Safename Check"
git -C "$APPLY" config user.email "check@example.org"

mkdir -p "$KB"
CC="ccache gcc"
command -v ccache >/dev/null || CC=gcc
kmake() { make -s -C "$APPLY" O="$KB" ARCH=x86_64 CC="$CC" HOSTCC="$CC" "$@"; }
frag=$KB/safename.config
cat >"$frag" <<'CONFIG'
CONFIG_64BIT=y
CONFIG_MULTIUSER=y
CONFIG_SYSFS=y
CONFIG_NET=y
CONFIG_AUDIT=y
CONFIG_SECURITY=y
CONFIG_SECURITYFS=y
CONFIG_KUNIT=y
CONFIG_SECURITY_SAFENAME=y
CONFIG_SECURITY_SAFENAME_KUNIT_TEST=y
CONFIG
configured=0

n=0
fail=0
tap() { n=$((n + 1)); if [ "$1" = ok ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
# kunit NAME [last]: run the KUnit tests of the applied tree, if it has any
# (and if SERIES_KUNIT_RUN asks for them after this patch).
kunit() {
	local summary
	case ${SERIES_KUNIT_RUN:-tests} in
	none)	return 0 ;;
	each)	;;
	last)	[ "$2" = last ] || return 0 ;;
	*)	[ "$2" = last ] ||
			git -C "$APPLY" diff --name-only HEAD~1 HEAD |
			grep -qE '(_kunit\.c|/\.kunitconfig)$' || return 0 ;;
	esac
	compgen -G "$APPLY/security/safename/*_kunit.c" >/dev/null ||
		compgen -G "$APPLY/security/safename/*_test.c" >/dev/null || return 0
	[ -f "$APPLY/security/safename/.kunitconfig" ] || return 0
	# CONFIG_LSM's default changes along the series (safename joins it
	# with the LSM), and olddefconfig keeps the value of an older tree:
	# drop it, so that each KUnit kernel has its own tree's default, as
	# a fresh build would, and Safename is active once it is an LSM.
	[ ! -f "$KU/.config" ] || sed -i '/^CONFIG_LSM=/d' "$KU/.config"
	if (cd "$APPLY" && ./tools/testing/kunit/kunit.py run \
		--kunitconfig=security/safename --build_dir="$KU" \
		--jobs="$JOBS" --make_options "CC=$CC" \
		--make_options "HOSTCC=$CC") >"$KB/kunit.log" 2>&1; then
		summary=$(grep -o 'Ran [0-9]* tests: .*' "$KB/kunit.log" | tail -1)
		tap ok "kunit after $1 ($summary)"
	else
		tap not "kunit after $1"
		grep -E 'FAILED|not ok|Error|error:' "$KB/kunit.log" | head -40 |
			sed 's/^/# /'
	fi
}

echo "TAP version 13"
# The size of each patch, from series/sizes.sh's TAP, numbered as ours.
while IFS=$'\t' read -r st what; do
	tap "$st" "size of $what"
done < <("$REPO/series/sizes.sh" "$OUT" |
	sed -nE 's/^ok [0-9]+ - /ok\t/p; s/^not ok [0-9]+ - /not\t/p')
for p in "${patches[@]}"; do
	name=$(basename "$p" .patch)
	if git -C "$APPLY" am -q --keep-cr "$p" >"$KB/am.log" 2>&1; then
		tap ok "git am $name"
	else
		tap not "git am $name"; sed 's/^/# /' "$KB/am.log"
		git -C "$APPLY" am --abort >/dev/null 2>&1 || true
		echo "Bail out! the rest of the series cannot apply"
		exit 1
	fi

	if [ -f "$APPLY/security/safename/Makefile" ]; then
		if [ $configured -eq 0 ]; then
			KCONFIG_ALLCONFIG=$frag kmake allnoconfig >"$KB/config.log" 2>&1
			for opt in $(sed 's/=y$//' "$frag"); do
				grep -qx "$opt=y" "$KB/.config" ||
					{ echo "# $opt is not set in $KB/.config"; fail=1; }
			done
			configured=1
		fi
		if kmake -j"$JOBS" W=1 security/safename/ >"$KB/build.log" 2>&1 &&
			! grep -q 'warning:' "$KB/build.log"; then
			tap ok "build security/safename/ W=1 after $name"
		else
			tap not "build security/safename/ W=1 after $name"
			grep -B2 -A6 -m5 -E 'warning:|error:' "$KB/build.log" |
				head -60 | sed 's/^/# /'
		fi
		kunit "$name" "$([ "$p" = "${patches[-1]}" ] && echo last)"
	fi

	# (a patch that adds an F: line touches MAINTAINERS and gets no
	# FILE_PATH_CHANGES, so the tree with the patch applied will do)
	if checkpatch_clean "$APPLY" "$p" "$KB/checkpatch.log"; then
		tap ok "checkpatch --strict $name"
	else
		tap not "checkpatch --strict $name"
		sed 's/^/# /' "$KB/checkpatch.log"
	fi
done
echo "1..$n"
exit $fail
