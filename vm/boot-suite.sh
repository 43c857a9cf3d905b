#!/usr/bin/env bash
# The VM suite of `make check`: one boot per line of BOOTS,
#   NAME<TAB>SCRIPT<TAB>EXTRA_KERNEL_ARGS      (# starts a comment line)
# each with sn.script=SCRIPT, the extra arguments and the 9p share.
# Test cases are the console lines between SAFENAME-BEGIN and
# SAFENAME-RESULT that match ^(not )?ok N (column 0 only):
#   "ok N ..."          passed
#   "ok N ... # SKIP"   failed (a skipped test is counted as failed)
#   "not ok N ..."      failed
# A boot that times out, crashes or exits non-zero with no failed case, or
# that ran no case at all, counts as one more failed case.
# Writes RESULTS/vm-NAME.count ("PASSED FAILED") per boot.
#
# usage: boot-suite.sh BOOTS RESULTS
#   (KERNEL, INITRD, LOGDIR, SHARE, KVM, ICOUNT, TIMEOUT as for qemu.sh;
#    VERBOSE=1 copies each console to stdout; SUFFIX is appended to every
#    boot's name, in its log and count file names: -6.12 for that kernel;
#    BOOT_JOBS=N runs up to N boots at once, one CPU each, their lines
#    printed in the list's order)
set -eu
set -o pipefail

BOOTS=$1 RESULTS=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$RESULTS"
[ -f "$BOOTS" ] || { echo "boot-suite: no boot list $BOOTS" >&2; exit 1; }

status=0 n=0
quiet=1	# VERBOSE=1: show each console on stdout too
[ -n "${VERBOSE:-}" ] && [ "$VERBOSE" != 0 ] && quiet=0
jobs=${BOOT_JOBS:-1}
[ "$quiet" = 1 ] || jobs=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# boot NAME SCRIPT EXTRA...: one boot, its count file and its summary line
# (and the lines of its failed cases) on stdout; status 1 if a case failed
boot() {
	local name=$1 script=$2 rc=0 log counts p f s note
	shift 2
	QUIET=$quiet "$here/qemu.sh" "$name" "sn.script=$script" "$@" </dev/null || rc=$?
	log=$LOGDIR/$name.log
	counts=$(awk '
		/SAFENAME-BEGIN/ { on = 1; next }
		/SAFENAME-RESULT/ { on = 0 }
		!on { next }
		/^not ok [0-9]+([ \t]|$)/ { f++; print "    FAILED: " $0; next }
		/^ok [0-9]+([ \t]|$)/ {
			if (toupper($0) ~ /#[ \t]*SKIP/) {
				f++; s++; print "    SKIPPED (counted as failed): " $0
			} else p++
		}
		END { printf "%d %d %d\n", p, f, s }' "$log")
	# (the last line has the counts; the lines before it, the failures)
	printf '%s\n' "$counts" | sed '$d' >&2
	read -r p f s <<<"$(printf '%s\n' "$counts" | tail -n 1)"
	note=""
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		f=1; note=" (+1: boot failed, status $rc)"
	elif [ "$rc" = 0 ] && [ "$p" = 0 ] && [ "$f" = 0 ]; then
		f=1; note=" (+1: no test case ran)"
	fi
	[ "$s" = 0 ] || note="$note ($s skipped, counted as failed)"
	echo "$p $f" >"$RESULTS/vm-$name.count"
	printf 'vm %-24s %d passed, %d failed%s  [log: %s]\n' "$name" "$p" "$f" "$note" "$log"
	[ "$f" = 0 ]
}

# flush: wait for the boots started so far, print what each printed, in order
flush() {
	local i
	wait || true
	for i in $(seq "$printed" "$n"); do
		[ "$i" -gt 0 ] || continue
		cat "$out/$i.out"
		[ "$(cat "$out/$i.rc")" = 0 ] || status=1
	done
	printed=$((n + 1))
}

printed=0 running=0
while IFS=$'\t' read -r name script extra || [ -n "$name" ]; do
	case $name in ''|'#'*) continue ;; esac
	n=$((n + 1))
	[ -n "$script" ] || script=$name
	# shellcheck disable=SC2086
	if [ "$jobs" -le 1 ]; then
		boot "$name${SUFFIX:-}" "$script" $extra || status=1
		printed=$((n + 1))
		continue
	fi
	{ rc=0; boot "$name${SUFFIX:-}" "$script" $extra >"$out/$n.out" 2>&1 || rc=1
	  echo "$rc" >"$out/$n.rc"; } &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		flush
		running=0
	fi
done <"$BOOTS"
[ "$jobs" -le 1 ] || flush

if [ "$n" = 0 ]; then
	echo "boot-suite: $BOOTS lists no boot" >&2
	echo "0 1" >"$RESULTS/vm.count"
	exit 1
fi
exit "$status"
