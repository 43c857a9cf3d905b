// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of who Safename checks, and in which mode: the decisions
 * that route a name to the path hooks, to the inode hooks (file servers)
 * or to no check at all (the kernel's own names).
 *
 * KUnit runs each case in a kernel thread with the kernel's credentials:
 * the thread stands for devtmpfs or initramfs unpacking, and becomes an
 * nfsd- or ksmbd-like server by overriding its credentials as they do.
 */

#include <kunit/test.h>
#include <linux/cred.h>
#include <linux/sched.h>
#include <linux/uidgid.h>

#include "safename.h"

/* Overrides the current credentials with a copy whose fsuid is @fsuid. */
static const struct cred *sn_act_for(struct kunit *test, uid_t fsuid,
				     bool mac_admin)
{
	struct cred *new = prepare_creds();

	KUNIT_ASSERT_NOT_NULL(test, new);
	new->fsuid = KUIDT_INIT(fsuid);
	if (!mac_admin)
		cap_lower(new->cap_effective, CAP_MAC_ADMIN);
	return override_creds(new);
}

static void sn_revert(const struct cred *old)
{
	const struct cred *new = current_cred();

	revert_creds(old);
	put_cred(new);
}

/* A kernel thread on its own credentials makes the kernel's own names. */
static void safename_test_kernel_thread(struct kunit *test)
{
	KUNIT_ASSERT_TRUE(test, current->flags & PF_KTHREAD);
	KUNIT_EXPECT_EQ(test, safename_task_class(), SAFENAME_TASK_KERNEL);
}

/* A server acting for a client that is not root: unprivileged. */
static void safename_test_server_user(struct kunit *test)
{
	const struct cred *old = sn_act_for(test, 1000, true);

	KUNIT_EXPECT_EQ(test, safename_task_class(), SAFENAME_TASK_SERVER);
	KUNIT_EXPECT_FALSE(test, safename_privileged(SAFENAME_TASK_SERVER));
	sn_revert(old);
	KUNIT_EXPECT_EQ(test, safename_task_class(), SAFENAME_TASK_KERNEL);
}

/* A squashed root client acts as the anonymous uid: unprivileged. */
static void safename_test_server_squashed_root(struct kunit *test)
{
	const struct cred *old = sn_act_for(test, 65534, true);

	KUNIT_EXPECT_FALSE(test, safename_privileged(SAFENAME_TASK_SERVER));
	sn_revert(old);
}

/* Root without root squashing: privileged. */
static void safename_test_server_root(struct kunit *test)
{
	const struct cred *old = sn_act_for(test, 0, true);

	KUNIT_EXPECT_EQ(test, safename_task_class(), SAFENAME_TASK_SERVER);
	KUNIT_EXPECT_TRUE(test, safename_privileged(SAFENAME_TASK_SERVER));
	sn_revert(old);
}

/* Root without CAP_MAC_ADMIN is not privileged, server or not. */
static void safename_test_server_root_without_mac_admin(struct kunit *test)
{
	const struct cred *old = sn_act_for(test, 0, false);

	KUNIT_EXPECT_FALSE(test, safename_privileged(SAFENAME_TASK_SERVER));
	KUNIT_EXPECT_FALSE(test, safename_privileged(SAFENAME_TASK_USER));
	sn_revert(old);
}

/* For a task, the fsuid does not matter: CAP_MAC_ADMIN alone decides. */
static void safename_test_user_fsuid(struct kunit *test)
{
	const struct cred *old = sn_act_for(test, 1000, true);

	KUNIT_EXPECT_TRUE(test, safename_privileged(SAFENAME_TASK_USER));
	sn_revert(old);
}

static struct kunit_case safename_hooks_test_cases[] = {
	KUNIT_CASE(safename_test_kernel_thread),
	KUNIT_CASE(safename_test_server_user),
	KUNIT_CASE(safename_test_server_squashed_root),
	KUNIT_CASE(safename_test_server_root),
	KUNIT_CASE(safename_test_server_root_without_mac_admin),
	KUNIT_CASE(safename_test_user_fsuid),
	{ }
};

static struct kunit_suite safename_hooks_test_suite = {
	.name = "safename_hooks",
	.test_cases = safename_hooks_test_cases,
};

kunit_test_suite(safename_hooks_test_suite);
