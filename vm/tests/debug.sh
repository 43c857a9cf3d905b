#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the sanitizer boots of `make check-debug`: the kselftests
# and the storm (or, booted with audit=1, the audit tests) on a KASAN, UBSAN,
# lockdep, PROVE_RCU, DEBUG_ATOMIC_SLEEP, KFENCE and kmemleak kernel, then
# kmemleak's scan and a look at the kernel log.  Any BUG, WARNING, KASAN,
# UBSAN, lockdep, RCU or kmemleak report fails the boot.
set -u
. /tests/tap.sh

rc=0
# Booted with audit=1: the audit records; otherwise the kernel log lines.
if grep -qw audit=1 /proc/cmdline; then
	sh /tests/audit.sh || rc=1
else
	sh /tests/safename.sh || rc=1
	sh /tests/storm.sh || rc=1
fi

echo "TAP version 13"
leaks=/sys/kernel/debug/kmemleak
kmemleak_clean() {
	[ -w "$leaks" ] || { echo "no $leaks"; return 1; }
	# Two scans: an object must look unreferenced twice to be reported.
	echo scan >"$leaks" && sleep 2 && echo scan >"$leaks" || return 1
	! grep . "$leaks"
}
check "kmemleak finds no leak" kmemleak_clean
no_reports() {
	! dmesg | grep -E 'BUG:|WARNING:|KASAN:|UBSAN:|KFENCE:|possible (recursive|circular) locking|inconsistent lock state|suspicious RCU usage|sleeping function called from invalid context|kmemleak: .*new suspected|general protection fault|Call Trace:'
}
check "the kernel log has no BUG, WARNING, KASAN, UBSAN, KFENCE, lockdep or RCU report" no_reports
[ "$tap_failed" = 0 ] || rc=1
echo "1..$tap_n"
exit "$rc"
