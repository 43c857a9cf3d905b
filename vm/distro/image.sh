#!/usr/bin/env bash
# Build the Debian 13 trixie image of `make check-distro` and `make
# distro-run`: mmdebstrap from Debian's archive (DISTRO_MIRROR, by default
# http://deb.debian.org/debian, given on mmdebstrap's command line: this
# machine's own apt sources are neither used nor changed), systemd,
# auditd, podman, an NFS server and client and everyday tools, a user
# `user` (uid 1000) with subordinate ids, and the test material
# (vm/distro/customize.sh), as an ext4 file system image.
#
# usage: image.sh OUT.img WORKDIR
# The image is only ever booted with QEMU's -snapshot: it never changes.
set -eu
set -o pipefail

out=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$work/rootfs
size=${DISTRO_IMAGE_SIZE:-6G}
suite=trixie
mirror=${DISTRO_MIRROR:-http://deb.debian.org/debian}

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
# dependencies.  --variant=apt installs no Recommends, so podman 5's
# runtime pieces are named: crun and conmon, netavark (its network
# backend), uidmap (newuidmap for rootless) and passt (pasta, the network
# of rootless containers; the tests run theirs with --network none)
pkgs=systemd,systemd-sysv,udev,dbus,dbus-user-session,auditd,apparmor
pkgs=$pkgs,podman,uidmap,crun,conmon,netavark,passt
pkgs=$pkgs,nfs-kernel-server,nfs-common,git,tar,sed,vim-tiny,python3
pkgs=$pkgs,xz-utils,zstd,passwd,procps,iproute2,kmod
# /bin/login, which make distro-run's autologin console runs: no longer
# Essential in trixie, so mmdebstrap leaves it out unless named
pkgs=$pkgs,login

start=$(date +%s)
mmdebstrap --variant=apt --mode=root --format=directory \
	--include="$pkgs" \
	--customize-hook="$here/customize.sh \"\$1\" \"$here\"" \
	"$suite" "$root" "$mirror" >"$work/mmdebstrap.log" 2>&1 ||
	{ tail -30 "$work/mmdebstrap.log"; echo "image.sh: mmdebstrap FAILED," \
	  "see $work/mmdebstrap.log" >&2; exit 1; }

rm -f "$out.tmp"
mkfs.ext4 -q -F -L safename-distro -d "$root" "$out.tmp" "$size" >/dev/null
mv -f "$out.tmp" "$out"
rm -rf "$root"
echo "image.sh: $out ($(du -h --apparent-size "$out" | cut -f1)," \
     "$(du -h "$out" | cut -f1) used) in $(( $(date +%s) - start ))s"
