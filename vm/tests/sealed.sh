#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the "sealed" boot: safename.locked=1, then a malformed
# safename.locked=junk that must not unseal it, and
# safename.mode_for_unprivileged=1 on the kernel command line.  Every knob
# write fails with EPERM, for root too, in both places.
set -u
. /tests/tap.sh

tap_start /tmp/sealed
check "locked=1 from boot, a later locked=junk ignored" knob_is locked 1
check "mode_for_unprivileged=1 from boot" knob_is mode_for_unprivileged 1
for dir in "$SYS" "$SEC"; do
	for k in $KNOBS; do
		case $k in
		mode_*) v=0 ;;
		utf8) v=1 ;;
		locked) v=0 ;;
		*) v=1-255 ;;
		esac
		check "root cannot write $dir/$k" write_refused "$dir/$k" "$v"
	done
	check "root cannot write 1 to $dir/locked either" \
		write_refused "$dir/locked" 1
	check "nor a malformed value to $dir/utf8 (EPERM first)" \
		write_refused "$dir/utf8" 7
done
check "policy unchanged: mode_for_unprivileged" knob_is mode_for_unprivileged 1
check "policy unchanged: mode_for_privileged" knob_is mode_for_privileged 0
check "policy unchanged: utf8" knob_is utf8 0
check "policy unchanged: permitted_bytes_initial" \
	knob_is permitted_bytes_initial 33-44,46-125,128-254
check "still enforced: nobody cannot mkdir -x" refused nobody -x
check "root (mode 0) may mkdir -x" allowed root -x
finish
