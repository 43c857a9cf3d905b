# Safename: build Linux with the Safename LSM, test it under KUnit (UML), in a
# small QEMU x86_64 VM and in a Debian system.  Two kernels (BASE=): mainline
# (Linux 7.3, the default) and the 6.12 LTS, made from the same files by the
# backport in backport/6.12/.  Everything it makes lives in build/.
#
#   make run      build everything, boot the VM, show a demonstration
#   make check    run every test suite; ends with "N passed, N failed"
#   make help     the other targets and the variables
#
# Builds are incremental: stamp files in build/BASE/stamps/ record what is
# done, so a second `make check` with nothing changed rebuilds nothing.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:
.SUFFIXES:

# ---------------------------------------------------------------- variables
REPO      := $(CURDIR)
B         := $(REPO)/build

# the kernel: mainline (Debian's linux-source-7.3, fetched from
# trixie-backports with a private sources list) or 6.12 (Debian's
# linux-source-6.12, installed by make deps)
BASE      ?= mainline
ifeq ($(BASE),mainline)
KVERSION  := 7.3
TARBALL   ?= $(B)/src/linux-source-7.3.tar.xz
BACKPORT  :=
SFX       :=
else ifeq ($(BASE),6.12)
KVERSION  := 6.12
TARBALL   ?= /usr/src/linux-source-6.12.tar.xz
BACKPORT  := $(REPO)/backport/6.12
SFX       := -6.12
else
$(error BASE=$(BASE): mainline or 6.12)
endif
export BASE
KB        := $(B)/$(BASE)
ST        := $(KB)/stamps
PRISTINE  := $(KB)/pristine
LINUX     := $(KB)/linux
# logs and results of both kernels in one place; those of 6.12 end in -6.12
LOGS      := $(B)/logs
RESULTS   := $(B)/results

JOBS      ?= 2
# ccache for every kernel build, its cache outside the checkout; paths
# relative to the checkout, so that clones in other folders share hits
CCACHE_DIR ?= $(HOME)/.cache/safename-ccache
CCACHE_BASEDIR ?= $(REPO)
# depend mode: a miss hashes the compiler's dependency file instead of
# running the preprocessor once more (a cold build of fs/ext4/ and
# fs/btrfs/: 62 s instead of 91; hits as fast)
CCACHE_DEPEND ?= 1
export CCACHE_DIR CCACHE_BASEDIR CCACHE_DEPEND
KCC       := ccache gcc
KMAKE     := $(MAKE) --no-print-directory -C $(LINUX) CC="$(KCC)" HOSTCC="$(KCC)"

# KUnit under UML
KUNITCONFIG ?= security/safename
KUNIT_DIR := $(KB)/kunit
KUNIT_OPTS = --kunitconfig=$(KUNITCONFIG) --build_dir=$(KUNIT_DIR) \
	--make_options "CC=$(KCC)" --make_options "HOSTCC=$(KCC)"

# the VM: a kernel per base; one initramfs for both, with the kselftests
# built in the mainline tree (static programs that run on either kernel)
VMK       := $(KB)/vm-kernel
BZIMAGE   := $(VMK)/arch/x86/boot/bzImage
MAIN      := $(B)/mainline
INITRAMFS := $(B)/initramfs.cpio.gz
KST_INSTALL := $(B)/kselftest-install
KST_TARGETS = lsm $(if $(wildcard $(REPO)/tools/testing/selftests/safename/Makefile),safename)
# the boot list of `make check` for this base
BOOTS     ?= $(REPO)/vm/tests/boots$(SFX)
KVM       ?= 0
ICOUNT    ?= 0
TIMEOUT   ?= 300
# the demonstration policy of `make run`
UNPRIV    ?= 3
PRIV      ?= 2
APPEND    ?=
export KVM ICOUNT TIMEOUT

# suites of `make check`, in order; each is a target check-NAME that leaves
# build/results/NAME*.count files holding "PASSED FAILED" (see vm/summary.sh);
# NAME-6.12 runs suite NAME on the 6.12 kernel.  Other suites add themselves
# here.
CHECK_SUITES := kunit vm tools fuzz series series-6.12 kunit-6.12+vm-6.12 \
	distro+distro-6.12 debug

.PHONY: help all deps tree kunit kunit-build vm-kernel initramfs selftests \
	run check $(addprefix check-,$(subst +, ,$(CHECK_SUITES))) clean distclean FORCE \
	series series-base bench fuzz debug-kernel distro-image distro-run source \
	check-robot bench-kernel bench-deps

# help: the targets and variables
help:
	@echo "make run       build all, boot the VM, demonstrate Safename" \
	      "(UNPRIV=$(UNPRIV) PRIV=$(PRIV); BASE=6.12 for the LTS kernel)"
	@echo "make check     run every test suite: $(CHECK_SUITES)"
	@echo "make all       build the KUnit kernel, the VM kernel and initramfs"
	@echo "make kunit     run the KUnit tests under UML ($(KUNITCONFIG))"
	@echo "make series    the kernel patch series of both kernels in build/series-out/"
	@echo "make bench     benchmarks: the rule (callgrind) and the VM (icount)"
	@echo "make fuzz      run each fuzzer for FUZZ_SECONDS (default 60)"
	@echo "make check-NAME  one suite alone (NAME: $(subst +, ,$(CHECK_SUITES)))"
	@echo "make vm-kernel | debug-kernel | initramfs | selftests | tree | deps"
	@echo "make clean     remove build outputs, keep the extracted trees"
	@echo "make distclean remove build/ entirely"
	@echo "variables: BASE=mainline|6.12 KVM=1 ICOUNT=1 TIMEOUT=s UNPRIV=m PRIV=m" \
	      "APPEND='args' JOBS=n CCACHE_DIR=dir KUNITCONFIG=dir BOOTS=file"

# all: every build product of this base, no test run
all: $(ST)/kunit-build $(BZIMAGE) $(INITRAMFS)

# deps: install the Debian packages that are missing (sudo when not root)
deps:
	@$(REPO)/vm/deps.sh

# source: Debian's linux-source-7.3 from trixie-backports, with apt lists
# of its own (this machine's apt configuration is left alone)
source: $(B)/src/linux-source-7.3.tar.xz
$(B)/src/linux-source-7.3.tar.xz: | deps
	@mkdir -p $(dir $@)
	@$(REPO)/vm/fetch-source.sh $@ $(B)/src/apt

# ------------------------------------------------------------- kernel trees
# the pristine tree, extracted once from the base's tarball
$(ST)/pristine: $(TARBALL) | deps
	@echo "  EXTRACT $(TARBALL) -> build/$(BASE)/pristine"
	@rm -rf $(PRISTINE) && mkdir -p $(PRISTINE) $(ST)
	@tar -xf $(TARBALL) -C $(PRISTINE) --strip-components=1
	@touch $@
/usr/src/linux-source-6.12.tar.xz: | deps

# the work tree, a copy of the pristine one made once
$(ST)/linux: $(ST)/pristine
	@echo "  COPY    build/$(BASE)/pristine -> build/$(BASE)/linux"
	@rm -rf $(LINUX) $(ST)/owned.list
	@cp -a $(PRISTINE) $(LINUX)
	@touch $@

# tree: overlay our files and apply our patches (and, for 6.12, the
# backport); build/BASE/stamps/tree changes only when a file in
# build/BASE/linux did, .../tree-kernel only when one that kernel builds use
# did (not under tools/ or Documentation/) (under a lock: make check's
# background build, or a make run started meanwhile, syncs too, and
# sync-tree.sh's scratch files are shared)
tree: $(ST)/tree
$(ST)/tree: $(ST)/linux FORCE
	@flock $(ST)/tree.lock $(REPO)/vm/sync-tree.sh $(REPO) $(PRISTINE) $(LINUX) $(ST) $(BACKPORT)
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
	@echo "  KUNIT   build ($(KUNITCONFIG), UML, $(BASE))"
	@cd $(LINUX) && ./tools/testing/kunit/kunit.py build $(KUNIT_OPTS) --jobs=$(JOBS)
	@touch $@

# kunit: run the KUnit tests (kunit.py exec on the kernel built above);
# fails when a test fails
kunit: $(ST)/kunit-build
	@cd $(LINUX) && ./tools/testing/kunit/kunit.py exec $(KUNIT_OPTS)

# ---------------------------------------------------------------- VM kernel
# the VM kernel's .config: tinyconfig + vm/x86_64.config +
# vm/x86_64-system.config + the selftests' config (+ vm/x86_64-BASE.config
# where the kernels' options differ), every option verified
VM_FRAGMENTS := $(REPO)/vm/x86_64.config $(REPO)/vm/x86_64-system.config \
	$(REPO)/tools/testing/selftests/safename/config \
	$(wildcard $(REPO)/vm/x86_64-$(BASE).config)
# written only when it changes (a fragment added to the list changes it
# without being newer than it); an option given twice alike is kept once.
# The suites that run side by side make it at once: each writes its own
# temporary file, and the rename is atomic.
define cat-fragments
	@mkdir -p $(KB)
	@tmp=$@.$$$$; awk '!/^CONFIG_/ || !seen[$$0]++' $(1) >$$tmp && \
	if cmp -s $$tmp $@; then rm -f $$tmp; else mv -f $$tmp $@; fi
endef
$(KB)/vm.config: $(VM_FRAGMENTS) FORCE
	$(call cat-fragments,$(VM_FRAGMENTS))
$(ST)/vm-config: $(KB)/vm.config $(REPO)/vm/kconfig.sh $(ST)/tree-kernel
	@echo "  KCONFIG tinyconfig + $(notdir $(VM_FRAGMENTS)) ($(BASE))"
	@$(REPO)/vm/kconfig.sh $(LINUX) $(KB)/vm-config $(VMK) $(KB)/vm.config \
		CC="$(KCC)" HOSTCC="$(KCC)"
	@touch $@

# vm-kernel: the bzImage (build log: build/logs/vm-kernel$(SFX).log)
vm-kernel: $(BZIMAGE)
$(BZIMAGE): $(ST)/vm-config $(ST)/tree-kernel
	@mkdir -p $(LOGS)
	@echo "  KERNEL  build/$(BASE)/vm-kernel (log: build/logs/vm-kernel$(SFX).log)"
	@$(KMAKE) O=$(VMK) ARCH=x86_64 -j$(JOBS) bzImage >$(LOGS)/vm-kernel$(SFX).log 2>&1 || \
		{ tail -40 $(LOGS)/vm-kernel$(SFX).log; echo "vm-kernel: build FAILED," \
		  "see build/logs/vm-kernel$(SFX).log" >&2; exit 1; }
	@touch $@

# ---------------------------------------------------------------- initramfs
# 16 MiB ext2, ext4, btrfs (mixed block groups), casefolding ext4 and
# minix images for the loop-device tests (/images/*.img)
$(B)/ext2.img $(B)/ext4.img: $(B)/%.img: | deps
	@rm -f $@ && truncate -s 16M $@.tmp
	@/sbin/mke2fs -q -t $* -F $@.tmp && mv $@.tmp $@
$(B)/btrfs.img: | deps
	@rm -f $@ && truncate -s 16M $@.tmp
	@/sbin/mkfs.btrfs -q -M $@.tmp >/dev/null && mv $@.tmp $@
# ext4 with casefolded directories allowed (chattr +F on an empty one)
$(B)/casefold.img: | deps
	@rm -f $@ && truncate -s 16M $@.tmp
	@/sbin/mke2fs -q -t ext4 -O casefold -F $@.tmp && mv $@.tmp $@
# minix version 1, 30-byte names: 250 links a file or directory at most
$(B)/minix.img: | deps
	@rm -f $@ && truncate -s 16M $@.tmp
	@/sbin/mkfs.minix -1 -n 30 $@.tmp >/dev/null && mv $@.tmp $@
IMAGES := $(B)/ext2.img $(B)/ext4.img $(B)/btrfs.img $(B)/casefold.img \
	$(B)/minix.img
empty :=
space := $(empty) $(empty)
IMAGE_LIST := $(subst $(space),:,$(IMAGES))

VM_FILES := $(REPO)/vm/init $(REPO)/vm/demo.sh $(REPO)/vm/mkinitramfs.sh
VM_TESTS := $(sort $(shell find $(REPO)/vm/tests -type f 2>/dev/null))

ifeq ($(BASE),mainline)
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

# initramfs: busybox, /init, the selftests, vm/tests/ and the images;
# remade only when one of them changed (or a file left vm/tests/)
initramfs: $(INITRAMFS)
$(INITRAMFS): $(VM_FILES) $(VM_TESTS) $(ST)/var-VM_TESTS $(ST)/kselftest \
		$(IMAGES) /bin/busybox
	@echo "  INITRAMFS build/initramfs.cpio.gz"
	@$(REPO)/vm/mkinitramfs.sh $(B)/initramfs $@ $(KST_INSTALL) $(REPO)/vm \
		$(IMAGE_LIST)
else
# one initramfs for both kernels: the mainline tree's
selftests initramfs $(INITRAMFS): FORCE
	@$(MAKE) --no-print-directory BASE=mainline $@
endif

# installed by deps (busybox-static)
/bin/busybox: | deps

# ----------------------------------------------------------------- run, check
# run: boot the VM with Safename active, run the demonstration (vm/demo.sh),
# then an interactive shell when stdin is a terminal ("quiet": the kernel
# prints only warnings; dmesg has the rest)
run: $(BZIMAGE) $(INITRAMFS)
	@if [ -t 0 ]; then shell=1; else shell=0; fi; \
	KERNEL=$(BZIMAGE) INITRD=$(INITRAMFS) LOGDIR=$(LOGS) SHARE=$(B)/share \
	INTERACTIVE=$$shell $(REPO)/vm/qemu.sh demo$(SFX) \
		quiet sn.script=demo sn.unpriv=$(UNPRIV) sn.priv=$(PRIV) sn.shell=$$shell $(APPEND)

# check: every suite in CHECK_SUITES, then the summary; a suite that fails
# before counting anything counts as one failed case.  Suites joined by +
# run at once (their boots take one CPU each; what each printed is shown
# when both are done)
check:
	@rm -rf $(RESULTS) && mkdir -p $(RESULTS) $(LOGS)
	@pre=0; t0=$$(date +%s); \
	suite() { $(MAKE) --no-print-directory \
		$$(case $$1 in series) echo SERIES_KUNIT_RUN=$(CHECK_SERIES_KUNIT);; esac) \
		check-$$1 || \
		ls $(RESULTS)/$$1*.count >/dev/null 2>&1 || \
		echo "0 1" >$(RESULTS)/$$1.count; }; \
	for g in $(CHECK_SUITES); do \
		echo "=== suite $$g (at $$(( ($$(date +%s) - t0) / 60 )) min)"; \
		for s in $$(echo $$g | tr + ' '); do \
		case $$s in \
		vm)	$(MAKE) --no-print-directory vm-kernel initramfs || true; \
			echo "  PREBUILD $(PREBUILD) (log: build/logs/prebuild.log)"; \
			{ $(MAKE) --no-print-directory $(PREBUILD) && \
			  $(MAKE) --no-print-directory BASE=6.12 $(PREBUILD_6.12); } \
				>$(LOGS)/prebuild.log 2>&1 & pre=$$!;; \
		$(PREBUILD_FOR)) \
			[ "$$pre" = 0 ] || { wait $$pre || true; pre=0; };; \
		esac; \
		done; \
		case $$g in \
		*+*)	for s in $$(echo $$g | tr + ' '); do \
				suite $$s >$(LOGS)/suite-$$s.out 2>&1 & \
			done; \
			wait; \
			for s in $$(echo $$g | tr + ' '); do \
				cat $(LOGS)/suite-$$s.out; \
			done;; \
		*)	suite $$g;; \
		esac; \
	done; \
	[ "$$pre" = 0 ] || wait $$pre || true; \
	echo "=== all suites run in $$(( ($$(date +%s) - t0) / 60 )) min"
	@$(REPO)/vm/summary.sh $(RESULTS)

# what make check builds in the background while the VM suite's boots
# (one CPU each) and the series run: with JOBS jobs, so that no CPU idles
# once the suites in front wait for it; those of PREBUILD_FOR do
PREBUILD      := debug-kernel distro-image
PREBUILD_6.12 := vm-kernel
PREBUILD_FOR  := kunit-6.12|vm-6.12|distro|distro-6.12|debug

# check-NAME-6.12: suite NAME on the 6.12 kernel (a static pattern rule:
# make looks for no implicit rule for a phony target)
check-kunit-6.12 check-vm-6.12 check-series-6.12 check-distro-6.12 \
check-robot-6.12: check-%-6.12:
	@$(MAKE) --no-print-directory BASE=6.12 check-$*

# check-kunit: the KUnit suite, counted from kunit.py's summary line.  On
# mainline, under UML (kunit.py exec); on 6.12, the same tests as the VM
# kernel runs them while it boots, read from its console by kunit.py
# parse: one boot instead of a second UML kernel to build
ifeq ($(BASE),mainline)
check-kunit: $(ST)/kunit-build
	@mkdir -p $(LOGS) $(RESULTS)
	@rc=0; cd $(LINUX) && ./tools/testing/kunit/kunit.py exec $(KUNIT_OPTS) \
		2>&1 | tee $(LOGS)/kunit$(SFX).log || rc=$$?; \
	$(REPO)/vm/count-kunit.sh $(LOGS)/kunit$(SFX).log $$rc >$(RESULTS)/kunit$(SFX).count
else
check-kunit: $(BZIMAGE) $(INITRAMFS)
	@mkdir -p $(LOGS) $(RESULTS)
	@rc=0; KERNEL=$(BZIMAGE) INITRD=$(INITRAMFS) LOGDIR=$(LOGS) QUIET=1 \
		$(REPO)/vm/qemu.sh kunit-boot$(SFX) sn.script=kunit \
		lsm=landlock,safename audit=0 || rc=$$?; \
	cd $(LINUX) && ./tools/testing/kunit/kunit.py parse $(LOGS)/kunit-boot$(SFX).log \
		2>&1 | tee $(LOGS)/kunit$(SFX).log || rc=$$?; \
	$(REPO)/vm/count-kunit.sh $(LOGS)/kunit$(SFX).log $$rc >$(RESULTS)/kunit$(SFX).count
endif

# check-vm: one VM boot per line of vm/tests/boots (boots-6.12 for 6.12),
# counted from its TAP lines
check-vm: $(BZIMAGE) $(INITRAMFS) $(BOOTS)
	@KERNEL=$(BZIMAGE) INITRD=$(INITRAMFS) LOGDIR=$(LOGS) SHARE=$(B)/share \
	SUFFIX=$(SFX) $(REPO)/vm/boot-suite.sh $(BOOTS) $(RESULTS)

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

# KUnit in the series: on mainline after each patch that adds or changes
# KUnit tests and after the last (SERIES_KUNIT_RUN=each: after every
# patch), but after the last only in make check (CHECK_SERIES_KUNIT: each
# UML kernel after a patch that changes the LSM headers is a near-full
# build on CI's cache); on 6.12 only when asked (make check runs 6.12's
# KUnit tests in its VM kernel)
CHECK_SERIES_KUNIT ?= last
SERIES_KUNIT_RUN ?= $(if $(SFX),none,tests)
# gates left out of the 6.12 series (series/gates.sh): coccicheck and the
# Sphinx build check the same sources and docs as mainline's, but for the
# API backport, and take minutes CI does not have
GATES_SKIP ?= $(if $(SFX),cocci docs)

# series: the patch series of this base, from its pristine tree, in
# build/series-out/BASE/; `make series` makes both
SERIES_OUT := $(B)/series-out/$(BASE)
SERIES_WORK := $(KB)/series
series:
	@$(MAKE) --no-print-directory BASE=mainline series-base
	@$(MAKE) --no-print-directory BASE=6.12 series-base
series-base: $(TARBALL) | deps
	@rm -rf $(SERIES_OUT)
	@TARBALL=$(TARBALL) SERIES_WORK=$(SERIES_WORK) BACKPORT=$(BACKPORT) \
		$(REPO)/series/make-series.sh $(SERIES_OUT)
	@echo "series: $$(ls $(SERIES_OUT)/*.patch | wc -l) files in build/series-out/$(BASE)/"

# check-series: each patch's size (series/sizes.sh), then the series applies
# with git am, builds with W=1 and passes its KUnit tests after each patch,
# checkpatch --strict is clean on every patch; then the static gates
# (sparse, coccinelle, W=1, kernel-doc, checkpatch, ABI, docs)
check-series: series-base
	@mkdir -p $(LOGS) $(RESULTS)
	@rc=0; { SERIES_WORK=$(SERIES_WORK) SERIES_KUNIT_RUN=$(SERIES_KUNIT_RUN) \
		$(REPO)/series/check-series.sh $(SERIES_OUT) && \
		GATES_SKIP="$(GATES_SKIP)" $(REPO)/series/gates.sh -O $(SERIES_WORK)/kbuild \
			-s $(SERIES_OUT) $(SERIES_WORK)/linux; } >$(LOGS)/series$(SFX).log 2>&1 || rc=$$?; \
	$(REPO)/vm/count-tap.sh series$(SFX) $(LOGS)/series$(SFX).log $$rc >$(RESULTS)/series$(SFX).count

# check-robot (not part of make check): what the kernel test robot does on
# the first day, on this base's work tree: security/safename/ with W=1 by
# clang, for i386 and s390x (big-endian), without AUDIT, without KUnit;
# btrfs, nfsd and ksmbd as modules, linked; no Safename without SYSFS;
# KUnit on i386 and s390x under QEMU.  Each architecture is a kernel
# build of its own, too slow for CI's 90 minutes.
check-robot: $(ST)/tree
	@mkdir -p $(LOGS) $(RESULTS)
	@rc=0; $(REPO)/series/robot.sh $(LINUX) $(KB)/robot >$(LOGS)/robot$(SFX).log 2>&1 || rc=$$?; \
	$(REPO)/vm/count-tap.sh robot$(SFX) $(LOGS)/robot$(SFX).log $$rc >$(RESULTS)/robot$(SFX).count

# the sanitizer VM kernel: vm/x86_64.config + vm/x86_64-debug.config + the
# selftests' own config (it boots the same selftests)
DEBUGK    := $(KB)/debug-kernel
DEBUG_BZIMAGE := $(DEBUGK)/arch/x86/boot/bzImage
DEBUG_FRAGMENTS := $(REPO)/vm/x86_64.config $(REPO)/vm/x86_64-debug.config \
	$(REPO)/tools/testing/selftests/safename/config \
	$(wildcard $(REPO)/vm/x86_64-$(BASE).config)
$(KB)/debug.config: $(DEBUG_FRAGMENTS) FORCE
	$(call cat-fragments,$(DEBUG_FRAGMENTS))
$(ST)/debug-config: $(KB)/debug.config $(REPO)/vm/kconfig.sh $(ST)/tree-kernel
	@echo "  KCONFIG tinyconfig + $(notdir $(DEBUG_FRAGMENTS)) ($(BASE))"
	@$(REPO)/vm/kconfig.sh $(LINUX) $(KB)/debug-config $(DEBUGK) $(KB)/debug.config \
		CC="$(KCC)" HOSTCC="$(KCC)"
	@touch $@
debug-kernel: $(DEBUG_BZIMAGE)
$(DEBUG_BZIMAGE): $(ST)/debug-config $(ST)/tree-kernel
	@mkdir -p $(LOGS)
	@echo "  KERNEL  build/$(BASE)/debug-kernel (log: build/logs/debug-kernel$(SFX).log)"
	@$(KMAKE) O=$(DEBUGK) ARCH=x86_64 -j$(JOBS) bzImage >$(LOGS)/debug-kernel$(SFX).log 2>&1 || \
		{ tail -40 $(LOGS)/debug-kernel$(SFX).log; echo "debug-kernel: build FAILED," \
		  "see build/logs/debug-kernel$(SFX).log" >&2; exit 1; }
	@touch $@

# check-debug: the kselftests and the storm on the sanitizer kernel; any
# BUG, WARNING, KASAN, UBSAN, lockdep, RCU or kmemleak report fails it
check-debug: $(DEBUG_BZIMAGE) $(INITRAMFS)
	@KERNEL=$(DEBUG_BZIMAGE) INITRD=$(INITRAMFS) LOGDIR=$(LOGS) SHARE=$(B)/share \
	SUFFIX=$(SFX) TIMEOUT=$(DEBUG_TIMEOUT) BOOT_JOBS=2 \
		$(REPO)/vm/boot-suite.sh $(REPO)/vm/tests/boots-debug $(RESULTS)
DEBUG_TIMEOUT ?= 2400

# ------------------------------------------------------- the Debian system
# distro-image: a Debian 13 trixie ext4 image made by mmdebstrap from
# Debian's archive (vm/distro/image.sh), remade only when its recipe
# changes; one image for both kernels
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
	@mkdir -p $(RESULTS) $(KB)
	@printf 'distro\tdistro\t%s safename_distro.test\n' "$(DISTRO_ARGS)" >$(KB)/distro-boots
	@$(DISTRO_ENV) TIMEOUT=$(DISTRO_TIMEOUT) SUFFIX=$(SFX) \
	SEED="$(REPO)/vm/distro/distro-tests.sh $(REPO)/vm/tests/tap.sh $(B)/tools/safename-scan" \
		$(REPO)/vm/boot-suite.sh $(KB)/distro-boots $(RESULTS)

# distro-run: boot the image, root logged in on the console (a terminal is
# needed; `systemctl reboot` or Ctrl-A x ends it: QEMU runs with -no-reboot,
# and the kernel has no ACPI, so `systemctl poweroff` only halts it)
distro-run: $(BZIMAGE) $(DISTRO_IMG) $(B)/tools/safename-scan
	@[ -t 0 ] || { echo "distro-run: needs a terminal (make check-distro runs the tests)" >&2; exit 2; }
	@$(DISTRO_ENV) INTERACTIVE=1 SEED="$(B)/tools/safename-scan" \
		$(REPO)/vm/qemu.sh distro-run$(SFX) $(DISTRO_ARGS) $(APPEND)

$(B)/tools/safename-scan: FORCE
	@$(MAKE) --no-print-directory -C $(REPO)/tools/safename OUTPUT=$(B)/tools/ $@ >/dev/null

# bench: the rule under callgrind, then the VM under -icount (not tests:
# figures only); TSVs in build/bench/BASE/
BENCH_ROUNDS ?= 5
BENCH_ITERATIONS ?= 4000
BENCH_WROUNDS ?= 3
BENCH_MIX ?= 10000
BENCH_OUT := $(B)/bench/$(BASE)

# the bench kernel: the VM kernel's options and vm/x86_64-bench.config (the
# BPF LSM, the JIT, BTF), so that the BPF peer of bench/bpf/ can be timed
# in the same boots; built by `make bench` only
BENCHK    := $(KB)/bench-kernel
BENCH_BZIMAGE := $(BENCHK)/arch/x86/boot/bzImage
BENCH_FRAGMENTS := $(VM_FRAGMENTS) $(REPO)/vm/x86_64-bench.config
$(KB)/bench.config: $(BENCH_FRAGMENTS) FORCE
	$(call cat-fragments,$(BENCH_FRAGMENTS))
$(ST)/bench-config: $(KB)/bench.config $(REPO)/vm/kconfig.sh $(ST)/tree-kernel | bench-deps
	@echo "  KCONFIG tinyconfig + $(notdir $(BENCH_FRAGMENTS)) ($(BASE))"
	@$(REPO)/vm/kconfig.sh $(LINUX) $(KB)/bench-kconfig $(BENCHK) $(KB)/bench.config \
		CC="$(KCC)" HOSTCC="$(KCC)"
	@touch $@
$(BENCH_BZIMAGE): $(ST)/bench-config $(ST)/tree-kernel
	@mkdir -p $(LOGS)
	@echo "  KERNEL  build/$(BASE)/bench-kernel (log: build/logs/bench-kernel$(SFX).log)"
	@$(KMAKE) O=$(BENCHK) ARCH=x86_64 -j$(JOBS) bzImage >$(LOGS)/bench-kernel$(SFX).log 2>&1 || \
		{ tail -40 $(LOGS)/bench-kernel$(SFX).log; echo "bench-kernel: build FAILED," \
		  "see build/logs/bench-kernel$(SFX).log" >&2; exit 1; }
	@touch $@
bench-kernel: $(BENCH_BZIMAGE)
$(B)/bench-guest/fsbench: $(REPO)/bench/fsbench.c $(REPO)/bench/vm-bench.sh
	@mkdir -p $(dir $@)
	@gcc -O2 -Wall -static -o $@ $<
	@cp $(REPO)/bench/vm-bench.sh $(dir $@)bench.sh
# the BPF peer and its loader (static), and the equivalence check's names
BENCH_BPF_SRC := $(addprefix $(REPO)/bench/bpf/,Makefile safename.bpf.c safename.h loader.c \
	host-check.c names.py)
$(B)/bench-guest/sn-bpf: $(BENCH_BPF_SRC) | bench-deps
	@mkdir -p $(dir $@)
	@echo "  BPF     bench/bpf -> build/bench-bpf/sn-bpf"
	@$(MAKE) --no-print-directory -s -C $(REPO)/bench/bpf O=$(B)/bench-bpf all check
	@cp $(B)/bench-bpf/sn-bpf $@
$(B)/bench-guest/names.hex: $(REPO)/bench/bpf/names.py
	@mkdir -p $(dir $@)
	@python3 $< $(dir $@)
# the whole workloads: workload, workload.sh, the archive (the mainline
# tree's Documentation/: 11,000 files with real names) and the ext4 image
# that the guest mounts on a loop device
$(B)/bench-guest/workload: $(REPO)/bench/workload.c $(REPO)/bench/vm-workload.sh
	@mkdir -p $(dir $@)
	@gcc -O2 -Wall -static -o $@ $<
	@cp $(REPO)/bench/vm-workload.sh $(dir $@)workload.sh
$(B)/bench-guest/tree.tar: $(MAIN)/stamps/pristine
	@mkdir -p $(dir $@)
	@tar -cf $@.tmp -C $(MAIN)/pristine --sort=name --owner=0 --group=0 \
		--mtime=@0 Documentation && mv $@.tmp $@
ifneq ($(BASE),mainline)
$(MAIN)/stamps/pristine:
	@$(MAKE) --no-print-directory BASE=mainline $@
endif
$(B)/bench-guest/wl-ext4.img: | deps
	@mkdir -p $(dir $@)
	@rm -f $@ && truncate -s 384M $@.tmp
	@/sbin/mke2fs -q -t ext4 -E lazy_itable_init=0,lazy_journal_init=0 \
		-F $@.tmp && mv $@.tmp $@
$(B)/bench-initramfs.cpio.gz: $(INITRAMFS) $(B)/bench-guest/fsbench \
		$(B)/bench-guest/sn-bpf $(B)/bench-guest/names.hex \
		$(B)/bench-guest/workload $(B)/bench-guest/tree.tar \
		$(B)/bench-guest/wl-ext4.img
	@$(REPO)/vm/mkinitramfs.sh $(B)/bench-initramfs $@ $(KST_INSTALL) $(REPO)/vm \
		$(IMAGE_LIST) $(B)/bench-guest
bench-deps:
	@$(REPO)/vm/deps.sh bench
bench: $(BENCH_BZIMAGE) $(B)/bench-initramfs.cpio.gz | bench-deps
	@echo "=== the rule: instructions per name (callgrind)"
	@$(REPO)/bench/corpus.sh $(LINUX) $(BENCH_OUT)/corpus.txt
	@$(REPO)/bench/rulebench.sh $(BENCH_OUT) $(BENCH_OUT)/corpus.txt
	@echo "=== the hooks in the VM ($(BASE)): ops/s under -icount (rounds=$(BENCH_ROUNDS))"
	@KERNEL=$(BENCH_BZIMAGE) INITRD=$(B)/bench-initramfs.cpio.gz LOGDIR=$(LOGS) BENCH_SUFFIX=$(SFX) \
	BENCH_ARGS="sn.rounds=$(BENCH_ROUNDS) sn.iterations=$(BENCH_ITERATIONS) sn.wrounds=$(BENCH_WROUNDS) sn.mix=$(BENCH_MIX)" \
		$(REPO)/bench/run-vm-bench.sh $(BENCH_OUT)
	@echo "=== safename-scan against find(1), 1000000 names"
	@$(MAKE) --no-print-directory -C $(REPO)/tools/safename OUTPUT=$(B)/tools/ bench

# clean: build outputs, keeping the extracted trees, the fetched source
# and ccache
clean:
	rm -rf $(addprefix $(B)/,$(addsuffix /kunit,mainline 6.12) \
		$(addsuffix /vm-kernel,mainline 6.12) $(addsuffix /vm-config,mainline 6.12) \
		$(addsuffix /debug-kernel,mainline 6.12) $(addsuffix /debug-config,mainline 6.12) \
		$(addsuffix /series,mainline 6.12) \
		initramfs initramfs.cpio.gz kselftest-install logs results share \
		distro series-out bench bench-guest bench-initramfs bench-initramfs.cpio.gz \
		bench-bpf $(addsuffix /bench-kernel,mainline 6.12) \
		fuzz tools) $(IMAGES)
	rm -f $(B)/*/stamps/kunit-build $(B)/*/stamps/vm-config $(B)/*/stamps/vm-headers \
		$(B)/*/stamps/kselftest $(B)/*/stamps/debug-config $(B)/*/stamps/var-* \
		$(B)/*/stamps/bench-config

# distclean: all of build/
distclean:
	rm -rf $(B)

FORCE:
