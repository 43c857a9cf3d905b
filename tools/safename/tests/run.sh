#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Tests of safename-scan, on the host.  Prints TAP; exits 1 if any fails.
#
#   make -C tools/safename check
#
# Needs python3 (it builds the trees and the expected output), setpriv when
# run as root (to drop the capabilities that read or write any directory),
# unshare (a private mount namespace for the -x and knob-file cases) and
# script (a terminal, for the progress line).
# Nothing is skipped: a case whose tools are missing fails.

set -u

TESTS=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$TESTS")
T=$(mktemp -d /tmp/safename-scan-test.XXXXXX)
chmod 755 "$T"
SCAN=$T/bin/safename-scan
OUT=$T/out
ERR=$T/err
n=0
failed=0

cleanup()
{
	chmod -R u+rwx "$T" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT

# result STATUS DESCRIPTION...: one TAP line
result()
{
	local st=$1

	shift
	n=$((n + 1))
	if [ "$st" = 0 ]; then
		echo "ok $n - $*"
	else
		echo "not ok $n - $*"
		failed=$((failed + 1))
	fi
}

# diag FILE...: show files as TAP comments
diag()
{
	local f

	for f in "$@"; do
		echo "# --- $f"
		head -c 2000 "$f" | cat -v | sed 's/^/# /'
	done
}

# scan ARGS...: run the scanner; stdout in $OUT, stderr in $ERR, status in $rc
scan()
{
	"$SCAN" "$@" >"$OUT" 2>"$ERR"
	rc=$?
}

# same EXPECTED: the sorted lines of $OUT equal the file EXPECTED
same()
{
	LC_ALL=C sort "$OUT" >"$OUT.sorted"
	if cmp -s "$1" "$OUT.sorted"; then
		return 0
	fi
	diff "$1" "$OUT.sorted" | head -20 | cat -v | sed 's/^/# /'
	return 1
}

# in_ns COMMAND...: run in a private mount namespace
in_ns()
{
	if [ "$(id -u)" = 0 ]; then
		unshare -m --propagation private "$@"
	else
		unshare -rm --propagation private "$@"
	fi
}

# hexenc STRING: uppercase hex of the bytes of STRING (a second encoder)
hexenc()
{
	printf '%s' "$1" | od -An -v -tx1 | tr -d ' \n' | tr a-f A-F
}

t_build()
{
	local s=0

	make -s -C "$SRC" OUTPUT="$T/bin/" >"$T/build.log" 2>&1 || s=1
	if grep -qi 'warning' "$T/build.log"; then
		s=1
	fi
	[ -x "$SCAN" ] || s=1
	[ $s = 0 ] || diag "$T/build.log"
	result $s "builds with -Wall -Wextra and no warning"
}

t_static()
{
	local s=0

	make -s -C "$SRC" OUTPUT="$T/static/" STATIC=1 \
		>"$T/static.log" 2>&1 || s=1
	if grep -qi 'warning' "$T/static.log"; then
		s=1
	fi
	file "$T/static/safename-scan" | grep -q 'statically linked' || s=1
	"$T/static/safename-scan" --default "$T/clean" >/dev/null || s=1
	[ $s = 0 ] || diag "$T/static.log"
	result $s "builds statically with STATIC=1 and runs"
}

t_usage()
{
	local s=0

	scan
	[ $rc = 2 ] && grep -q '^Usage:' "$ERR" && [ ! -s "$OUT" ] || s=1
	result $s "no tree: usage on stderr, exit 2"
}

t_help()
{
	local s=0

	scan --help
	[ $rc = 0 ] && grep -q '^EXIT STATUS' "$OUT" || s=1
	result $s "--help: usage text on stdout, exit 0"
}

t_bad_option()
{
	local s=0

	scan --frobnicate "$T/clean"
	[ $rc = 2 ] || s=1
	scan --default --initial '1,,2' "$T/clean"
	[ $rc = 2 ] && grep -q 'not a byte set' "$ERR" || s=1
	scan --default --middle '0-256' "$T/clean"
	[ $rc = 2 ] || s=1
	scan --default --final '9-3' "$T/clean"
	[ $rc = 2 ] || s=1
	result $s "unknown option or malformed SET: exit 2"
}

t_no_kernel_policy()
{
	local s=0 d

	# hide both knob places, whatever the host has
	mkdir -p "$T/empty"
	in_ns sh -c "mount --bind '$T/empty' /sys/fs &&
		mount --bind '$T/empty' /sys/kernel/security &&
		exec '$SCAN' '$T/clean'" >"$OUT" 2>"$ERR"
	rc=$?
	[ $rc = 2 ] && grep -q "cannot read the kernel's policy" "$ERR" ||
		s=1
	[ $s = 0 ] || diag "$ERR"
	result $s "no kernel policy and no --default: error, exit 2"
}

# knobs DIR UTF8 INITIAL MIDDLE FINAL: fake knob files
knobs()
{
	mkdir -p "$1"
	echo "$2" >"$1/utf8"
	echo "$3" >"$1/permitted_bytes_initial"
	echo "$4" >"$1/permitted_bytes_middle"
	echo "$5" >"$1/permitted_bytes_final"
	echo 0 >"$1/mode_for_unprivileged"
	echo 0 >"$1/mode_for_privileged"
}

t_kernel_policy()
{
	local s=0

	# /sys/fs/safename, with the modes 0: the policy still applies
	knobs "$T/sysfs/safename" 1 97-122 '97-122,45' 97-122
	in_ns sh -c "mount --bind '$T/sysfs' /sys/fs &&
		exec '$SCAN' --print-policy" >"$OUT" 2>"$ERR"
	rc=$?
	printf '%s\n' 'utf8 1' 'permitted_bytes_initial 97-122' \
		'permitted_bytes_middle 45,97-122' \
		'permitted_bytes_final 97-122' >"$T/want"
	[ $rc = 0 ] && cmp -s "$OUT" "$T/want" || { s=1; diag "$OUT" "$ERR"; }

	in_ns sh -c "mount --bind '$T/sysfs' /sys/fs &&
		exec '$SCAN' '$T/lower'" >"$OUT" 2>"$ERR"
	rc=$?
	[ $rc = 1 ] && same "$T/want-lower" || { s=1; diag "$ERR"; }
	result $s "reads the kernel's policy from /sys/fs/safename"
}

t_kernel_policy_securityfs()
{
	local s=0

	knobs "$T/secfs/safename" 0 '0-255' '0-255' '0-254'
	mkdir -p "$T/empty"
	in_ns sh -c "mount --bind '$T/empty' /sys/fs &&
		mount --bind '$T/secfs' /sys/kernel/security &&
		exec '$SCAN' --print-policy" >"$OUT" 2>"$ERR"
	rc=$?
	printf '%s\n' 'utf8 0' 'permitted_bytes_initial 0-255' \
		'permitted_bytes_middle 0-255' \
		'permitted_bytes_final 0-254' >"$T/want"
	[ $rc = 0 ] && cmp -s "$OUT" "$T/want" || { s=1; diag "$OUT" "$ERR"; }
	result $s "falls back to /sys/kernel/security/safename"
}

t_policy_dir()
{
	local s=0

	knobs "$T/pd" 0 '122,97-121' '97-122' '97-122'
	scan --policy-dir "$T/pd" "$T/lower"
	[ $rc = 1 ] && same "$T/want-lower" || s=1
	# options change single parts of it
	scan --policy-dir "$T/pd" --initial 45-122 --middle 46-122 \
		--final 65-122 "$T/lower"
	[ $rc = 0 ] && [ ! -s "$OUT" ] || s=1
	echo 2 >"$T/pd/utf8"
	scan --policy-dir "$T/pd" "$T/lower"
	[ $rc = 2 ] || s=1
	result $s "--policy-dir: knob files from a directory, overridable"
}

t_full_command_line()
{
	local s=0

	mkdir -p "$T/empty"
	in_ns sh -c "mount --bind '$T/empty' /sys/fs &&
		mount --bind '$T/empty' /sys/kernel/security &&
		exec '$SCAN' --initial 97-122 --middle 97-122 --final 97-122 \
			--no-utf8 '$T/lower'" >"$OUT" 2>"$ERR"
	rc=$?
	[ $rc = 1 ] && same "$T/want-lower" || { s=1; diag "$ERR"; }
	result $s "a whole policy on the command line needs no kernel"
}

t_print_default()
{
	local s=0

	scan --default --print-policy
	printf '%s\n' 'utf8 0' 'permitted_bytes_initial 33-44,46-125,128-254' \
		'permitted_bytes_middle 32-126,128-254' \
		'permitted_bytes_final 33-126,128-254' >"$T/want"
	[ $rc = 0 ] && cmp -s "$OUT" "$T/want" || s=1
	result $s "--default is the 2016 policy"
}

t_clean()
{
	local s=0

	scan --default "$T/clean"
	[ $rc = 0 ] && [ ! -s "$OUT" ] && [ ! -s "$ERR" ] || s=1
	result $s "clean tree: no output, exit 0"
}

t_default()
{
	local s=0

	scan --default "$T/tree"
	[ $rc = 1 ] && [ ! -s "$ERR" ] && same "$T/expect-default" || s=1
	result $s "every bad name, path, rule and offset (--default), exit 1"
}

t_symlinks()
{
	local s=0

	scan --default "$T/tree"
	grep -q 'outside\|sub-link' "$OUT" && s=1
	grep -q "^\"$T/tree/-badlink\" rule=initial offset=0\$" "$OUT" || s=1
	grep -c 'nested' "$OUT" | grep -qx 1 || s=1
	result $s "symbolic links are checked, never followed"
}

t_nested()
{
	local s=0 bad

	scan --default "$T/tree"
	bad=$(hexenc "$T/tree/bad"$'\x01'"dir/-inner")
	grep -qx "$bad rule=initial offset=0" "$OUT" || s=1
	grep -qx "\"$T/tree/sub/deeper/-nested\" rule=initial offset=0" \
		"$OUT" || s=1
	grep -qx "\"$T/tree/big/-in-big\" rule=initial offset=0" "$OUT" || s=1
	result $s "bad names in nested, bad-named and big directories"
}

t_deep()
{
	local s=0

	scan --default "$T/tree"
	[ "$(grep -c 'deep-directory-level-199/-deep" rule=initial offset=0$' \
		"$OUT")" = 1 ] || s=1
	result $s "a path longer than PATH_MAX"
}

t_encoding()
{
	local s=0 e

	scan --default "$T/tree"
	# fixed expectations, hex from od(1)
	for e in "$(hexenc "$T/tree/a"$'\n'"b") rule=middle offset=1" \
		"$(hexenc "$T/tree/esc"$'\e'"[31m") rule=middle offset=3" \
		"$(hexenc "$T/tree/trail ") rule=final offset=5" \
		"$(hexenc "$T/tree/-\"q") rule=initial offset=0" \
		"$(hexenc "$T/tree/del"$'\x7f') rule=final offset=3" \
		"$(hexenc "$T/tree/x"$'\xff'"y") rule=middle offset=1" \
		"\"$T/tree/~backup\" rule=initial offset=0"; do
		grep -qxF "$e" "$OUT" || { s=1; echo "# missing: $e"; }
	done
	# nothing but printable ASCII on any line
	LC_ALL=C grep -q '[^ -~]' "$OUT" && s=1
	result $s "paths encoded as SPEC 3 (quoted or uppercase hex)"
}

t_utf8()
{
	local s=0

	scan --default --utf8 "$T/tree"
	[ $rc = 1 ] && same "$T/expect-utf8" || s=1
	result $s "--utf8: ill-formed UTF-8 found, well-formed passes"
}

t_overrides()
{
	local s=0

	# every name passes when every byte is permitted
	scan --default --initial 0-255 --middle 0-255 --final 0-255 \
		"$T/tree"
	[ $rc = 0 ] && [ ! -s "$OUT" ] || s=1
	# only the final set: "trail ", "nl\n", "del\x7f", "end\xff", " ",
	# "\x01"
	scan --default --initial 0-255 --middle 0-255 "$T/tree"
	[ "$(grep -c 'rule=final' "$OUT")" = 6 ] &&
		[ "$(wc -l <"$OUT")" = 6 ] || s=1
	# --no-utf8 undoes --utf8
	scan --default --utf8 --no-utf8 "$T/tree"
	[ $rc = 1 ] && same "$T/expect-default" || s=1
	result $s "--initial, --middle, --final, --no-utf8 override"
}

t_null()
{
	local s=0

	scan -0 --default "$T/tree"
	python3 -c '
import sys
f = open(sys.argv[1], "rb").read().split(b"\0")
assert f.pop() == b"" and len(f) % 3 == 0
r = sorted(zip(f[0::3], f[1::3], f[2::3]))
sys.stdout.buffer.write(b"".join(b"%s\0%s\0%s\0" % x for x in r))
' "$OUT" >"$T/null.sorted" || s=1
	[ $rc = 1 ] && cmp -s "$T/null.sorted" "$T/expect-default.0" || s=1
	result $s "-0: raw path, rule, offset, each ended by NUL"
}

t_unreadable()
{
	local s=0 run=()

	mkdir -p "$T/unr/locked/inner" "$T/unr/open"
	touch "$T/unr/locked/-hidden" "$T/unr/open/-visible"
	chmod 000 "$T/unr/locked"
	# root reads anything: drop the capabilities that let it
	if [ "$(id -u)" = 0 ]; then
		run=(setpriv --bounding-set=-dac_override,-dac_read_search --)
	fi
	if "${run[@]}" ls "$T/unr/locked" >/dev/null 2>&1; then
		echo "# the directory is still readable: the case cannot run"
		s=1
	fi
	"${run[@]}" "$SCAN" --default "$T/unr" >"$OUT" 2>"$ERR"
	rc=$?
	grep -q "\"$T/unr/locked\": cannot open directory: Permission denied" \
		"$ERR" || s=1
	printf '%s\n' "\"$T/unr/open/-visible\" rule=initial offset=0" \
		>"$T/want"
	same "$T/want" || s=1
	[ $s = 0 ] || diag "$OUT" "$ERR"
	result $s "unreadable directory: reported on stderr, the walk goes on"
	s=0
	[ $rc = 2 ] || s=1
	result $s "exit 2 wins over 1 (bad names and an error)"
	chmod 755 "$T/unr/locked"
}

t_one_fs()
{
	local s=0

	mkdir -p "$T/xdev/mp" "$T/xdev/same"
	touch "$T/xdev/same/-here"
	in_ns sh -c "mount -t tmpfs none '$T/xdev/mp' &&
		touch '$T/xdev/mp/-there' &&
		'$SCAN' --default '$T/xdev' >'$T/x-all' &&
		echo unexpected-0;
		'$SCAN' --default -x '$T/xdev' >'$T/x-one'; echo \$?" \
		>"$OUT" 2>"$ERR"
	grep -qx 1 "$OUT" || s=1
	printf '%s\n' "\"$T/xdev/mp/-there\" rule=initial offset=0" \
		"\"$T/xdev/same/-here\" rule=initial offset=0" >"$T/want"
	LC_ALL=C sort "$T/x-all" | cmp -s - "$T/want" || s=1
	printf '%s\n' "\"$T/xdev/same/-here\" rule=initial offset=0" \
		>"$T/want"
	cmp -s "$T/x-one" "$T/want" || s=1
	[ $s = 0 ] || diag "$OUT" "$ERR" "$T/x-all" "$T/x-one"
	result $s "-x stays on one file system (tmpfs mounted inside)"
}

t_top_level()
{
	local s=0

	mkdir -p "$T/-top"
	touch "$T/-top/good"
	scan --default "$T/-top"
	[ $rc = 0 ] && [ ! -s "$OUT" ] || s=1
	# a file given as a tree has nothing inside
	scan --default "$T/-top/good"
	[ $rc = 0 ] && [ ! -s "$OUT" ] || s=1
	result $s "the tree given is not checked itself"
}

t_top_symlink()
{
	local s=0

	ln -s tree "$T/tree-link"
	scan --default "$T/tree-link"
	[ $rc = 0 ] && [ ! -s "$OUT" ] || s=1
	scan --default "$T/tree-link/"
	grep -qx "\"$T/tree-link/-rf\" rule=initial offset=0" "$OUT" || s=1
	result $s "a symbolic link given as TREE is not followed, TREE/ is"
}

t_paths()
{
	local s=0

	scan --default "$T/lower//" "$T/-top"
	grep -qx "\"$T/lower/-dash\" rule=initial offset=0" "$OUT" || s=1
	scan --default "$T/lower" "$T/tree"
	[ "$(grep -c "^\"$T/lower/" "$OUT")" = 1 ] &&
		[ "$(wc -l <"$OUT")" = \
		  "$(($(wc -l <"$T/expect-default") + 1))" ] || s=1
	result $s "trailing slashes dropped, several trees in one run"
}

t_missing()
{
	local s=0

	scan --default "$T/nonexistent" "$T/lower"
	[ $rc = 2 ] && grep -q 'nonexistent: No such file' "$ERR" &&
		grep -q -- '-dash' "$OUT" || s=1
	result $s "a missing tree: error, exit 2, the others still scanned"
}

t_write_error()
{
	local s=0

	"$SCAN" --default "$T/tree" >/dev/full 2>"$ERR"
	rc=$?
	[ $rc = 2 ] && grep -q 'write error' "$ERR" || s=1
	result $s "a write error on stdout: exit 2"
}

# The tests of --fix, --apply and --undo use $T/fix, made by fixtree.py,
# whose expected replacements (under --default --utf8) are written by hand
# in fixtree.py; $T/fix.list is its listing (paths, inodes, contents).

# fixlist FILE: the listing of $T/fix and $T/fix-outside into FILE
fixlist()
{
	python3 "$TESTS/fixtree.py" list "$T/fix" >"$1" &&
		python3 "$TESTS/fixtree.py" list "$T/fix-outside" >>"$1"
}

t_fix_expect()
{
	local s=0

	scan --default --utf8 --fix "$T/fix"
	[ $rc = 1 ] && [ ! -s "$ERR" ] && same "$T/fix.want" || s=1
	# only printable ASCII
	LC_ALL=C grep -q '[^ -~]' "$OUT" && s=1
	fixlist "$T/fix.now" && cmp -s "$T/fix.list" "$T/fix.now" || s=1
	[ $s = 0 ] || diag "$ERR"
	result $s "--fix: every replacement as written by hand, nothing changed"
}

t_fix_order()
{
	local s=0 leaf inner dir

	scan --default --utf8 --fix "$T/fix"
	cp "$OUT" "$T/fix.run1"
	scan --default --utf8 --fix "$T/fix"
	cmp -s "$OUT" "$T/fix.run1" || s=1
	leaf=$(grep -n "^\"$T/fix/-bad-dir/~inner-dir/-leaf\" " "$OUT")
	inner=$(grep -n "^\"$T/fix/-bad-dir/~inner-dir\" " "$OUT")
	dir=$(grep -n "^\"$T/fix/-bad-dir\" " "$OUT")
	[ -n "$leaf" ] && [ -n "$inner" ] && [ -n "$dir" ] &&
		[ "${leaf%%:*}" -lt "${inner%%:*}" ] &&
		[ "${inner%%:*}" -lt "${dir%%:*}" ] || s=1
	# byte order within a directory: " lead" before "-dup" before "x  "
	[ "$(grep -n "^$(hexenc "$T/fix/ lead") " "$OUT" | cut -d: -f1)" -lt \
	  "$(grep -n "^\"$T/fix/-dup\" " "$OUT" | cut -d: -f1)" ] || s=1
	result $s "--fix: deterministic, children first, byte order"
}

# jsoncheck FILE EXPECTED FIX: check --json records against the expected
# text lines (scan format, or --fix format when FIX is 1)
jsoncheck()
{
	python3 "$TESTS/fixtree.py" json "$1" "$2" "$3"
}

t_json()
{
	local s=0

	scan --default --json "$T/tree"
	[ $rc = 1 ] && jsoncheck "$OUT" "$T/expect-default" 0 || s=1
	scan --default --utf8 --json "$T/tree"
	[ $rc = 1 ] && jsoncheck "$OUT" "$T/expect-utf8" 0 || s=1
	scan --default --utf8 --fix --json "$T/fix"
	[ $rc = 1 ] && jsoncheck "$OUT" "$T/fix.want" 1 || s=1
	# a bad name that no replacement fixes: new_path is null
	scan --initial 97-122 --middle 97-122 --final 97-122 --no-utf8 \
		--fix --json "$T/lower"
	[ $rc = 2 ] && grep -q '"path":"[^"]*/-dash".*"new_path":null' \
		"$OUT" || s=1
	result $s "--json: path and path_hex lossless, rule, offset, new_path"
}

t_fix_null()
{
	local s=0

	scan -0 --default --utf8 --fix "$T/fix"
	python3 "$TESTS/fixtree.py" nullfix "$OUT" >"$T/null.fix" || s=1
	[ $rc = 1 ] && cmp -s "$T/null.fix" "$T/fix.want" || s=1
	result $s "-0 --fix: path, rule, offset, new path, each ended by NUL"
}

t_fix_policies()
{
	local s=0 d="$T/pol"

	mkdir -p "$d"
	touch "$d/-rf" "$d/a"$'\n'"b" "$d/ok" "$d/x"$'\xc3\xa9'
	# no uppercase in the middle set: lowercase digits
	scan --default --middle 32-64,91-126,128-254 --fix "$d"
	grep -qxF "$(hexenc "$d/a"$'\n'"b") -> \"$d/a_0ab\"" "$OUT" || s=1
	# no '_' in the initial set: '%' instead
	scan --default --initial 33-44,46-94,96-125,128-254 --fix "$d"
	grep -qxF "\"$d/-rf\" -> \"$d/%-rf\"" "$OUT" &&
		grep -qxF "$(hexenc "$d/a"$'\n'"b") -> \"$d/a%0Ab\"" \
		"$OUT" || s=1
	# ASCII only: a whole UTF-8 character escaped, not half of it
	scan --default --middle 32-126 --final 33-126 --fix "$d"
	grep -qxF "$(hexenc "$d/x"$'\xc3\xa9') -> \"$d/x_C3_A9\"" "$OUT" ||
		s=1
	# no escape possible: an error per name, exit 2, others proposed
	scan --initial 97-122 --middle 97-122 --final 97-122 --no-utf8 \
		--fix "$T/lower"
	[ $rc = 2 ] && grep -q 'no replacement passes the policy' "$ERR" &&
		[ ! -s "$OUT" ] || s=1
	# an escape character but no digits: a prefix mends "-dash" (the
	# middle set has '-'), nothing mends the others
	scan --initial 95,97-122 --middle 45,95,97-122 --final 97-122 \
		--no-utf8 --fix "$T/lower"
	[ $rc = 2 ] &&
		[ "$(cat "$OUT")" = "\"$T/lower/-dash\" -> \"$T/lower/_-dash\"" ] &&
		[ "$(grep -c ': no replacement passes the policy$' "$ERR")" = 3 ] &&
		grep -q '/abC": no replacement' "$ERR" || s=1
	[ $s = 0 ] || diag "$OUT" "$ERR"
	result $s "--fix under custom byte sets: other escapes, or an error"
}

t_fix_usage()
{
	local s=0

	scan --default --apply "$T/fix"
	[ $rc = 2 ] && grep -q 'needs --log' "$ERR" || s=1
	scan --default --fix --log "$T/x.log" "$T/fix"
	[ $rc = 2 ] || s=1
	echo keep >"$T/old.log"
	scan --default --apply --log "$T/old.log" "$T/fix"
	[ $rc = 2 ] && grep -q 'File exists' "$ERR" &&
		[ "$(cat "$T/old.log")" = keep ] || s=1
	scan --undo "$T/old.log"
	[ $rc = 2 ] && grep -q 'not a log' "$ERR" || s=1
	scan --undo "$T/old.log" "$T/fix"
	[ $rc = 2 ] || s=1
	scan --default --json -0 "$T/fix"
	[ $rc = 2 ] || s=1
	fixlist "$T/fix.now" && cmp -s "$T/fix.list" "$T/fix.now" || s=1
	result $s "--apply needs a new --log; --undo a log; nothing renamed"
}

t_apply()
{
	local s=0

	python3 "$TESTS/fixtree.py" inodes "$T/fix" >"$T/fix.ino0" || s=1
	scan --default --utf8 --apply --log "$T/log/apply.log" "$T/fix"
	[ $rc = 0 ] && [ ! -s "$ERR" ] && same "$T/fix.want" || s=1
	[ $s = 0 ] || diag "$ERR"
	result $s "--apply: renames as --fix proposed, exit 0"
	s=0
	scan --default --utf8 "$T/fix"
	[ $rc = 0 ] && [ ! -s "$OUT" ] || s=1
	scan --default --utf8 --fix "$T/fix"
	[ $rc = 0 ] && [ ! -s "$OUT" ] || s=1
	result $s "after --apply, safename-scan finds nothing"
	s=0
	python3 "$TESTS/fixtree.py" inodes "$T/fix" >"$T/fix.ino1" &&
		cmp -s "$T/fix.ino0" "$T/fix.ino1" || s=1
	# the link's target was not followed: fix-outside is untouched
	python3 "$TESTS/fixtree.py" list "$T/fix-outside" >"$T/out.now" &&
		cmp -s "$T/out.list" "$T/out.now" || s=1
	result $s "--apply keeps every inode, content and link target"
	s=0
	head -1 "$T/log/apply.log" | grep -qx 'safename-scan log 1' || s=1
	[ "$(wc -l <"$T/log/apply.log")" = $(($(wc -l <"$T/fix.want") + 1)) ] ||
		s=1
	LC_ALL=C grep -q '[^ -~]' "$T/log/apply.log" && s=1
	tail -n +2 "$T/log/apply.log" | grep -vq \
		'^ino=[0-9]* dir=[^ ]* old=[^ ]* new=[^ ]*$' && s=1
	result $s "the log: a header, one printable line per rename"
}

t_undo()
{
	local s=0

	scan --undo "$T/log/apply.log"
	[ $rc = 0 ] && [ ! -s "$ERR" ] &&
		[ "$(wc -l <"$OUT")" = "$(wc -l <"$T/fix.want")" ] || s=1
	fixlist "$T/fix.now" && cmp -s "$T/fix.list" "$T/fix.now" || s=1
	[ $s = 0 ] || diag "$ERR"
	result $s "--undo: names, inodes and contents as before --apply"
}

t_undo_refuses()
{
	local s=0

	scan --default --utf8 --apply --log "$T/log/again.log" "$T/fix"
	[ $rc = 0 ] || s=1
	fixlist "$T/fix.applied"
	# a renamed file gone
	mv "$T/fix/_-rf" "$T/fix-gone"
	scan --undo "$T/log/again.log"
	[ $rc = 2 ] && grep -q '_-rf": gone' "$ERR" &&
		grep -q 'nothing restored' "$ERR" || s=1
	mv "$T/fix-gone" "$T/fix/_-rf"
	fixlist "$T/fix.now" && cmp -s "$T/fix.applied" "$T/fix.now" || s=1
	# an old name taken, deep down below renamed directories
	deep=$(cd "$T/fix" && find . -name _-deep -printf %h)
	python3 "$TESTS/fixtree.py" touch "$T/fix" "$deep/-deep" || s=1
	scan --undo "$T/log/again.log"
	[ $rc = 2 ] && grep -q -- '/-deep": the old name is taken' "$ERR" ||
		s=1
	python3 "$TESTS/fixtree.py" rm "$T/fix" "$deep/-deep" || s=1
	fixlist "$T/fix.now" && cmp -s "$T/fix.applied" "$T/fix.now" || s=1
	# another file in the place of a renamed one
	mv "$T/fix/_~backup" "$T/fix-gone"
	touch "$T/fix/_~backup"
	scan --undo "$T/log/again.log"
	[ $rc = 2 ] && grep -q 'not the file renamed' "$ERR" || s=1
	mv "$T/fix-gone" "$T/fix/_~backup"
	scan --undo "$T/log/again.log"
	[ $rc = 0 ] || s=1
	fixlist "$T/fix.now" && cmp -s "$T/fix.list" "$T/fix.now" || s=1
	[ $s = 0 ] || diag "$ERR"
	result $s "--undo refuses a gone file or a taken name, restores nothing"
}

# ro_apply KIND: --apply over a subtree that cannot be written, made so by
# permission bits (KIND perm; root loses the capabilities that override
# them) or by a read-only bind mount (KIND rofs, in a private mount
# namespace, which stops root too)
ro_apply()
{
	local s=0 r="$T/ro-$1" err=$2 pre=() cmd

	mkdir -p "$r/one/a" "$r/one/ro" "$r/two"
	touch "$r/one/a/-first" "$r/one/ro/-second" "$r/one/ro/-zz" \
		"$r/one/-top" "$r/two/-third"
	cmd="'$SCAN' --default --apply --log '$T/log/ro-$1.log' '$r/one' '$r/two'"
	if [ "$1" = perm ]; then
		chmod 555 "$r/one/ro"
		[ "$(id -u)" = 0 ] &&
			pre=(setpriv --bounding-set=-dac_override,-dac_read_search --)
		"${pre[@]}" sh -c "touch '$r/one/ro/x' 2>/dev/null" &&
			{ echo "# still writable: the case cannot run"; s=1; }
		"${pre[@]}" sh -c "$cmd" >"$OUT" 2>"$ERR"
		rc=$?
	else
		in_ns sh -c "mount --bind '$r/one/ro' '$r/one/ro' &&
			mount -o remount,bind,ro '$r/one/ro' &&
			! touch '$r/one/ro/x' 2>/dev/null && $cmd" >"$OUT" 2>"$ERR"
		rc=$?
	fi
	grep -q "ro/-second\": cannot rename to \"_-second\": $err" "$ERR" &&
		[ $rc = 2 ] || s=1
	# a/-first went first (byte order); then nothing more: not -zz in
	# the same directory, not -top after it, not the second tree
	[ -e "$r/one/a/_-first" ] && [ -e "$r/one/ro/-second" ] &&
		[ -e "$r/one/ro/-zz" ] && [ -e "$r/one/-top" ] &&
		[ -e "$r/two/-third" ] || s=1
	[ "$(find "$r" -name '_*' | wc -l)" = 1 ] || s=1
	[ "$(wc -l <"$T/log/ro-$1.log")" = 2 ] &&
		grep -q 'old="-first" new="_-first"' "$T/log/ro-$1.log" || s=1
	[ "$(cat "$OUT")" = "\"$r/one/a/-first\" -> \"$r/one/a/_-first\"" ] ||
		s=1
	scan --undo "$T/log/ro-$1.log"
	[ $rc = 0 ] && [ -e "$r/one/a/-first" ] && [ ! -e "$r/one/a/_-first" ] ||
		s=1
	chmod 755 "$r/one/ro"
	[ $s = 0 ] || diag "$OUT" "$ERR"
	return $s
}

t_apply_readonly()
{
	ro_apply perm 'Permission denied'
	result $? "read-only directory (mode 555): exit 2, nothing renamed after the error"
	ro_apply rofs 'Read-only file system'
	result $? "read-only bind mount: exit 2, nothing renamed after the error"
}

t_apply_one_fs()
{
	local s=0 x="$T/xfix"

	mkdir -p "$x/mp" "$x/same"
	touch "$x/same/-here" "$x/-top"
	in_ns sh -c "mount -t tmpfs none '$x/mp' &&
		touch '$x/mp/-there' &&
		'$SCAN' --default -x --apply --log '$T/log/x.log' '$x' \
			>'$T/x-apply';
		echo apply=\$?;
		ls '$x/mp' '$x/same';
		'$SCAN' --default '$x' >/dev/null; echo scan=\$?;
		'$SCAN' --undo '$T/log/x.log' >/dev/null; echo undo=\$?;
		ls '$x/mp' '$x/same'" >"$OUT" 2>"$ERR"
	printf '%s\n' apply=0 "$x/mp:" -there '' "$x/same:" _-here scan=1 \
		undo=0 "$x/mp:" -there '' "$x/same:" -here >"$T/want"
	cmp -s "$OUT" "$T/want" || s=1
	printf '%s\n' "\"$x/-top\" -> \"$x/_-top\"" \
		"\"$x/same/-here\" -> \"$x/same/_-here\"" >"$T/want"
	LC_ALL=C sort "$T/x-apply" | cmp -s - "$T/want" || s=1
	[ "$(wc -l <"$T/log/x.log")" = 3 ] || s=1
	[ -e "$x/-top" ] || s=1
	[ $s = 0 ] || diag "$OUT" "$ERR" "$T/x-apply"
	result $s "--apply -x leaves another file system alone; --undo"
}

# random names through --fix, --apply, --undo, under several policies
t_fuzz()
{
	local s=0 p i f="$T/fuzz" bad
	local policies=("--default" "--default --utf8"
		"--initial 48-57,65-90,95,97-122 --middle 32-126 --final 48-57,65-90,97-122 --utf8"
		"--default --middle 32-126 --final 33-126 --initial 33-44,46-125"
		"--default --initial 33-44,46-94,96-125,128-254 --utf8 \
--middle 32-64,91-126,128-254")

	mkdir -p "$f"
	python3 "$TESTS/fixtree.py" fuzz "$f" 3000 14 || s=1
	python3 "$TESTS/fixtree.py" list "$f" >"$T/fuzz.list0" || s=1
	for i in "${!policies[@]}"; do
		p=${policies[$i]}
		# shellcheck disable=SC2086
		"$SCAN" $p --fix "$f" >"$T/fuzz.1" 2>"$ERR"
		[ $? = 1 ] || { s=1; echo "# --fix $p"; diag "$ERR"; }
		# shellcheck disable=SC2086
		"$SCAN" $p --fix "$f" >"$T/fuzz.2" 2>&1
		cmp -s "$T/fuzz.1" "$T/fuzz.2" || { s=1; echo "# again: $p"; }
		# shellcheck disable=SC2086
		bad=$("$SCAN" $p "$f" | wc -l)
		[ "$bad" -gt 100 ] || s=1
		# shellcheck disable=SC2086
		"$SCAN" -0 $p --fix "$f" >"$T/fuzz.0" 2>"$ERR"
		[ $? = 1 ] || { s=1; echo "# -0 --fix $p"; diag "$ERR"; }
		# shellcheck disable=SC2086
		"$SCAN" $p --apply --log "$T/log/fuzz$i.log" "$f" \
			>"$T/fuzz.3" 2>"$ERR"
		[ $? = 0 ] && cmp -s "$T/fuzz.1" "$T/fuzz.3" ||
			{ s=1; echo "# --apply $p"; diag "$ERR"; }
		# what was renamed passes the policy, and so does everything
		# shellcheck disable=SC2086
		"$SCAN" $p "$f" >"$OUT" 2>&1
		[ $? = 0 ] && [ ! -s "$OUT" ] ||
			{ s=1; echo "# rescan $p"; diag "$OUT"; }
		# and by SPEC 2 written again in Python: the old names fail
		# where the scanner says, the new ones and the tree pass
		# shellcheck disable=SC2086
		python3 "$TESTS/fixtree.py" verify "$T/fuzz.0" "$f" $p ||
			{ s=1; echo "# verify $p"; }
		[ "$(wc -l <"$T/log/fuzz$i.log")" = $((bad + 1)) ] || s=1
		"$SCAN" --undo "$T/log/fuzz$i.log" >/dev/null 2>"$ERR" ||
			{ s=1; diag "$ERR"; }
		python3 "$TESTS/fixtree.py" list "$f" >"$T/fuzz.list1" &&
			cmp -s "$T/fuzz.list0" "$T/fuzz.list1" ||
			{ s=1; echo "# undo $p"; }
	done
	result $s "fuzz: 3000 random names, ${#policies[@]} policies:" \
		"--fix deterministic, passes (two checkers), undone"
}

t_progress()
{
	local s=0

	# a terminal: script(1) gives one
	script -qec "'$SCAN' --default '$T/tree' >/dev/null" "$T/typescript" \
		</dev/null >/dev/null 2>&1
	[ $? = 1 ] || s=1
	grep -q 'safename-scan: [0-9]* names, [0-9]* names/s, [0-9]* bad' \
		"$T/typescript" || s=1
	# not a terminal: nothing
	scan --default "$T/tree"
	[ ! -s "$ERR" ] || s=1
	scan --default --fix "$T/fix"
	[ ! -s "$ERR" ] || s=1
	result $s "progress on stderr only when it is a terminal"
}

TESTS_LIST=(t_build t_static t_usage t_help t_bad_option t_no_kernel_policy
	    t_kernel_policy t_kernel_policy_securityfs t_policy_dir
	    t_full_command_line t_print_default t_clean t_default t_symlinks
	    t_nested t_deep t_encoding t_utf8 t_overrides t_null t_unreadable
	    t_one_fs t_top_level t_top_symlink t_paths t_missing
	    t_write_error t_fix_expect t_fix_order t_json t_fix_null
	    t_fix_policies t_fix_usage t_apply t_undo t_undo_refuses
	    t_apply_readonly t_apply_one_fs t_fuzz t_progress)

# the trees
mkdir -p "$T/clean/a/b" "$T/lower"
touch "$T/clean/a/b/fine" "$T/clean/ok" "$T/lower/abc" "$T/lower/Upper" \
	"$T/lower/a.b" "$T/lower/abC" "$T/lower/-dash"
# what $T/lower gives under the policy "a-z only" (sorted)
printf '%s\n' "\"$T/lower/-dash\" rule=initial offset=0" \
	"\"$T/lower/Upper\" rule=initial offset=0" \
	"\"$T/lower/a.b\" rule=middle offset=1" \
	"\"$T/lower/abC\" rule=final offset=2" | LC_ALL=C sort >"$T/want-lower"
if ! python3 "$TESTS/mktree.py" "$T" >"$T/mktree.log" 2>&1; then
	echo "1..1"
	echo "not ok 1 - build the test tree"
	diag "$T/mktree.log"
	exit 1
fi

if ! { python3 "$TESTS/fixtree.py" make "$T" &&
	python3 "$TESTS/fixtree.py" expect "$T" >"$T/fix.want" &&
	fixlist "$T/fix.list" &&
	python3 "$TESTS/fixtree.py" list "$T/fix-outside" >"$T/out.list" &&
	mkdir "$T/log"; } >"$T/fixtree.log" 2>&1; then
	echo "1..1"
	echo "not ok 1 - build the repair tree"
	diag "$T/fixtree.log"
	exit 1
fi

# t_unreadable and t_apply_readonly make two cases, t_apply four
echo "1..$((${#TESTS_LIST[@]} + 5))"
for t in "${TESTS_LIST[@]}"; do
	"$t"
done
echo "# $((n - failed)) passed, $failed failed"
[ $failed = 0 ]
