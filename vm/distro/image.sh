#!/usr/bin/env bash
# Build the Debian bookworm image of `make check-distro` and `make
# distro-run`: mmdebstrap from Debian's archive (the sources apt uses on
# this machine), systemd, auditd, podman, an NFS server and client and
# everyday tools, a user `user` (uid 1000) with subordinate ids, and the
# test material (vm/distro/customize.sh), as an ext4 file system image.
#
# usage: image.sh OUT.img WORKDIR
# The image is only ever booted with QEMU's -snapshot: it never changes.
set -eu
set -o pipefail

out=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$work/rootfs
size=${DISTRO_IMAGE_SIZE:-6G}

for t in mmdebstrap mkfs.ext4 busybox xz zstd; do
	command -v "$t" >/dev/null ||
		{ echo "image.sh: $t not found (make deps)" >&2; exit 2; }
done
[ "$(id -u)" = 0 ] ||
	{ echo "image.sh: mmdebstrap's root mode needs root" >&2; exit 2; }

rm -rf "$work"
mkdir -p "$work"

# what the tests use, and AppArmor, which Debian runs by default (podman
# loads its container profile with apparmor_parser); the rest comes in as
# dependencies
pkgs=systemd,systemd-sysv,udev,dbus,dbus-user-session,auditd,apparmor
pkgs=$pkgs,podman,uidmap,crun,conmon
pkgs=$pkgs,nfs-kernel-server,nfs-common,git,tar,sed,vim-tiny,python3
pkgs=$pkgs,xz-utils,zstd,passwd,procps,iproute2,kmod

start=$(date +%s)
mmdebstrap --variant=apt --mode=root --format=directory \
	--include="$pkgs" \
	--customize-hook="$here/customize.sh \"\$1\" \"$here\"" \
	bookworm "$root" >"$work/mmdebstrap.log" 2>&1 ||
	{ tail -30 "$work/mmdebstrap.log"; echo "image.sh: mmdebstrap FAILED," \
	  "see $work/mmdebstrap.log" >&2; exit 1; }

rm -f "$out.tmp"
mkfs.ext4 -q -F -L safename-distro -d "$root" "$out.tmp" "$size" >/dev/null
mv -f "$out.tmp" "$out"
rm -rf "$root"
echo "image.sh: $out ($(du -h --apparent-size "$out" | cut -f1)," \
     "$(du -h "$out" | cut -f1) used) in $(( $(date +%s) - start ))s"
