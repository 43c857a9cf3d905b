#!/usr/bin/env bash
# Make the VM kernel's .config: tinyconfig + FRAGMENT, in a scratch output
# folder, verified line by line, then copied to OUT/.config only when it
# differs (so the kernel build stays incremental).
#
# usage: kconfig.sh LINUX SCRATCH OUT FRAGMENT [make options...]
set -eu
set -o pipefail

LINUX=$1 SCRATCH=$2 OUT=$3 FRAGMENT=$4
shift 4
mkdir -p "$SCRATCH" "$OUT"

make -s -C "$LINUX" O="$SCRATCH" ARCH=x86_64 "$@" tinyconfig >/dev/null
"$LINUX/scripts/kconfig/merge_config.sh" -m -O "$SCRATCH" \
	"$SCRATCH/.config" "$FRAGMENT" >"$SCRATCH/merge.log"
make -s -C "$LINUX" O="$SCRATCH" ARCH=x86_64 "$@" olddefconfig >/dev/null

# every CONFIG_X=v and "# CONFIG_X is not set" of the fragment must hold
bad=0
while IFS= read -r line; do
	case $line in
	CONFIG_*=*)
		grep -qxF -- "$line" "$SCRATCH/.config" && continue
		sym=${line%%=*}
		;;
	"# CONFIG_"*" is not set")
		sym=${line#"# "}; sym=${sym%% *}
		grep -q "^$sym=" "$SCRATCH/.config" || continue
		;;
	*) continue ;;
	esac
	have=$(grep -E "^($sym=|# $sym is not set)" "$SCRATCH/.config" || echo "(absent: unknown symbol or unmet dependency)")
	echo "kconfig: ERROR: wanted '$line', got '$have'" >&2
	bad=1
done <"$FRAGMENT"
if [ "$bad" = 1 ]; then
	echo "kconfig: Kconfig dropped options of $FRAGMENT (see above)" >&2
	exit 1
fi

if ! cmp -s "$SCRATCH/.config" "$OUT/.config"; then
	cp "$SCRATCH/.config" "$OUT/.config"
	echo "  KCONFIG $OUT/.config updated"
fi
