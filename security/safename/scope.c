// SPDX-License-Identifier: GPL-2.0
/*
 * Safename: scopes, the mount option safename=on|log|off
 *
 * A file system may have a scope of its own: "log" reports the names
 * that the policy would refuse there without refusing them, "off" leaves
 * its names alone.  The scope belongs to the superblock, so every bind
 * mount of a file system shares it, and an overlay's own scope governs
 * the names created on the overlay.  Only a privileged task may ask for
 * "log" or "off", and none while the policy is locked.
 *
 * The option travels in Safename's slot of the LSMs' mount options blob,
 * from fsconfig(2) or the data of mount(2), to the superblock: it is
 * applied when a new superblock is set up, and changed by a remount that
 * names it.  The hooks read the scope only for a name that fails the
 * rule.
 */

#define pr_fmt(fmt) "safename: " fmt

#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/lsm_hooks.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "safename.h"

static const char *const safename_scope_names[] = {
	[SAFENAME_SCOPE_ON] = "on",
	[SAFENAME_SCOPE_LOG] = "log",
	[SAFENAME_SCOPE_OFF] = "off",
};

#define SAFENAME_OPTION		"safename"

/* Safename's slot, or NULL when no scope was given. */
static struct safename_mnt_opts *safename_mnt_opts(void *mnt_opts)
{
	struct safename_mnt_opts *opts;

	if (!mnt_opts)
		return NULL;
	opts = mnt_opts + safename_blob_sizes.lbs_mnt_opts;
	return opts->taken ? opts : NULL;
}

/**
 * safename_mnt_opts_take() - Safename's slot, allocated if need be
 * @mnt_opts: the mount options blob, allocated if it is NULL.
 *
 * Return: the slot, marked taken, or an ERR_PTR().
 */
static struct safename_mnt_opts *safename_mnt_opts_take(void **mnt_opts)
{
	struct safename_mnt_opts *opts;
	int err;

	err = lsm_mnt_opts_alloc(mnt_opts);
	if (err)
		return ERR_PTR(err);
	opts = *mnt_opts + safename_blob_sizes.lbs_mnt_opts;
	if (!opts->taken) {
		opts->taken = true;
		opts->privileged = true;
	}
	return opts;
}

/**
 * safename_scope_parse() - parse the value of the option
 * @value: the text after "safename=", or NULL when there is none.
 * @len: its length.
 *
 * Return: the scope, or -EINVAL with a kernel log line naming the option.
 */
static int safename_scope_parse(const char *value, size_t len)
{
	unsigned int scope;

	for (scope = 0; value && scope < ARRAY_SIZE(safename_scope_names);
	     scope++)
		if (strlen(safename_scope_names[scope]) == len &&
		    !memcmp(value, safename_scope_names[scope], len))
			return scope;
	pr_warn_ratelimited("bad value for mount option %s=: on, log or off\n",
			    SAFENAME_OPTION);
	return -EINVAL;
}

/**
 * safename_scope_give() - record a scope asked for by the current task
 * @mnt_opts: the mount options blob.
 * @value: the option's value, or NULL when it has none.
 * @len: its length.
 *
 * Nothing is refused here: who may ask for a scope is decided where the
 * file system is known, and reported there.
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
static int safename_scope_give(void **mnt_opts, const char *value, size_t len)
{
	struct safename_mnt_opts *opts;
	int scope;

	scope = safename_scope_parse(value, len);
	if (scope < 0)
		return scope;
	opts = safename_mnt_opts_take(mnt_opts);
	if (IS_ERR(opts))
		return PTR_ERR(opts);
	opts->scope = scope;
	if (scope != SAFENAME_SCOPE_ON &&
	    !safename_privileged(SAFENAME_TASK_USER))
		opts->privileged = false;
	return 0;
}

/**
 * safename_fs_context_parse_param() - take "safename" from fsconfig(2)
 * @fc: the file system context.
 * @param: the parameter.
 *
 * mount(2) comes here too for the file systems that parse their options
 * one by one.
 *
 * Return: 0 when the parameter is ours, -ENOPARAM when it is not, or an
 * error.
 */
int safename_fs_context_parse_param(struct fs_context *fc,
				    struct fs_parameter *param)
{
	if (strcmp(param->key, SAFENAME_OPTION))
		return -ENOPARAM;
	if (param->type != fs_value_is_string)
		return safename_scope_parse(NULL, 0);
	return safename_scope_give(&fc->security, param->string,
				   param->size);
}

/**
 * safename_sb_eat_lsm_opts() - take "safename=" from mount(2)'s data
 * @options: the comma-separated options; ours are removed.
 * @mnt_opts: the mount options blob.
 *
 * As the other LSMs do, a comma within double quotes does not end an
 * option, so that their quoted values pass through whole.
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int safename_sb_eat_lsm_opts(char *options, void **mnt_opts)
{
	static const char key[] = SAFENAME_OPTION "=";
	const size_t key_len = sizeof(key) - 1;
	char *from = options, *to = options;
	bool quoted, first = true;
	size_t len;
	int err;

	for (;;) {
		quoted = false;
		for (len = 0; from[len] && (quoted || from[len] != ','); len++)
			if (from[len] == '"')
				quoted = !quoted;
		if (len == key_len - 1 && !memcmp(from, key, len))
			return safename_scope_parse(NULL, 0);
		if (len >= key_len && !memcmp(from, key, key_len)) {
			err = safename_scope_give(mnt_opts, from + key_len,
						  len - key_len);
			if (err)
				return err;
		} else {
			if (!first)
				*to++ = ',';
			memmove(to, from, len);
			to += len;
			first = false;
		}
		if (!from[len])
			break;
		from += len + 1;
	}
	*to = '\0';
	return 0;
}

/*
 * A request for "log" or "off", and one that would change the scope, is
 * reported like a knob write, whether it is refused or applied.
 */
static void safename_scope_report(struct super_block *sb, u8 old, u8 scope,
				  bool done)
{
	if (scope == SAFENAME_SCOPE_ON && scope == old)
		return;
	safename_report_config("scope", sb, safename_scope_names[old],
			       strlen(safename_scope_names[old]),
			       safename_scope_names[scope],
			       strlen(safename_scope_names[scope]), done);
}

/**
 * safename_scope_check() - may this mount or remount have its scope?
 * @sb: the file system, its s_umount held.
 * @opts: Safename's options, not inherited.
 * @join: @sb was set up by an earlier mount: a new mount joins its scope,
 *        and may not change it.
 *
 * One rule for every request: asking for "log" or "off" needs a
 * privileged task, both where the option was given and here, and a policy
 * that is not locked, whether or not the scope would change; then a mount
 * joining a file system must ask for the scope it has (a remount changes
 * it).  A refusal is reported here.
 *
 * Return: 0, -EPERM or -EBUSY.
 */
static int safename_scope_check(struct super_block *sb,
				const struct safename_mnt_opts *opts,
				bool join)
{
	u8 old = READ_ONCE(safename_sb(sb)->scope);
	int err = 0;

	if (opts->scope != SAFENAME_SCOPE_ON &&
	    (!opts->privileged || !safename_privileged(SAFENAME_TASK_USER) ||
	     safename_policy_locked()))
		err = -EPERM;
	else if (join && opts->scope != old)
		err = -EBUSY;
	if (!err)
		return 0;
	safename_scope_report(sb, old, opts->scope, false);
	if (err == -EBUSY)
		pr_warn_ratelimited("%s %s has %s=%s: a remount changes it\n",
				    sb->s_type->name, sb->s_id,
				    SAFENAME_OPTION, safename_scope_names[old]);
	return err;
}

/* Apply a request that safename_scope_check() allowed, and report it. */
static void safename_scope_set(struct super_block *sb,
			       const struct safename_mnt_opts *opts)
{
	struct safename_sb *ssb = safename_sb(sb);
	u8 old = ssb->scope;

	WRITE_ONCE(ssb->scope, opts->scope);
	safename_scope_report(sb, old, opts->scope, true);
}

/**
 * safename_sb_set_mnt_opts() - apply a mount's options to its superblock
 * @sb: the superblock, its s_umount held.
 * @mnt_opts: the mount options blob, or NULL.
 * @kern_flags: unused.
 * @set_kern_flags: unused.
 *
 * A new superblock takes the scope asked for, "on" by default.  One that a
 * mount set up before keeps its scope (see safename_scope_check()), and a
 * mount that joins it is not reported: it changes nothing (NFS sets the
 * options of its new superblock, then vfs_get_tree() joins it).  A
 * scope that a submount inherits is neither checked nor reported, and
 * never fails it: it applies to a new superblock only.
 *
 * Return: 0, -EPERM or -EBUSY.
 */
int safename_sb_set_mnt_opts(struct super_block *sb, void *mnt_opts,
			     unsigned long kern_flags,
			     unsigned long *set_kern_flags)
{
	struct safename_mnt_opts *opts = safename_mnt_opts(mnt_opts);
	struct safename_sb *ssb = safename_sb(sb);
	int err;

	if (opts && opts->inherited) {
		if (!ssb->set)
			WRITE_ONCE(ssb->scope, opts->scope);
	} else if (opts) {
		err = safename_scope_check(sb, opts, ssb->set);
		if (err)
			return err;
		/* a mount that joins @sb asked for the scope it has */
		if (!ssb->set)
			safename_scope_set(sb, opts);
	}
	ssb->set = true;
	return 0;
}

/**
 * safename_sb_remount() - may a remount that names a scope have it?
 * @sb: the superblock, its s_umount held.
 * @mnt_opts: the mount options blob, or NULL.
 *
 * A remount without the option keeps the scope.  One with it is checked
 * here, and changes the scope only once the file system has taken the
 * remount (safename_sb_reconfigured()).
 *
 * Return: 0 or -EPERM.
 */
int safename_sb_remount(struct super_block *sb, void *mnt_opts)
{
	struct safename_mnt_opts *opts = safename_mnt_opts(mnt_opts);

	return opts ? safename_scope_check(sb, opts, false) : 0;
}

/**
 * safename_sb_reconfigured() - change the scope once a remount succeeded
 * @sb: the superblock, its s_umount held.
 * @mnt_opts: the mount options blob, or NULL.
 *
 * The policy may have been locked while the file system reconfigured
 * itself, after safename_sb_remount() allowed the request: the lock wins,
 * the scope stays, and the request is reported as refused.
 */
void safename_sb_reconfigured(struct super_block *sb, void *mnt_opts)
{
	struct safename_mnt_opts *opts = safename_mnt_opts(mnt_opts);

	if (!opts)
		return;
	if (opts->scope != SAFENAME_SCOPE_ON && safename_policy_locked()) {
		safename_scope_report(sb, safename_sb(sb)->scope, opts->scope,
				      false);
		return;
	}
	safename_scope_set(sb, opts);
}

/**
 * safename_sb_mnt_opts_compat() - may a mount share an existing superblock?
 * @sb: the superblock.
 * @mnt_opts: the mount options blob, or NULL.
 *
 * NFS asks before it shares a superblock between mounts of one server.
 *
 * Return: 0 when the scope asked for is the superblock's, else 1.
 */
int safename_sb_mnt_opts_compat(struct super_block *sb, void *mnt_opts)
{
	struct safename_mnt_opts *opts = safename_mnt_opts(mnt_opts);
	u8 scope = opts ? opts->scope : SAFENAME_SCOPE_ON;

	return scope != READ_ONCE(safename_sb(sb)->scope);
}

/**
 * safename_sb_show_options() - show a scope other than "on" in mountinfo
 * @m: the seq_file.
 * @sb: the superblock.
 *
 * Return: 0.
 */
int safename_sb_show_options(struct seq_file *m, struct super_block *sb)
{
	u8 scope = READ_ONCE(safename_sb(sb)->scope);

	if (scope != SAFENAME_SCOPE_ON)
		seq_printf(m, ",%s=%s", SAFENAME_OPTION,
			   safename_scope_names[scope]);
	return 0;
}

/**
 * safename_fs_context_dup() - copy the scope given to a context
 * @fc: the new context.
 * @src_fc: the context copied.
 *
 * Return: 0 or -ENOMEM.
 */
int safename_fs_context_dup(struct fs_context *fc, struct fs_context *src_fc)
{
	struct safename_mnt_opts *src = safename_mnt_opts(src_fc->security);
	struct safename_mnt_opts *opts;

	if (!src)
		return 0;
	opts = safename_mnt_opts_take(&fc->security);
	if (IS_ERR(opts))
		return PTR_ERR(opts);
	*opts = *src;
	return 0;
}

/**
 * safename_fs_context_submount() - a submount inherits its parent's scope
 * @fc: the submount's context.
 * @reference: the superblock it is made from.
 *
 * Automounts are made by whichever task crosses them: the scope they
 * inherit is neither checked nor reported, and a submount that joins a
 * file system set up before keeps that one's.  Only a submount of the
 * same type inherits (an NFS export crossed, an AFS volume): tracefs,
 * automounted under debugfs, has a scope of its own.
 *
 * Return: 0 or -ENOMEM.
 */
int safename_fs_context_submount(struct fs_context *fc,
				 struct super_block *reference)
{
	u8 scope = READ_ONCE(safename_sb(reference)->scope);
	struct safename_mnt_opts *opts;

	if (scope == SAFENAME_SCOPE_ON || fc->fs_type != reference->s_type)
		return 0;
	opts = safename_mnt_opts_take(&fc->security);
	if (IS_ERR(opts))
		return PTR_ERR(opts);
	opts->scope = scope;
	opts->inherited = true;
	return 0;
}

/**
 * safename_sb_clone_mnt_opts() - NFS's submounts inherit the scope
 * @oldsb: the superblock the submount is made from.
 * @newsb: the submount's superblock.
 * @kern_flags: unused.
 * @set_kern_flags: unused.
 *
 * Return: 0.
 */
int safename_sb_clone_mnt_opts(const struct super_block *oldsb,
			       struct super_block *newsb,
			       unsigned long kern_flags,
			       unsigned long *set_kern_flags)
{
	struct safename_sb *ssb = safename_sb(newsb);

	if (!ssb->set) {
		WRITE_ONCE(ssb->scope, READ_ONCE(safename_sb(oldsb)->scope));
		ssb->set = true;
	}
	return 0;
}
