#!/usr/bin/env bash
# Make the VM's initramfs (cpio, newc, gzip), all files owned by root:
#   /bin/busybox + every applet link in /bin and /sbin (Debian's busybox-static)
#   /init                 vm/init
#   /tests/               vm/tests/* and vm/demo.sh
#   /selftests/<target>/  the installed kselftests (static), with
#                         /selftests/run_kselftest.sh
#   /images/*.img         16 MiB ext2, ext4, btrfs, casefolding ext4 and
#                         minix images for loop devices
#   /etc/passwd, /etc/group: root, user (1000), nobody (65534)
#   /etc/initramfs.list   every path of the archive
#
# usage: mkinitramfs.sh STAGING OUTPUT KSELFTEST_INSTALL VMDIR IMAGE[:IMAGE...] [MORE_TESTS_DIR...]
set -eu
set -o pipefail

STAGING=$1 OUT=$2 KST=$3 VM=$4 IMAGES=$5
shift 5

rm -rf "$STAGING"
mkdir -p "$STAGING"
cd "$STAGING"
mkdir -p bin sbin usr/bin usr/sbin etc proc sys dev tmp root mnt/9p \
	tests selftests images home/user
chmod 1777 tmp
chmod 0700 root

cp /bin/busybox bin/busybox
for applet in $(bin/busybox --list); do
	[ "$applet" = busybox ] && continue
	ln -sf busybox "bin/$applet"
	ln -sf ../bin/busybox "sbin/$applet"
done

cp "$VM/init" init
chmod 0755 init

if [ -d "$VM/tests" ]; then
	cp -R "$VM/tests/." tests/
fi
for d in "$@"; do
	[ -d "$d" ] && cp -R "$d/." tests/
done
cp "$VM/demo.sh" tests/demo.sh
chmod 0755 tests/*.sh 2>/dev/null || true

if [ -d "$KST" ]; then
	cp -R "$KST/." selftests/
fi

old_ifs=$IFS
IFS=:
for image in $IMAGES; do
	cp "$image" "images/${image##*/}"
done
IFS=$old_ifs

cat >etc/passwd <<'P'
root:x:0:0:root:/root:/bin/sh
user:x:1000:1000:user:/home/user:/bin/sh
nobody:x:65534:65534:nobody:/nonexistent:/bin/sh
P
cat >etc/group <<'G'
root:x:0:
user:x:1000:
nogroup:x:65534:
G
echo /bin/sh >etc/shells

# every path, for the tests that check that the kernel unpacked them all
{ find . -mindepth 1; echo ./etc/initramfs.list; } | sed 's/^\.//' |
	LC_ALL=C sort >etc/initramfs.list

# owner root for everything but /home/user (uid 1000); the kernel unpacks
# concatenated archives
{
	find . ! -path ./home/user | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet
	find ./home/user | cpio -o -H newc -R 1000:1000 --quiet
} | gzip -n -6 >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
