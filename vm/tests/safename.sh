#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the "selftests" boot: the Safename kselftests on tmpfs, on
# ext2 on a loop device and on the 9p share.
#
# Prints its own set-up checks as TAP, then runs every test program in
# /selftests/safename/, each printing its own TAP.  Exit status: 0 when every
# check and every program passed.
set -u

TMPFS_DIR=/mnt/sn-tmpfs
EXT2_DIR=/mnt/ext2
EXT2_IMAGE=/images/ext2.img
NINEP_MOUNT=/mnt/9p
NINEP_DIR=$NINEP_MOUNT/safename-selftests
TESTS=/selftests/safename

. /tests/tap.sh

active() {
	tr ',' '\n' </sys/kernel/security/lsm | grep -qx safename
}

mount_tmpfs() {
	mkdir -p "$TMPFS_DIR" &&
	mount -t tmpfs -o mode=0755 safename-tmpfs "$TMPFS_DIR"
}

# The image is empty: give it a file system if it has none.
mount_ext2() {
	mkdir -p "$EXT2_DIR" || return 1
	# busybox losetup: -f alone names the first free device
	loop=$(losetup -f) && losetup "$loop" "$EXT2_IMAGE" || return 1
	echo "$EXT2_IMAGE on $loop"
	if ! mount -t ext2 "$loop" "$EXT2_DIR" 2>/dev/null; then
		mke2fs -q "$loop" && mount -t ext2 "$loop" "$EXT2_DIR"
	fi
}

setup_9p() {
	grep -q " $NINEP_MOUNT 9p " /proc/mounts || {
		echo "$NINEP_MOUNT is not a 9p mount"
		return 1
	}
	rm -rf "$NINEP_DIR" && mkdir "$NINEP_DIR" && chmod 0755 "$NINEP_DIR"
}

echo "TAP version 13"
echo "1..4"
check "safename is active" active
check "tmpfs at $TMPFS_DIR" mount_tmpfs
check "ext2 on a loop device at $EXT2_DIR" mount_ext2
check "directory on the 9p share at $NINEP_DIR" setup_9p

export SAFENAME_TMPFS_DIR=$TMPFS_DIR
export SAFENAME_EXT2_DIR=$EXT2_DIR
export SAFENAME_9P_DIR=$NINEP_DIR

for test in hooks_test knobs_test log_test lsm_test stats_test stacks_test uring_test; do
	run_test "$TESTS/$test"
done

rm -rf "$NINEP_DIR"
umount "$EXT2_DIR" 2>/dev/null
[ -n "${loop:-}" ] && losetup -d "$loop" 2>/dev/null
umount "$TMPFS_DIR" 2>/dev/null
exit "$tap_failed"
