#!/bin/sh
# Safename demonstration, run in the VM by `make run` (as /tests/demo.sh).
# The policy comes from the kernel command line: sn.unpriv=M sn.priv=M.
# Exit status 0 when Safename is active and behaved as the policy says.
set -eu

unpriv=3 priv=2 seal=1
for arg in $(cat /proc/cmdline); do
	case $arg in
	sn.unpriv=*) unpriv=${arg#sn.unpriv=} ;;
	sn.priv=*) priv=${arg#sn.priv=} ;;
	sn.seal=*) seal=${arg#sn.seal=} ;;
	esac
done

SYS=/sys/fs/safename
SEC=/sys/kernel/security/safename
D=/tmp/demo
bad=0

say() { printf '\n### %s\n' "$*"; }
fail() { echo "DEMO: UNEXPECTED: $*"; bad=1; }

say "Active LSMs (/sys/kernel/security/lsm)"
cat /sys/kernel/security/lsm; echo
if ! grep -q safename /sys/kernel/security/lsm || [ ! -d "$SYS" ] || [ ! -d "$SEC" ]; then
	echo "DEMO: Safename is not active in this kernel (no knobs); nothing to show."
	exit 1
fi

say "Policy: mode_for_unprivileged=$unpriv, mode_for_privileged=$priv (1 = enforce, 2 = log, 3 = both)"
echo "$unpriv" >"$SYS/mode_for_unprivileged"
echo "$priv" >"$SYS/mode_for_privileged"
dmesg -c >/dev/null	# start the kernel log afresh for the demo

mkdir -p "$D"
chmod 1777 "$D"
cd "$D"

# expect EXPECT WHO DESCRIPTION COMMAND...: run COMMAND (as uid 1000 when WHO
# is user), report, and compare with EXPECT (allowed, refused or any)
expect() {
	want=$1 who=$2 what=$3
	shift 3
	printf '%-5s %-42s ' "$who" "$what"
	if [ "$who" = user ]; then
		out=$(su user -s /bin/sh -c "cd $D && $*" 2>&1) && got=allowed || got=refused
	else
		out=$(sh -c "cd $D && $*" 2>&1) && got=allowed || got=refused
	fi
	# on one line: a newline in the message shown as \n
	out=$(printf '%s' "$out" | awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }')
	printf '%s\n' "$got${out:+: $out}"
	[ "$want" = any ] || [ "$want" = "$got" ] || fail "$what: expected $want, got $got"
}

# what the unprivileged user's mode says should happen
[ $((unpriv & 1)) = 1 ] && u=refused || u=allowed

say "As an unprivileged user (uid 1000), in $D"
expect allowed user "mkdir 'reports'"              "mkdir reports"
expect "$u"    user "mkdir '-rf' (leading dash)"   "mkdir -- -rf"
expect "$u"    user "create 'a<newline>b'"         ": >\"\$(printf 'a\\nb')\""
expect "$u"    user "create 'notes ' (trailing space)" ": >'notes '"
expect allowed user "create 'caf<0xe9>' (Latin-1, utf8=0)" ": >\"\$(printf 'caf\\351')\""
echo "# echo 1 > $SYS/utf8"
echo 1 >"$SYS/utf8"
expect "$u"    user "create 'd<0xe9>j<0xe0>' (invalid UTF-8)" ": >\"\$(printf 'd\\351j\\340')\""
expect allowed user "create 'déjà' (valid UTF-8)"  ": >\"\$(printf 'd\\303\\251j\\303\\240')\""
expect "$u"    user "rename reports -> ' reports'" "mv reports ' reports'"
expect "$u"    user "symlink '-x' -> reports"      "ln -s reports -- -x"

[ $((priv & 1)) = 1 ] && r=refused || r=allowed
say "As root (privileged: CAP_MAC_ADMIN)"
expect "$r" root "mkdir '-root' (leading dash)" "mkdir -- -root"

say "What is in $D now (ls shows unprintable bytes as ?)"
ls -la "$D"

say "The kernel log (dmesg | grep safename:)"
dmesg | grep 'safename:' || echo "(no safename: lines; mode_for_unprivileged=$unpriv and mode_for_privileged=$priv have no log bit?)"
if [ $((priv & 2)) = 2 ] && ! dmesg | grep -q 'safename: .* name="-root"\|safename: .*name=2D726F6F74'; then
	fail "no log line for root's '-root'"
fi

say "The knobs, in $SYS and $SEC"
# one line per knob; lines of a multi-line file (stats) joined with "; "
show() {
	if [ -r "$1" ]; then tr '\n' ';' <"$1" | sed 's/;$//; s/;/; /g'; else echo '?'; fi
}
for f in "$SYS"/*; do
	k=${f##*/}
	printf '%-24s sysfs: %-22s securityfs: %s\n' "$k" "$(show "$f")" "$(show "$SEC/$k")"
done

say "The counters since boot ($SYS/stats)"
cat "$SYS/stats"
grep -q '^violations [1-9]' "$SYS/stats" || fail "stats counted no violation"

if [ "$seal" = 1 ]; then
	say "Sealing the policy until reboot: echo 1 > $SYS/locked (make run APPEND=sn.seal=0 skips this)"
	echo 1 >"$SYS/locked"
	expect refused root "turn enforcement off (sealed)" "echo 0 >$SYS/mode_for_unprivileged"
	expect refused root "unseal it (sealed)" "echo 0 >$SEC/locked"
	echo "locked: $(cat "$SYS/locked"); mode_for_unprivileged: $(cat "$SYS/mode_for_unprivileged")"
fi

if [ "$bad" = 0 ]; then
	say "Demonstration complete: Safename behaved as the policy says."
else
	say "Demonstration complete, with UNEXPECTED results (see above)."
fi
exit "$bad"
