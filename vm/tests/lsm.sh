#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the lsm= boots: Safename is active iff lsm= lists it (the
# lsm_test program checks that against /proc/cmdline), and where it is
# active the kernel's own LSM selftests pass with it.
set -u

failed=0

run() {
	echo "# $1"
	if [ ! -x "$1" ]; then
		echo "not ok 1 $1 # missing"
		failed=1
	elif ! "$1"; then
		failed=1
	fi
}

echo "# lsm: $(cat /sys/kernel/security/lsm)"
echo "# cmdline: $(cat /proc/cmdline)"
run /selftests/safename/lsm_test

if tr ',' '\n' </sys/kernel/security/lsm | grep -qx safename; then
	for test in /selftests/lsm/*_test; do
		run "$test"
	done
fi
exit "$failed"
