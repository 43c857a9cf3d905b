// SPDX-License-Identifier: GPL-2.0
/*
 * Safename: the policy and its updates
 */

#include <linux/cpumask.h>
#include <linux/init.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "safename.h"

struct safename_policy __rcu *safename_policy;

/* Enabled while either mode is not 0; the hooks do nothing while it is off. */
DEFINE_STATIC_KEY_FALSE(safename_enabled);

/* Counted only for names that fail, so free for the others. */
DEFINE_PER_CPU(struct safename_stats, safename_stats);

/* Serialises policy updates. */
static DEFINE_MUTEX(safename_policy_lock);

/* Does a policy need the hooks?  Yes when either mode is not 0. */
static bool safename_policy_enabled(const struct safename_policy *policy)
{
	return policy->mode[SAFENAME_UNPRIVILEGED] ||
	       policy->mode[SAFENAME_PRIVILEGED];
}

/**
 * safename_policy_alloc() - a policy with the defaults, not published yet
 *
 * Return: the policy, or NULL.
 */
struct safename_policy * __init safename_policy_alloc(void)
{
	struct safename_policy *policy = kzalloc_obj(*policy, GFP_KERNEL);

	if (policy)
		safename_rules_default(&policy->rules);
	return policy;
}

/**
 * safename_policy_init() - publish the boot policy
 * @policy: the policy from safename_policy_alloc(), which it publishes.
 */
void __init safename_policy_init(struct safename_policy *policy)
{
	safename_rules_prepare(&policy->rules);
	RCU_INIT_POINTER(safename_policy, policy);
	if (safename_policy_enabled(policy))
		static_branch_enable(&safename_enabled);
}

/**
 * safename_policy_set() - change one field of the policy
 * @offset: offset of the field in struct safename_policy.
 * @value: its new value, already validated.
 * @size: size of the field.
 * @old_value: where to copy the field's value before the change, @size
 *             bytes; filled even when the change is refused.
 *
 * Publishes a copy of the current policy with the field changed and its
 * derived tables rebuilt, then frees the old one after a grace period.
 *
 * Return: 0, or -EPERM when the policy is locked, or -ENOMEM; the policy
 * is unchanged on error.
 */
int safename_policy_set(size_t offset, const void *value, size_t size,
			void *old_value)
{
	struct safename_policy *old, *new;
	int err = 0;
	bool on;

	mutex_lock(&safename_policy_lock);
	old = rcu_dereference_protected(safename_policy,
					lockdep_is_held(&safename_policy_lock));
	memcpy(old_value, (const u8 *)old + offset, size);
	if (old->locked) {
		err = -EPERM;
		goto unlock;
	}
	new = kmemdup(old, sizeof(*old), GFP_KERNEL);
	if (!new) {
		err = -ENOMEM;
		goto unlock;
	}
	memcpy((u8 *)new + offset, value, size);
	safename_rules_prepare(&new->rules);

	/*
	 * The key only gates the hooks, so either order keeps every check
	 * consistent with one policy: off behaves like modes 0.
	 */
	on = safename_policy_enabled(new);
	if (on)
		static_branch_enable(&safename_enabled);
	rcu_assign_pointer(safename_policy, new);
	if (!on)
		static_branch_disable(&safename_enabled);
	kfree_rcu(old, rcu);
unlock:
	mutex_unlock(&safename_policy_lock);
	return err;
}

/**
 * safename_policy_locked() - is the policy sealed?
 *
 * Return: true once locked has been set.
 */
bool safename_policy_locked(void)
{
	bool locked;

	rcu_read_lock();
	locked = rcu_dereference(safename_policy)->locked;
	rcu_read_unlock();
	return locked;
}

/**
 * safename_stats_read() - add up the counters of every CPU
 * @sum: where to store the sums.
 */
void safename_stats_read(struct safename_stats *sum)
{
	const struct safename_stats *stats;
	unsigned int cpu, i;

	memset(sum, 0, sizeof(*sum));
	for_each_possible_cpu(cpu) {
		stats = per_cpu_ptr(&safename_stats, cpu);
		sum->violations += READ_ONCE(stats->violations);
		sum->denied += READ_ONCE(stats->denied);
		for (i = 0; i <= SAFENAME_RULE_MAX; i++)
			sum->rule[i] += READ_ONCE(stats->rule[i]);
	}
}
