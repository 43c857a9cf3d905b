// SPDX-License-Identifier: GPL-2.0
/*
 * Safename: the knob files
 *
 * One table of knobs, served in two places: /sys/fs/safename/ for
 * administrators and /sys/kernel/security/safename/ where LSM tools look.
 *
 * The sysfs side is a kobject under fs_kobj with a bin_attribute per knob
 * rather than plain attributes: an attribute's store() sees neither the
 * file, whose opener must be privileged too, nor the offset of the write,
 * and a bin_attribute's write method sees both.
 *
 * The same table parses the safename.* boot parameters.
 */

#define pr_fmt(fmt) "safename: " fmt

#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "safename.h"

/**
 * enum safename_knob_type - how a knob is written and read
 * @SAFENAME_KNOB_MODE: a u8 from 0 to %SAFENAME_MODE_MASK.
 * @SAFENAME_KNOB_FLAG: a bool, written and read as 0 or 1.
 * @SAFENAME_KNOB_BYTESET: a struct safename_byteset.
 * @SAFENAME_KNOB_STATS: the counters, read-only and not in the policy.
 */
enum safename_knob_type {
	SAFENAME_KNOB_MODE,
	SAFENAME_KNOB_FLAG,
	SAFENAME_KNOB_BYTESET,
	SAFENAME_KNOB_STATS,
};

/**
 * struct safename_knob - a policy field exposed as a file
 * @attr: its sysfs file, whose name and mode are the knob's; the name is
 *        also the boot parameter's after "safename.".
 * @type: the format of the field.
 * @offset: where the field is in struct safename_policy.
 */
struct safename_knob {
	const struct bin_attribute attr;
	enum safename_knob_type type;
	size_t offset;
};

/**
 * union safename_knob_value - a parsed knob value
 * @mode: for %SAFENAME_KNOB_MODE.
 * @flag: for %SAFENAME_KNOB_FLAG.
 * @set: for %SAFENAME_KNOB_BYTESET.
 */
union safename_knob_value {
	u8 mode;
	bool flag;
	struct safename_byteset set;
};

static ssize_t safename_sysfs_read(struct file *file, struct kobject *kobj,
				   const struct bin_attribute *attr, char *buf,
				   loff_t pos, size_t count);
static ssize_t safename_sysfs_write(struct file *file, struct kobject *kobj,
				    const struct bin_attribute *attr, char *buf,
				    loff_t pos, size_t count);

#define SAFENAME_KNOB_FILE(_name, _mode, _write, _type, _offset)	\
	{								\
		.attr = {						\
			.attr = { .name = _name, .mode = _mode },	\
			.read = safename_sysfs_read,			\
			.write = _write,				\
		},							\
		.type = _type,						\
		.offset = _offset,					\
	}

#define SAFENAME_KNOB(_name, _type, _field)				\
	SAFENAME_KNOB_FILE(_name, 0644, safename_sysfs_write, _type,	\
			   offsetof(struct safename_policy, _field))

static const struct safename_knob safename_knobs[] = {
	SAFENAME_KNOB("mode_for_unprivileged", SAFENAME_KNOB_MODE,
		      mode[SAFENAME_UNPRIVILEGED]),
	SAFENAME_KNOB("mode_for_privileged", SAFENAME_KNOB_MODE,
		      mode[SAFENAME_PRIVILEGED]),
	SAFENAME_KNOB("utf8", SAFENAME_KNOB_FLAG, rules.utf8),
	SAFENAME_KNOB("permitted_bytes_initial", SAFENAME_KNOB_BYTESET,
		      rules.initial),
	SAFENAME_KNOB("permitted_bytes_middle", SAFENAME_KNOB_BYTESET,
		      rules.middle),
	SAFENAME_KNOB("permitted_bytes_final", SAFENAME_KNOB_BYTESET,
		      rules.final),
	SAFENAME_KNOB("locked", SAFENAME_KNOB_FLAG, locked),
	SAFENAME_KNOB_FILE("stats", 0444, NULL, SAFENAME_KNOB_STATS, 0),
};

/* The name of a knob's file. */
static const char *safename_knob_name(const struct safename_knob *knob)
{
	return knob->attr.attr.name;
}

/* Can the knob be written? */
static bool safename_knob_writable(const struct safename_knob *knob)
{
	return knob->attr.attr.mode & 0200;
}

/**
 * safename_knob_size() - the size of the policy field behind a knob
 * @knob: the knob.
 *
 * Return: the size in bytes, 0 for a knob outside the policy.
 */
static size_t safename_knob_size(const struct safename_knob *knob)
{
	switch (knob->type) {
	case SAFENAME_KNOB_MODE:
		return sizeof(u8);
	case SAFENAME_KNOB_FLAG:
		return sizeof(bool);
	case SAFENAME_KNOB_BYTESET:
		return sizeof(struct safename_byteset);
	case SAFENAME_KNOB_STATS:
		break;
	}
	return 0;
}

/**
 * safename_parse_digit() - parse a knob holding one small number
 * @buf: the text: one digit and one optional trailing newline.
 * @len: its length.
 * @max: the largest value accepted.
 * @value: the value parsed.
 *
 * Return: 0, or -EINVAL.
 */
static int safename_parse_digit(const char *buf, size_t len, u8 max,
				u8 *value)
{
	if (len && buf[len - 1] == '\n')
		len--;
	if (len != 1 || buf[0] < '0' || buf[0] > '0' + max)
		return -EINVAL;
	*value = buf[0] - '0';
	return 0;
}

/**
 * safename_knob_parse() - parse the text written to a knob
 * @knob: the knob.
 * @buf: the text, not necessarily NUL-terminated.
 * @len: its length.
 * @value: the value parsed, whose first safename_knob_size() bytes are
 *         the new content of the policy field.
 *
 * Return: 0, or -EINVAL.
 */
static int safename_knob_parse(const struct safename_knob *knob,
			       const char *buf, size_t len,
			       union safename_knob_value *value)
{
	u8 digit = 0;
	int err;

	switch (knob->type) {
	case SAFENAME_KNOB_MODE:
		return safename_parse_digit(buf, len, SAFENAME_MODE_MASK,
					    &value->mode);
	case SAFENAME_KNOB_FLAG:
		err = safename_parse_digit(buf, len, 1, &digit);
		value->flag = digit;
		return err;
	case SAFENAME_KNOB_BYTESET:
		return safename_byteset_parse(&value->set, buf, len);
	case SAFENAME_KNOB_STATS:
		break;
	}
	return -EINVAL;
}

/**
 * safename_knob_format() - write the text of a knob's value
 * @knob: the knob, not the stats.
 * @field: the value, a policy field of the knob's type.
 * @text: where to write, with room for %SAFENAME_BYTESET_TEXT_MAX bytes.
 *
 * Return: the length of the text, which ends in a newline.
 */
static size_t safename_knob_format(const struct safename_knob *knob,
				   const void *field, char *text)
{
	switch (knob->type) {
	case SAFENAME_KNOB_MODE:
		return scnprintf(text, SAFENAME_BYTESET_TEXT_MAX, "%u\n",
				 *(const u8 *)field);
	case SAFENAME_KNOB_FLAG:
		return scnprintf(text, SAFENAME_BYTESET_TEXT_MAX, "%d\n",
				 *(const bool *)field);
	case SAFENAME_KNOB_BYTESET:
		return safename_byteset_format(field, text);
	case SAFENAME_KNOB_STATS:
		break;
	}
	text[0] = '\0';
	return 0;
}

/**
 * safename_knob_format_current() - write the text of a knob's current value
 * @knob: the knob, not the stats.
 * @text: where to write, with room for %SAFENAME_BYTESET_TEXT_MAX bytes.
 *
 * Return: the length of the text.
 */
static size_t safename_knob_format_current(const struct safename_knob *knob,
					   char *text)
{
	size_t len;

	rcu_read_lock();
	len = safename_knob_format(knob, (const u8 *)rcu_dereference(safename_policy) +
				   knob->offset, text);
	rcu_read_unlock();
	return len;
}

/* Without its final newline, and no longer than a byte set's text. */
static size_t safename_knob_text_len(const char *text, size_t len)
{
	if (len && text[len - 1] == '\n')
		len--;
	return min_t(size_t, len, SAFENAME_BYTESET_TEXT_MAX);
}

/**
 * safename_knob_report() - report a write to a knob
 * @knob: the knob.
 * @old: the value before the write, or NULL to read the current one.
 * @buf: the text written, or NULL when it was not read.
 * @len: its length.
 * @res: the write took effect.
 */
static void safename_knob_report(const struct safename_knob *knob,
				 const union safename_knob_value *old,
				 const char *buf, size_t len, bool res)
{
	size_t old_len;
	char *text;

	text = kmalloc(SAFENAME_BYTESET_TEXT_MAX, GFP_KERNEL);
	if (!text)
		return;
	if (old)
		old_len = safename_knob_format(knob, old, text);
	else
		old_len = safename_knob_format_current(knob, text);
	old_len = safename_knob_text_len(text, old_len);
	len = buf ? safename_knob_text_len(buf, len) : 0;
	safename_report_config(safename_knob_name(knob), NULL, text, old_len,
			       buf, len, res);
	kfree(text);
}

/**
 * safename_knob_write_check() - the checks before a knob write is parsed
 * @file: the open file, whose opener must be privileged.
 * @buf: the text written, or NULL when it is too long to be read.
 * @len: its length.
 * @pos: the file offset of the write.
 *
 * A write needs CAP_MAC_ADMIN in the initial user namespace, both in the
 * credentials the file was opened with and in the writer's, and must come
 * whole, in one write at offset 0.  Neither reports nor changes anything.
 *
 * Once the policy is locked, every write is refused with -EPERM.
 *
 * Return: 0, or -EPERM, -E2BIG or -EINVAL, checked in this order: a task
 * that may not write learns nothing more of its write.
 */
static int safename_knob_write_check(const struct file *file,
				     const char *buf, size_t len, loff_t pos)
{
	if (!file_ns_capable(file, &init_user_ns, CAP_MAC_ADMIN) ||
	    !capable(CAP_MAC_ADMIN) || safename_policy_locked())
		return -EPERM;
	if (!buf || len > SAFENAME_WRITE_MAX)
		return -E2BIG;
	if (pos)
		return -EINVAL;
	return 0;
}

/**
 * safename_knob_write() - the write handler shared by both places
 * @knob: the knob.
 * @file: the open file, whose opener must be privileged.
 * @buf: the text written, or NULL when it is too long to be read.
 * @len: its length.
 * @pos: the file offset of the write.
 *
 * A write that passes safename_knob_write_check() is parsed and applied
 * entirely or not at all.  Every write is reported, with its result.
 *
 * Return: @len, or -E2BIG, -EPERM, -EINVAL or -ENOMEM with the policy
 * unchanged.
 */
static ssize_t safename_knob_write(const struct safename_knob *knob,
				   const struct file *file, const char *buf,
				   size_t len, loff_t pos)
{
	union safename_knob_value value = { }, old = { };
	bool have_old = false;
	int err;

	err = safename_knob_write_check(file, buf, len, pos);
	if (!err)
		err = safename_knob_parse(knob, buf, len, &value);
	if (!err) {
		err = safename_policy_set(knob->offset, &value,
					  safename_knob_size(knob), &old);
		have_old = true;
	}
	/* A write too long to be read is reported without its text. */
	safename_knob_report(knob, have_old ? &old : NULL,
			     err == -E2BIG ? NULL : buf, len, !err);
	return err ? err : len;
}

/**
 * safename_stats_format() - write the text of the counters
 * @text: where to write, with room for %SAFENAME_BYTESET_TEXT_MAX bytes.
 *
 * Six lines of at most 32 bytes each fit.
 *
 * Return: the length of the text, which ends in a newline.
 */
static size_t safename_stats_format(char *text)
{
	struct safename_stats sum;
	enum safename_rule rule;
	size_t len;

	safename_stats_read(&sum);
	len = scnprintf(text, SAFENAME_BYTESET_TEXT_MAX,
			"violations %lu\ndenied %lu\n", sum.violations,
			sum.denied);
	for (rule = SAFENAME_RULE_INITIAL; rule <= SAFENAME_RULE_MAX; rule++)
		len += scnprintf(text + len, SAFENAME_BYTESET_TEXT_MAX - len,
				 "%s %lu\n", safename_rule_name(rule),
				 sum.rule[rule]);
	return len;
}

/**
 * safename_knob_text() - write the text that reading a knob gives
 * @knob: the knob.
 * @text: where to write, with room for %SAFENAME_BYTESET_TEXT_MAX bytes.
 *
 * Return: the length of the text.
 */
static size_t safename_knob_text(const struct safename_knob *knob,
				 char *text)
{
	if (knob->type == SAFENAME_KNOB_STATS)
		return safename_stats_format(text);
	return safename_knob_format_current(knob, text);
}

/**
 * safename_knob_show() - the read handler of securityfs
 * @m: the seq_file to print to.
 * @knob: the knob.
 *
 * Return: 0, or -ENOMEM.
 */
static int safename_knob_show(struct seq_file *m,
			      const struct safename_knob *knob)
{
	char *text;

	text = kmalloc(SAFENAME_BYTESET_TEXT_MAX, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	seq_write(m, text, safename_knob_text(knob, text));
	kfree(text);
	return 0;
}

/**
 * safename_sysfs_read() - the read method of the sysfs files
 * @file: the open file.
 * @kobj: the kobject of /sys/fs/safename/.
 * @attr: the file's attribute, in its knob.
 * @buf: where to copy, with room for @count bytes.
 * @pos: the file offset of the read.
 * @count: the number of bytes asked for, at most PAGE_SIZE.
 *
 * Only a read at offset 0 gets the text, made afresh, and as much of it as
 * @count allows; a read at any other offset is the end of the file, as
 * for sysctl's numbers.  sysfs keeps nothing between two reads of a
 * bin_attribute, so a text served in pieces could join the head of one
 * value to the tail of another written in between: even a reader taking
 * the whole text at once would, at its next read, see the end of a longer
 * value.  A buffer of %SAFENAME_BYTESET_TEXT_MAX bytes holds any text.
 *
 * Return: the number of bytes copied, 0 at the end, or -ENOMEM.
 */
static ssize_t safename_sysfs_read(struct file *file, struct kobject *kobj,
				   const struct bin_attribute *attr, char *buf,
				   loff_t pos, size_t count)
{
	size_t len;
	char *text;

	if (pos)
		return 0;
	text = kmalloc(SAFENAME_BYTESET_TEXT_MAX, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	len = min(count, safename_knob_text(container_of(attr,
							 struct safename_knob,
							 attr), text));
	memcpy(buf, text, len);
	kfree(text);
	return len;
}

/**
 * safename_sysfs_write() - the write method of the sysfs files
 * @file: the open file; @file->f_cred are the opener's credentials.
 * @kobj: the kobject of /sys/fs/safename/.
 * @attr: the file's attribute, in its knob.
 * @buf: the text written, NUL-terminated.
 * @pos: the file offset of the write.
 * @count: its length, at most PAGE_SIZE.
 *
 * For a bin_attribute of size 0 (no limit of its own), sysfs calls the
 * write method once per write(2), with the file offset, but with at most
 * its first PAGE_SIZE bytes; it leaves the rest of a longer write to user
 * space as a short write, which stdio and shells write again at the next
 * offset.  So a write of PAGE_SIZE bytes cannot be told from the head of a
 * longer one, and is refused whole with -E2BIG, as is anything longer
 * than %SAFENAME_WRITE_MAX.  Every text that safename_knob_write() parses
 * is thus a whole write(2): a write that is too long is never applied in
 * part nor cut short, and a tail written again would come at an offset
 * other than 0, refused with -EINVAL.  Through sysfs the longest write is
 * PAGE_SIZE - 1 bytes with 4 KiB pages, %SAFENAME_WRITE_MAX with larger
 * ones.
 *
 * sysfs returns 0 for an empty write without calling the method, so an
 * empty write changes nothing here and is not reported.
 *
 * Return: @count, or a negative error code with the policy unchanged.
 */
static ssize_t safename_sysfs_write(struct file *file, struct kobject *kobj,
				    const struct bin_attribute *attr, char *buf,
				    loff_t pos, size_t count)
{
	const struct safename_knob *knob =
		container_of(attr, struct safename_knob, attr);

	/* Perhaps the head of a longer write: refused, without its text. */
	if (count >= PAGE_SIZE)
		return safename_knob_write(knob, file, NULL, count, pos);
	return safename_knob_write(knob, file, buf, count, pos);
}

static int safename_securityfs_show(struct seq_file *m, void *v)
{
	return safename_knob_show(m, m->private);
}

static int safename_securityfs_open(struct inode *inode, struct file *file)
{
	const struct safename_knob *knob = inode->i_private;
	int err;

	/* Refuse writers of read-only knobs as sysfs does. */
	if ((file->f_mode & FMODE_WRITE) && !safename_knob_writable(knob))
		return -EACCES;
	err = single_open(file, safename_securityfs_show, inode->i_private);
	/*
	 * seq_open() clears FMODE_PWRITE; put it back so that a pwrite() at
	 * an offset reaches the write handler and gets -EINVAL, as in sysfs.
	 */
	if (!err)
		file->f_mode |= FMODE_PWRITE;
	return err;
}

static ssize_t safename_securityfs_write(struct file *file,
					 const char __user *ubuf, size_t len,
					 loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	ssize_t ret;
	char *buf;

	/* Reported as refused without its text. */
	if (len > SAFENAME_WRITE_MAX)
		return safename_knob_write(m->private, file, NULL, len, *ppos);
	buf = memdup_user(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = safename_knob_write(m->private, file, buf, len, *ppos);
	kfree(buf);
	if (ret > 0)
		*ppos += ret;
	return ret;
}

static const struct file_operations safename_securityfs_fops = {
	.open = safename_securityfs_open,
	.read = seq_read,
	.write = safename_securityfs_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/**
 * struct safename_param - what a safename.<knob>= boot parameter recorded
 * @knob: the knob, once a valid value has been given; NULL before.
 * @value: the last valid value given.
 */
struct safename_param {
	const struct safename_knob *knob;
	union safename_knob_value value;
};

/*
 * The command line is parsed before the LSM is initialised and before
 * there is an allocator, so each parameter keeps its value in a slot of
 * its own here until safename_params_apply() puts it in the boot policy.
 */
static struct safename_param safename_params[ARRAY_SIZE(safename_knobs)] __initdata;

/**
 * safename_param_knob() - the knob a boot parameter sets
 * @name: the parameter's name, "safename.<knob>".
 *
 * Return: the writable knob of that name, or NULL.
 */
static const struct safename_knob * __init safename_param_knob(const char *name)
{
	size_t i;

	if (!strstarts(name, MODULE_PARAM_PREFIX))
		return NULL;
	name += strlen(MODULE_PARAM_PREFIX);
	for (i = 0; i < ARRAY_SIZE(safename_knobs); i++)
		if (safename_knob_writable(&safename_knobs[i]) &&
		    !strcmp(safename_knob_name(&safename_knobs[i]), name))
			return &safename_knobs[i];
	return NULL;
}

/**
 * safename_param_record() - record a safename.<knob>=<value> boot parameter
 * @name: the parameter's name, "safename.<knob>".
 * @val: the value.
 * @param: its slot.
 *
 * Only records the value; the last valid one given for a knob wins.  A
 * malformed value leaves the slot as it was.
 *
 * Return: 0, or -EINVAL.
 */
static int __init safename_param_record(const char *name, const char *val,
					struct safename_param *param)
{
	const struct safename_knob *knob = safename_param_knob(name);
	union safename_knob_value value = { };

	if (!knob || safename_knob_parse(knob, val, strlen(val), &value))
		return -EINVAL;
	param->knob = knob;
	param->value = value;
	return 0;
}

/**
 * safename_param_set() - the callback of the safename.* boot parameters
 * @val: the value.
 * @kp: the parameter, named after its knob, with its slot as argument.
 *
 * A malformed value is reported here and ignored, and 0 returned all the
 * same: parse_args() would return an error in place of the arguments after
 * "--", and init would lose them.
 *
 * Return: 0.
 */
static int __init safename_param_set(const char *val,
				     const struct kernel_param *kp)
{
	if (safename_param_record(kp->name, val, kp->arg))
		pr_warn("malformed %s=%s ignored\n", kp->name, val);
	return 0;
}

/* Set at boot only: permissions 0 keep them out of /sys/module/. */
static const struct kernel_param_ops safename_param_ops = {
	.set = safename_param_set,
};

module_param_cb(mode_for_unprivileged, &safename_param_ops,
		&safename_params[0], 0);
MODULE_PARM_DESC(mode_for_unprivileged,
		 "For unprivileged tasks: 0 off, 1 enforce, 2 log, 3 both");
module_param_cb(mode_for_privileged, &safename_param_ops,
		&safename_params[1], 0);
MODULE_PARM_DESC(mode_for_privileged,
		 "For tasks with CAP_MAC_ADMIN: 0 off, 1 enforce, 2 log, 3 both");
module_param_cb(utf8, &safename_param_ops, &safename_params[2], 0);
MODULE_PARM_DESC(utf8, "1: new names must be well-formed UTF-8 (default 0)");
module_param_cb(permitted_bytes_initial, &safename_param_ops,
		&safename_params[3], 0);
MODULE_PARM_DESC(permitted_bytes_initial,
		 "Bytes permitted first in a new name (default 33-44,46-125,128-254)");
module_param_cb(permitted_bytes_middle, &safename_param_ops,
		&safename_params[4], 0);
MODULE_PARM_DESC(permitted_bytes_middle,
		 "Bytes permitted in between (default 32-126,128-254)");
module_param_cb(permitted_bytes_final, &safename_param_ops,
		&safename_params[5], 0);
MODULE_PARM_DESC(permitted_bytes_final,
		 "Bytes permitted last in a new name (default 33-126,128-254)");
module_param_cb(locked, &safename_param_ops, &safename_params[6], 0);
MODULE_PARM_DESC(locked, "1: seal the policy until reboot (default 0)");

/**
 * safename_param_apply() - apply one boot parameter to a policy
 * @policy: the policy, not yet published.
 * @param: the parameter's slot.
 */
static void __init safename_param_apply(struct safename_policy *policy,
					const struct safename_param *param)
{
	if (param->knob)
		memcpy((u8 *)policy + param->knob->offset, &param->value,
		       safename_knob_size(param->knob));
}

/**
 * safename_params_apply() - apply the boot parameters to the boot policy
 * @policy: the policy, not yet published.
 */
void __init safename_params_apply(struct safename_policy *policy)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(safename_params); i++)
		safename_param_apply(policy, &safename_params[i]);
}

/**
 * safename_securityfs_init() - create /sys/kernel/security/safename/
 *
 * Return: 0, or a negative error code.
 */
static int __init safename_securityfs_init(void)
{
	struct dentry *dir, *file;
	size_t i;

	dir = securityfs_create_dir("safename", NULL);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	for (i = 0; i < ARRAY_SIZE(safename_knobs); i++) {
		file = securityfs_create_file(safename_knob_name(&safename_knobs[i]),
					      safename_knobs[i].attr.attr.mode, dir,
					      (void *)&safename_knobs[i],
					      &safename_securityfs_fops);
		if (IS_ERR(file)) {
			securityfs_remove(dir);
			return PTR_ERR(file);
		}
	}
	return 0;
}

/* The files of /sys/fs/safename/: every knob's attribute. */
static const struct bin_attribute *const safename_sysfs_attrs[] = {
	&safename_knobs[0].attr,
	&safename_knobs[1].attr,
	&safename_knobs[2].attr,
	&safename_knobs[3].attr,
	&safename_knobs[4].attr,
	&safename_knobs[5].attr,
	&safename_knobs[6].attr,
	&safename_knobs[7].attr,
	NULL
};

static_assert(ARRAY_SIZE(safename_sysfs_attrs) == ARRAY_SIZE(safename_knobs) + 1);

static const struct attribute_group safename_sysfs_group = {
	.bin_attrs = safename_sysfs_attrs,
};

/**
 * safename_sysfs_init() - create /sys/fs/safename/
 *
 * The attributes are static, so each file has a lockdep class of its own
 * without sysfs_bin_attr_init().  A read-only knob has no write method,
 * so sysfs refuses to open it for writing.
 *
 * Return: 0, or a negative error code.
 */
static int __init safename_sysfs_init(void)
{
	struct kobject *kobj;
	int err;

	kobj = kobject_create_and_add("safename", fs_kobj);
	if (!kobj)
		return -ENOMEM;
	err = sysfs_create_group(kobj, &safename_sysfs_group);
	if (err)
		kobject_put(kobj);
	return err;
}

/**
 * safename_fs_init() - create the knob files when Safename is active
 *
 * Each place is tried even when the other failed, so that the policy
 * stays readable and settable through the one that works.
 *
 * Return: 0, or the first negative error code.
 */
int __init safename_fs_init(void)
{
	int err, ret;

	/* The LSM framework runs this even when safename_init() failed. */
	if (!rcu_access_pointer(safename_policy))
		return 0;
	ret = safename_securityfs_init();
	if (ret)
		pr_err("cannot create securityfs files: %d\n", ret);
	err = safename_sysfs_init();
	if (err)
		pr_err("cannot create sysfs files: %d\n", err);
	return ret ?: err;
}

#ifdef CONFIG_SECURITY_SAFENAME_KUNIT_TEST
#include "fs_kunit.c"
#endif
