#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the "smack" boot: Smack stacked with Safename, each taking
# its own mount options from one mount (scope_test's beside_smack case, by
# mount(2) and by fsconfig(2)), and the other scope cases with Smack's
# hooks in the way.
set -u

. /tests/tap.sh

echo "TAP version 13"
echo "1..1"
check "smack and safename are active" sh -c \
	'tr , "\n" </sys/kernel/security/lsm | grep -qx smack &&
	 tr , "\n" </sys/kernel/security/lsm | grep -qx safename'
# the cases on the file systems the test makes itself (no SAFENAME_*_DIR)
run_test /selftests/safename/scope_test -f scope
exit "$tap_failed"
