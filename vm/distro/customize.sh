#!/usr/bin/env bash
# mmdebstrap customize hook of vm/distro/image.sh: runs on the host with
# the new root file system in $1; $2 is vm/distro/.
set -eu
set -o pipefail

root=$1 here=$2

echo safename-distro >"$root/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\tsafename-distro\n' >"$root/etc/hosts"
printf '/dev/vda\t/\text4\terrors=remount-ro\t0 1\n' >"$root/etc/fstab"
# the admin guide's scratch file system for test suites: safename=off
printf 'tmpfs\t/scratch\ttmpfs\tmode=1777,safename=off\t0 0\n' >>"$root/etc/fstab"
mkdir -p "$root/scratch"

# root without a password (a throw-away VM, console only); `user`, uid
# 1000, with the subordinate ids rootless podman needs
chroot "$root" passwd -q -d root
chroot "$root" useradd -m -u 1000 -s /bin/bash user
echo user:100000:65536 >"$root/etc/subuid"
echo user:100000:65536 >"$root/etc/subgid"
# rootless podman on overlayfs mounted in the user namespace, as
# Linux >= 5.13 allows (podman would otherwise copy each layer with vfs)
mkdir -p "$root/home/user/.config/containers"
printf '[storage]\ndriver = "overlay"\n' >"$root/home/user/.config/containers/storage.conf"
chroot "$root" chown -R user:user /home/user/.config
# its systemd user manager and session bus start at boot (lingering), as
# for a logged-in user: rootless podman's cgroup manager talks to it
mkdir -p "$root/var/lib/systemd/linger"
touch "$root/var/lib/systemd/linger/user"

# .deb packages for `dpkg -i` in the tests, downloaded now
mkdir -p "$root/srv/debs"
chroot "$root" sh -c 'cd /srv/debs && apt-get -q -o APT::Sandbox::User=root \
	download hello tree jq libjq1 libonig5' >/dev/null

# a tarball of real names for `tar -x`: fs/ and Documentation/ of Debian's
# kernel source (some 13,500 names, a seventh of the tree: the whole took
# three minutes of make check's budget under QEMU's TCG), compressed with
# zstd, whose decompression takes a tenth of xz's time there
src=$(mktemp -d)
xz -dc /usr/src/linux-source-6.12.tar.xz |
	tar -x -C "$src" --wildcards '*/fs/*' '*/Documentation/*'
tar -C "$src" -c . | zstd -q -T0 -3 -o "$root/root/linux-fs-doc.tar.zst"
rm -rf "$src"

# the names that exist before Safename is on: a tree, an archive, a
# container image's root file system and two git repositories
python3 "$here/material.py" "$root"

# NFS exports of the tests go here
mkdir -p "$root/etc/exports.d"

# the test runner: started once the system is up, only when the kernel
# command line asks for it (make check-distro); it runs the suite that the
# host passes on the 9p share, so the image need not change with the tests;
# its output goes to the console as it is, for vm/boot-suite.sh
cat >"$root/etc/systemd/system/safename-distro.service" <<'UNIT'
[Unit]
Description=Safename distribution tests (make check-distro)
ConditionKernelCommandLine=safename_distro.test
After=multi-user.target

[Service]
Type=oneshot
ExecStart=/bin/sh -c 'mkdir -p /mnt/share && mount -t 9p -o trans=virtio,version=9p2000.L share /mnt/share && exec /bin/bash /mnt/share/distro-tests.sh'
StandardInput=null
StandardOutput=tty
StandardError=tty
TTYPath=/dev/console
TTYReset=no
TTYVHangup=no
TimeoutStartSec=infinity

[Install]
WantedBy=multi-user.target
UNIT
ln -sf ../safename-distro.service \
	"$root/etc/systemd/system/multi-user.target.wants/safename-distro.service"

# make distro-run: root logged in on the serial console; the test boots
# keep the console to the runner
mkdir -p "$root/etc/systemd/system/serial-getty@ttyS0.service.d"
cat >"$root/etc/systemd/system/serial-getty@ttyS0.service.d/safename.conf" <<'UNIT'
[Unit]
ConditionKernelCommandLine=!safename_distro.test

[Service]
ExecStart=
ExecStart=-/sbin/agetty --autologin root --keep-baud 115200,57600,38400,9600 %I $TERM
UNIT

# nothing on a timer during the tests
for t in apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer \
	 e2scrub_all.timer fstrim.timer man-db.timer; do
	ln -sf /dev/null "$root/etc/systemd/system/$t"
done
