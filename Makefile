# Safename: build Linux 6.12 with the Safename LSM, test it under KUnit (UML)
# and in a small QEMU x86_64 VM.  Everything it makes lives in build/.
#
#   make run      build everything, boot the VM, show a demonstration
#   make check    run every test suite; ends with "N passed, N failed"
#   make help     the other targets and the variables
#
# Builds are incremental: stamp files in build/stamps/ record what is done, so
# a second `make check` with nothing changed rebuilds nothing.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:
.SUFFIXES:

# ---------------------------------------------------------------- variables
REPO      := $(CURDIR)
B         := $(REPO)/build
ST        := $(B)/stamps
LOGS      := $(B)/logs
RESULTS   := $(B)/results
TARBALL   ?= /usr/src/linux-source-6.12.tar.xz
PRISTINE  := $(B)/pristine
LINUX     := $(B)/linux

JOBS      ?= 2
# ccache for every kernel build, its cache outside the checkout; paths
# relative to the checkout, so that clones in other folders share hits
CCACHE_DIR ?= $(HOME)/.cache/safename-ccache
CCACHE_BASEDIR ?= $(REPO)
export CCACHE_DIR CCACHE_BASEDIR
KCC       := ccache gcc
KMAKE     := $(MAKE) --no-print-directory -C $(LINUX) CC="$(KCC)" HOSTCC="$(KCC)"

# KUnit under UML
KUNITCONFIG ?= security/safename
KUNIT_DIR := $(B)/kunit
KUNIT_OPTS = --kunitconfig=$(KUNITCONFIG) --build_dir=$(KUNIT_DIR) \
	--make_options "CC=$(KCC)" --make_options "HOSTCC=$(KCC)"

# the VM
VMK       := $(B)/vm-kernel
BZIMAGE   := $(VMK)/arch/x86/boot/bzImage
INITRAMFS := $(B)/initramfs.cpio.gz
KST_INSTALL := $(B)/kselftest-install
KST_TARGETS = lsm $(if $(wildcard $(REPO)/tools/testing/selftests/safename/Makefile),safename)
# the boot list of `make check` (and a stand-in until vm/tests/boots exists)
PLACEHOLDER := $(if $(wildcard $(REPO)/vm/tests/boots),,$(B)/placeholder/boots)
BOOTS     ?= $(if $(wildcard $(REPO)/vm/tests/boots),$(REPO)/vm/tests/boots,$(B)/placeholder/boots)
KVM       ?= 0
ICOUNT    ?= 0
TIMEOUT   ?= 300
# the demonstration policy of `make run`
UNPRIV    ?= 3
PRIV      ?= 2
APPEND    ?=
export KVM ICOUNT TIMEOUT

# suites of `make check`, in order; each is a target check-NAME that leaves
# build/results/NAME*.count files holding "PASSED FAILED" (see vm/summary.sh).
# Other suites add themselves here.
CHECK_SUITES := kunit vm tools fuzz series distro debug

.PHONY: help all deps tree kunit kunit-build vm-kernel initramfs selftests \
	run check $(addprefix check-,$(CHECK_SUITES)) clean distclean FORCE \
	series bench fuzz debug-kernel distro-image distro-run

# help: the targets and variables
help:
	@echo "make run       build all, boot the VM, demonstrate Safename" \
	      "(UNPRIV=$(UNPRIV) PRIV=$(PRIV))"
	@echo "make check     run every test suite: $(CHECK_SUITES)"
	@echo "make all       build the KUnit kernel, the VM kernel and initramfs"
	@echo "make kunit     run the KUnit tests under UML ($(KUNITCONFIG))"
	@echo "make series    the kernel patch series in build/series-out/"
	@echo "make bench     benchmarks: the rule (callgrind) and the VM (icount)"
	@echo "make fuzz      run each fuzzer for FUZZ_SECONDS (default 60)"
	@echo "make check-debug  the sanitizer kernel's suite alone"
	@echo "make vm-kernel | debug-kernel | initramfs | selftests | tree | deps"
	@echo "make clean     remove build outputs, keep the extracted trees"
	@echo "make distclean remove build/ entirely"
	@echo "variables: KVM=1 ICOUNT=1 TIMEOUT=s UNPRIV=m PRIV=m APPEND='args'" \
	      "JOBS=n CCACHE_DIR=dir KUNITCONFIG=dir BOOTS=file"

# all: every build product, no test run
all: $(ST)/kunit-build $(BZIMAGE) $(INITRAMFS)

# deps: install the Debian packages that are missing (sudo when not root)
deps:
	@$(REPO)/vm/deps.sh

# ------------------------------------------------------------- kernel trees
# the pristine tree, extracted once from Debian's linux-source-6.12
$(ST)/pristine: | deps
	@echo "  EXTRACT $(TARBALL) -> build/pristine"
	@rm -rf $(PRISTINE) && mkdir -p $(PRISTINE) $(ST)
	@tar -xf $(TARBALL) -C $(PRISTINE) --strip-components=1
	@touch $@

# the work tree, a copy of the pristine one made once
$(ST)/linux: $(ST)/pristine
	@echo "  COPY    build/pristine -> build/linux"
	@rm -rf $(LINUX) $(ST)/owned.list
	@cp -a $(PRISTINE) $(LINUX)
	@touch $@

# tree: overlay our files and apply our patches; build/stamps/tree changes
# only when a file in build/linux did, build/stamps/tree-kernel only when one
# that kernel builds use did (not under tools/ or Documentation/)
# (under a lock: make check's background build, or a make run started
# meanwhile, syncs too, and sync-tree.sh's scratch files are shared)
tree: $(ST)/tree
$(ST)/tree: $(ST)/linux FORCE
	@flock $(ST)/tree.lock $(REPO)/vm/sync-tree.sh $(REPO) $(PRISTINE) $(LINUX) $(ST)
$(ST)/tree-kernel: $(ST)/tree
	@test -f $@

# a stamp that changes when the value of variable $* changes
$(ST)/var-%: FORCE
	@mkdir -p $(ST)
	@echo '$($*)' | cmp -s - $@ || echo '$($*)' >$@

# ------------------------------------------------------------------- KUnit
# kunit-build: configure and build the UML KUnit kernel (kunit.py build)
kunit-build: $(ST)/kunit-build
$(ST)/kunit-build: $(ST)/tree-kernel $(ST)/var-KUNITCONFIG
	@echo "  KUNIT   build ($(KUNITCONFIG), UML)"
	@cd $(LINUX) && ./tools/testing/kunit/kunit.py build $(KUNIT_OPTS) --jobs=$(JOBS)
	@touch $@

# kunit: run the KUnit tests (kunit.py exec on the kernel built above);
# fails when a test fails
kunit: $(ST)/kunit-build
	@cd $(LINUX) && ./tools/testing/kunit/kunit.py exec $(KUNIT_OPTS)

# ---------------------------------------------------------------- VM kernel
# the VM kernel's .config: tinyconfig + vm/x86_64.config +
# vm/x86_64-system.config, every option verified
$(B)/vm.config: $(REPO)/vm/x86_64.config $(REPO)/vm/x86_64-system.config
	@mkdir -p $(B)
	@cat $^ >$@
$(ST)/vm-config: $(B)/vm.config $(REPO)/vm/kconfig.sh $(ST)/tree-kernel
	@echo "  KCONFIG tinyconfig + vm/x86_64.config + vm/x86_64-system.config"
	@$(REPO)/vm/kconfig.sh $(LINUX) $(B)/vm-config $(VMK) $(B)/vm.config \
		CC="$(KCC)" HOSTCC="$(KCC)"
	@touch $@

# vm-kernel: the bzImage (build log: build/logs/vm-kernel.log)
vm-kernel: $(BZIMAGE)
$(BZIMAGE): $(ST)/vm-config $(ST)/tree-kernel
	@mkdir -p $(LOGS)
	@echo "  KERNEL  build/vm-kernel (log: build/logs/vm-kernel.log)"
	@$(KMAKE) O=$(VMK) ARCH=x86_64 -j$(JOBS) bzImage >$(LOGS)/vm-kernel.log 2>&1 || \
		{ tail -40 $(LOGS)/vm-kernel.log; echo "vm-kernel: build FAILED," \
		  "see build/logs/vm-kernel.log" >&2; exit 1; }
	@touch $@

# the VM kernel's UAPI headers, for the selftests
$(ST)/vm-headers: $(ST)/vm-config $(ST)/tree-kernel
	@$(KMAKE) -s O=$(VMK) ARCH=x86_64 headers
	@touch $@

# selftests: the kselftests (ours and the kernel's lsm ones), static,
# installed in build/kselftest-install/<target>/
selftests: $(ST)/kselftest
$(ST)/kselftest: $(ST)/vm-headers $(ST)/tree $(ST)/var-KST_TARGETS
	@mkdir -p $(LOGS)
	@echo "  KSELFTEST $(KST_TARGETS) (log: build/logs/kselftest-build.log)"
	@rm -rf $(KST_INSTALL)
	@$(MAKE) --no-print-directory -C $(LINUX)/tools/testing/selftests O=$(VMK) \
		ARCH=x86_64 CC="gcc -static" FORCE_TARGETS=1 \
		TARGETS="$(KST_TARGETS)" INSTALL_PATH=$(KST_INSTALL) install \
		>$(LOGS)/kselftest-build.log 2>&1 || \
		{ tail -40 $(LOGS)/kselftest-build.log; echo "selftests: build FAILED," \
		  "see build/logs/kselftest-build.log" >&2; exit 1; }
	@touch $@

# ---------------------------------------------------------------- initramfs
# 16 MiB ext2, ext4 and btrfs (mixed block groups) images for the
# loop-device tests (/images/*.img)
$(B)/ext2.img $(B)/ext4.img: $(B)/%.img: | deps
	@rm -f $@ && truncate -s 16M $@.tmp
	@/sbin/mke2fs -q -t $* -F $@.tmp && mv $@.tmp $@
$(B)/btrfs.img: | deps
	@rm -f $@ && truncate -s 16M $@.tmp
	@/sbin/mkfs.btrfs -q -M $@.tmp >/dev/null && mv $@.tmp $@
IMAGES := $(B)/ext2.img $(B)/ext4.img $(B)/btrfs.img
empty :=
space := $(empty) $(empty)
IMAGE_LIST := $(subst $(space),:,$(IMAGES))

VM_FILES := $(REPO)/vm/init $(REPO)/vm/demo.sh $(REPO)/vm/mkinitramfs.sh
VM_TESTS := $(sort $(shell find $(REPO)/vm/tests -type f 2>/dev/null))

# initramfs: busybox, /init, the selftests, vm/tests/ and the ext2 image;
# remade only when one of them changed (or a file left vm/tests/)
initramfs: $(INITRAMFS)
$(INITRAMFS): $(VM_FILES) $(VM_TESTS) $(ST)/var-VM_TESTS $(ST)/kselftest \
		$(IMAGES) /bin/busybox $(PLACEHOLDER)
	@echo "  INITRAMFS build/initramfs.cpio.gz"
	@$(REPO)/vm/mkinitramfs.sh $(B)/initramfs $@ $(KST_INSTALL) $(REPO)/vm \
		$(IMAGE_LIST) $(if $(PLACEHOLDER),$(B)/placeholder/tests)

# installed by deps (busybox-static)
/bin/busybox: | deps

# a stand-in boot list and script until vm/tests/boots exists: the kernel's
# lsm selftests, once with safename active and once without
$(B)/placeholder/boots:
	@mkdir -p $(dir $@)tests
	@printf '# NAME\tSCRIPT\tEXTRA_KERNEL_ARGS\n%s\t%s\t%s\n%s\t%s\t%s\n' \
		placeholder placeholder lsm=landlock,yama,safename \
		placeholder-nosafename placeholder lsm=landlock,yama >$@
	@printf '%s\n' '#!/bin/sh' 'rc=0' \
		'for t in /selftests/lsm/lsm_*_test; do "$$t" || rc=1; done' \
		'exit $$rc' >$(dir $@)tests/placeholder.sh

# ----------------------------------------------------------------- run, check
# run: boot the VM with Safename active, run the demonstration (vm/demo.sh),
# then an interactive shell when stdin is a terminal ("quiet": the kernel
# prints only warnings; dmesg has the rest)
run: $(BZIMAGE) $(INITRAMFS)
	@if [ -t 0 ]; then shell=1; else shell=0; fi; \
	KERNEL=$(BZIMAGE) INITRD=$(INITRAMFS) LOGDIR=$(LOGS) SHARE=$(B)/share \
	INTERACTIVE=$$shell $(REPO)/vm/qemu.sh demo \
		quiet sn.script=demo sn.unpriv=$(UNPRIV) sn.priv=$(PRIV) sn.shell=$$shell $(APPEND)

# check: every suite in CHECK_SUITES, then the summary; a suite that fails
# before counting anything counts as one failed case
check:
	@rm -rf $(RESULTS) && mkdir -p $(RESULTS) $(LOGS)
	@pre=0; for s in $(CHECK_SUITES); do \
		echo "=== suite $$s"; \
		case $$s in \
		vm)	$(MAKE) --no-print-directory vm-kernel initramfs || true; \
			echo "  PREBUILD $(PREBUILD) (one job, log: build/logs/prebuild.log)"; \
			$(MAKE) --no-print-directory JOBS=1 $(PREBUILD) \
				>$(LOGS)/prebuild.log 2>&1 & pre=$$!;; \
		$(PREBUILD_FOR)) \
			[ "$$pre" = 0 ] || { wait $$pre || true; pre=0; };; \
		esac; \
		if ! $(MAKE) --no-print-directory check-$$s; then \
			ls $(RESULTS)/$$s*.count >/dev/null 2>&1 || \
				echo "0 1" >$(RESULTS)/$$s.count; \
		fi; \
	done; \
	[ "$$pre" = 0 ] || wait $$pre || true
	@$(REPO)/vm/summary.sh $(RESULTS)

# what make check builds in the background, with one job, while the VM
# suite's boots (one CPU each) leave the other CPU idle; the suites of
# PREBUILD_FOR wait for it before they start
PREBUILD     := debug-kernel distro-image
PREBUILD_FOR := distro|debug

# check-kunit: the KUnit suite, counted from kunit.py's summary line
check-kunit: $(ST)/kunit-build
	@mkdir -p $(LOGS) $(RESULTS)
	@rc=0; cd $(LINUX) && ./tools/testing/kunit/kunit.py exec $(KUNIT_OPTS) \
		2>&1 | tee $(LOGS)/kunit.log || rc=$$?; \
	$(REPO)/vm/count-kunit.sh $(LOGS)/kunit.log $$rc >$(RESULTS)/kunit.count

# check-vm: one VM boot per line of vm/tests/boots, counted from its TAP lines
check-vm: $(BZIMAGE) $(INITRAMFS) $(BOOTS)
	@KERNEL=$(BZIMAGE) INITRD=$(INITRAMFS) LOGDIR=$(LOGS) SHARE=$(B)/share \
	$(REPO)/vm/boot-suite.sh $(BOOTS) $(RESULTS)

# check-tools: safename-scan's tests on the host (TAP)
check-tools:
	@mkdir -p $(LOGS) $(RESULTS)
	@rc=0; $(MAKE) --no-print-directory -C $(REPO)/tools/safename \
		OUTPUT=$(B)/tools/ check >$(LOGS)/tools.log 2>&1 || rc=$$?; \
	$(REPO)/vm/count-tap.sh tools $(LOGS)/tools.log $$rc >$(RESULTS)/tools.count

# check-fuzz: a short bounded libFuzzer run of each fuzz target
FUZZ_CHECK_SECONDS ?= 20
check-fuzz:
	@mkdir -p $(LOGS) $(RESULTS)
	@rc=0; $(MAKE) --no-print-directory -C $(REPO)/tools/testing/safename \
		O=$(B)/fuzz CHECK_SECONDS=$(FUZZ_CHECK_SECONDS) check \
		>$(LOGS)/fuzz.log 2>&1 || rc=$$?; \
	$(REPO)/vm/count-tap.sh fuzz $(LOGS)/fuzz.log $$rc >$(RESULTS)/fuzz.count

# fuzz: each fuzz target for FUZZ_SECONDS
FUZZ_SECONDS ?= 60
fuzz:
	@$(MAKE) --no-print-directory -C $(REPO)/tools/testing/safename \
		O=$(B)/fuzz FUZZ_SECONDS=$(FUZZ_SECONDS) fuzz

# series: the patch series, from the pristine tree, in build/series-out/
SERIES_OUT := $(B)/series-out
series: | deps
	@rm -rf $(SERIES_OUT)
	@$(REPO)/series/make-series.sh $(SERIES_OUT)
	@echo "series: $$(ls $(SERIES_OUT)/*.patch | wc -l) files in build/series-out/"

# check-series: each patch's size (series/sizes.sh), then the series applies
# with git am, builds with W=1 and passes its KUnit tests after each patch,
# checkpatch --strict is clean on every patch; then the static gates
# (sparse, coccinelle, W=1, kernel-doc, checkpatch, ABI, docs)
check-series: series
	@mkdir -p $(LOGS) $(RESULTS)
	@rc=0; { $(REPO)/series/check-series.sh $(SERIES_OUT) && \
		$(REPO)/series/gates.sh -O $(B)/series/kbuild -s $(SERIES_OUT) \
			$(B)/series/linux; } >$(LOGS)/series.log 2>&1 || rc=$$?; \
	$(REPO)/vm/count-tap.sh series $(LOGS)/series.log $$rc >$(RESULTS)/series.count

# the sanitizer VM kernel: vm/x86_64.config + vm/x86_64-debug.config
DEBUGK    := $(B)/debug-kernel
DEBUG_BZIMAGE := $(DEBUGK)/arch/x86/boot/bzImage
$(B)/debug.config: $(REPO)/vm/x86_64.config $(REPO)/vm/x86_64-debug.config
	@cat $^ >$@
$(ST)/debug-config: $(B)/debug.config $(REPO)/vm/kconfig.sh $(ST)/tree-kernel
	@echo "  KCONFIG tinyconfig + vm/x86_64.config + vm/x86_64-debug.config"
	@$(REPO)/vm/kconfig.sh $(LINUX) $(B)/debug-config $(DEBUGK) $(B)/debug.config \
		CC="$(KCC)" HOSTCC="$(KCC)"
	@touch $@
debug-kernel: $(DEBUG_BZIMAGE)
$(DEBUG_BZIMAGE): $(ST)/debug-config $(ST)/tree-kernel
	@mkdir -p $(LOGS)
	@echo "  KERNEL  build/debug-kernel (log: build/logs/debug-kernel.log)"
	@$(KMAKE) O=$(DEBUGK) ARCH=x86_64 -j$(JOBS) bzImage >$(LOGS)/debug-kernel.log 2>&1 || \
		{ tail -40 $(LOGS)/debug-kernel.log; echo "debug-kernel: build FAILED," \
		  "see build/logs/debug-kernel.log" >&2; exit 1; }
	@touch $@

# check-debug: the kselftests and the storm on the sanitizer kernel; any
# BUG, WARNING, KASAN, UBSAN, lockdep, RCU or kmemleak report fails it
check-debug: $(DEBUG_BZIMAGE) $(INITRAMFS)
	@KERNEL=$(DEBUG_BZIMAGE) INITRD=$(INITRAMFS) LOGDIR=$(LOGS) SHARE=$(B)/share \
	TIMEOUT=$(DEBUG_TIMEOUT) $(REPO)/vm/boot-suite.sh $(REPO)/vm/tests/boots-debug $(RESULTS)
DEBUG_TIMEOUT ?= 2400

# ------------------------------------------------------- the Debian system
# distro-image: a Debian 13 trixie ext4 image made by mmdebstrap from
# Debian's archive (vm/distro/image.sh), remade only when its recipe changes
DISTRO_IMG    := $(B)/distro/trixie.img
DISTRO_RECIPE := $(addprefix $(REPO)/vm/distro/,image.sh customize.sh material.py)
distro-image: $(DISTRO_IMG)
$(DISTRO_IMG): $(DISTRO_RECIPE) | deps
	@echo "  IMAGE   build/distro/trixie.img (mmdebstrap; log: build/distro/work/mmdebstrap.log)"
	@$(REPO)/vm/distro/image.sh $@ $(B)/distro/work

# the kernel (the VM kernel) command line: the image on /dev/vda, the policy
# of the issue from boot (both modes enforce and log, utf8, default sets)
DISTRO_ARGS := root=/dev/vda rw rootfstype=ext4 loglevel=4 systemd.show_status=false \
	safename.mode_for_unprivileged=3 safename.mode_for_privileged=3 safename.utf8=1
DISTRO_TIMEOUT ?= 1500
DISTRO_ENV = KERNEL=$(BZIMAGE) INITRD= DISK=$(DISTRO_IMG) MEM=2G SMP=2 \
	LOGDIR=$(LOGS) SHARE=$(B)/share

# check-distro: boot the image under systemd and run vm/distro/distro-tests.sh
# (with safename-scan and tap.sh on the 9p share), counted as the VM boots
check-distro: $(BZIMAGE) $(DISTRO_IMG) $(B)/tools/safename-scan
	@mkdir -p $(RESULTS)
	@printf 'distro\tdistro\t%s safename_distro.test\n' "$(DISTRO_ARGS)" >$(B)/distro/boots
	@$(DISTRO_ENV) TIMEOUT=$(DISTRO_TIMEOUT) \
	SEED="$(REPO)/vm/distro/distro-tests.sh $(REPO)/vm/tests/tap.sh $(B)/tools/safename-scan" \
		$(REPO)/vm/boot-suite.sh $(B)/distro/boots $(RESULTS)

# distro-run: boot the image, root logged in on the console (a terminal is
# needed; `systemctl reboot` or Ctrl-A x ends it: QEMU runs with -no-reboot,
# and the kernel has no ACPI, so `systemctl poweroff` only halts it)
distro-run: $(BZIMAGE) $(DISTRO_IMG) $(B)/tools/safename-scan
	@[ -t 0 ] || { echo "distro-run: needs a terminal (make check-distro runs the tests)" >&2; exit 2; }
	@$(DISTRO_ENV) INTERACTIVE=1 SEED="$(B)/tools/safename-scan" \
		$(REPO)/vm/qemu.sh distro-run $(DISTRO_ARGS) $(APPEND)

$(B)/tools/safename-scan: FORCE
	@$(MAKE) --no-print-directory -C $(REPO)/tools/safename OUTPUT=$(B)/tools/ $@ >/dev/null

# bench: the rule under callgrind, then the VM under -icount (not tests:
# figures only); TSVs in build/bench/
BENCH_ROUNDS ?= 5
BENCH_ITERATIONS ?= 4000
$(B)/bench-guest/fsbench: $(REPO)/bench/fsbench.c $(REPO)/bench/vm-bench.sh
	@mkdir -p $(dir $@)
	@gcc -O2 -Wall -static -o $@ $<
	@cp $(REPO)/bench/vm-bench.sh $(dir $@)bench.sh
$(B)/bench-initramfs.cpio.gz: $(INITRAMFS) $(B)/bench-guest/fsbench
	@$(REPO)/vm/mkinitramfs.sh $(B)/bench-initramfs $@ $(KST_INSTALL) $(REPO)/vm \
		$(IMAGE_LIST) $(B)/bench-guest
bench: $(BZIMAGE) $(B)/bench-initramfs.cpio.gz | deps
	@echo "=== the rule: instructions per name (callgrind)"
	@$(REPO)/bench/corpus.sh $(LINUX) $(B)/bench/corpus.txt
	@$(REPO)/bench/rulebench.sh $(B)/bench $(B)/bench/corpus.txt
	@echo "=== the hooks in the VM: ops/s under -icount (rounds=$(BENCH_ROUNDS))"
	@KERNEL=$(BZIMAGE) INITRD=$(B)/bench-initramfs.cpio.gz LOGDIR=$(LOGS) \
	BENCH_ARGS="sn.rounds=$(BENCH_ROUNDS) sn.iterations=$(BENCH_ITERATIONS)" \
		$(REPO)/bench/run-vm-bench.sh $(B)/bench
	@echo "=== safename-scan against find(1), 1000000 names"
	@$(MAKE) --no-print-directory -C $(REPO)/tools/safename OUTPUT=$(B)/tools/ bench

# clean: build outputs, keeping the extracted trees and ccache
clean:
	rm -rf $(B)/kunit $(B)/vm-kernel $(B)/vm-config $(B)/initramfs* \
		$(B)/kselftest-install $(IMAGES) $(B)/logs $(B)/results \
		$(B)/share $(B)/placeholder $(DEBUGK) $(B)/debug-config \
		$(B)/debug.config $(B)/vm.config $(B)/distro $(B)/series $(SERIES_OUT) $(B)/bench \
		$(B)/bench-guest $(B)/bench-initramfs* $(B)/fuzz $(B)/tools
	rm -f $(ST)/kunit-build $(ST)/vm-config $(ST)/vm-headers \
		$(ST)/kselftest $(ST)/debug-config $(ST)/var-*

# distclean: all of build/
distclean:
	rm -rf $(B)

FORCE:
