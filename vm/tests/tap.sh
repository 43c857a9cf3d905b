# SPDX-License-Identifier: GPL-2.0
# TAP helpers for the guest scripts: source it, call check, then finish.

SYS=/sys/fs/safename
SEC=/sys/kernel/security/safename
KNOBS="mode_for_unprivileged mode_for_privileged utf8 permitted_bytes_initial permitted_bytes_middle permitted_bytes_final locked"
tap_n=0
tap_failed=0
tap_out=/tmp/tap-check.out

# tap_start DIR: work in DIR (made, writable by all), start the TAP output
tap_start() {
	mkdir -p "$1" && chmod 1777 "$1" && cd "$1" || exit 1
	echo "TAP version 13"
}

# check DESCRIPTION COMMAND...: one TAP line; the output as diagnostics
check() {
	desc=$1
	shift
	tap_n=$((tap_n + 1))
	if "$@" >"$tap_out" 2>&1; then
		echo "ok $tap_n - $desc"
	else
		echo "not ok $tap_n - $desc"
		sed 's/^/# /' "$tap_out"
		tap_failed=1
	fi
}

# knob_is KNOB TEXT: the knob reads TEXT (plus newline) in both places
knob_is() {
	for dir in "$SYS" "$SEC"; do
		got=$(cat "$dir/$1") || return 1
		[ "$got" = "$2" ] || { echo "$dir/$1 is '$got', not '$2'"; return 1; }
	done
}

# refused WHO NAME: creating NAME (mkdir) as WHO (root or nobody) fails
# with EPERM and leaves nothing
refused() {
	if [ "$1" = nobody ]; then
		out=$(su nobody -s /bin/sh -c "mkdir -- '$2'" 2>&1)
	else
		out=$(mkdir -- "$2" 2>&1)
	fi && { echo "created $2"; rmdir -- "$2"; return 1; }
	echo "$out" | grep -q 'Operation not permitted' || { echo "$out"; return 1; }
	[ ! -e "$2" ]
}

# allowed WHO NAME: creating NAME (mkdir) as WHO succeeds
allowed() {
	if [ "$1" = nobody ]; then
		su nobody -s /bin/sh -c "mkdir -- '$2'"
	else
		mkdir -- "$2"
	fi && [ -d "$2" ] && rmdir -- "$2"
}

# write_refused FILE TEXT: one write of TEXT to FILE fails with EPERM (the
# shell's echo reports "write error: Operation not permitted"; its printf
# says nothing)
write_refused() {
	out=$(echo -n "$2" 2>&1 >"$1") && { echo "wrote $1"; return 1; }
	echo "$out" | grep -q 'Operation not permitted' || { echo "$out"; return 1; }
}

# run_test PROGRAM [ARG...]: run a test program that prints its own TAP; a
# missing or failing one sets tap_failed
run_test() {
	echo "# $*"
	if [ ! -x "$1" ]; then
		echo "not ok 1 $1 # missing"
		tap_failed=1
	elif ! "$@"; then
		tap_failed=1
	fi
}

# finish: the plan line, then the exit status
finish() {
	echo "1..$tap_n"
	exit "$tap_failed"
}
