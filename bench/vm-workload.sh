#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of `make bench`, run as /tests/workload.sh LABEL by bench.sh
# once a round for each configuration: the whole workloads, each timed by
# /tests/workload (one WORK line each), on tmpfs (/mnt/wl-tmpfs) and on ext4
# (/mnt/wl-ext4, a loop device on /tests/wl-ext4.img, so that no
# host I/O is waited for):
#   tar   extract /tests/tree.tar (part of the kernel tree, real names)
#   cp    cp -a of the extracted tree
#   rm    rm -rf of both trees
#   mix   the build-like mix of /tests/workload (create, rename over,
#         rewrite, unlink of short names), sn.mix steps
# On ext4 each timed step ends with sync, and a sync comes before it.
set -u

label=$1
mixsteps=10000
for arg in $(cat /proc/cmdline); do
	case $arg in
	sn.mix=*) mixsteps=${arg#sn.mix=} ;;
	esac
done

for fs in tmpfs ext4; do
	d=/mnt/wl-$fs
	if [ "$fs" = ext4 ]; then
		s='&& sync'
		sync
	else
		s=
	fi
	mkdir -p "$d/a" || exit 1
	/tests/workload "$label" "tar-$fs" sh -c \
		"tar -xf /tests/tree.tar -C $d/a $s" || exit 1
	[ -z "$s" ] || sync
	/tests/workload "$label" "cp-$fs" sh -c "cp -a $d/a $d/b $s" || exit 1
	[ -z "$s" ] || sync
	/tests/workload "$label" "rm-$fs" sh -c "rm -rf $d/a $d/b $s" ||
		exit 1
	[ -z "$s" ] || sync
	/tests/workload "$label" "mix-$fs" mix "$d/m" "$mixsteps" || exit 1
	[ -z "$s" ] || sync
	rm -rf "$d/m" || exit 1
done
exit 0
