/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the fuzz targets of the Safename rule code.
 */

#ifndef _SAFENAME_FUZZ_H
#define _SAFENAME_FUZZ_H

#include <stdio.h>
#include <stdlib.h>

#include <linux/types.h>

/*
 * libFuzzer's entry point, LLVMFuzzerTestOneInput(): the Makefile gives
 * this name to it on the command line.
 */
int fuzz_one_input(const u8 *data, size_t size);

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * A mismatch: say what, then abort() so that libFuzzer (or the plain
 * driver) stops and keeps the input.
 */
#define fuzz_fail(fmt, ...)						\
	do {								\
		fprintf(stderr, "MISMATCH: " fmt "\n", ##__VA_ARGS__);	\
		abort();						\
	} while (0)

#endif /* _SAFENAME_FUZZ_H */
