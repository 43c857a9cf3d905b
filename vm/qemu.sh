#!/usr/bin/env bash
# Boot the Safename test VM once, with a hard timeout.
#
# usage: qemu.sh NAME [KERNEL_ARGS...]
#   the kernel command line is "console=ttyS0 panic=-1 KERNEL_ARGS..."
# environment:
#   KERNEL, INITRD   bzImage and initramfs (INITRD may be empty with DISK)
#   DISK             a raw disk image, attached as virtio disk /dev/vda with
#                    snapshot=on: the guest's writes go to a temporary file
#                    and the image never changes
#   MEM, SMP         guest memory and CPUs (default 512M, 1)
#   LOGDIR           the console log goes to LOGDIR/NAME.log (CR stripped)
#   SHARE            a host folder under which each boot gets a new, empty
#                    folder of its own, SHARE/NAME.XXXXXX, exported as 9p tag
#                    "share" and removed after the boot, so that boots
#                    running at the same time (make run during make check)
#                    never see or delete each other's files; empty: no share
#   SEED             files copied into this boot's share folder before boot
#   KVM=1            use KVM (default: TCG)
#   ICOUNT=1         TCG with -icount shift=0,sleep=off
#   TIMEOUT          seconds before the VM is killed (default 300)
#   INTERACTIVE=1    stdin is the terminal (make run); the hard timeout is
#                    then INTERACTIVE_TIMEOUT (default 3600)
#   QUIET=1          do not copy the console to stdout
# Exit status: the guest script's, from the "SAFENAME-RESULT rc=N" console
# marker; 124 on timeout, 125 when the marker is missing (crash, panic).
set -eu
set -o pipefail

name=$1
shift
: "${KERNEL:?}" "${LOGDIR:?}"
SHARE=${SHARE-} INITRD=${INITRD-} DISK=${DISK-}
KVM=${KVM:-0} ICOUNT=${ICOUNT:-0} TIMEOUT=${TIMEOUT:-300}
INTERACTIVE=${INTERACTIVE:-0} QUIET=${QUIET:-0}
MEM=${MEM:-512M} SMP=${SMP:-1}

[ -n "$INITRD" ] || [ -n "$DISK" ] ||
	{ echo "qemu.sh: INITRD or DISK is needed" >&2; exit 2; }
for f in "$KERNEL" ${INITRD:+"$INITRD"} ${DISK:+"$DISK"}; do
	[ -f "$f" ] || { echo "qemu.sh: missing $f" >&2; exit 2; }
done
command -v qemu-system-x86_64 >/dev/null ||
	{ echo "qemu.sh: qemu-system-x86_64 not found (make deps)" >&2; exit 2; }

mkdir -p "$LOGDIR"
log=$LOGDIR/$name.log
# this boot's own files: the raw console and the 9p folder, removed on exit
raw='' share=''
cleanup()
{
	[ -z "$raw" ] || rm -f "$raw" "$raw.log"
	[ -z "$share" ] || rm -rf "$share"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
raw=$(mktemp "$LOGDIR/$name.raw.XXXXXX")

args=(-nodefaults -no-user-config -display none -no-reboot
      -m "$MEM" -smp "$SMP"
      -kernel "$KERNEL"
      -append "console=ttyS0 panic=-1 $*")
[ -z "$INITRD" ] || args+=(-initrd "$INITRD")
[ -z "$DISK" ] ||
	args+=(-drive "file=$DISK,format=raw,if=virtio,snapshot=on")
if [ "$KVM" = 1 ]; then
	args+=(-accel kvm -cpu host)
else
	args+=(-accel tcg -cpu max)
	[ "$ICOUNT" = 1 ] && args+=(-icount "shift=0,sleep=off")
fi
if [ -n "$SHARE" ]; then
	mkdir -p "$SHARE"
	share=$(mktemp -d "$SHARE/$name.XXXXXX")
	chmod 0755 "$share"	# as mkdir made it; mktemp's 0700 shuts out uid 1000
	# shellcheck disable=SC2086
	[ -z "${SEED-}" ] || cp -- $SEED "$share/"
	# shellcheck disable=SC2054
	args+=(-fsdev "local,id=share,path=$share,security_model=mapped-xattr"
	       -device virtio-9p-pci,fsdev=share,mount_tag=share)
fi

start=$(date +%s)
rc=0
limit=$TIMEOUT
[ "$INTERACTIVE" = 1 ] && limit=${INTERACTIVE_TIMEOUT:-3600}
if [ "$INTERACTIVE" = 1 ]; then
	# serial and monitor on the terminal: Ctrl-A x quits, Ctrl-A c monitor
	args+=(-serial mon:stdio)
	timeout --foreground -k 10 "$limit" \
		qemu-system-x86_64 "${args[@]}" 2>&1 | tee "$raw" || rc=$?
else
	args+=(-serial stdio -monitor none)
	if [ "$QUIET" = 1 ]; then
		timeout -k 10 "$limit" qemu-system-x86_64 "${args[@]}" \
			</dev/null >"$raw" 2>&1 || rc=$?
	else
		timeout -k 10 "$limit" qemu-system-x86_64 "${args[@]}" \
			</dev/null 2>&1 | tee "$raw" || rc=$?
	fi
fi
# the result from this boot's own console, before its log replaces
# LOGDIR/NAME.log (at once: a reader sees the old log or the new one)
tr -d '\r' <"$raw" >"$raw.log"
result=$(grep -ao 'SAFENAME-RESULT rc=[0-9]*' "$raw.log" | tail -n 1 | sed 's/.*rc=//' || true)
mv -f "$raw.log" "$log"
secs=$(( $(date +%s) - start ))

if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	echo "qemu.sh: $name: TIMEOUT: the VM was killed after ${limit}s; log: $log" >&2
	exit 124
fi
if [ -z "$result" ]; then
	echo "qemu.sh: $name: FAILED: no SAFENAME-RESULT marker (guest crashed," \
	     "panicked or QEMU failed, status $rc) after ${secs}s; log: $log" >&2
	exit 125
fi
if [ "$result" != 0 ]; then
	echo "qemu.sh: $name: FAILED: guest script exit status $result after ${secs}s; log: $log" >&2
	exit "$(( result > 123 ? 1 : result ))"
fi
echo "qemu.sh: $name: ok (${secs}s); log: $log" >&2
