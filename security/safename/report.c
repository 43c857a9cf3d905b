// SPDX-License-Identifier: GPL-2.0
/*
 * Safename: reports
 *
 * A name that fails the rule is counted, and reported when its mode logs.
 * Every attempt to change the configuration, a knob write or a scope, is
 * reported too.
 *
 * While audit is enabled, a report is an audit record (audit.c).
 *
 * Otherwise a report is a kernel log line, made here.  Untrusted text in
 * it is encoded as audit encodes it, so that no control or non-ASCII byte
 * reaches the log: the name, the command, and a value written.
 *
 * Kernel log lines are rate-limited apart for privileged and unprivileged
 * tasks, so that a flood from one cannot hide the other's reports, and
 * apart for names, knob writes and scopes.
 */

#define pr_fmt(fmt) "safename: " fmt

#include <linux/audit.h>
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/percpu.h>
#include <linux/pid.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uidgid.h>

#include "safename.h"

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

/* What a kernel log line reports, for its rate limits. */
enum safename_log_kind {
	SAFENAME_LOG_NAME,
	SAFENAME_LOG_KNOB,
	SAFENAME_LOG_SCOPE,
};

/* As the kernel says when lines of a kind were dropped. */
static const char *const safename_log_kind_names[] = {
	[SAFENAME_LOG_NAME] = "safename name reports",
	[SAFENAME_LOG_KNOB] = "safename knob reports",
	[SAFENAME_LOG_SCOPE] = "safename scope reports",
};

#define SAFENAME_RATELIMIT(kind, privileged)				\
	RATELIMIT_STATE_INIT(safename_log_rs[kind][privileged],		\
			     DEFAULT_RATELIMIT_INTERVAL, DEFAULT_RATELIMIT_BURST)

/* The kernel log lines' rate limits: [kind][unprivileged or privileged]. */
static struct ratelimit_state safename_log_rs[][2] = {
	[SAFENAME_LOG_NAME] = {
		SAFENAME_RATELIMIT(SAFENAME_LOG_NAME, 0),
		SAFENAME_RATELIMIT(SAFENAME_LOG_NAME, 1),
	},
	[SAFENAME_LOG_KNOB] = {
		SAFENAME_RATELIMIT(SAFENAME_LOG_KNOB, 0),
		SAFENAME_RATELIMIT(SAFENAME_LOG_KNOB, 1),
	},
	[SAFENAME_LOG_SCOPE] = {
		SAFENAME_RATELIMIT(SAFENAME_LOG_SCOPE, 0),
		SAFENAME_RATELIMIT(SAFENAME_LOG_SCOPE, 1),
	},
};

/**
 * safename_log_allowed() - may a kernel log line be printed now?
 * @kind: what it reports.
 * @privileged: it reports a privileged task.
 *
 * Return: true within the rate limit of its kind and task.
 */
static bool safename_log_allowed(enum safename_log_kind kind, bool privileged)
{
	return ___ratelimit(&safename_log_rs[kind][privileged],
			    safename_log_kind_names[kind]);
}

/* Longest encoding of the command, with its NUL. */
#define SAFENAME_COMM_TEXT_MAX	(SAFENAME_ENCODED_MAX(TASK_COMM_LEN) + 1)

/**
 * safename_log_text() - encode untrusted bytes for a kernel log line
 * @text: the bytes.
 * @len: their number.
 *
 * Return: the encoded text, to be freed with kfree(), or NULL.
 */
static char *safename_log_text(const void *text, size_t len)
{
	char *buf;

	buf = kmalloc(SAFENAME_ENCODED_MAX(len) + 1, GFP_KERNEL | __GFP_NOWARN);
	if (buf)
		safename_encode(buf, text, len);
	return buf;
}

/**
 * safename_log_comm() - encode the current task's command
 * @buf: where, %SAFENAME_COMM_TEXT_MAX bytes.
 */
static void safename_log_comm(char *buf)
{
	char comm[TASK_COMM_LEN];

	get_task_comm(comm, current);
	safename_encode(buf, (const unsigned char *)comm, strlen(comm));
}

/**
 * safename_log_name() - the kernel log line of a name that fails the rule
 * @v: the violation.
 * @name: the name.
 */
static void safename_log_name(const struct safename_violation *v,
			      const struct qstr *name)
{
	char comm[SAFENAME_COMM_TEXT_MAX];
	char *text;

	if (!safename_log_allowed(SAFENAME_LOG_NAME, v->privileged))
		return;
	text = safename_log_text(name->name, name->len);
	if (!text)
		return;
	safename_log_comm(comm);
	pr_notice("%s %s rule=%s offset=%zu name=%s pid=%d uid=%u comm=%s\n",
		  v->mode & SAFENAME_MODE_ENFORCE ? "denied" : "reported",
		  safename_op_names[v->op], safename_rule_name(v->rule),
		  v->offset, text, task_tgid_nr(current),
		  from_kuid(&init_user_ns, v->uid), comm);
	kfree(text);
}

/**
 * safename_report() - count and report a name that fails the rule
 * @v: the violation.
 * @name: the name.
 * @dir: the directory it was to be made in.
 *
 * Called within the call that asked for the name, so that an audit record
 * belongs to its event.
 */
void safename_report(const struct safename_violation *v,
		     const struct qstr *name, const struct inode *dir)
{
	this_cpu_inc(safename_stats.violations);
	this_cpu_inc(safename_stats.rule[v->rule]);
	if (v->mode & SAFENAME_MODE_ENFORCE)
		this_cpu_inc(safename_stats.denied);
	if (!(v->mode & SAFENAME_MODE_LOG))
		return;
	if (audit_enabled != AUDIT_OFF)
		safename_audit_name(v, name, dir);
	else
		safename_log_name(v, name);
}

/**
 * safename_log_config() - the kernel log line of a change of configuration
 * @knob: what was to change: a knob's name, or "scope".
 * @sb: for a scope, its file system; else NULL.
 * @old: the old value's text.
 * @old_len: its length.
 * @new: the text asked for, or NULL when it was not read.
 * @new_len: its length.
 * @res: the change took effect.
 */
static void safename_log_config(const char *knob, const struct super_block *sb,
				const char *old, size_t old_len,
				const char *new, size_t new_len, bool res)
{
	char dev[SAFENAME_ENCODED_MAX(sizeof(sb->s_id)) + 1] = "";
	char comm[SAFENAME_COMM_TEXT_MAX];
	char *old_text, *new_text = NULL;

	if (!safename_log_allowed(sb ? SAFENAME_LOG_SCOPE : SAFENAME_LOG_KNOB,
				  safename_privileged(SAFENAME_TASK_USER)))
		return;
	old_text = safename_log_text(old, old_len);
	if (new)
		new_text = safename_log_text(new, new_len);
	if (!old_text || (new && !new_text))
		goto out;
	if (sb)
		safename_encode(dev, (const unsigned char *)sb->s_id,
				strlen(sb->s_id));
	safename_log_comm(comm);
	pr_notice("config lsm=safename knob=%s%s%s%s%s old=%s new=%s auid=%u ses=%u pid=%d uid=%u comm=%s res=%d\n",
		  knob, sb ? " fstype=" : "", sb ? sb->s_type->name : "",
		  sb ? " dev=" : "", dev, old_text, new_text ?: "?",
		  from_kuid(&init_user_ns, audit_get_loginuid(current)),
		  audit_get_sessionid(current), task_tgid_nr(current),
		  from_kuid(&init_user_ns, current_uid()), comm, res);
out:
	kfree(new_text);
	kfree(old_text);
}

/**
 * safename_report_config() - report a change of configuration
 * @knob: what was to change: a knob's name, or "scope".
 * @sb: for a scope, its file system; else NULL.
 * @old: the old value's text.
 * @old_len: its length.
 * @new: the text asked for, or NULL when it was not read.
 * @new_len: its length.
 * @res: the change took effect.
 *
 * Every attempt is reported, refused ones too.
 */
void safename_report_config(const char *knob, const struct super_block *sb,
			    const char *old, size_t old_len, const char *new,
			    size_t new_len, bool res)
{
	if (audit_enabled != AUDIT_OFF)
		safename_audit_config(knob, sb, old, old_len, new, new_len,
				      res);
	else
		safename_log_config(knob, sb, old, old_len, new, new_len, res);
}
