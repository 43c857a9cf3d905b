/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel types rule.c uses, for a user-space build of it. */
#ifndef _BENCH_SHIM_LINUX_TYPES_H
#define _BENCH_SHIM_LINUX_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint64_t u64;

#endif
