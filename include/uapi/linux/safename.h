/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * Safename Linux Security Module: user space interface
 *
 * The policy knobs live in /sys/fs/safename/ and, identically, in
 * /sys/kernel/security/safename/.  See
 * Documentation/admin-guide/LSM/Safename.rst.
 */

#ifndef _UAPI_LINUX_SAFENAME_H
#define _UAPI_LINUX_SAFENAME_H

/*
 * Bits of mode_for_unprivileged and mode_for_privileged.  A mode of 0
 * turns Safename off for that class of task.
 */
#define SAFENAME_MODE_ENFORCE	0x1	/* refuse bad names with EPERM */
#define SAFENAME_MODE_LOG	0x2	/* log bad names, rate-limited */
#define SAFENAME_MODE_MASK	(SAFENAME_MODE_ENFORCE | SAFENAME_MODE_LOG)

#endif /* _UAPI_LINUX_SAFENAME_H */
