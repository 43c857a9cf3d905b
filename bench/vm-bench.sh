#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of `make bench`, run as /tests/bench.sh: times the hooked
# system calls on tmpfs with /tests/fsbench in rounds, the configurations
# interleaved within each round.  With Safename active:
#   off        both modes 0 (the static key is off)
#   enforce    both modes 3, utf8=1, as root (privileged)
#   enforce-u  the same, without CAP_MAC_ADMIN (unprivileged)
#   split      mode_for_unprivileged=3, mode_for_privileged=2, utf8=1, as
#              root: the modes differ, so the capability is looked up
# Without it (lsm= leaves it out): baseline.
# Kernel command line: sn.rounds=R sn.iterations=N.
set -u

rounds=5 iterations=2000
for arg in $(cat /proc/cmdline); do
	case $arg in
	sn.rounds=*) rounds=${arg#sn.rounds=} ;;
	sn.iterations=*) iterations=${arg#sn.iterations=} ;;
	esac
done

SYS=/sys/fs/safename
D=/mnt/bench
mkdir -p "$D" && mount -t tmpfs -o mode=1777 bench "$D" || exit 1

policy() {
	echo "$1" >"$SYS/mode_for_unprivileged" &&
	echo "$2" >"$SYS/mode_for_privileged" &&
	echo "$3" >"$SYS/utf8"
}

if [ -d "$SYS" ]; then
	configs="off enforce enforce-u split"
else
	configs="baseline"
fi
echo "# bench: rounds=$rounds iterations=$iterations configs=$configs"
r=1
while [ "$r" -le "$rounds" ]; do
	for c in $configs; do
		flags=
		case $c in
		off) policy 0 0 0 ;;
		enforce) policy 3 3 1 ;;
		enforce-u) policy 3 3 1; flags=-u ;;
		split) policy 3 2 1 ;;
		esac || exit 1
		/tests/fsbench $flags -n "$iterations" "$c" "$D" || exit 1
	done
	r=$((r + 1))
done
[ -d "$SYS" ] && policy 0 0 0
grep -q 'violations 0' "$SYS/stats" 2>/dev/null || [ ! -d "$SYS" ] ||
	{ echo "bench: a benchmark name was refused"; exit 1; }
exit 0
