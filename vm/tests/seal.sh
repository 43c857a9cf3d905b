#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the "seal" boot: set a policy, seal it at run time by
# writing 1 to locked, then check that nothing can change it any more.
# Run in a boot of its own, since the seal lasts until reboot.
set -u
. /tests/tap.sh

tap_start /tmp/seal
check "unsealed at boot" knob_is locked 0
check "locked=0 may be written while unsealed" \
	sh -c "echo 0 >$SYS/locked"
check "set a policy" sh -c "echo 1 >$SYS/mode_for_unprivileged &&
	echo 3 >$SEC/mode_for_privileged && echo 1 >$SYS/utf8 &&
	echo 33-126 >$SEC/permitted_bytes_middle"
check "nobody cannot seal it" sh -c "! su nobody -s /bin/sh -c 'echo 1 >$SYS/locked'"
mkdir -p /mnt/before
check "before the seal: a tmpfs mounted safename=off" \
	mount -t tmpfs -o safename=off t /mnt/before
check "seal it through securityfs" sh -c "echo 1 >$SEC/locked"
check "locked reads 1 in both places" knob_is locked 1
for dir in "$SYS" "$SEC"; do
	for k in $KNOBS; do
		check "root cannot write $dir/$k" write_refused "$dir/$k" 0
	done
done
check "policy unchanged: mode_for_unprivileged" knob_is mode_for_unprivileged 1
check "policy unchanged: mode_for_privileged" knob_is mode_for_privileged 3
check "policy unchanged: utf8" knob_is utf8 1
check "policy unchanged: permitted_bytes_middle" \
	knob_is permitted_bytes_middle 33-126
check "still enforced for root: mkdir 'a b' (space not in middle)" \
	refused root 'a b'
check "still enforced for nobody: mkdir -x" refused nobody -x

# scopes: while locked, no mount or remount may ask for log or off
mkdir -p /mnt/sealed
# (busybox mount says "permission denied (are you root?)" for EPERM)
check "locked: mount -o safename=off refused, and reported" \
	sh -c "out=\$(mount -t tmpfs -o safename=off t /mnt/sealed 2>&1) &&
		{ echo mounted; exit 1; }; echo \"\$out\";
		echo \"\$out\" | grep -q 'permission denied' &&
		! grep -q ' /mnt/sealed ' /proc/mounts &&
		dmesg | grep -q 'knob=scope fstype=tmpfs .* new=\"off\" .* res=0'"
check "locked: mount -o safename=on allowed" \
	mount -t tmpfs -o safename=on t /mnt/sealed
check "locked: remount -o safename=log refused, scope unchanged" \
	sh -c "! mount -o remount,safename=log /mnt/sealed &&
		! grep ' /mnt/sealed .*safename=' /proc/self/mountinfo"
check "locked: still enforced on that file system" refused root /mnt/sealed/-x
check "locked: the file system mounted off before keeps it" \
	sh -c "grep -q ' /mnt/before .*safename=off' /proc/self/mountinfo &&
		mkdir /mnt/before/-x && rmdir /mnt/before/-x"
finish
