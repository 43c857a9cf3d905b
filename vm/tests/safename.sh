#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the "selftests" boot: the Safename kselftests on tmpfs and
# overlayfs (which they mount themselves), and on what they cannot make
# themselves: ext2, ext4, btrfs, casefolding ext4 and minix on loop devices
# and the 9p share, given to them in SAFENAME_*_DIR variables, and an
# unmounted ext4 image for umount_test in SAFENAME_RACE_IMAGE (without which
# those cases SKIP).
#
# Prints its own set-up checks as TAP, then runs every test program in
# /selftests/safename/, each printing its own TAP.  Exit status: 0 when every
# check and every program passed.
set -u

EXT2_DIR=/mnt/ext2
EXT4_DIR=/mnt/ext4
BTRFS_DIR=/mnt/btrfs
CASEFOLD_DIR=/mnt/casefold
MINIX_DIR=/mnt/minix
RACE_IMAGE=/tmp/race.img
loops=""
NINEP_MOUNT=/mnt/9p
NINEP_DIR=$NINEP_MOUNT/safename-selftests
TESTS=/selftests/safename

. /tests/tap.sh

active() {
	tr ',' '\n' </sys/kernel/security/lsm | grep -qx safename
}

# mount_image TYPE DIR: /images/TYPE.img on a loop device at DIR
mount_image() {
	mkdir -p "$2" || return 1
	# busybox losetup: -f alone names the first free device
	dev=$(losetup -f) && losetup "$dev" "/images/$1.img" || return 1
	loops="$loops $dev"
	echo "/images/$1.img on $dev"
	mount -t "${3:-$1}" "$dev" "$2"
}

setup_9p() {
	grep -q " $NINEP_MOUNT 9p " /proc/mounts || {
		echo "$NINEP_MOUNT is not a 9p mount"
		return 1
	}
	rm -rf "$NINEP_DIR" && mkdir "$NINEP_DIR" && chmod 0755 "$NINEP_DIR"
}

echo "TAP version 13"
echo "1..8"
check "safename is active" active
check "ext2 on a loop device at $EXT2_DIR" mount_image ext2 "$EXT2_DIR"
check "ext4 on a loop device at $EXT4_DIR" mount_image ext4 "$EXT4_DIR"
check "btrfs on a loop device at $BTRFS_DIR" mount_image btrfs "$BTRFS_DIR"
check "casefolding ext4 on a loop device at $CASEFOLD_DIR" \
	mount_image casefold "$CASEFOLD_DIR" ext4
check "minix on a loop device at $MINIX_DIR" mount_image minix "$MINIX_DIR"
check "directory on the 9p share at $NINEP_DIR" setup_9p
check "an unmounted ext4 image at $RACE_IMAGE" cp /images/ext4.img "$RACE_IMAGE"

export SAFENAME_EXT2_DIR=$EXT2_DIR
export SAFENAME_EXT4_DIR=$EXT4_DIR
export SAFENAME_BTRFS_DIR=$BTRFS_DIR
export SAFENAME_CASEFOLD_DIR=$CASEFOLD_DIR
export SAFENAME_MINIX_DIR=$MINIX_DIR
export SAFENAME_9P_DIR=$NINEP_DIR
export SAFENAME_RACE_IMAGE=$RACE_IMAGE

for test in hooks_test knobs_test log_test lsm_test order_test stats_test \
	stacks_test umount_test uring_test; do
	run_test "$TESTS/$test"
done
# Smack is not stacked here: its case runs in the smack boot
run_test "$TESTS/scope_test" -T beside_smack

rm -rf "$NINEP_DIR"
umount "$EXT2_DIR" "$EXT4_DIR" "$BTRFS_DIR" "$CASEFOLD_DIR" "$MINIX_DIR" \
	2>/dev/null
rm -f "$RACE_IMAGE"
for dev in $loops; do
	losetup -d "$dev" 2>/dev/null
done
exit "$tap_failed"
