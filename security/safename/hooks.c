// SPDX-License-Identifier: GPL-2.0
/*
 * Safename Linux Security Module: refuse dangerous new file names
 *
 * The hooks of every operation that gives a new name to an inode check the
 * last component of that name against the policy.  Names that already exist
 * are never checked.
 */

#define pr_fmt(fmt) "safename: " fmt

#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/lsm_hooks.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uidgid.h>
#include <uapi/linux/lsm.h>

#include "safename.h"

/* Set once the LSM is active; the knob files exist only then. */
bool safename_initialized __ro_after_init;

/**
 * enum safename_op - operations that create a name, as in the log line
 * @SAFENAME_OP_CREATE: open() with O_CREAT, creat().
 * @SAFENAME_OP_MKDIR: mkdir().
 * @SAFENAME_OP_MKNOD: mknod(), including fifos and sockets.
 * @SAFENAME_OP_SYMLINK: symlink(); the link's own name.
 * @SAFENAME_OP_LINK: link().
 * @SAFENAME_OP_RENAME: rename(); the destination name.
 */
enum safename_op {
	SAFENAME_OP_CREATE,
	SAFENAME_OP_MKDIR,
	SAFENAME_OP_MKNOD,
	SAFENAME_OP_SYMLINK,
	SAFENAME_OP_LINK,
	SAFENAME_OP_RENAME,
};

static const char *const safename_op_names[] = {
	[SAFENAME_OP_CREATE] = "create",
	[SAFENAME_OP_MKDIR] = "mkdir",
	[SAFENAME_OP_MKNOD] = "mknod",
	[SAFENAME_OP_SYMLINK] = "symlink",
	[SAFENAME_OP_LINK] = "link",
	[SAFENAME_OP_RENAME] = "rename",
};

/**
 * safename_privileged() - does the current task use the privileged mode?
 *
 * Privileged means CAP_MAC_ADMIN in the initial user namespace.  The check
 * is made without an audit record and without marking the task as having
 * used a privilege (PF_SUPERPRIV), since nothing is granted by it.
 *
 * Return: true when the task is privileged.
 */
static bool safename_privileged(void)
{
	return !security_capable(current_cred(), &init_user_ns, CAP_MAC_ADMIN,
				 CAP_OPT_NOAUDIT);
}

/**
 * safename_log() - log a name that fails the rule
 * @op: the operation.
 * @mode: the mode in force for the task.
 * @rule: the rule that failed.
 * @offset: the offset of the failure.
 * @name: the name.
 *
 * One rate-limited line; the name and the command are encoded so that no
 * control or non-ASCII byte reaches the log.
 */
static void safename_log(enum safename_op op, u8 mode, enum safename_rule rule,
			 size_t offset, const struct qstr *name)
{
	static DEFINE_RATELIMIT_STATE(rs, DEFAULT_RATELIMIT_INTERVAL,
				      DEFAULT_RATELIMIT_BURST);
	char comm[TASK_COMM_LEN];
	char comm_text[SAFENAME_ENCODED_MAX(TASK_COMM_LEN) + 1];
	char *name_text;

	if (!__ratelimit(&rs))
		return;
	name_text = kmalloc(SAFENAME_ENCODED_MAX(name->len) + 1,
			    GFP_NOFS | __GFP_NOWARN);
	if (!name_text)
		return;
	safename_encode(name_text, name->name, name->len);
	get_task_comm(comm, current);
	safename_encode(comm_text, (const unsigned char *)comm, strlen(comm));
	pr_notice("%s %s rule=%s offset=%zu name=%s pid=%d uid=%u comm=%s\n",
		  mode & SAFENAME_MODE_ENFORCE ? "denied" : "reported",
		  safename_op_names[op], safename_rule_name(rule), offset,
		  name_text, task_pid_nr(current),
		  from_kuid(&init_user_ns, current_uid()), comm_text);
	kfree(name_text);
}

/**
 * safename_violation() - count, log and judge a name that fails the rule
 * @op: the operation.
 * @mode: the mode in force for the task, not 0.
 * @rule: the rule that failed.
 * @offset: the offset of the failure.
 * @name: the name.
 *
 * Kept out of line, away from the path of names that pass.
 *
 * Return: -EPERM when the mode enforces, else 0.
 */
static noinline int safename_violation(enum safename_op op, u8 mode,
				       enum safename_rule rule, size_t offset,
				       const struct qstr *name)
{
	this_cpu_inc(safename_stats.violations);
	this_cpu_inc(safename_stats.rule[rule]);
	if (mode & SAFENAME_MODE_ENFORCE)
		this_cpu_inc(safename_stats.denied);
	if (mode & SAFENAME_MODE_LOG)
		safename_log(op, mode, rule, offset, name);
	return mode & SAFENAME_MODE_ENFORCE ? -EPERM : 0;
}

/**
 * safename_check_name() - apply the policy to a new name
 * @name: the last component of the new name.
 * @op: the operation.
 *
 * Return: 0, or -EPERM when the name fails and the mode enforces.
 */
static noinline int safename_check_name(const struct qstr *name,
					enum safename_op op)
{
	const struct safename_policy *policy;
	enum safename_rule rule = SAFENAME_RULE_PASS;
	size_t offset = 0;
	u8 mode;

	rcu_read_lock();
	policy = rcu_dereference(safename_policy);
	mode = policy->mode[SAFENAME_UNPRIVILEGED];
	if (policy->mode[SAFENAME_PRIVILEGED] != mode && safename_privileged())
		mode = policy->mode[SAFENAME_PRIVILEGED];
	if (mode)
		rule = safename_check(&policy->rules, name->name, name->len,
				      &offset);
	rcu_read_unlock();

	if (likely(rule == SAFENAME_RULE_PASS))
		return 0;
	return safename_violation(op, mode, rule, offset, name);
}

/**
 * safename_hook() - the common body of the hooks
 * @dentry: the dentry of the new name; its parent is locked by the caller.
 * @op: the operation.
 *
 * While both modes are 0 the static key is off and this costs nothing.
 * Always inlined: the -Os builds of small kernels would call it.
 *
 * Return: 0, or -EPERM.
 */
static __always_inline int safename_hook(const struct dentry *dentry,
					 enum safename_op op)
{
	if (!static_branch_unlikely(&safename_enabled))
		return 0;
	return safename_check_name(&dentry->d_name, op);
}

/**
 * safename_inode_create() - check the name of a new file
 * @dir: the parent directory.
 * @dentry: the new file.
 * @mode: its mode.
 *
 * Called for open() with O_CREAT on every filesystem, atomic_open ones
 * included, and for creat().
 *
 * Return: 0, or -EPERM.
 */
static int safename_inode_create(struct inode *dir, struct dentry *dentry,
				 umode_t mode)
{
	return safename_hook(dentry, SAFENAME_OP_CREATE);
}

/**
 * safename_inode_mkdir() - check the name of a new directory
 * @dir: the parent directory.
 * @dentry: the new directory.
 * @mode: its mode.
 *
 * Return: 0, or -EPERM.
 */
static int safename_inode_mkdir(struct inode *dir, struct dentry *dentry,
				umode_t mode)
{
	return safename_hook(dentry, SAFENAME_OP_MKDIR);
}

/**
 * safename_inode_mknod() - check the name of a new special file
 * @dir: the parent directory.
 * @dentry: the new node: fifo, socket or device node (mknod(2) of a
 *          regular file goes through safename_inode_create()).
 * @mode: its mode.
 * @dev: its device number.
 *
 * Return: 0, or -EPERM.
 */
static int safename_inode_mknod(struct inode *dir, struct dentry *dentry,
				umode_t mode, dev_t dev)
{
	return safename_hook(dentry, SAFENAME_OP_MKNOD);
}

/**
 * safename_inode_symlink() - check the name of a new symbolic link
 * @dir: the parent directory.
 * @dentry: the link; its name is checked, never its target.
 * @old_name: the target.
 *
 * Return: 0, or -EPERM.
 */
static int safename_inode_symlink(struct inode *dir, struct dentry *dentry,
				  const char *old_name)
{
	return safename_hook(dentry, SAFENAME_OP_SYMLINK);
}

/**
 * safename_inode_link() - check the name of a new hard link
 * @old_dentry: the existing file.
 * @dir: the directory of the new link.
 * @new_dentry: the new link.
 *
 * Return: 0, or -EPERM.
 */
static int safename_inode_link(struct dentry *old_dentry, struct inode *dir,
			       struct dentry *new_dentry)
{
	return safename_hook(new_dentry, SAFENAME_OP_LINK);
}

/**
 * safename_inode_rename() - check the destination name of a rename
 * @old_dir: the source directory.
 * @old_dentry: the source.
 * @new_dir: the destination directory.
 * @new_dentry: the destination, checked even when it exists.
 *
 * For RENAME_EXCHANGE the LSM core calls this a second time with the
 * operands swapped, so both names are checked.
 *
 * Return: 0, or -EPERM.
 */
static int safename_inode_rename(struct inode *old_dir,
				 struct dentry *old_dentry,
				 struct inode *new_dir,
				 struct dentry *new_dentry)
{
	return safename_hook(new_dentry, SAFENAME_OP_RENAME);
}

static struct security_hook_list safename_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(inode_create, safename_inode_create),
	LSM_HOOK_INIT(inode_mkdir, safename_inode_mkdir),
	LSM_HOOK_INIT(inode_mknod, safename_inode_mknod),
	LSM_HOOK_INIT(inode_symlink, safename_inode_symlink),
	LSM_HOOK_INIT(inode_link, safename_inode_link),
	LSM_HOOK_INIT(inode_rename, safename_inode_rename),
};

static const struct lsm_id safename_lsmid = {
	.name = "safename",
	.id = LSM_ID_SAFENAME,
};

/**
 * safename_init() - publish the default policy and register the hooks
 *
 * Return: 0, or -ENOMEM.
 */
static int __init safename_init(void)
{
	int err;

	err = safename_policy_init();
	if (err)
		return err;
	security_add_hooks(safename_hooks, ARRAY_SIZE(safename_hooks),
			   &safename_lsmid);
	safename_initialized = true;
	pr_info("initialized\n");
	return 0;
}

DEFINE_LSM(safename) = {
	.name = "safename",
	.init = safename_init,
};
