// SPDX-License-Identifier: GPL-2.0
/*
 * Safename Linux Security Module: refuse dangerous new file names
 *
 * Every name that a task asks the kernel to create is checked once, with
 * that task's credentials; a name that already exists is never checked.
 *
 * Two hooks see each such request.  The path hook (path_mknod, path_mkdir,
 * path_symlink, path_link, path_rename) is called by whoever asks for a
 * name: the system calls, io_uring, bind(2) of a unix socket and BPF
 * object pinning.  It checks the name and, when it fails the rule, leaves
 * what it found in the task's blob.  The inode hook that vfs_create(),
 * vfs_mkdir() and the others call once the kernel's own checks have passed
 * (the name is new, the task may write to the directory, the sticky bit,
 * CAP_MKNOD) acts on it: reports the name and refuses it.  So Safename
 * comes after the kernel's own errors, and what the inode hook sees
 * without a path hook before it (the work a stacking file system does on
 * its layers: overlayfs copy-up, whiteouts, ecryptfs's lower names) is
 * never checked.  Nothing is held: the blob only compares pointers and a
 * name's hash, and is settled within the call that asked for the name.
 *
 * open(O_CREAT) asks before the name has been looked up, for file systems
 * that look up, create and open in one call: whether the name is new is
 * known only once the open is over.  A refusal of a name not looked up yet
 * is reported when the VFS says that the refused create is what fails the
 * open (inode_create_denied), and a name created in a mode that only logs
 * when the open has created it (file_post_open).
 *
 * The in-kernel file servers, nfsd and ksmbd, call the path hooks too, for
 * the names their clients create, from kernel threads that run with the
 * client's credentials.
 *
 * btrfs asks for subvolumes and snapshots through a hook of their own
 * (inode_mksubvol), called once its own checks have passed.
 */

#define pr_fmt(fmt) "safename: " fmt

#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/path.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/uidgid.h>
#include <uapi/linux/lsm.h>

#include "safename.h"

/**
 * enum safename_state - what a task's blob holds, when it holds a name
 * @SAFENAME_ASKED: a path hook found that the name fails the rule; the
 *                  inode hook acts on it.
 * @SAFENAME_PENDING: an open(O_CREAT) acted on a name that was not looked
 *                    up yet; the report waits for the end of the open.
 */
enum safename_state {
	SAFENAME_ASKED,
	SAFENAME_PENDING,
};

/**
 * struct safename_task - a task's request for a name that fails the rule
 * @dentry: the name, as the path hook saw it, or NULL when the blob holds
 *          none.  Never held nor followed: it is only compared with the
 *          inode hook's, so that what a stacking file system does on its
 *          layers in between is not taken for it.
 * @dir: its parent directory, also only compared.
 * @cred: the credentials the task asked with, also only compared: the
 *        layers of a stacking file system are worked on with others.
 * @hash_len: the name's hash and length (struct qstr), compared with the
 *            name the inode hook or the end of the open sees.
 * @state: what the blob holds.
 * @v: the violation.
 *
 * Each path hook overwrites it; an inode hook clears it, and so does the
 * end of an open.  A request that the kernel refuses before the inode
 * hook leaves it behind until the next path hook.  Meanwhile only an
 * inode hook without a path hook of its own (a stacking file system's
 * work, mq_open(3)) could see it, and acts on it only for the same
 * dentry, directory, name and credentials: that is, never.
 *
 * A rename over an existing name, which asks for no new name, clears it.
 */
struct safename_task {
	const struct dentry *dentry;
	const struct inode *dir;
	const struct cred *cred;
	u64 hash_len;
	enum safename_state state;
	struct safename_violation v;
};

struct lsm_blob_sizes safename_blob_sizes __ro_after_init = {
	.lbs_task = sizeof(struct safename_task),
	.lbs_superblock = sizeof(struct safename_sb),
	.lbs_mnt_opts = sizeof(struct safename_mnt_opts),
};

static __always_inline struct safename_task *safename_current(void)
{
	return current->security + safename_blob_sizes.lbs_task;
}

/**
 * safename_task_class() - who is asking for a name?
 *
 * Kernel threads, and PID 1 before it runs /init, have no user space: the
 * names they ask for (initramfs unpacking) are the kernel's own.
 *
 * A kernel thread that asks with credentials other than its own is an
 * in-kernel file server, nfsd or ksmbd, the only kernel threads that call
 * the path hooks with a client's credentials.
 *
 * Return: the class of the current task.
 */
enum safename_task_class safename_task_class(void)
{
	if (current->flags & PF_KTHREAD)
		return current_cred() != current_real_cred() ?
		       SAFENAME_TASK_SERVER : SAFENAME_TASK_KERNEL;
	return current->mm ? SAFENAME_TASK_USER : SAFENAME_TASK_KERNEL;
}

/**
 * safename_privileged() - does the current task use the privileged mode?
 * @class: the class of the task, SAFENAME_TASK_USER or SAFENAME_TASK_SERVER.
 *
 * Privileged means CAP_MAC_ADMIN in the initial user namespace.  The check
 * is made without an audit record and without marking the task as having
 * used a privilege (PF_SUPERPRIV), since nothing is granted by it.
 *
 * File servers keep CAP_MAC_ADMIN whoever their client is, so a server is
 * privileged only while it acts as root: a client acting as uid 0 without
 * root squashing.
 *
 * Return: true when the task is privileged.
 */
bool safename_privileged(enum safename_task_class class)
{
	if (class == SAFENAME_TASK_SERVER &&
	    !uid_eq(current_fsuid(), GLOBAL_ROOT_UID))
		return false;
	return !security_capable(current_cred(), &init_user_ns, CAP_MAC_ADMIN,
				 CAP_OPT_NOAUDIT);
}

/**
 * safename_judge() - apply the policy to a name that failed the fast pass
 * @v: where to put the violation; @v->op is set by the caller.
 * @name: the name.
 * @dir: the directory it is to be made in.
 *
 * The rule does not depend on who asks, so the task is looked at only for
 * a name that fails it.  Names asked for by tasks without user space are
 * the kernel's own.
 *
 * So are names made in a directory that the kernel holds for its own use:
 * cachefiles calls the path hooks for its cache, from kernel threads that
 * run with the cache's credentials.
 *
 * The scope of the directory's file system may turn the mode down.
 *
 * Return: true when the name fails the rule in a mode that is not 0.
 */
static bool safename_judge(struct safename_violation *v,
			   const struct qstr *name, const struct inode *dir)
{
	const struct safename_policy *policy;
	enum safename_task_class class;
	u8 mode[2], scope;

	rcu_read_lock();
	policy = rcu_dereference(safename_policy);
	mode[SAFENAME_UNPRIVILEGED] = policy->mode[SAFENAME_UNPRIVILEGED];
	mode[SAFENAME_PRIVILEGED] = policy->mode[SAFENAME_PRIVILEGED];
	v->rule = safename_explain(&policy->rules, name->name, name->len,
				   &v->offset);
	rcu_read_unlock();

	if (likely(v->rule == SAFENAME_RULE_PASS))
		return false;
	class = safename_task_class();
	if (class == SAFENAME_TASK_KERNEL || (dir->i_flags & S_KERNEL_FILE))
		return false;
	scope = READ_ONCE(safename_sb(dir->i_sb)->scope);
	if (scope == SAFENAME_SCOPE_OFF)
		return false;
	v->privileged = safename_privileged(class);
	v->mode = mode[v->privileged];
	if (scope == SAFENAME_SCOPE_LOG && v->mode)
		v->mode = SAFENAME_MODE_LOG;
	v->uid = class == SAFENAME_TASK_SERVER ? current_fsuid() : current_uid();
	return v->mode;
}

/**
 * safename_ask() - a path hook's check of a name that failed the fast pass
 * @dentry: the new name; its parent is locked.
 * @op: the operation.
 *
 * Out of line: it is the slow path of every path hook.
 */
static noinline void safename_ask(struct dentry *dentry, enum safename_op op)
{
	struct safename_task *t = safename_current();

	t->v.op = op;
	if (!safename_judge(&t->v, &dentry->d_name,
			    d_inode(dentry->d_parent))) {
		t->dentry = NULL;
		return;
	}
	t->dentry = dentry;
	t->dir = d_inode(dentry->d_parent);
	t->cred = current_cred();
	t->hash_len = dentry->d_name.hash_len;
	t->state = SAFENAME_ASKED;
}

/**
 * safename_fast_pass() - does a name pass the rule's fast test?
 * @dentry: the new name.
 *
 * Most names are short and printable ASCII, and pass the rule's fast
 * pass, which is inlined in every path hook.  The policy is read under
 * rcu_read_lock_sched(), which is inline in every preemption model
 * (rcu_read_lock() is a call where RCU is preemptible); kfree_rcu() waits
 * for such readers too.
 *
 * Return: true when the name passes; false when it needs the whole rule.
 */
static __always_inline bool safename_fast_pass(const struct dentry *dentry)
{
	const unsigned char *name = dentry->d_name.name;
	size_t len = dentry->d_name.len;
	const struct safename_policy *policy;
	bool ends;

	rcu_read_lock_sched();
	policy = rcu_dereference_sched(safename_policy);
	ends = safename_ends_pass(&policy->rules, name, len);
	rcu_read_unlock_sched();
	if (unlikely(!ends))
		return false;
	/* Most names have at most 16 bytes: they skip the long test. */
	if (len > 16 && unlikely(len > SAFENAME_SHORT_MAX))
		return !safename_unprintable_long(name, len);
	return !safename_unprintable_short(name, len);
}

/**
 * safename_path_hook() - the common body of the path hooks
 * @dentry: the new name; its parent is locked by the caller.
 * @op: the operation.
 *
 * Each hook tests the static key first: while both modes are 0 it is off
 * and the hook costs nothing but that test.  A name that passes clears
 * the task's blob, one store; one that fails is judged out of line.
 */
static __always_inline void safename_path_hook(struct dentry *dentry,
					       enum safename_op op)
{
	if (!static_branch_unlikely(&safename_enabled))
		return;
	if (likely(safename_fast_pass(dentry)))
		safename_current()->dentry = NULL;
	else
		safename_ask(dentry, op);
}

/**
 * safename_asked() - did the task's last path hook find this name failing?
 * @dentry: the new name, as an inode hook sees it.
 *
 * Every other caller of vfs_*() is a stacking file system at work on its
 * layers, or the name passed the rule.
 *
 * Return: the task's blob when it did, else NULL.
 */
static __always_inline struct safename_task *
safename_asked(const struct dentry *dentry)
{
	struct safename_task *t;

	if (!static_branch_unlikely(&safename_enabled))
		return NULL;
	t = safename_current();
	return unlikely(t->dentry == dentry) ? t : NULL;
}

/**
 * safename_act() - refuse and report what a path hook found
 * @t: the task's blob, from safename_asked().
 * @dentry: the new name, negative, its parent locked.
 * @dir: the parent directory.
 *
 * The kernel's own checks have passed.  A name that open(O_CREAT) has not
 * looked up yet may exist: its report waits for the end of the open.
 *
 * Return: 0, or -EPERM when the mode enforces.
 */
static noinline int safename_act(struct safename_task *t,
				 struct dentry *dentry, struct inode *dir)
{
	if (t->state != SAFENAME_ASKED || t->dir != dir ||
	    t->cred != current_cred() ||
	    t->hash_len != dentry->d_name.hash_len)
		return 0;
	if (d_in_lookup(dentry)) {
		t->state = SAFENAME_PENDING;
	} else {
		t->dentry = NULL;
		safename_report(&t->v, &dentry->d_name, dir);
	}
	return t->v.mode & SAFENAME_MODE_ENFORCE ? -EPERM : 0;
}

/* The body of the inode hooks that have no check of their own to wait for. */
static __always_inline int safename_inode_hook(struct dentry *dentry,
					       struct inode *dir)
{
	struct safename_task *t = safename_asked(dentry);

	return unlikely(t) ? safename_act(t, dentry, dir) : 0;
}

/*
 * A link more than the file system allows: vfs_link() and vfs_mkdir() test
 * it only after the LSMs, and refuse it with EMLINK; so does vfs_rename()
 * for a directory.
 */
static bool safename_too_many_links(const struct inode *dir,
				    const struct inode *inode)
{
	unsigned int max_links = dir->i_sb->s_max_links;

	return max_links && READ_ONCE(inode->i_nlink) >= max_links;
}

/**
 * safename_settle() - the end of an open whose name was not looked up
 * @name: the name.
 * @dir: its directory.
 * @new: the name turned out not to exist: the open created it, or it
 *       failed because Safename refused the create.
 *
 * Reports a new name that the open was refused, or that it created in a
 * mode that only logs; forgets one that existed.  Only the open whose
 * name is pending can settle it: same directory, name and credentials.
 */
static void safename_settle(const struct qstr *name, const struct inode *dir,
			    bool new)
{
	struct safename_task *t = safename_current();

	if (!t->dentry || t->state != SAFENAME_PENDING || t->dir != dir ||
	    t->cred != current_cred() || t->hash_len != name->hash_len)
		return;
	t->dentry = NULL;
	if (new)
		safename_report(&t->v, name, dir);
}

/* mknod(2) and open(2) of a regular file create it; other nodes are mknod */
static inline enum safename_op safename_mknod_op(umode_t mode)
{
	return (mode & S_IFMT) == 0 || S_ISREG(mode) ?
	       SAFENAME_OP_CREATE : SAFENAME_OP_MKNOD;
}

/**
 * safename_path_mknod() - ask for a new file or special file
 * @dir: the parent directory.
 * @dentry: the new name.
 * @mode: its mode, with the file type.
 * @dev: its device number.
 *
 * Called for open(O_CREAT) on every file system, before the name is known
 * to exist or not; for mknod(2) of every type; for bind(2) of a unix socket
 * to a path; and for BPF object pinning.
 *
 * Return: 0.
 */
static int safename_path_mknod(const struct path *dir, struct dentry *dentry,
			       umode_t mode, unsigned int dev)
{
	safename_path_hook(dentry, safename_mknod_op(mode));
	return 0;
}

static int safename_path_mkdir(const struct path *dir, struct dentry *dentry,
			       umode_t mode)
{
	safename_path_hook(dentry, SAFENAME_OP_MKDIR);
	return 0;
}

/* The link's own name is checked, never its target. */
static int safename_path_symlink(const struct path *dir, struct dentry *dentry,
				 const char *old_name)
{
	safename_path_hook(dentry, SAFENAME_OP_SYMLINK);
	return 0;
}

static int safename_path_link(struct dentry *old_dentry,
			      const struct path *new_dir,
			      struct dentry *new_dentry)
{
	safename_path_hook(new_dentry, SAFENAME_OP_LINK);
	return 0;
}

/**
 * safename_path_rename() - ask for the destination name of a rename
 * @old_dir: the source directory.
 * @old_dentry: the source.
 * @new_dir: the destination directory.
 * @new_dentry: the destination.
 * @flags: the renameat2(2) flags.
 *
 * Only a destination that does not exist yet is a new name.  A rename over
 * an existing name (an editor's atomic save) creates none, nor does
 * RENAME_EXCHANGE, after which both names exist as before: the VFS refuses
 * it with ENOENT before this hook unless the destination exists.  Such a
 * rename clears the task's blob, as a name that passes does: what an
 * earlier request that the kernel refused left there may be this very
 * dentry, made since by another task.
 *
 * Return: 0.
 */
static int safename_path_rename(const struct path *old_dir,
				struct dentry *old_dentry,
				const struct path *new_dir,
				struct dentry *new_dentry, unsigned int flags)
{
	if (d_is_negative(new_dentry))
		safename_path_hook(new_dentry, SAFENAME_OP_RENAME);
	else if (static_branch_unlikely(&safename_enabled))
		safename_current()->dentry = NULL;
	return 0;
}

static int safename_inode_create(struct inode *dir, struct dentry *dentry,
				 umode_t mode)
{
	struct safename_task *t = safename_asked(dentry);

	/*
	 * A directory that cannot hold files (sysfs, cgroupfs):
	 * lookup_open() answers EACCES after the LSMs.
	 */
	if (likely(!t) || (!dir->i_op->create && !dir->i_op->atomic_open))
		return 0;
	return safename_act(t, dentry, dir);
}

static int safename_inode_mkdir(struct inode *dir, struct dentry *dentry,
				umode_t mode)
{
	struct safename_task *t = safename_asked(dentry);

	if (likely(!t) || safename_too_many_links(dir, dir))
		return 0;
	return safename_act(t, dentry, dir);
}

static int safename_inode_mknod(struct inode *dir, struct dentry *dentry,
				umode_t mode, dev_t dev)
{
	return safename_inode_hook(dentry, dir);
}

static int safename_inode_symlink(struct inode *dir, struct dentry *dentry,
				  const char *old_name)
{
	return safename_inode_hook(dentry, dir);
}

/**
 * safename_inode_link() - act on the name of a new hard link
 * @old_dentry: the existing file.
 * @dir: the directory of the new link.
 * @new_dentry: the new link.
 *
 * vfs_link() refuses a link to a file that has no link left with ENOENT
 * (but an O_TMPFILE file's first name), and one link more than the file
 * system allows with EMLINK, only after the LSMs: Safename lets those go.
 *
 * Return: 0, or -EPERM.
 */
static int safename_inode_link(struct dentry *old_dentry, struct inode *dir,
			       struct dentry *new_dentry)
{
	struct safename_task *t = safename_asked(new_dentry);
	struct inode *inode = d_inode(old_dentry);

	if (likely(!t) || safename_too_many_links(dir, inode) ||
	    (!READ_ONCE(inode->i_nlink) &&
	     !(inode_state_read_once(inode) & I_LINKABLE)))
		return 0;
	return safename_act(t, new_dentry, dir);
}

/**
 * safename_inode_rename() - act on the new name of a rename
 * @old_dir: the source directory.
 * @old_dentry: the source.
 * @new_dir: the destination directory.
 * @new_dentry: the destination.
 *
 * vfs_rename() refuses to move a directory into a directory that has as
 * many links as the file system allows with EMLINK, only after the LSMs:
 * Safename lets it go.  RENAME_EXCHANGE calls this twice, each time with a
 * destination that exists, which no path hook asked about.
 *
 * Return: 0, or -EPERM.
 */
static int safename_inode_rename(struct inode *old_dir,
				 struct dentry *old_dentry,
				 struct inode *new_dir,
				 struct dentry *new_dentry)
{
	struct safename_task *t = safename_asked(new_dentry);

	if (likely(!t) || (d_is_dir(old_dentry) && old_dir != new_dir &&
			   safename_too_many_links(new_dir, new_dir)))
		return 0;
	return safename_act(t, new_dentry, new_dir);
}

/**
 * safename_inode_create_denied() - an open was refused to create a name
 * @dir: the parent directory.
 * @name: the name, which does not exist.
 * @error: the error that refused the create, which the open fails with.
 *
 * When the refusal was Safename's, on a name not looked up yet, this is
 * where it is reported.  Another refusal (EACCES, EROFS, another LSM's)
 * leaves a pending name of a mode that only logs unreported, as it was not
 * created.
 */
static void safename_inode_create_denied(struct inode *dir,
					 const struct qstr *name, int error)
{
	struct safename_task *t;

	if (!static_branch_unlikely(&safename_enabled))
		return;
	t = safename_current();
	if (unlikely(t->dentry))
		safename_settle(name, dir, error == -EPERM &&
				(t->v.mode & SAFENAME_MODE_ENFORCE));
}

/**
 * safename_settle_open() - settle the pending name of an open that is over
 * @file: the file opened.
 *
 * Out of line: its name snapshot is on the stack, and a local variable is
 * zeroed on entry (CONFIG_INIT_STACK_ALL_ZERO) whether it is used or not,
 * which would otherwise cost every open that has nothing pending.
 */
static noinline void safename_settle_open(struct file *file)
{
	struct name_snapshot name;
	struct dentry *parent;

	parent = dget_parent(file->f_path.dentry);
	take_dentry_name_snapshot(&name, file->f_path.dentry);
	safename_settle(&name.name, d_inode(parent),
			file->f_mode & FMODE_CREATED);
	release_dentry_name_snapshot(&name);
	dput(parent);
}

/**
 * safename_file_post_open() - the end of an open
 * @file: the file opened.
 * @mask: the access asked for.
 *
 * An open(O_CREAT) whose name, not looked up yet, failed the rule in a
 * mode that does not enforce: reported now if the open created the file,
 * forgotten if the name existed.  Almost every open has nothing pending,
 * which is tested first.
 *
 * Return: 0.
 */
static int safename_file_post_open(struct file *file, int mask)
{
	struct safename_task *t;

	if (!static_branch_unlikely(&safename_enabled))
		return 0;
	t = safename_current();
	if (unlikely(t->dentry) && t->state == SAFENAME_PENDING)
		safename_settle_open(file);
	return 0;
}

/**
 * safename_inode_mksubvol() - check the name of a new btrfs subvolume
 * @dir: the parent directory.
 * @dentry: the new subvolume's name, negative, its parent locked.
 *
 * Called by the btrfs subvolume and snapshot ioctls once their own checks
 * have passed: a request and its action in one.
 *
 * Return: 0, or -EPERM when the mode enforces.
 */
static int safename_inode_mksubvol(struct inode *dir, struct dentry *dentry)
{
	struct safename_violation v = { .op = SAFENAME_OP_SUBVOL };

	if (!static_branch_unlikely(&safename_enabled) ||
	    likely(safename_fast_pass(dentry)) ||
	    !safename_judge(&v, &dentry->d_name, dir))
		return 0;
	safename_report(&v, &dentry->d_name, dir);
	return v.mode & SAFENAME_MODE_ENFORCE ? -EPERM : 0;
}

static struct security_hook_list safename_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(path_mknod, safename_path_mknod),
	LSM_HOOK_INIT(path_mkdir, safename_path_mkdir),
	LSM_HOOK_INIT(path_symlink, safename_path_symlink),
	LSM_HOOK_INIT(path_link, safename_path_link),
	LSM_HOOK_INIT(path_rename, safename_path_rename),
	LSM_HOOK_INIT(inode_create, safename_inode_create),
	LSM_HOOK_INIT(inode_mkdir, safename_inode_mkdir),
	LSM_HOOK_INIT(inode_mknod, safename_inode_mknod),
	LSM_HOOK_INIT(inode_symlink, safename_inode_symlink),
	LSM_HOOK_INIT(inode_link, safename_inode_link),
	LSM_HOOK_INIT(inode_rename, safename_inode_rename),
	LSM_HOOK_INIT(inode_create_denied, safename_inode_create_denied),
	LSM_HOOK_INIT(file_post_open, safename_file_post_open),
	LSM_HOOK_INIT(inode_mksubvol, safename_inode_mksubvol),
	LSM_HOOK_INIT(fs_context_submount, safename_fs_context_submount),
	LSM_HOOK_INIT(fs_context_dup, safename_fs_context_dup),
	LSM_HOOK_INIT(fs_context_parse_param, safename_fs_context_parse_param),
	LSM_HOOK_INIT(sb_eat_lsm_opts, safename_sb_eat_lsm_opts),
	LSM_HOOK_INIT(sb_mnt_opts_compat, safename_sb_mnt_opts_compat),
	LSM_HOOK_INIT(sb_remount, safename_sb_remount),
	LSM_HOOK_INIT(sb_reconfigured, safename_sb_reconfigured),
	LSM_HOOK_INIT(sb_show_options, safename_sb_show_options),
	LSM_HOOK_INIT(sb_set_mnt_opts, safename_sb_set_mnt_opts),
	LSM_HOOK_INIT(sb_clone_mnt_opts, safename_sb_clone_mnt_opts),
};

static const struct lsm_id safename_lsmid = {
	.name = "safename",
	.id = LSM_ID_SAFENAME,
};

/**
 * safename_init() - publish the boot policy and register the hooks
 *
 * The boot policy is the defaults with the safename.* boot parameters
 * applied.
 *
 * Return: 0, or -ENOMEM.
 */
static int __init safename_init(void)
{
	struct safename_policy *policy = safename_policy_alloc();

	if (!policy)
		return -ENOMEM;
	safename_params_apply(policy);
	safename_policy_init(policy);
	security_add_hooks(safename_hooks, ARRAY_SIZE(safename_hooks),
			   &safename_lsmid);
	pr_info("initialized\n");
	return 0;
}

DEFINE_LSM(safename) = {
	.id = &safename_lsmid,
	.init = safename_init,
	.blobs = &safename_blob_sizes,
	.initcall_fs = safename_fs_init,
};
