/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel types that security/safename/rule.c uses, for user space.
 *
 * The user-space <linux/types.h> of the installed kernel headers gives
 * __u8 .. __u64; this adds the kernel's short names, bool, size_t,
 * __always_inline and noinline, as the shim headers of the kernel's own
 * tools do.
 */

#ifndef _TOOLS_SAFENAME_LINUX_TYPES_H
#define _TOOLS_SAFENAME_LINUX_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/cdefs.h>	/* glibc's __always_inline and __attribute_noinline__ */

#include_next <linux/types.h>

typedef __u8 u8;
typedef __s8 s8;
typedef __u16 u16;
typedef __s16 s16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;

#ifndef noinline
#define noinline __attribute_noinline__
#endif

#endif /* _TOOLS_SAFENAME_LINUX_TYPES_H */
