/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Safename: internal interfaces
 */

#ifndef _SECURITY_SAFENAME_SAFENAME_H
#define _SECURITY_SAFENAME_SAFENAME_H

#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/jump_label.h>
#include <linux/lsm_hooks.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <linux/uidgid.h>
#include <uapi/linux/safename.h>

#include "rule.h"

/* Longest write a knob file accepts, in bytes; more is refused with E2BIG. */
#define SAFENAME_WRITE_MAX	4096

struct fs_context;
struct fs_parameter;
struct inode;
struct qstr;
struct seq_file;
struct super_block;

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

/**
 * enum safename_op - operations that create a name, as in the log line
 * @SAFENAME_OP_CREATE: open() with O_CREAT, creat(), mknod() of a regular
 *                      file.
 * @SAFENAME_OP_MKDIR: mkdir().
 * @SAFENAME_OP_MKNOD: mknod() of fifos, sockets and device nodes; bind() of
 *                     a unix socket.
 * @SAFENAME_OP_SYMLINK: symlink(); the link's own name.
 * @SAFENAME_OP_LINK: link().
 * @SAFENAME_OP_RENAME: rename(); a destination that does not exist yet.
 * @SAFENAME_OP_SUBVOL: a btrfs subvolume or snapshot.
 */
enum safename_op {
	SAFENAME_OP_CREATE,
	SAFENAME_OP_MKDIR,
	SAFENAME_OP_MKNOD,
	SAFENAME_OP_SYMLINK,
	SAFENAME_OP_LINK,
	SAFENAME_OP_RENAME,
	SAFENAME_OP_SUBVOL,
};

/**
 * enum safename_task_class - who asks for a name
 * @SAFENAME_TASK_USER: a task with user space.
 * @SAFENAME_TASK_KERNEL: the kernel asking for its own names; never checked.
 * @SAFENAME_TASK_SERVER: an in-kernel file server (nfsd, ksmbd) asking for
 *                        a client, with the client's credentials.
 */
enum safename_task_class {
	SAFENAME_TASK_USER,
	SAFENAME_TASK_KERNEL,
	SAFENAME_TASK_SERVER,
};

/**
 * struct safename_violation - a name that fails the rule
 * @op: the operation.
 * @mode: the mode in force for the task, not 0.
 * @privileged: the mode is the privileged one.
 * @rule: the rule that failed.
 * @offset: the offset of the failure.
 * @uid: who asked: the task's uid, or for a file server its client's
 *       (the fsuid it acts with).
 */
struct safename_violation {
	enum safename_op op;
	u8 mode;
	bool privileged;
	enum safename_rule rule;
	size_t offset;
	kuid_t uid;
};

/**
 * enum safename_scope - the scope of a file system: the option safename=
 * @SAFENAME_SCOPE_ON: the policy as it is (the default).
 * @SAFENAME_SCOPE_LOG: the policy, but nothing refused: a mode that
 *                      enforces only reports.
 * @SAFENAME_SCOPE_OFF: names are not checked, reported or counted.
 */
enum safename_scope {
	SAFENAME_SCOPE_ON,
	SAFENAME_SCOPE_LOG,
	SAFENAME_SCOPE_OFF,
};

/**
 * struct safename_sb - Safename's part of a superblock's blob
 * @scope: the file system's scope, an enum safename_scope; read without a
 *         lock, written under s_umount.
 * @set: a mount has applied its options.
 */
struct safename_sb {
	u8 scope;
	bool set;
};

/**
 * struct safename_mnt_opts - Safename's slot of the mount options blob
 * @taken: a scope was given, or inherited.
 * @scope: the scope: the last one given.
 * @privileged: every task that gave one other than "on" was privileged.
 * @inherited: the scope of the file system a submount is made from: it is
 *             neither checked nor reported.
 */
struct safename_mnt_opts {
	bool taken;
	u8 scope;
	bool privileged;
	bool inherited;
};

extern struct lsm_blob_sizes safename_blob_sizes;

static inline struct safename_sb *safename_sb(const struct super_block *sb)
{
	return sb->s_security + safename_blob_sizes.lbs_superblock;
}

enum safename_task_class safename_task_class(void);
bool safename_privileged(enum safename_task_class class);

extern struct safename_policy __rcu *safename_policy;
DECLARE_PER_CPU(struct safename_stats, safename_stats);
DECLARE_STATIC_KEY_FALSE(safename_enabled);

struct safename_policy *safename_policy_alloc(void);
void safename_policy_init(struct safename_policy *policy);
bool safename_policy_locked(void);
int safename_policy_set(size_t offset, const void *value, size_t size,
			void *old);
void safename_stats_read(struct safename_stats *sum);
void safename_params_apply(struct safename_policy *policy);
int safename_fs_init(void);
const char *safename_op_name(enum safename_op op);
void safename_report(const struct safename_violation *v,
		     const struct qstr *name, const struct inode *dir);
void safename_report_config(const char *knob, const struct super_block *sb,
			    const char *old, size_t old_len, const char *new,
			    size_t new_len, bool res);

int safename_fs_context_parse_param(struct fs_context *fc,
				    struct fs_parameter *param);
int safename_sb_eat_lsm_opts(char *options, void **mnt_opts);
int safename_sb_set_mnt_opts(struct super_block *sb, void *mnt_opts,
			     unsigned long kern_flags,
			     unsigned long *set_kern_flags);
int safename_sb_remount(struct super_block *sb, void *mnt_opts);
void safename_sb_reconfigured(struct super_block *sb, void *mnt_opts);
int safename_sb_mnt_opts_compat(struct super_block *sb, void *mnt_opts);
int safename_sb_show_options(struct seq_file *m, struct super_block *sb);
int safename_fs_context_dup(struct fs_context *fc, struct fs_context *src_fc);
int safename_fs_context_submount(struct fs_context *fc,
				 struct super_block *reference);
int safename_sb_clone_mnt_opts(const struct super_block *oldsb,
			       struct super_block *newsb,
			       unsigned long kern_flags,
			       unsigned long *set_kern_flags);

#ifdef CONFIG_AUDIT
void safename_audit_name(const struct safename_violation *v,
			 const struct qstr *name, const struct inode *dir);
void safename_audit_config(const char *knob, const struct super_block *sb,
			   const char *old, size_t old_len, const char *new,
			   size_t new_len, bool res);
#else
static inline void safename_audit_name(const struct safename_violation *v,
				       const struct qstr *name,
				       const struct inode *dir)
{
}

static inline void safename_audit_config(const char *knob,
					 const struct super_block *sb,
					 const char *old, size_t old_len,
					 const char *new, size_t new_len,
					 bool res)
{
}
#endif

#endif /* _SECURITY_SAFENAME_SAFENAME_H */
