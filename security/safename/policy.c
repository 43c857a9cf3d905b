// SPDX-License-Identifier: GPL-2.0
/*
 * Safename: the policy and its updates
 */

#include <linux/init.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "safename.h"

struct safename_policy __rcu *safename_policy;

/* Enabled while either mode is not 0; the hooks do nothing while it is off. */
DEFINE_STATIC_KEY_FALSE(safename_enabled);

/* Serialises policy updates. */
static DEFINE_MUTEX(safename_policy_lock);

/**
 * safename_policy_init() - publish the default policy
 *
 * Both modes 0, UTF-8 off, the byte sets of the 2016 proposal.
 *
 * Return: 0, or -ENOMEM.
 */
int __init safename_policy_init(void)
{
	struct safename_policy *policy;

	policy = kzalloc(sizeof(*policy), GFP_KERNEL);
	if (!policy)
		return -ENOMEM;
	safename_rules_default(&policy->rules);
	RCU_INIT_POINTER(safename_policy, policy);
	return 0;
}

/**
 * safename_policy_set() - change one field of the policy
 * @offset: offset of the field in struct safename_policy.
 * @value: its new value, already validated.
 * @size: size of the field.
 *
 * Publishes a copy of the current policy with the field changed and its
 * derived tables rebuilt, then frees the old one after a grace period.
 *
 * Return: 0, or -ENOMEM with the policy unchanged.
 */
int safename_policy_set(size_t offset, const void *value, size_t size)
{
	struct safename_policy *old, *new;
	bool on;

	mutex_lock(&safename_policy_lock);
	old = rcu_dereference_protected(safename_policy,
					lockdep_is_held(&safename_policy_lock));
	new = kmemdup(old, sizeof(*old), GFP_KERNEL);
	if (!new) {
		mutex_unlock(&safename_policy_lock);
		return -ENOMEM;
	}
	memcpy((u8 *)new + offset, value, size);
	safename_rules_prepare(&new->rules);

	/*
	 * The key only gates the hooks, so either order keeps every check
	 * consistent with one policy: off behaves like modes 0.
	 */
	on = new->mode[SAFENAME_UNPRIVILEGED] || new->mode[SAFENAME_PRIVILEGED];
	if (on)
		static_branch_enable(&safename_enabled);
	rcu_assign_pointer(safename_policy, new);
	if (!on)
		static_branch_disable(&safename_enabled);
	mutex_unlock(&safename_policy_lock);

	kfree_rcu(old, rcu);
	return 0;
}
