/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Safename: internal interfaces
 */

#ifndef _SECURITY_SAFENAME_SAFENAME_H
#define _SECURITY_SAFENAME_SAFENAME_H

#include <linux/jump_label.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/types.h>
#include <uapi/linux/safename.h>

#include "rule.h"

/**
 * struct safename_policy - the whole policy, published with RCU
 * @mode: the mode (SAFENAME_MODE_* bits) for unprivileged tasks, then for
 *        privileged ones.
 * @rules: the name rule.
 * @locked: the policy is sealed until reboot; no knob can be written.
 * @rcu: frees the policy once it has been replaced.
 *
 * A published policy is never modified: every change publishes a new one,
 * so a check sees the whole old policy or the whole new one.
 */
struct safename_policy {
	u8 mode[2];
	struct safename_rules rules;
	bool locked;
	struct rcu_head rcu;
};

/* Indices of struct safename_policy.mode. */
#define SAFENAME_UNPRIVILEGED	0
#define SAFENAME_PRIVILEGED	1

/**
 * struct safename_stats - counters of names that failed the rule
 * @violations: names that failed while their mode was not 0.
 * @denied: of those, the operations refused.
 * @rule: violations by the rule reported, indexed by enum safename_rule.
 */
struct safename_stats {
	unsigned long violations;
	unsigned long denied;
	unsigned long rule[SAFENAME_RULE_MAX + 1];
};

extern struct safename_policy __rcu *safename_policy;
DECLARE_PER_CPU(struct safename_stats, safename_stats);
DECLARE_STATIC_KEY_FALSE(safename_enabled);
extern bool safename_initialized;

int safename_policy_init(void);
int safename_policy_set(size_t offset, const void *value, size_t size);
void safename_stats_read(struct safename_stats *sum);
void safename_params_apply(struct safename_policy *policy);

#endif /* _SECURITY_SAFENAME_SAFENAME_H */
