#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the "storm" boot: Safename under load (storm_test), on its
# own boot so that its floods of log lines and policy switches stay apart
# from the other tests.
set -u

. /tests/tap.sh

run_test /selftests/safename/storm_test
exit "$tap_failed"
