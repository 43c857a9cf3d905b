#!/bin/bash
# The tests of `make check-distro`, run as root by safename-distro.service
# in the Debian 13 trixie guest (vm/distro/image.sh) once
# multi-user.target is reached, from the 9p share
# (with tap.sh and safename-scan beside it).  The kernel command line has
# both modes 3, utf8=1 and the default byte sets.  One TAP line per case;
# the VM powers off at the end.  The cases are bash scripts in single
# quotes, run by in_dir or as_user as root or as `user`.
# shellcheck disable=SC2016	# $ in single quotes: the cases' own scripts
set -u
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export LC_ALL=C.UTF-8
here=$(cd "$(dirname "$0")" && pwd)
SCAN=$here/safename-scan
TYPE=1427	# AUDIT_SAFENAME, provisional
# shellcheck source=vm/tests/tap.sh
. "$here/tap.sh"

echo "SAFENAME-BEGIN distro"
tap_start /root/sn
booted_us=$(systemctl show -P ActiveEnterTimestampMonotonic multi-user.target)
echo "# multi-user.target reached $((booted_us / 1000)) ms after the kernel started"
# what the cases run on, for the log
echo "# $(. /etc/os-release && echo "$PRETTY_NAME"), $(cat /etc/debian_version), kernel $(uname -r)"
dpkg-query -W -f '# ${Package} ${Version}\n' systemd podman crun conmon netavark \
	passt auditd apparmor nfs-kernel-server git tar sed vim-tiny

# ---------------------------------------------------------------- helpers
# as_user CMD: CMD in bash as `user`, in its home, with its session bus
as_user() {
	(cd /home/user && runuser -u user -- env HOME=/home/user USER=user \
		XDG_RUNTIME_DIR=/run/user/1000 \
		DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus \
		bash -c "$1")
}

# stat_of KEY: a counter of the stats knob
stat_of() {
	awk -v k="$1" '$1 == k { print $2 }' "$SEC/stats"
}

# eperm CMD...: CMD fails and says "Operation not permitted"
eperm() {
	local out
	out=$("$@" 2>&1) && { echo "succeeded: $*"; echo "$out"; return 1; }
	echo "$out" | grep -q 'Operation not permitted' ||
		{ echo "failed otherwise: $out"; return 1; }
}

# records: the raw Safename audit records so far
records() {
	ausearch -m "$TYPE" --raw 2>/dev/null || true
}

# bad_names ACTION: the image's four bad names for ACTION, in BAD[]
bad_names() {
	# shellcheck disable=SC2034	# used by the cases' scripts
	BAD=("-$1" "$1"$'\nx' "$1 " "$1"$'\xff')
}

# in_dir WHO DIR BODY: BODY in bash as WHO (root or user) in DIR, with the
# helpers above
in_dir() {
	local script
	script="$(declare -f eperm bad_names)
cd '$2' || exit 1
$3"
	if [ "$1" = user ]; then as_user "$script"; else bash -c "$script"; fi
}

# ------------------------------------------------------------------- boot
scan_log=/root/scan
"$SCAN" -0 -x / >"$scan_log.before" 2>"$scan_log.before.err"
scan_rc=$?

check "Safename is active with the policy of the command line" \
	sh -c "grep -qw safename /sys/kernel/security/lsm &&
	       [ \"\$(cat $SYS/mode_for_unprivileged)\" = 3 ] &&
	       [ \"\$(cat $SYS/mode_for_privileged)\" = 3 ] &&
	       [ \"\$(cat $SYS/utf8)\" = 1 ]"
check "systemd reached multi-user.target" systemctl is-active multi-user.target
no_failed_unit() {
	local out
	out=$(systemctl list-units --failed --plain --no-legend)
	[ -z "$out" ] || { echo "$out"; return 1; }
}
check "no unit failed" no_failed_unit
check "auditd is running" systemctl is-active auditd.service

# scopes: /etc/fstab mounts a scratch tmpfs with safename=off (the admin
# guide's recipe for test suites); systemd mounts it at boot
check "fstab: /scratch is mounted safename=off by systemd" sh -c '
	systemctl is-active scratch.mount &&
	grep -E "^[^ ]+ [^ ]+ [^ ]+ / /scratch .* - tmpfs .*safename=off" \
		/proc/self/mountinfo'
# (an audit record once audit is enabled, a kernel log line before)
scope_record() {
	{ ausearch -m MAC_CONFIG_CHANGE --raw 2>/dev/null; dmesg; } |
		grep -E 'lsm=safename knob=scope fstype=tmpfs dev="?tmpfs"? old="?on"? new="?off"? .*res=1' ||
		{ ausearch -m MAC_CONFIG_CHANGE --raw; dmesg | grep safename; return 1; }
}
check "fstab: the mount of /scratch was reported" scope_record

# systemd calls the mount unit of / "-.mount" (the path escaped,
# systemd.unit(5)), and systemd-fstab-generator writes it, a new name, to
# /run/systemd/generator/ for the "/" line of /etc/fstab that Debian's
# installer writes: the default initial byte set refuses it.  systemd
# builds its -.mount from the mount table instead; nothing else is refused.
fstab_mount='create rule=initial offset=0 name="-.mount" .*uid=0 .*comm="systemd-fstab-g"'
boot_report() {
	local rec klog
	if [ "$(stat_of violations)" != 1 ] || [ "$(stat_of denied)" != 1 ]; then
		grep . "$SEC/stats"
		return 1
	fi
	rec=$(records)
	klog=$(journalctl -k -b --no-pager -o cat | grep -E "safename: (denied|reported)|type=$TYPE")
	echo "records: $rec"
	echo "kernel log: $klog"
	[ -n "$rec$klog" ] || return 1
	[ -z "$rec" ] || { [ "$(echo "$rec" | wc -l)" = 1 ] && echo "$rec" | grep -q "$fstab_mount"; } ||
		return 1
	[ -z "$klog" ] || ! echo "$klog" | grep -v -- "$fstab_mount" | grep -q .
}
check "boot: the one Safename report is systemd-fstab-generator's -.mount" boot_report
check "boot: systemd's -.mount unit is active all the same" systemctl is-active -- -.mount
reload_report() {
	local n
	n=$(records | grep -c "$fstab_mount")
	systemctl daemon-reload || return 1
	[ "$(stat_of violations)" = 2 ] || { grep . "$SEC/stats"; return 1; }
	[ "$(records | grep -c "$fstab_mount")" = $((n + 1)) ] || { records; return 1; }
	systemctl is-active -- -.mount
}
check "systemctl daemon-reload: the generator's -.mount again, in auditd's log" reload_report
# the admin guide's way out: no "/" line in /etc/fstab, no -.mount file
reload_quiet() {
	local v
	sed -i '\|^[^#][^[:space:]]*[[:space:]]\+/[[:space:]]|d' /etc/fstab || return 1
	if grep -q '[[:space:]]/[[:space:]]' /etc/fstab; then
		cat /etc/fstab
		return 1
	fi
	v=$(stat_of violations)
	systemctl daemon-reload || return 1
	[ "$(stat_of violations)" = "$v" ] || { grep . "$SEC/stats"; return 1; }
	systemctl is-active -- -.mount
}
check "without / in /etc/fstab, daemon-reload makes no report" reload_quiet

# -------------------------------------------- everyday work, valid names
v0=$(stat_of violations) r0=$(records | wc -l)
check "dpkg -i of five packages, and they run" \
	sh -c 'dpkg -i /srv/debs/*.deb && hello && tree --version &&
	       [ "$(echo "{\"a\": 7}" | jq .a)" = 7 ]'
untar_kernel() {
	local t0=$SECONDS
	mkdir -p /root/src && tar -xf /root/linux-fs-doc.tar.zst -C /root/src || return 1
	echo "# tar -x of the kernel's fs/ and Documentation/: $(find /root/src | wc -l) names in $((SECONDS - t0)) s" >&3
}
check "tar -x of the kernel source's fs/ and Documentation/" untar_kernel 3>&1
check "git clone, checkout, commit as user" as_user '
	set -e
	git clone -q file:///srv/git/good.git good && cd good
	git checkout -q second && test -f src/extra.c
	git checkout -q main && test ! -e src/extra.c
	git checkout -q -b work && echo change >>README
	git -c user.name=user -c user.email=user@example.org commit -q -am change
	git log --oneline | wc -l | grep -qx 2'
check "sed -i and vim edits as user" as_user '
	set -e
	printf "alpha\nbeta\n" >notes.txt
	sed -i s/alpha/gamma/ notes.txt
	vi -es -c "%s/beta/delta/" -c wq notes.txt
	[ "$(cat notes.txt)" = "$(printf "gamma\ndelta")" ]'
check "useradd of a new user" sh -c 'useradd -m newuser && id newuser && test -d /home/newuser'
no_new_report() {
	local v
	v=$(stat_of violations)
	[ "$v" = "$v0" ] || { echo "violations: $v0 -> $v"; records; return 1; }
	[ "$(records | wc -l)" = "$r0" ] || { records; return 1; }
}
check "the everyday work saw no refusal and no report" no_new_report

# ------------------------------------- the scratch tmpfs of /etc/fstab
check "fstab: user creates bad names in /scratch: allowed" in_dir user /scratch '
	bad_names scratch && touch -- "${BAD[@]}" && rm -- "${BAD[@]}"'
check "fstab: user creates the same beside it, in home: EPERM" in_dir user \
	/home/user 'bad_names scratch && for n in "${BAD[@]}"; do
		eperm touch -- "$n" || exit 1; [ ! -e "$n" ] || exit 1; done'
scan_skips() {
	local out
	touch /scratch/-left-for-scan || return 1
	out=$("$SCAN" /scratch 2>&1) || { echo "$out"; return 1; }
	rm -f /scratch/-left-for-scan
	echo "$out" | grep -q "scratch.*: skipped: mounted safename=off" ||
		{ echo "$out"; return 1; }
}
check "safename-scan skips /scratch, and says so" scan_skips

# ------------------------------------------------ existing bad names work
# the image's trees, as their owners: every action on every kind of name
old_tree() {	# WHO DIR
	local who=$1 dir=$2
	check "$who: read existing bad names" in_dir "$who" "$dir" '
		bad_names read
		for f in "${BAD[@]}"; do grep -q "old .* read" -- "$f" || exit 1; done'
	check "$who: write existing bad names" in_dir "$who" "$dir" '
		bad_names write
		for f in "${BAD[@]}"; do
			echo more >>"$f" && grep -qx more -- "$f" || exit 1
		done'
	check "$who: sed -i existing bad names" in_dir "$who" "$dir" '
		bad_names sed
		for f in "${BAD[@]}"; do
			sed -i s/old/edited/ -- "$f" && grep -q "^edited" -- "$f" || exit 1
		done'
	check "$who: rename existing bad names to good ones" in_dir "$who" "$dir" '
		bad_names rename; i=0
		for f in "${BAD[@]}"; do
			i=$((i + 1))
			mv -- "$f" renamed-$i && [ ! -e "$f" ] &&
				grep -q "old .* rename" renamed-$i || exit 1
		done'
	check "$who: delete existing bad names" in_dir "$who" "$dir" '
		bad_names delete
		for f in "${BAD[@]}"; do rm -- "$f" && [ ! -e "$f" ] || exit 1; done'
	check "$who: work inside an existing bad directory, then remove it" \
		in_dir "$who" "$dir" '
		cat -- -dir/inner >/dev/null && echo more >>-dir/inner &&
		mv -- -dir/inner -dir/inner2 && rm -r -- -dir && [ ! -e -dir ]'
}
old_tree root /srv/old/root
old_tree user /srv/old/user

# modes MODE: both modes MODE
modes() {
	echo "$1" >"$SYS/mode_for_unprivileged" && echo "$1" >"$SYS/mode_for_privileged"
}
made_at_mode_0() {
	modes 0 && mkdir -p /root/zero &&
	for f in -kept -edited -gone; do echo old >/root/zero/$f || return 1; done &&
	modes 3 && sed -i 1ichanged /root/zero/-edited && grep -qx changed /root/zero/-edited &&
	mv /root/zero/-gone /root/zero/gone && rm /root/zero/gone
}
check "names made at mode 0 stay usable at mode 3" made_at_mode_0

# ------------------------------------------------ new bad names refused
new_names() {	# WHO DIR
	local who=$1 dir=$2
	mkdir -p "$dir" && chown "$who:" "$dir"
	check "$who: touch of a new bad name: EPERM" in_dir "$who" "$dir" '
		eperm touch -- -new && [ ! -e -new ]'
	check "$who: mkdir of a new bad name: EPERM" in_dir "$who" "$dir" '
		eperm mkdir $'"'d\\nx'"' && [ ! -e $'"'d\\nx'"' ]'
	check "$who: ln of a new bad name: EPERM" in_dir "$who" "$dir" '
		echo x >good && eperm ln good $'"'l\\x01'"' && [ ! -e $'"'l\\x01'"' ]'
	check "$who: ln -s of a new bad name: EPERM" in_dir "$who" "$dir" '
		eperm ln -s good "s " && [ ! -L "s " ]'
	check "$who: mv to a new bad name: EPERM" in_dir "$who" "$dir" '
		eperm mv good $'"'m\\xc3x'"' && [ -f good ]'
	check "$who: tar -x: the good members, EPERM for the bad ones" \
		in_dir "$who" "$dir" '
		tar -xf /srv/material/bad.tar 2>tar.err && exit 1
		[ "$(grep -c "Operation not permitted" tar.err)" = 5 ] ||
			{ cat tar.err; exit 1; }
		[ -f t/ok1.txt ] && [ -f t/ok2.txt ] && [ -f t/sub/ok3.txt ] &&
			[ "$(ls t | wc -l)" = 3 ]'
	check "$who: git checkout: the good names, EPERM for the bad ones" \
		in_dir "$who" "$dir" '
		git clone -q --no-checkout file:///srv/git/mixed.git mixed &&
			cd mixed && git checkout -f main 2>../git.err
		[ "$(grep -c "Operation not permitted" ../git.err)" = 5 ] ||
			{ cat ../git.err; exit 1; }
		[ -f README ] && [ -f good.txt ] && [ -z "$(ls bad 2>/dev/null)" ]'
}
new_names user /home/user/new
new_names root /root/sn/new

# ------------------------------------------------------------- containers
# the image holds bad names under /data; inside, each is written, chmod'ed
# and deleted, and a new bad name is refused; the output ends in "done"
ctr_script='
	fail() { echo "in the container: $*"; ls -la /data; exit 1; }
	for f in /data/*write*; do echo more >>"$f" || fail "write $f"; done
	for f in /data/*write*; do grep -qx more "$f" || fail "read back $f"; done
	for f in /data/*chmod*; do chmod 600 "$f" || fail "chmod $f"; done
	rm /data/*delete* || fail "rm"
	[ "$(ls /data | wc -l)" = 12 ] || fail "not 12 names left"
	touch /data/-ctr-new 2>/tmp/err && fail "touch -ctr-new succeeded"
	grep -q "Operation not permitted" /tmp/err || fail "touch: $(cat /tmp/err)"
	touch /data/new-good || fail "touch new-good"
	echo done'
# podman makes the image's names when it imports it: at mode 3 that is
# refused (and podman keeps nothing); the image's names exist once it is
# imported at mode 0
import_refused() {
	local out
	out=$(podman import -q /srv/material/ctr.tar localhost/sn-refused 2>&1) &&
		{ echo "imported"; return 1; }
	echo "$out"
	echo "$out" | grep -qi 'operation not permitted' &&
		! podman image exists localhost/sn-refused
}
check "podman import at mode 3 of an image with bad names: EPERM, no image" import_refused
import_at_0() {	# WHO
	local rc=0
	modes 0 || return 1
	in_dir "$1" / "podman import -q /srv/material/ctr.tar localhost/sn-bad" || rc=1
	modes 3 && return $rc
}
check "rootful and rootless podman keep their layers on overlayfs" sh -c '
	[ "$(podman info --format "{{.Store.GraphDriverName}}")" = overlay ] &&
	[ "$(cd / && runuser -u user -- env XDG_RUNTIME_DIR=/run/user/1000 \
		podman info --format "{{.Store.GraphDriverName}}")" = overlay ]'
check "podman import at mode 0, rootful" import_at_0 root
check "podman import at mode 0, rootless" import_at_0 user
podman_case() {	# WHO
	local out
	out=$(in_dir "$1" / "podman run --rm --network none localhost/sn-bad sh -c '$ctr_script'" 2>&1)
	echo "$out"
	[ "$(echo "$out" | tail -n 1)" = "done" ]
}
check "podman, rootful: existing bad names of the image work, a new one: EPERM" podman_case root
check "podman, rootless: existing bad names of the image work, a new one: EPERM" podman_case user

# -------------------------------------------------------------------- NFS
nfs_setup() {
	mkdir -p /srv/nfs /mnt/nfs && chmod 1777 /srv/nfs &&
	echo '/srv/nfs localhost(rw,sync,no_subtree_check)' >/etc/exports.d/safename.exports &&
	systemctl restart nfs-server && exportfs -ra &&
	mount -t nfs4 -o vers=4.0 localhost:/srv/nfs /mnt/nfs
}
check "NFS v4 export mounted over loopback" nfs_setup
# (the client's own path hook judges user first; a local directory would
# refuse the same way, hence mountpoint)
check "NFS: user creates a bad name: EPERM" in_dir user /mnt/nfs '
	mountpoint -q /mnt/nfs && eperm touch /mnt/nfs/-bad && [ ! -e /srv/nfs/-bad ]'
check "NFS: user creates a good name: allowed" in_dir user /mnt/nfs '
	mountpoint -q /mnt/nfs && touch /mnt/nfs/good-by-user &&
	[ "$(stat -c %u /srv/nfs/good-by-user)" = 1000 ]'
# nfsd itself: root on the client is not checked at privileged mode 0, and
# the export squashes it to nobody, whom nfsd's check judges unprivileged
nfsd_judges() {
	local rc=0
	mountpoint -q /mnt/nfs || return 1
	echo 0 >"$SYS/mode_for_privileged" || return 1
	eperm touch /mnt/nfs/-by-nfsd && [ ! -e /srv/nfs/-by-nfsd ] || rc=1
	echo 3 >"$SYS/mode_for_privileged" && return $rc
}
check "NFS: nfsd judges squashed root unprivileged: EPERM" nfsd_judges
umount /mnt/nfs

# nfsd exporting an overlay: the client's name is checked once, by nfsd,
# with the client's identity (squashed root: unprivileged); the overlay's
# own work for nfsd (copy-up of an existing name, index entries) is never
# checked
violations() {
	awk '$1 == "violations" { print $2 }' "$SYS/stats"
}
nfsd_overlay() {
	local rc=0 v0 v1 o=/srv/ovl
	mkdir -p $o/lower $o/upper $o/work $o/merged /mnt/ovl &&
	echo old >$o/lower/old && chmod 0666 $o/lower/old &&
	chmod 1777 $o/lower $o/upper || return 1
	mount -t overlay overlay -o lowerdir=$o/lower,upperdir=$o/upper,workdir=$o/work,index=on,nfs_export=on \
		$o/merged || return 1
	echo "$o/merged localhost(rw,sync,no_subtree_check,fsid=77)" \
		>/etc/exports.d/safename-ovl.exports && exportfs -ra &&
	mount -t nfs4 -o vers=4.0 localhost:$o/merged /mnt/ovl || return 1
	echo 0 >"$SYS/mode_for_privileged" || return 1
	v0=$(violations)
	echo more >>/mnt/ovl/old || { echo "copy-up through nfsd failed"; rc=1; }
	eperm touch /mnt/ovl/-by-nfsd-ovl || rc=1
	[ ! -e $o/upper/-by-nfsd-ovl ] || rc=1
	v1=$(violations)
	echo 3 >"$SYS/mode_for_privileged"
	[ $((v1 - v0)) = 1 ] || { echo "violations $v0 -> $v1, expected one more"; rc=1; }
	umount /mnt/ovl && exportfs -u "localhost:$o/merged" &&
		rm -f /etc/exports.d/safename-ovl.exports && umount $o/merged
	return $rc
}
check "NFS over an overlay: nfsd checks the client's name once, copy-up unchecked" nfsd_overlay

# ------------------------------------------------------------------ audit
# record ACTION OP RULE OFFSET NAME UID: a record with these fields, in order
record() {
	records | grep -E "lsm=safename action=$1 op=$2 rule=$3 offset=$4 name=$5 .* uid=$6 " |
		grep -q . || { echo "no record: $*"; records | tail -n 20; return 1; }
}
check "ausearch: user's touch -- -new" record denied create initial 0 '"-new"' 1000
check "ausearch: root's mkdir d\\nx (hex)" record denied mkdir middle 1 640A78 0
check "ausearch: user's ln -s to 's ' (hex)" record denied symlink final 1 '7320' 1000
check "ausearch: root's mv to m\\xc3x (hex)" record denied rename utf8 1 6DC378 0
check "ausearch: the rootful container's touch /data/-ctr-new" \
	record denied create initial 0 '"-ctr-new"' 0
check "ausearch: the rootless container's touch /data/-ctr-new" \
	record denied create initial 0 '"-ctr-new"' 1000
check "ausearch: NFS client user's -bad" record denied create initial 0 '"-bad"' 1000
check "ausearch: nfsd's -by-nfsd, as nobody" sh -c '
	ausearch -m 1427 --raw | grep -F "name=\"-by-nfsd\"" | grep -q "uid=65534 .*comm=\"nfsd\""'
check "ausearch: nfsd over an overlay: one record, as nobody" sh -c '
	[ "$(ausearch -m 1427 --raw | grep -cF "name=\"-by-nfsd-ovl\"")" = 1 ] &&
	ausearch -m 1427 --raw | grep -F "name=\"-by-nfsd-ovl\"" | grep -q "uid=65534 .*comm=\"nfsd\""'

# ------------------------------------------------------------------- scan
# before the tests: exactly the image's bad names; after: those the tests
# left, plus the container images' copies in podman's storage
scan_exact() {
	"$SCAN" -0 -x / >"$scan_log.after" 2>"$scan_log.after.err"
	python3 - "$scan_log" "$scan_rc" "$?" <<'EOF'
import re, sys
log, rc_before, rc_after = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def paths(f):
    fields = open(f, "rb").read().split(b"\0")[:-1]
    return {fields[i] for i in range(0, len(fields), 3)}
def names(action):
    return [b"-" + action, action + b"\nx", action + b" ", action + b"\xff"]
image = set()
for who in (b"root", b"user"):
    for a in (b"read", b"write", b"sed", b"rename", b"delete"):
        image |= {b"/srv/old/" + who + b"/" + n for n in names(a)}
    image.add(b"/srv/old/" + who + b"/-dir")
before, after = paths(log + ".before"), paths(log + ".after")
ok = True
def fail(what, s):
    global ok
    ok = False
    print(what, sorted(s))
if rc_before != 1 or rc_after != 1:
    fail("status before/after", [rc_before, rc_after])
if before != image:
    fail("before, not the image's:", before ^ image)
left = {p for p in image if re.search(rb"/(-?(read|write|sed))", p)}
left |= {b"/root/zero/-kept", b"/root/zero/-edited"}
ctr = re.compile(rb"^(/var/lib/containers/storage|/home/user/\.local/share/containers/storage)/.*/data/[^/]*(write|chmod|delete)[^/]*$")
stores = {m.group(1) for p in after for m in [ctr.match(p)] if m}
if len(stores) != 2:
    fail("container stores with bad names:", stores)
extra = {p for p in after - left if not ctr.match(p)}
if extra:
    fail("unexpected:", extra)
if left - after:
    fail("missing:", left - after)
print("before", len(before), "after", len(after))
sys.exit(0 if ok else 1)
EOF
}
check "safename-scan -x / finds exactly the bad names the tests made" scan_exact

echo "1..$tap_n"
echo "SAFENAME-RESULT rc=$tap_failed"
# QEMU runs with -no-reboot, and the kernel has no ACPI power-off: a reboot
# ends the VM
systemctl reboot --no-block
