#!/usr/bin/env bash
# Install the Debian packages the build and the VM need, only those missing.
# Uses sudo when not root; runs `apt-get update` once, only if something is
# missing.
#
# usage: deps.sh [bench]
set -eu

PKGS="linux-source-6.12 gcc make libc6-dev flex bison libelf-dev bc libssl-dev
ccache qemu-system-x86 busybox-static cpio gzip xz-utils rsync e2fsprogs
python3 patch git valgrind btrfs-progs mmdebstrap zstd"
# `deps.sh bench` (make bench): the BPF peer (clang, libbpf, bpftool, and
# the static libraries its loader links) and pahole for the bench kernel's BTF
[ "${1-}" = bench ] && PKGS="$PKGS clang llvm libbpf-dev bpftool dwarves
libelf-dev zlib1g-dev libzstd-dev"

missing=""
for p in $PKGS; do
	dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo "deps: installing:$missing"
SUDO=""
if [ "$(id -u)" != 0 ]; then
	command -v sudo >/dev/null || { echo "deps: not root and no sudo; install:$missing" >&2; exit 1; }
	SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
$SUDO apt-get update -q || true
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
