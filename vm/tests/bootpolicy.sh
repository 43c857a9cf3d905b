#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the "bootpolicy" boot: both modes enforce from the kernel
# command line, with byte sets that refuse ":", "#" and "-" everywhere.
# The kernel's own names were made under that policy: every initramfs file
# (many hold a "-") and the devtmpfs nodes must be there, and overlayfs
# (whose work-directory temporaries are named "#N") must mount and copy up.
set -u
. /tests/tap.sh
# tap.sh's default output file has a "-" in its name
tap_out=/tmp/tap_check.out

INITIAL=33-34,36-44,46-57,59-125,128-254
MIDDLE=32-44,46-57,59-126,128-254
FINAL=33-44,46-57,59-126,128-254

# every path of the initramfs, as mkinitramfs.sh listed them
initramfs_complete() {
	missing=0 total=0
	while IFS= read -r path; do
		total=$((total + 1))
		[ -e "$path" ] || [ -L "$path" ] || {
			echo "missing: $path"
			missing=$((missing + 1))
		}
	done </etc/initramfs.list
	echo "$total paths, $missing missing"
	[ "$total" -gt 100 ] && [ "$missing" = 0 ]
}

dev_nodes() {
	for node in null zero full random urandom console tty ttyS0 \
			loop-control; do
		[ -c "/dev/$node" ] || { echo "no /dev/$node"; return 1; }
	done
	[ -b /dev/loop0 ] || { echo "no /dev/loop0"; return 1; }
}

overlay() {
	mkdir lower upper work merged &&
	echo old >lower/plain && mkdir lower/dir && echo in >lower/dir/file &&
	mount -t overlay overlay \
		-o lowerdir=lower,upperdir=upper,workdir=work merged &&
	echo new >>merged/plain && chmod 600 merged/dir/file &&
	rm merged/dir/file && rmdir merged/dir && mv merged/plain merged/moved &&
	[ "$(cat merged/moved)" = "$(printf 'old\nnew')" ] &&
	umount merged
}

tap_start /tmp/bootpolicy
check "mode_for_privileged=1 from boot" knob_is mode_for_privileged 1
check "mode_for_unprivileged=1 from boot" knob_is mode_for_unprivileged 1
check "permitted_bytes_initial from boot" knob_is permitted_bytes_initial "$INITIAL"
check "permitted_bytes_middle from boot" knob_is permitted_bytes_middle "$MIDDLE"
check "permitted_bytes_final from boot" knob_is permitted_bytes_final "$FINAL"
check "every initramfs file was unpacked" initramfs_complete
check "devtmpfs made its nodes" dev_nodes
check "overlayfs mounts, copies up and whites out" overlay
check "root cannot mkdir a-b" refused root a-b
check "root cannot mkdir #x" refused root '#x'
check "root cannot mkdir a:b" refused root a:b
check "nobody cannot mkdir a-b" refused nobody a-b
check "root may mkdir plain" allowed root plain
finish
