#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the kselftest-* boots: the installed Safename kselftests run
# the way a generic kselftest runner runs them, through run_kselftest.sh,
# with no SAFENAME_* variable and nothing mounted for them, and the results
# checked from its output:
#   Safename active   as root: no case fails, every SKIP gives a reason, and
#                     the policy (set from boot to a non-default one) is as
#                     the programs found it; as uid 65534: every case SKIPs
#                     but lsm_test's, which hold for anyone, and none fails
#   not active        as root: the same, every case SKIPs but lsm_test's
# storm_test (minutes of floods, its own boot) is left out of the root run
# where Safename is active.
set -u

. /tests/tap.sh

tap_start /tmp/kselftest-sh
KST=/selftests

# Nothing from the other boots' harness: no SAFENAME_* variable.
for var in $(env | sed -n 's/^\(SAFENAME_[A-Za-z0-9_]*\)=.*/\1/p'); do
	unset "$var"
done

# run_kselftest.sh writes the programs' output to /dev/stdout, which a
# busybox /dev (devtmpfs) lacks: without the link it makes a file there.
[ -e /dev/stdout ] || ln -s /proc/self/fd/1 /dev/stdout

active() {
	tr ',' '\n' </sys/kernel/security/lsm | grep -qx safename
}

policy() {
	for knob in $KNOBS; do
		printf '%s=%s\n' "$knob" "$(cat "$SYS/$knob")"
	done
}

# run_suite OUT WHO ARGS...: run_kselftest.sh ARGS as WHO (root or nobody),
# its output in OUT, shown as diagnostics
run_suite() {
	out=$1 who=$2
	shift 2
	# Appending: the runner writes the programs' output through its own
	# open of /dev/stdout, which must not overwrite its other lines.
	: >"$out"
	# ... and, as /dev/stdout is /proc/self/fd/1, which opens the file
	# anew with the opener's rights, nobody must own it to write there.
	[ "$who" = nobody ] && chown nobody "$out"
	if [ "$who" = nobody ]; then
		# (installed 0744: readable, not executable, by others)
		su nobody -s /bin/sh -c "cd $KST && sh ./run_kselftest.sh $*" >>"$out" 2>&1
	else
		(cd "$KST" && ./run_kselftest.sh "$@") >>"$out" 2>&1
	fi
	echo "# run_kselftest.sh $* as $who: exit status $?"
	sed 's/^/# /' "$out"
}

# counts OUT: "PROGRAMS FAILED_PROGRAMS PASS FAIL SKIP ERROR UNEXPLAINED
# PASS_BUT_LSM_TEST" from run_kselftest.sh's output: its own lines for the
# programs, each program's Totals line and its cases' SKIP reasons
counts() {
	awk '
		/^ok [0-9]+ selftests: safename: / { progs++ }
		/^not ok [0-9]+ selftests: safename: / { progs++; bad++ }
		/^# selftests: safename: / { prog = $4 }
		/^# # selftests: safename: / { prog = $5 }
		/^# # Totals: / {
			for (i = 3; i <= NF; i++) {
				split($i, kv, ":")
				n[kv[1]] += kv[2]
				if (kv[1] == "pass" && prog != "lsm_test")
					other += kv[2]
			}
		}
		/^# (not )?ok [0-9]+ .*# SKIP[ \t]*$/ { unexplained++ }
		END {
			printf "%d %d %d %d %d %d %d %d\n", progs, bad, n["pass"],
			       n["fail"], n["skip"], n["error"], unexplained, other
		}' "$1"
}

# expect OUT PROGRAMS WHAT: OUT has PROGRAMS programs, all ok, and its
# cases meet WHAT ("passes": some pass, none fails, every SKIP has a reason;
# "skips": the same, but none passes outside lsm_test)
expect() {
	want=$2 what=$3
	# shellcheck disable=SC2046
	set -- $(counts "$1")
	echo "programs $1 (failed $2), cases: pass $3 fail $4 skip $5 error $6," \
		"SKIP without a reason $7, passed outside lsm_test $8"
	[ "$1" = "$want" ] && [ "$2" = 0 ] && [ "$4" = 0 ] && [ "$6" = 0 ] &&
		[ "$7" = 0 ] && [ "$5" -gt 0 ] || return 1
	case $what in
	passes) [ "$8" -gt 0 ] ;;
	skips) [ "$8" = 0 ] ;;
	esac
}

# same_policy: the knobs read as they did before the run
same_policy() {
	after=$(policy)
	[ "$before" = "$after" ] && return 0
	printf 'before:\n%s\nafter:\n%s\n' "$before" "$after"
	return 1
}

echo "# lsm: $(cat /sys/kernel/security/lsm)"
programs=$(grep -c '^safename:' "$KST/kselftest-list.txt")
if active; then
	before=$(policy)
	root_tests=$(grep '^safename:' "$KST/kselftest-list.txt" |
		grep -vx 'safename:storm_test' | sed 's/^/-t /')
	# shellcheck disable=SC2086
	run_suite /tmp/kst-root.out root $root_tests
	check "as root, with Safename active: no case fails, every SKIP has a reason" \
		expect /tmp/kst-root.out $((programs - 1)) passes
	check "the policy is as the programs found it" same_policy
	run_suite /tmp/kst-nobody.out nobody -c safename
	check "as uid 65534: every case but lsm_test's SKIPs, none fails" \
		expect /tmp/kst-nobody.out "$programs" skips
else
	run_suite /tmp/kst-root.out root -c safename
	check "as root, Safename not active: every case but lsm_test's SKIPs, none fails" \
		expect /tmp/kst-root.out "$programs" skips
fi
finish
