#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the "audit" boot (audit=1).  First, with no audit daemon,
# the kernel prints Safename's records to its log itself (through
# printk_ratelimit(), 10 lines every 5 seconds, a record and its SYSCALL and
# PROCTITLE records counting apart: hence the pauses), and no Safename log
# line appears.  Then audit_test registers as the audit daemon and checks
# every field of every record.  Its last case seals the policy, which lasts
# until reboot: only a refused write follows, which shows that the test left
# audit on.
set -u

. /tests/tap.sh

tap_start /tmp/audit-sh

# has_record TEXT: a Safename record in the kernel log holds TEXT
has_record() {
	dmesg | grep -E 'audit: type=(1427|1405) ' | grep -F -- "$1"
}

echo 3 >"$SYS/mode_for_unprivileged"
check "no daemon: nobody's mkdir -x is refused" refused nobody -x
sleep 6
printf 'x' >"$SYS/mode_for_unprivileged" 2>/dev/null
echo 0 >"$SYS/mode_for_unprivileged"
sleep 1
check "a record for the refused name" \
	has_record 'action=denied op=mkdir rule=initial offset=0 name="-x" dev='
check "a record for a knob write" \
	has_record 'knob=mode_for_unprivileged old="0" new="3" '
check "a record for a refused knob write" \
	has_record 'knob=mode_for_unprivileged old="3" new="x" '
check "no Safename kernel log line" \
	sh -c "! dmesg | grep -E 'safename: (denied|reported|config) '"

export SAFENAME_AUDIT_SEAL=1
run_test /selftests/safename/audit_test

sleep 6
printf 1 >"$SYS/mode_for_unprivileged" 2>/dev/null
sleep 1
check "audit_test left audit on: a record for a write after the seal" \
	has_record 'knob=mode_for_unprivileged old="0" new="1" '
# (but the two of audit_test's case with audit off)
check "no other Safename kernel log line" \
	sh -c "! dmesg | grep -E 'safename: (denied|reported|config) ' |
		grep -v -e 'name=\"-off\"' -e 'knob=mode_for_privileged old=\"3\" new=\"1\"'"
echo "# Safename's records in the kernel log:"
dmesg | grep 'lsm=safename' | sed 's/^/# /'
finish
