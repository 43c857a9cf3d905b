// SPDX-License-Identifier: GPL-2.0
/*
 * Safename: audit records
 *
 * A name that fails the rule is reported in an AUDIT_SAFENAME record, a
 * knob write in an AUDIT_MAC_CONFIG_CHANGE record, while audit is enabled
 * (audit=1 on the command line, or auditctl -e 1 as auditd does); the
 * caller prints the kernel log line instead only while it is not.  Each
 * record is made in the system call that asked for the name, or wrote the
 * knob, so that it belongs to that call's event.  Audit alone decides
 * whether it keeps a record: an exclude rule, its rate limit or a full
 * backlog lose it the audit way, counted in its lost records, and nothing
 * is printed in its place.
 */

#include <linux/audit.h>
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/uidgid.h>

#include "safename.h"

/**
 * safename_audit_subject() - log who made the request
 * @ab: the record.
 * @uid: the uid to log; for a file server, its client's.
 *
 * The standard subject fields, in the order pid uid auid ses subj comm exe.
 */
static void safename_audit_subject(struct audit_buffer *ab, kuid_t uid)
{
	char comm[TASK_COMM_LEN];
	struct file *exe;

	audit_log_format(ab, " pid=%d uid=%u auid=%u ses=%u",
			 task_tgid_nr(current), from_kuid(&init_user_ns, uid),
			 from_kuid(&init_user_ns, audit_get_loginuid(current)),
			 audit_get_sessionid(current));
	audit_log_task_context(ab);
	audit_log_format(ab, " comm=");
	audit_log_untrustedstring(ab, get_task_comm(comm, current));
	exe = current->mm ? get_mm_exe_file(current->mm) : NULL;
	if (exe) {
		audit_log_d_path(ab, " exe=", &exe->f_path);
		fput(exe);
	} else {
		audit_log_format(ab, " exe=(null)");
	}
}

/**
 * safename_audit_name() - make the audit record of a name that fails
 * @v: the violation.
 * @name: the name.
 * @dir: the directory it was to be made in.
 *
 * Called with the directory locked: nothing here may wait, for memory or
 * for room in a full backlog, while other tasks wait for the directory.
 * GFP_NOWAIT lets audit_log_start() count the record as lost instead, as
 * it does for every LSM's records made under a lock.
 */
void safename_audit_name(const struct safename_violation *v,
			 const struct qstr *name, const struct inode *dir)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_NOWAIT | __GFP_NOWARN,
			     AUDIT_SAFENAME);
	if (!ab)
		return;
	audit_log_format(ab, "lsm=safename action=%s op=%s rule=%s offset=%zu name=",
			 v->mode & SAFENAME_MODE_ENFORCE ? "denied" : "reported",
			 safename_op_name(v->op), safename_rule_name(v->rule),
			 v->offset);
	audit_log_n_untrustedstring(ab, name->name, name->len);
	audit_log_format(ab, " dev=");
	audit_log_untrustedstring(ab, dir->i_sb->s_id);
	audit_log_format(ab, " ino=%llu", dir->i_ino);
	safename_audit_subject(ab, v->uid);
	audit_log_end(ab);
}

/**
 * safename_audit_config() - make the audit record of a change of configuration
 * @knob: what was to change: a knob's name, or "scope".
 * @sb: for a scope, its file system; else NULL.
 * @old: the text of its value before the write.
 * @old_len: its length.
 * @new: the text written, or NULL when it was not read.
 * @new_len: its length.
 * @res: the write took effect.
 */
void safename_audit_config(const char *knob, const struct super_block *sb,
			   const char *old, size_t old_len, const char *new,
			   size_t new_len, bool res)
{
	char comm[TASK_COMM_LEN];
	struct audit_buffer *ab;

	/*
	 * A scope's record is made with s_umount held: without
	 * __GFP_DIRECT_RECLAIM, audit_log_start() does not wait for a full
	 * backlog (up to audit_backlog_wait_time) and block every mount of
	 * the file system meanwhile; the record is lost the audit way.
	 */
	ab = audit_log_start(audit_context(),
			     sb ? GFP_NOWAIT | __GFP_NOWARN : GFP_KERNEL,
			     AUDIT_MAC_CONFIG_CHANGE);
	if (!ab)
		return;
	audit_log_format(ab, "lsm=safename knob=%s", knob);
	if (sb) {
		audit_log_format(ab, " fstype=%s dev=", sb->s_type->name);
		audit_log_untrustedstring(ab, sb->s_id);
	}
	audit_log_format(ab, " old=");
	audit_log_n_untrustedstring(ab, old, old_len);
	audit_log_format(ab, " new=");
	if (new)
		audit_log_n_untrustedstring(ab, new, new_len);
	else
		audit_log_format(ab, "?");
	audit_log_format(ab, " auid=%u ses=%u pid=%d uid=%u comm=",
			 from_kuid(&init_user_ns, audit_get_loginuid(current)),
			 audit_get_sessionid(current), task_tgid_nr(current),
			 from_kuid(&init_user_ns, current_uid()));
	audit_log_untrustedstring(ab, get_task_comm(comm, current));
	audit_log_format(ab, " res=%d", res);
	audit_log_end(ab);
}
