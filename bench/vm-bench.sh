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
#   bpf        both modes 0, the BPF peer (/tests/sn-bpf, bench/bpf/)
#              attached for the run: the same rule as a BPF LSM program
#   bpf-entry  the same, the program returning before it reads the name
#              (sn-bpf -e): what reaching it costs, for run-vm-bench.sh's
#              consistency check and the peer's breakdown
# Without it (lsm= leaves it out): baseline.
# Before the rounds, with Safename active, the equivalence check: each of
# /tests/names.hex is made with mkdir, open(O_CREAT), rename, link and
# symlink by Safename alone (both modes 3, utf8=1) and by the BPF program
# alone (Safename at mode 0); the two must refuse and allow exactly the
# same names, and those of names.expect (the rule as SPEC.md writes it).
# A disagreement fails the bench.
# Then the whole workloads of /tests/workload.sh, sn.wrounds rounds, the
# configurations off, enforce and bpf interleaved (baseline in the other
# boot).  Any refusal fails the bench.
# Kernel command line: sn.rounds=R sn.iterations=N sn.wrounds=W.
set -u

rounds=5 iterations=2000 wrounds=3
for arg in $(cat /proc/cmdline); do
	case $arg in
	sn.wrounds=*) wrounds=${arg#sn.wrounds=} ;;
	sn.rounds=*) rounds=${arg#sn.rounds=} ;;
	sn.iterations=*) iterations=${arg#sn.iterations=} ;;
	esac
done

SYS=/sys/fs/safename
D=/mnt/bench
mkdir -p "$D" && mount -t tmpfs -o mode=1777 bench "$D" || exit 1
mkdir -p /mnt/wl-tmpfs /mnt/wl-ext4 &&
	mount -t tmpfs -o size=75% wl /mnt/wl-tmpfs &&
	mount -t ext4 -o loop,noinit_itable /tests/wl-ext4.img /mnt/wl-ext4 ||
	exit 1

policy() {
	echo "$1" >"$SYS/mode_for_unprivileged" &&
	echo "$2" >"$SYS/mode_for_privileged" &&
	echo "$3" >"$SYS/utf8"
}

# equivalence: Safename alone, the peer alone, the spec's verdicts, for
# each way of making a name
equivalence() {
	rc=0
	n=$(wc -l </tests/names.hex)
	for op in mkdir create rename link symlink; do
		policy 3 3 1 || return 1
		/tests/sn-bpf -n -o $op check "$D" </tests/names.hex \
			>/tmp/eq-safename || return 1
		policy 0 0 0 || return 1
		/tests/sn-bpf -o $op check "$D" </tests/names.hex \
			>/tmp/eq-bpf || return 1
		refused=$(grep -c ' EPERM$' /tmp/eq-safename)
		echo "EQUIV $op names $n safename-refused $refused" \
			"bpf-refused $(grep -c ' EPERM$' /tmp/eq-bpf)" \
			"spec-refused $(grep -c ' EPERM$' /tests/names.expect)"
		if ! cmp -s /tmp/eq-safename /tmp/eq-bpf; then
			echo "EQUIV-FAIL: $op: the BPF peer and Safename" \
				"disagree (name in hex, Safename's result," \
				"the peer's):"
			paste -d ' ' /tmp/eq-safename /tmp/eq-bpf |
				awk '$2 != $4 { print "  " $1, $2, $4 }' |
				head -50
			rc=1
		fi
		if ! cmp -s /tmp/eq-safename /tests/names.expect; then
			echo "EQUIV-FAIL: $op: Safename and the spec disagree" \
				"(name in hex, Safename's result, the spec's):"
			paste -d ' ' /tmp/eq-safename /tests/names.expect |
				awk '$2 != $4 { print "  " $1, $2, $4 }' |
				head -50
			rc=1
		fi
	done
	[ "$rc" = 0 ] && echo "EQUIV-OK $n names by mkdir, create, rename," \
		"link and symlink, $refused refused by both each time"
	return $rc
}

if [ -d "$SYS" ]; then
	configs="off enforce enforce-u split bpf-entry bpf"
	equivalence || exit 1
	violations=$(grep violations "$SYS/stats") || exit 1
else
	configs="baseline"
fi
echo "# bench: rounds=$rounds iterations=$iterations configs=$configs"
r=1
while [ "$r" -le "$rounds" ]; do
	for c in $configs; do
		flags= peer=
		case $c in
		off) policy 0 0 0 ;;
		enforce) policy 3 3 1 ;;
		enforce-u) policy 3 3 1; flags=-u ;;
		split) policy 3 2 1 ;;
		bpf) policy 0 0 0; peer=1 ;;
		bpf-entry) policy 0 0 0; peer=1 flags=-e ;;
		esac || exit 1
		# flags are the loader's with the peer, fsbench's without it
		if [ -n "$peer" ]; then
			/tests/sn-bpf $flags run /tests/fsbench \
				-n "$iterations" "$c" "$D" || exit 1
		else
			/tests/fsbench $flags -n "$iterations" "$c" "$D" ||
				exit 1
		fi
	done
	r=$((r + 1))
done

if [ -d "$SYS" ]; then
	wconfigs="off enforce bpf"
else
	wconfigs="baseline"
fi
echo "# workloads: rounds=$wrounds configs=$wconfigs"
r=1
while [ "$r" -le "$wrounds" ]; do
	for c in $wconfigs; do
		case $c in
		off|bpf) policy 0 0 0 ;;
		enforce) policy 3 3 1 ;;
		esac || exit 1
		if [ "$c" = bpf ]; then
			/tests/sn-bpf run /tests/workload.sh "$c" || exit 1
		else
			/tests/workload.sh "$c" || exit 1
		fi
	done
	r=$((r + 1))
done
[ -d "$SYS" ] && policy 0 0 0
# the equivalence check's refusals are counted before the rounds: none more
[ ! -d "$SYS" ] || [ "$(grep violations "$SYS/stats")" = "$violations" ] ||
	{ echo "bench: a benchmark name was refused"; exit 1; }
exit 0
