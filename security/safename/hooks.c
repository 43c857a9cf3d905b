// SPDX-License-Identifier: GPL-2.0
/*
 * Safename Linux Security Module: refuse dangerous new file names
 *
 * Every name that a task asks the kernel to create is checked once, with
 * that task's credentials; a name that already exists is never checked.
 *
 * Tasks reach Safename through the path hooks, which the system-call layer
 * calls before it creates a name: open(O_CREAT), mknod(2), mkdir(2),
 * symlink(2), link(2), rename(2), bind(2) of a unix socket, the same calls
 * made through io_uring, and the btrfs subvolume ioctls.  Stacking file
 * systems (overlayfs, ecryptfs) do their own work on their layers through
 * vfs_*(), which calls only the inode hooks: copy-up, whiteouts and work
 * directory temporaries are never seen.  The in-kernel file servers (nfsd,
 * ksmbd) call vfs_*() too, as kernel threads with the credentials of the
 * client they act for: the inode hooks check their names, and only theirs.
 * Names that the kernel makes itself (initramfs, devtmpfs) come from tasks
 * without user space and are never checked.
 */

#define pr_fmt(fmt) "safename: " fmt

#include <kunit/visibility.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/path.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/task_work.h>
#include <linux/uidgid.h>
#include <uapi/linux/lsm.h>

#include "safename.h"

/* Set once the LSM is active; the knob files exist only then. */
bool safename_initialized __ro_after_init;

static const char *const safename_op_names[] = {
	[SAFENAME_OP_CREATE] = "create",
	[SAFENAME_OP_MKDIR] = "mkdir",
	[SAFENAME_OP_MKNOD] = "mknod",
	[SAFENAME_OP_SYMLINK] = "symlink",
	[SAFENAME_OP_LINK] = "link",
	[SAFENAME_OP_RENAME] = "rename",
	[SAFENAME_OP_SUBVOL] = "subvol",
};

/**
 * safename_op_name() - the name of an operation in reports
 * @op: the operation.
 *
 * Return: its name.
 */
const char *safename_op_name(enum safename_op op)
{
	return safename_op_names[op];
}

/**
 * safename_privileged() - does the current task use the privileged mode?
 * @class: the class of the task, SAFENAME_TASK_USER or SAFENAME_TASK_SERVER.
 *
 * Privileged means CAP_MAC_ADMIN in the initial user namespace.  File
 * servers keep it whoever their client is, so a server is privileged only
 * while it acts as root: a client acting as uid 0 without root squashing.
 * The check is made without an audit record and without marking the task
 * as having used a privilege (PF_SUPERPRIV), since nothing is granted by it.
 *
 * Return: true when the task is privileged.
 */
VISIBLE_IF_KUNIT bool safename_privileged(enum safename_task_class class)
{
	if (class == SAFENAME_TASK_SERVER &&
	    !uid_eq(current_fsuid(), GLOBAL_ROOT_UID))
		return false;
	return !security_capable(current_cred(), &init_user_ns, CAP_MAC_ADMIN,
				 CAP_OPT_NOAUDIT);
}
EXPORT_SYMBOL_IF_KUNIT(safename_privileged);

/**
 * safename_log() - report a name that fails the rule
 * @v: the violation.
 * @name: the name.
 * @dir: the directory it was to be made in.
 *
 * One audit record or, when audit takes none, one kernel log line.  Both
 * are rate-limited apart for privileged and unprivileged tasks so that a
 * flood from one kind cannot hide the other's reports.  The name and the
 * command are encoded so that no control or non-ASCII byte reaches the log.
 */
static void safename_log(const struct safename_violation *v,
			 const struct qstr *name, const struct inode *dir)
{
	static struct ratelimit_state rs[2] = {
		RATELIMIT_STATE_INIT(rs[0], DEFAULT_RATELIMIT_INTERVAL,
				     DEFAULT_RATELIMIT_BURST),
		RATELIMIT_STATE_INIT(rs[1], DEFAULT_RATELIMIT_INTERVAL,
				     DEFAULT_RATELIMIT_BURST),
	};
	char comm[TASK_COMM_LEN];
	char comm_text[SAFENAME_ENCODED_MAX(TASK_COMM_LEN) + 1];
	char *name_text;

	if (!__ratelimit(&rs[v->privileged]))
		return;
	if (safename_audit_name(v, name, dir))
		return;
	name_text = kmalloc(SAFENAME_ENCODED_MAX(name->len) + 1,
			    GFP_NOFS | __GFP_NOWARN);
	if (!name_text)
		return;
	safename_encode(name_text, name->name, name->len);
	get_task_comm(comm, current);
	safename_encode(comm_text, (const unsigned char *)comm, strlen(comm));
	pr_notice("%s %s rule=%s offset=%zu name=%s pid=%d uid=%u comm=%s\n",
		  v->mode & SAFENAME_MODE_ENFORCE ? "denied" : "reported",
		  safename_op_names[v->op], safename_rule_name(v->rule),
		  v->offset, name_text, task_tgid_nr(current),
		  from_kuid(&init_user_ns, v->uid), comm_text);
	kfree(name_text);
}

/**
 * safename_report() - count and log a name that failed the rule
 * @v: the violation.
 * @name: the name.
 * @dir: the directory it was to be made in.
 */
static void safename_report(const struct safename_violation *v,
			    const struct qstr *name, const struct inode *dir)
{
	this_cpu_inc(safename_stats.violations);
	this_cpu_inc(safename_stats.rule[v->rule]);
	if (v->mode & SAFENAME_MODE_ENFORCE)
		this_cpu_inc(safename_stats.denied);
	if (v->mode & SAFENAME_MODE_LOG)
		safename_log(v, name, dir);
}

/**
 * struct safename_deferred - a report that waits for the end of an open
 * @work: queued on the task, runs when it returns to user space.
 * @dentry: the name, held.
 * @v: the violation.
 *
 * open(O_CREAT) checks a name before the VFS has looked it up: whether the
 * name exists, and so whether the check counts at all, is known only once
 * the open is over.
 */
struct safename_deferred {
	struct callback_head work;
	struct dentry *dentry;
	struct safename_violation v;
};

/**
 * safename_deferred_report() - report a deferred violation and free it
 * @d: the deferred report.
 */
static void safename_deferred_report(struct safename_deferred *d)
{
	struct name_snapshot name;
	struct dentry *parent;

	parent = dget_parent(d->dentry);
	take_dentry_name_snapshot(&name, d->dentry);
	safename_report(&d->v, &name.name, d_inode(parent));
	release_dentry_name_snapshot(&name);
	dput(parent);
}

static void safename_deferred_free(struct safename_deferred *d)
{
	dput(d->dentry);
	kfree(d);
}

/**
 * safename_settle() - the end of an open(O_CREAT) of a name that failed
 * @work: the deferred report.
 *
 * Runs when the task returns to user space, unless
 * safename_file_post_open() saw the open create the file first.  A name
 * still negative and hashed is one that the open was refused to create:
 * report it.  Any other name existed, or was made by someone else: it is
 * not this task's new name.
 */
static void safename_settle(struct callback_head *work)
{
	struct safename_deferred *d;

	d = container_of(work, struct safename_deferred, work);
	if (d_is_negative(d->dentry) && !d_unhashed(d->dentry))
		safename_deferred_report(d);
	safename_deferred_free(d);
}

/**
 * safename_defer() - report a violation once its open is over
 * @v: the violation.
 * @dentry: the name, not looked up yet.
 *
 * Without memory, or when the task is exiting, the report is made at once.
 */
static void safename_defer(const struct safename_violation *v,
			   struct dentry *dentry)
{
	struct safename_deferred *d;

	d = kmalloc(sizeof(*d), GFP_NOFS | __GFP_NOWARN);
	if (!d) {
		safename_report(v, &dentry->d_name, d_inode(dentry->d_parent));
		return;
	}
	d->dentry = dget(dentry);
	d->v = *v;
	init_task_work(&d->work, safename_settle);
	if (task_work_add(current, &d->work, TWA_RESUME)) {
		safename_deferred_report(d);
		safename_deferred_free(d);
	}
}

static bool safename_deferred_match(struct callback_head *work, void *data)
{
	return work->func == safename_settle &&
	       container_of(work, struct safename_deferred, work)->dentry ==
	       data;
}

/**
 * safename_check_name() - apply the policy to a new name
 * @dentry: the new name; its last component is checked.
 * @op: the operation.
 * @class: the class of the task.
 *
 * The rule does not depend on who asks, so the privilege of the task is
 * looked up only for a name that fails it.  A name not looked up yet can
 * only come from open(O_CREAT): its report waits until the open is over.
 * Out of line: a name that is printable ASCII throughout and passes comes
 * here only when the middle set leaves out some printable ASCII.
 *
 * Return: 0, or -EPERM when the name fails and the mode enforces.
 */
static noinline int safename_check_name(struct dentry *dentry,
					enum safename_op op,
					enum safename_task_class class)
{
	const struct safename_policy *policy;
	struct safename_violation v = { .op = op };
	u8 mode[2];

	rcu_read_lock();
	policy = rcu_dereference(safename_policy);
	mode[SAFENAME_UNPRIVILEGED] = policy->mode[SAFENAME_UNPRIVILEGED];
	mode[SAFENAME_PRIVILEGED] = policy->mode[SAFENAME_PRIVILEGED];
	v.rule = safename_check(&policy->rules, dentry->d_name.name,
				dentry->d_name.len, &v.offset);
	rcu_read_unlock();

	if (likely(v.rule == SAFENAME_RULE_PASS))
		return 0;
	v.privileged = safename_privileged(class);
	v.mode = mode[v.privileged];
	if (!v.mode)
		return 0;
	v.uid = class == SAFENAME_TASK_SERVER ? current_fsuid() : current_uid();
	if (d_in_lookup(dentry))
		safename_defer(&v, dentry);
	else
		safename_report(&v, &dentry->d_name,
				d_inode(dentry->d_parent));
	return v.mode & SAFENAME_MODE_ENFORCE ? -EPERM : 0;
}

/**
 * safename_path_check_long() - safename_path_hook() for a long name
 * @dentry: the new name, longer than %SAFENAME_SHORT_MAX, whose first and
 *          last bytes are in their sets.
 * @op: the operation.
 *
 * Return: 0, or -EPERM.
 */
static noinline int safename_path_check_long(struct dentry *dentry,
					     enum safename_op op)
{
	if (likely(!safename_unprintable_long(dentry->d_name.name,
					      dentry->d_name.len)))
		return 0;
	return safename_check_name(dentry, op, SAFENAME_TASK_USER);
}

/**
 * enum safename_path_verdict - what safename_path_verdict() found
 * @SAFENAME_PATH_PASS: nothing more to do.
 * @SAFENAME_PATH_LONG: a long name, for safename_path_check_long().
 * @SAFENAME_PATH_CHECK: a name for safename_check_name().
 */
enum safename_path_verdict {
	SAFENAME_PATH_PASS,
	SAFENAME_PATH_LONG,
	SAFENAME_PATH_CHECK,
};

/**
 * safename_path_verdict() - the fast pass of the path hooks
 * @dentry: the new name; its parent is locked by the caller.
 *
 * Most names are short and printable ASCII, and pass the rule's fast
 * pass, which is inlined here, and so in every path hook, with no call and
 * no register saved.  Who asks does not matter for them: the task is
 * looked at, and the operation computed, only for the names that go
 * further.  The policy is read under rcu_read_lock_sched(), which is
 * inline in every preemption model (rcu_read_lock() is a call where RCU
 * is preemptible); kfree_rcu() waits for such readers too.
 *
 * Return: the verdict.
 */
static __always_inline enum safename_path_verdict
safename_path_verdict(const struct dentry *dentry)
{
	const unsigned char *name = dentry->d_name.name;
	size_t len = dentry->d_name.len;
	const struct safename_policy *policy;

	rcu_read_lock_sched();
	policy = rcu_dereference_sched(safename_policy);
	if (unlikely(!safename_ends_pass(&policy->rules, name, len))) {
		rcu_read_unlock_sched();
		return SAFENAME_PATH_CHECK;
	}
	rcu_read_unlock_sched();
	/* Most names have at most 16 bytes: they skip the long test. */
	if (len > 16 && unlikely(len > SAFENAME_SHORT_MAX))
		return SAFENAME_PATH_LONG;
	if (unlikely(safename_unprintable_short(name, len)))
		return SAFENAME_PATH_CHECK;
	return SAFENAME_PATH_PASS;
}

/**
 * safename_path_further() - check a name that safename_path_verdict() did
 * not pass
 * @verdict: its verdict, not %SAFENAME_PATH_PASS.
 * @dentry: the new name.
 * @op: the operation.
 *
 * The path hooks are called by tasks with user space, and by the kernel
 * for its own names from tasks without one (initramfs unpacking in PID 1
 * before it runs /init, a kernel thread binding a unix socket), which are
 * never checked.
 *
 * Return: 0, or -EPERM.
 */
static __always_inline int
safename_path_further(enum safename_path_verdict verdict,
		      struct dentry *dentry, enum safename_op op)
{
	if (unlikely(safename_task_class() != SAFENAME_TASK_USER))
		return 0;
	if (verdict == SAFENAME_PATH_LONG)
		return safename_path_check_long(dentry, op);
	return safename_check_name(dentry, op, SAFENAME_TASK_USER);
}

/**
 * safename_path_hook() - the common body of the path hooks
 * @dentry: the new name; its parent is locked by the caller.
 * @op: the operation.
 *
 * Each hook tests the static key first: while both modes are 0 it is
 * off and the hook costs nothing but that test.
 *
 * Return: 0, or -EPERM.
 */
static __always_inline int safename_path_hook(struct dentry *dentry,
					      enum safename_op op)
{
	enum safename_path_verdict verdict = safename_path_verdict(dentry);

	if (likely(verdict == SAFENAME_PATH_PASS))
		return 0;
	return safename_path_further(verdict, dentry, op);
}

/**
 * safename_inode_hook() - the common body of the inode hooks
 * @dentry: the new name; its parent is locked by the caller.
 * @op: the operation.
 *
 * The inode hooks check only the names of file servers: every other caller
 * of vfs_*() either went through a path hook already or is a stacking file
 * system at work on its layers.
 *
 * Return: 0, or -EPERM.
 */
static __always_inline int safename_inode_hook(struct dentry *dentry,
					       enum safename_op op)
{
	enum safename_task_class class;

	if (!static_branch_unlikely(&safename_enabled))
		return 0;
	class = safename_task_class();
	if (class != SAFENAME_TASK_SERVER)
		return 0;
	return safename_check_name(dentry, op, class);
}

/* mknod(2) and open(2) of a regular file create it; other nodes are mknod */
static inline enum safename_op safename_mknod_op(umode_t mode)
{
	return (mode & S_IFMT) == 0 || S_ISREG(mode) ?
	       SAFENAME_OP_CREATE : SAFENAME_OP_MKNOD;
}

/**
 * safename_path_mknod() - check the name of a new file or special file
 * @dir: the parent directory.
 * @dentry: the new name.
 * @mode: its mode, with the file type.
 * @dev: its device number.
 *
 * Called for open(O_CREAT) on every file system, atomic_open ones included,
 * before the name is looked up; for mknod(2) of every type; and for bind(2)
 * of a unix socket to a path.
 *
 * Return: 0, or -EPERM.
 */
static int safename_path_mknod(const struct path *dir, struct dentry *dentry,
			       umode_t mode, unsigned int dev)
{
	enum safename_path_verdict verdict;

	if (!static_branch_unlikely(&safename_enabled))
		return 0;
	verdict = safename_path_verdict(dentry);
	if (likely(verdict == SAFENAME_PATH_PASS))
		return 0;
	return safename_path_further(verdict, dentry, safename_mknod_op(mode));
}

/**
 * safename_path_mkdir() - check the name of a new directory or subvolume
 * @dir: the parent directory.
 * @dentry: the new directory.
 * @mode: its mode; with S_IFDIR when a btrfs subvolume or snapshot is made.
 *
 * Return: 0, or -EPERM.
 */
static int safename_path_mkdir(const struct path *dir, struct dentry *dentry,
			       umode_t mode)
{
	enum safename_path_verdict verdict;

	if (!static_branch_unlikely(&safename_enabled))
		return 0;
	verdict = safename_path_verdict(dentry);
	if (likely(verdict == SAFENAME_PATH_PASS))
		return 0;
	return safename_path_further(verdict, dentry, S_ISDIR(mode) ?
				     SAFENAME_OP_SUBVOL : SAFENAME_OP_MKDIR);
}

/**
 * safename_path_symlink() - check the name of a new symbolic link
 * @dir: the parent directory.
 * @dentry: the link; its name is checked, never its target.
 * @old_name: the target.
 *
 * Return: 0, or -EPERM.
 */
static int safename_path_symlink(const struct path *dir, struct dentry *dentry,
				 const char *old_name)
{
	if (!static_branch_unlikely(&safename_enabled))
		return 0;
	return safename_path_hook(dentry, SAFENAME_OP_SYMLINK);
}

/**
 * safename_path_link() - check the name of a new hard link
 * @old_dentry: the existing file.
 * @new_dir: the directory of the new link.
 * @new_dentry: the new link.
 *
 * Return: 0, or -EPERM.
 */
static int safename_path_link(struct dentry *old_dentry,
			      const struct path *new_dir,
			      struct dentry *new_dentry)
{
	if (!static_branch_unlikely(&safename_enabled))
		return 0;
	return safename_path_hook(new_dentry, SAFENAME_OP_LINK);
}

/**
 * safename_path_rename() - check the destination name of a rename
 * @old_dir: the source directory.
 * @old_dentry: the source.
 * @new_dir: the destination directory.
 * @new_dentry: the destination.
 * @flags: the renameat2(2) flags.
 *
 * Only a destination that does not exist yet is a new name.  A rename over
 * an existing name (an editor's atomic save) creates none, nor does
 * RENAME_EXCHANGE, after which both names exist as before: the VFS refuses
 * it with ENOENT before this hook unless the destination exists, so the
 * test of the destination covers it.
 *
 * Return: 0, or -EPERM.
 */
static int safename_path_rename(const struct path *old_dir,
				struct dentry *old_dentry,
				const struct path *new_dir,
				struct dentry *new_dentry, unsigned int flags)
{
	if (!static_branch_unlikely(&safename_enabled) ||
	    !d_is_negative(new_dentry))
		return 0;
	return safename_path_hook(new_dentry, SAFENAME_OP_RENAME);
}

/**
 * safename_file_post_open() - report a name that an open has just created
 * @file: the file opened.
 * @mask: the access asked for.
 *
 * An open(O_CREAT) whose name failed the rule in a mode that does not
 * enforce creates the file: its deferred report is made now.  This is
 * the first hook after the open that sees FMODE_CREATED on every file
 * system: file_open comes too early on some (9p and vboxsf set the flag
 * after finish_open()).  An open that creates the file and then fails
 * (a fanotify permission event, another LSM's file_open) never gets
 * here: safename_settle() then finds a name that exists, and reports
 * nothing.  Almost every open has no work pending, which is tested
 * first.
 *
 * Return: 0.
 */
static int safename_file_post_open(struct file *file, int mask)
{
	struct callback_head *work;

	if (!static_branch_unlikely(&safename_enabled) ||
	    likely(!task_work_pending(current)) ||
	    !(file->f_mode & FMODE_CREATED))
		return 0;
	work = task_work_cancel_match(current, safename_deferred_match,
				      file->f_path.dentry);
	if (work) {
		struct safename_deferred *d;

		d = container_of(work, struct safename_deferred, work);
		safename_deferred_report(d);
		safename_deferred_free(d);
	}
	return 0;
}

static int safename_inode_create(struct inode *dir, struct dentry *dentry,
				 umode_t mode)
{
	return safename_inode_hook(dentry, SAFENAME_OP_CREATE);
}

static int safename_inode_mkdir(struct inode *dir, struct dentry *dentry,
				umode_t mode)
{
	return safename_inode_hook(dentry, SAFENAME_OP_MKDIR);
}

static int safename_inode_mknod(struct inode *dir, struct dentry *dentry,
				umode_t mode, dev_t dev)
{
	return safename_inode_hook(dentry, safename_mknod_op(mode));
}

static int safename_inode_symlink(struct inode *dir, struct dentry *dentry,
				  const char *old_name)
{
	return safename_inode_hook(dentry, SAFENAME_OP_SYMLINK);
}

static int safename_inode_link(struct dentry *old_dentry, struct inode *dir,
			       struct dentry *new_dentry)
{
	return safename_inode_hook(new_dentry, SAFENAME_OP_LINK);
}

/*
 * The inode hook has no rename flags; for RENAME_EXCHANGE the LSM core
 * calls it twice, each time with a destination that exists.
 */
static int safename_inode_rename(struct inode *old_dir,
				 struct dentry *old_dentry,
				 struct inode *new_dir,
				 struct dentry *new_dentry)
{
	if (!d_is_negative(new_dentry))
		return 0;
	return safename_inode_hook(new_dentry, SAFENAME_OP_RENAME);
}

static struct security_hook_list safename_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(path_mknod, safename_path_mknod),
	LSM_HOOK_INIT(path_mkdir, safename_path_mkdir),
	LSM_HOOK_INIT(path_symlink, safename_path_symlink),
	LSM_HOOK_INIT(path_link, safename_path_link),
	LSM_HOOK_INIT(path_rename, safename_path_rename),
	LSM_HOOK_INIT(file_post_open, safename_file_post_open),
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
