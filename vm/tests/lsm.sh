#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the lsm= boots: Safename is active iff lsm= lists it (the
# lsm_test program checks that against /proc/cmdline), and where it is
# active the kernel's own LSM selftests pass with it.
set -u

. /tests/tap.sh

echo "# lsm: $(cat /sys/kernel/security/lsm)"
echo "# cmdline: $(cat /proc/cmdline)"
run_test /selftests/safename/lsm_test

if tr ',' '\n' </sys/kernel/security/lsm | grep -qx safename; then
	for test in /selftests/lsm/*_test; do
		run_test "$test"
	done
fi
exit "$tap_failed"
