#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the "params" boot: the policy comes from safename.* boot
# parameters, some of them malformed or unknown (see vm/tests/boots).
# Nothing has written a knob before this script runs.
set -u
. /tests/tap.sh

tap_start /tmp/params
check "no knob was written before: stats are zero" \
	grep -qx 'violations 0' "$SYS/stats"
check "mode_for_privileged=1 from boot" knob_is mode_for_privileged 1
check "utf8=1 from boot" knob_is utf8 1
check "permitted_bytes_final from boot, canonical" \
	knob_is permitted_bytes_final 33-125,128-254
check "malformed mode_for_unprivileged=7 ignored" \
	knob_is mode_for_unprivileged 0
check "malformed permitted_bytes_middle=1,,2 ignored" \
	knob_is permitted_bytes_middle 32-126,128-254
check "malformed locked=yes ignored" knob_is locked 0
check "untouched permitted_bytes_initial keeps its default" \
	knob_is permitted_bytes_initial 33-44,46-125,128-254
# in_dmesg TEXT: the kernel log has a line holding TEXT, the command lines
# (which hold every parameter) aside
in_dmesg() {
	dmesg | grep -vi 'command line: ' | grep -qF -- "$1"
}

# A malformed value is reported by Safename and ignored; the parameter
# parser goes on, so init still gets its arguments after "--".
for p in mode_for_unprivileged=7 permitted_bytes_middle=1,,2 locked=yes; do
	check "malformed safename.$p reported in the kernel log" \
		in_dmesg "safename: malformed safename.$p ignored"
done
check "no parameter error from the kernel's parser" \
	sh -c '! dmesg | grep -vi "command line: " | grep -q "invalid for parameter"'
# (the kernel passes what follows "--" to init as arguments, not in its
# environment: /init's own command line has it)
check "init got its arguments after --" \
	sh -c 'tr "\\0" "\\n" </proc/1/cmdline | grep -qx safename_init_arg=kept'
# An unknown name of a built-in module is ignored without a report.
check "unknown safename.no_such_knob=1 ignored, not reported" \
	sh -c '! dmesg | grep -vi "command line: " | grep -q no_such_knob'
check "enforced from boot: root cannot mkdir -x" refused root -x
check "enforced from boot: final byte ~ refused" refused root 'a~'
check "enforced from boot: invalid UTF-8 refused" \
	refused root "$(printf 'caf\351s')"
check "enforced from boot: valid UTF-8 allowed" \
	allowed root "$(printf 'caf\303\251')"
check "unprivileged mode stays 0: nobody may mkdir -x" allowed nobody -x
check "the boot policy is not sealed: knobs stay writable" \
	sh -c "echo 0 >$SYS/mode_for_privileged && echo 0 >$SEC/utf8"
check "and the change applies: root may mkdir -x" allowed root -x
finish
