#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# robot.sh TREE WORK: what the kernel test robot does to a new series on its
# first day, on the tree the series ends with (TREE, e.g. the mainline work
# tree build/mainline/linux), in build directories under WORK:
#
#   - security/safename/ built with W=1, without a warning, by clang
#     (x86_64), for i386, for a big-endian architecture (s390x, cross gcc),
#     and in the configurations that leave out what Safename's code may use:
#     no CONFIG_AUDIT, no KUnit, btrfs, nfsd and ksmbd as modules (which
#     must then link: modpost); and no configuration without CONFIG_SYSFS
#     has Safename (SECURITY depends on it);
#   - the KUnit tests run (kunit.py run) on i386 and on s390x under QEMU,
#     where the word-at-a-time rule meets 32-bit and big-endian words.
#
# One TAP line each.  Too slow for make check (each architecture's KUnit
# kernel is a build of its own): make check-robot runs it.
#
# Environment: JOBS (2), CCACHE_DIR, ROBOT_KUNIT=0 to skip the KUnit runs.
set -uo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=series/lib.sh
. "$REPO/series/lib.sh"

[ $# -eq 2 ] || { echo "usage: $0 TREE WORK" >&2; exit 2; }
TREE=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" && WORK=$(cd "$2" && pwd)
JOBS=${JOBS:-2}
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/safename-ccache}
export LC_ALL=C
# Our Makefile's KVM (QEMU with or without KVM) is a variable of the
# kernel's Makefiles too (virt/kvm/Makefile.kvm: KVM ?= ../../../virt/kvm):
# s390's KUnit kernel builds KVM, and KVM=0 made it look for
# arch/s390/kvm/0/kvm_main.o.  Neither the environment nor make's command
# line may carry it into these builds.
use_kvm=${KVM:-0}
unset KVM
MAKEFLAGS=$(printf '%s' "${MAKEFLAGS:-}" | sed -E 's/(^| )KVM=[^ ]*//g')
export MAKEFLAGS

need_pkgs clang lld llvm gcc-s390x-linux-gnu qemu-system-x86 qemu-system-misc \
	flex bison bc libelf-dev python3

n=0
failed=0
tap() {
	n=$((n + 1))
	if [ "$1" = ok ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		failed=1
		[ -f "${3:-}" ] && grep -B2 -A6 -m5 -E 'warning:|error:|FAILED|not ok' "$3" |
			head -60 | sed 's/^/# /'
	fi
}

# build NAME ARCH-MAKE-OPTIONS... -- CONFIG_X=y|n ...: configure a tree of
# its own (allnoconfig + the options), check the options held, build
# security/safename/ with W=1.
build() {
	local name=$1 out=$WORK/$1 opts=() frag opt log
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done
	shift
	mkdir -p "$out"
	frag=$out/robot.config
	printf '%s\n' CONFIG_MULTIUSER=y CONFIG_NET=y CONFIG_SECURITY=y \
		CONFIG_SECURITYFS=y CONFIG_SECURITY_SAFENAME=y "$@" >"$frag"
	log=$out/build.log
	if ! make -s -C "$TREE" O="$out" "${opts[@]}" KCONFIG_ALLCONFIG="$frag" \
		allnoconfig >"$log" 2>&1; then
		tap not "$name: configure" "$log"
		return
	fi
	while IFS= read -r opt; do
		case $opt in
		*=n) grep -q "^${opt%=n}=" "$out/.config" &&
			echo "# $opt did not hold" >>"$log" ;;
		*) grep -qx "$opt" "$out/.config" ||
			echo "# $opt did not hold" >>"$log" ;;
		esac
	done <"$frag"
	if make -s -C "$TREE" O="$out" "${opts[@]}" -j"$JOBS" W=1 \
		security/safename/ >>"$log" 2>&1 &&
		! grep -qE 'warning:|did not hold' "$log"; then
		tap ok "$name: security/safename/ builds with W=1, no warning"
	else
		tap not "$name: security/safename/ builds with W=1, no warning" "$log"
	fi
}

echo "TAP version 13"
# clang: the tree's minimum (17.0.1 for 7.3) may be newer than this
# machine's (bookworm has 14): then clang comes from a Debian trixie chroot
# of its own (mmdebstrap), with the tree and the build directory bound in
need=$("$TREE/scripts/min-tool-version.sh" llvm)
have=$(clang -dumpversion 2>/dev/null || echo 0)
if [ "$(printf '%s\n' "$need" "$have" | sort -V | head -1)" = "$need" ]; then
	build clang-x86_64 ARCH=x86_64 LLVM=1 -- CONFIG_64BIT=y CONFIG_AUDIT=y \
		CONFIG_SYSFS=y CONFIG_KUNIT=y CONFIG_SECURITY_SAFENAME_KUNIT_TEST=y
else
	root=$WORK/trixie-clang
	if [ ! -x "$root/usr/bin/clang" ]; then
		rm -rf "$root"
		mmdebstrap --variant=apt --include=clang,lld,llvm,make,flex,bison,bc,libelf-dev,libssl-dev,python3,gcc \
			trixie "$root" "${DISTRO_MIRROR:-http://deb.debian.org/debian}" \
			>"$WORK/trixie-clang.log" 2>&1 ||
			{ tap not "clang-x86_64: a trixie chroot with clang $need or newer" "$WORK/trixie-clang.log"; root=; }
	fi
	if [ -n "$root" ]; then
		mkdir -p "$root/src" "$root/out" "$WORK/clang-x86_64"
		# The tree and the build directory bound in; /proc for objtool,
		# which reads the stack limit there.  Unmounted however the
		# script ends; one left by an earlier run is not stacked on.
		trap 'umount -q "$root/proc" "$root/out" "$root/src" 2>/dev/null' EXIT
		trap 'exit 130' INT TERM
		mounted=yes
		mountpoint -q "$root/src" || mount --bind "$TREE" "$root/src" || mounted=
		mountpoint -q "$root/out" ||
			mount --bind "$WORK/clang-x86_64" "$root/out" || mounted=
		mountpoint -q "$root/proc" || mount -t proc proc "$root/proc" || mounted=
		printf '%s\n' CONFIG_MULTIUSER=y CONFIG_NET=y CONFIG_SECURITY=y \
			CONFIG_SECURITYFS=y CONFIG_SECURITY_SAFENAME=y CONFIG_64BIT=y \
			CONFIG_AUDIT=y CONFIG_SYSFS=y CONFIG_KUNIT=y \
			CONFIG_SECURITY_SAFENAME_KUNIT_TEST=y >"$WORK/clang-x86_64/robot.config"
		log=$WORK/clang-x86_64/build.log
		if [ -z "$mounted" ]; then
			tap not "clang-x86_64: the tree, the build directory and /proc mounted in the chroot"
		elif chroot "$root" sh -c 'make -s -C /src O=/out ARCH=x86_64 LLVM=1 \
			KCONFIG_ALLCONFIG=/out/robot.config allnoconfig &&
			grep -qx CONFIG_SECURITY_SAFENAME_KUNIT_TEST=y /out/.config &&
			make -s -C /src O=/out ARCH=x86_64 LLVM=1 -j'"$JOBS"' W=1 security/safename/' \
			>"$log" 2>&1 && ! grep -q 'warning:' "$log" &&
			[ -f "$WORK/clang-x86_64/security/safename/built-in.a" ]; then
			tap ok "clang-x86_64 ($(chroot "$root" clang -dumpversion)): security/safename/ builds with W=1, no warning"
		else
			tap not "clang-x86_64: security/safename/ builds with W=1, no warning" "$log"
		fi
		umount "$root/proc" "$root/out" "$root/src"
		trap - EXIT INT TERM
	fi
fi
build i386 ARCH=i386 CC="ccache gcc" -- CONFIG_64BIT=n CONFIG_AUDIT=y \
	CONFIG_SYSFS=y CONFIG_KUNIT=y CONFIG_SECURITY_SAFENAME_KUNIT_TEST=y
build s390x ARCH=s390 CROSS_COMPILE=s390x-linux-gnu- -- CONFIG_AUDIT=y \
	CONFIG_SYSFS=y CONFIG_KUNIT=y CONFIG_SECURITY_SAFENAME_KUNIT_TEST=y
build no-audit ARCH=x86_64 CC="ccache gcc" -- CONFIG_64BIT=y CONFIG_AUDIT=n \
	CONFIG_SYSFS=y
build btrfs-module ARCH=x86_64 CC="ccache gcc" -- CONFIG_64BIT=y \
	CONFIG_BLOCK=y CONFIG_MODULES=y CONFIG_BTRFS_FS=m CONFIG_AUDIT=y \
	CONFIG_INET=y CONFIG_INOTIFY_USER=y CONFIG_NETWORK_FILESYSTEMS=y \
	CONFIG_NFSD=m CONFIG_SMB_SERVER=m

# What btrfs, nfsd and ksmbd call of the series is exported: modpost
# fails on a symbol that is not.
log=$WORK/btrfs-module/modules.log
ko=$WORK/btrfs-module
if make -s -C "$TREE" O="$WORK/btrfs-module" ARCH=x86_64 CC="ccache gcc" \
	-j"$JOBS" vmlinux modules >"$log" 2>&1 && ! grep -q 'ERROR:' "$log" &&
	[ -f "$ko/fs/btrfs/btrfs.ko" ] && [ -f "$ko/fs/nfsd/nfsd.ko" ] &&
	[ -f "$ko/fs/smb/server/ksmbd.ko" ]; then
	tap ok "btrfs-module: btrfs, nfsd and ksmbd link as modules"
else
	tap not "btrfs-module: btrfs, nfsd and ksmbd link as modules" "$log"
fi

# No configuration has Safename without sysfs (SECURITY depends on SYSFS),
# so fs.c makes its sysfs files unconditionally: say so if that changes.
# The same options with SYSFS=y, which must give Safename, are the control.
sysfs_case() {
	mkdir -p "$WORK/$1"
	printf '%s\n' CONFIG_EXPERT=y "CONFIG_SYSFS=$2" CONFIG_MULTIUSER=y \
		CONFIG_SECURITY=y CONFIG_SECURITY_SAFENAME=y >"$WORK/$1/robot.config"
	make -s -C "$TREE" O="$WORK/$1" ARCH=x86_64 \
		KCONFIG_ALLCONFIG="$WORK/$1/robot.config" allnoconfig \
		>"$WORK/$1/build.log" 2>&1
}
if sysfs_case no-sysfs n && sysfs_case with-sysfs y &&
	! grep -q '^CONFIG_SYSFS=y' "$WORK/no-sysfs/.config" &&
	! grep -q '^CONFIG_SECURITY_SAFENAME=y' "$WORK/no-sysfs/.config" &&
	grep -qx 'CONFIG_SECURITY_SAFENAME=y' "$WORK/with-sysfs/.config"; then
	tap ok "no-sysfs: no configuration has Safename without SYSFS"
else
	tap not "no-sysfs: no configuration has Safename without SYSFS" "$WORK/no-sysfs/build.log"
fi

# KUnit where words are 32-bit and where bytes are big-endian
if [ "${ROBOT_KUNIT:-1}" != 0 ]; then
	# kunit.py asks QEMU for KVM first (-accel kvm -accel hvf -accel
	# tcg), and QEMU hangs with KVM on this machine (README): unless KVM=1,
	# a wrapper ahead in PATH drops those two choices, leaving TCG.
	if [ "$use_kvm" != 1 ]; then
		mkdir -p "$WORK/qemu-tcg"
		for q in qemu-system-i386 qemu-system-s390x; do
			cat >"$WORK/qemu-tcg/$q" <<-EOF
			#!/bin/sh
			# $q with TCG only: made by series/robot.sh
			n=\$#
			while [ \$n -gt 0 ]; do
				a=\$1; shift; n=\$((n - 1))
				if [ "\$a" = -accel ] && { [ "\$1" = kvm ] || [ "\$1" = hvf ]; }; then
					shift; n=\$((n - 1)); continue
				fi
				set -- "\$@" "\$a"
			done
			exec $(command -v $q) "\$@"
			EOF
			chmod +x "$WORK/qemu-tcg/$q"
		done
		PATH=$WORK/qemu-tcg:$PATH
	fi
	for arch in i386 s390; do
		log=$WORK/kunit-$arch.log
		case $arch in
		s390) cross=(--cross_compile=s390x-linux-gnu-) ;;
		*) cross=() ;;
		esac
		if (cd "$TREE" && ./tools/testing/kunit/kunit.py run \
			--kunitconfig=security/safename --arch="$arch" \
			"${cross[@]}" --build_dir="$WORK/kunit-$arch" \
			--jobs="$JOBS" --timeout=900) >"$log" 2>&1; then
			tap ok "kunit on $arch ($(grep -o 'Ran [0-9]* tests: .*' "$log" |
				sed 's/\x1b\[[0-9;]*m//g' | tail -1))"
		else
			tap not "kunit on $arch" "$log"
		fi
	done
fi
echo "1..$n"
exit $failed
