// SPDX-License-Identifier: GPL-2.0
/*
 * Safename: the audit records
 *
 * The test registers itself as the audit daemon on the audit netlink socket
 * and reads the records the kernel sends: one AUDIT_SAFENAME record per name
 * reported, one AUDIT_MAC_CONFIG_CHANGE record per knob write.  Every field
 * is checked, in order.  Reports are rate-limited (10 every 5 seconds for
 * each class of task, and apart for names and knobs), so the test waits for
 * a new interval before each group of 10.
 *
 * SKIPs when the kernel has no audit (CONFIG_AUDIT off, or audit=0), when
 * Safename is not active, or without root.  Sealing is tested only when
 * SAFENAME_AUDIT_SEAL=1 is in the environment, since it lasts until reboot.
 */

#define _GNU_SOURCE
#include <linux/audit.h>
#include <linux/netlink.h>
#include <poll.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <time.h>

#include "common.h"
#include "audit_nl.h"

#ifndef AUDIT_SAFENAME
#define AUDIT_SAFENAME	1427
#endif
#ifndef AUDIT_SYSCALL
#define AUDIT_SYSCALL	1300
#endif

#define COMM		"audit_test"
#define RECORD_MAX	8970
#define WAIT_MS		3000

/* Reports a class of task may make before it waits for a new interval. */
#define BURST		10
#define INTERVAL_S	6

/*
 * Waits up to WAIT_MS for a record of @type whose text (after the
 * "audit(...): " stamp) contains @needle; copies the text to @text.
 * Returns 0, or -ETIMEDOUT.
 */
static int audit_find(struct audit_sock *a, int type, const char *needle,
		      char *text, size_t size)
{
	struct pollfd p = { .fd = a->fd, .events = POLLIN };
	char buf[RECORD_MAX + NLMSG_HDRLEN + 1];
	struct nlmsghdr *h;
	char *body;
	ssize_t len;

	for (;;) {
		if (poll(&p, 1, WAIT_MS) <= 0)
			return -ETIMEDOUT;
		len = recv(a->fd, buf, sizeof(buf) - 1, MSG_DONTWAIT);
		if (len < (ssize_t)NLMSG_HDRLEN)
			continue;
		h = (struct nlmsghdr *)buf;
		/* Audit's nlmsg_len counts the text alone, not the header. */
		if (h->nlmsg_type != type ||
		    h->nlmsg_len > (size_t)len - NLMSG_HDRLEN)
			continue;
		buf[NLMSG_HDRLEN + h->nlmsg_len] = '\0';
		body = strstr((char *)NLMSG_DATA(h), "): ");
		if (!body || !strstr(body + 3, needle))
			continue;
		snprintf(text, size, "%s", body + 3);
		return 0;
	}
}

/*
 * Waits up to WAIT_MS for a record of @type whose text contains @needle,
 * or any record of @type when @needle is NULL; its serial, from the
 * "audit(TIME:SERIAL): " stamp, goes to *@serial.  Returns 0, or
 * -ETIMEDOUT.
 */
static int audit_find_serial(struct audit_sock *a, int type,
			     const char *needle, unsigned long *serial)
{
	struct pollfd p = { .fd = a->fd, .events = POLLIN };
	char buf[RECORD_MAX + NLMSG_HDRLEN + 1];
	struct nlmsghdr *h;
	const char *text;
	ssize_t len;

	for (;;) {
		if (poll(&p, 1, WAIT_MS) <= 0)
			return -ETIMEDOUT;
		len = recv(a->fd, buf, sizeof(buf) - 1, MSG_DONTWAIT);
		if (len < (ssize_t)NLMSG_HDRLEN)
			continue;
		h = (struct nlmsghdr *)buf;
		if (h->nlmsg_type != type ||
		    h->nlmsg_len > (size_t)len - NLMSG_HDRLEN)
			continue;
		buf[NLMSG_HDRLEN + h->nlmsg_len] = '\0';
		text = NLMSG_DATA(h);
		if (needle && !strstr(text, needle))
			continue;
		if (sscanf(text, "audit(%*u.%*u:%lu)", serial) == 1)
			return 0;
	}
}

/* Drops every record queued so far. */
static void audit_drain(struct audit_sock *a)
{
	char buf[RECORD_MAX + NLMSG_HDRLEN];

	while (recv(a->fd, buf, sizeof(buf), MSG_DONTWAIT) > 0)
		;
}

/* Before the next report: a fresh rate-limit interval every BURST. */
static void audit_pace(struct audit_sock *a)
{
	if (a->reports++ % BURST == 0)
		sleep(INTERVAL_S);
}

/* Audit encoding of untrusted bytes, as the SPEC gives it. */
static void encode(char *dst, const char *src, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if ((unsigned char)src[i] < 0x21 ||
		    (unsigned char)src[i] > 0x7e || src[i] == '"')
			break;
	if (i == len) {
		sprintf(dst, "\"%.*s\"", (int)len, src);
		return;
	}
	for (i = 0; i < len; i++)
		dst += sprintf(dst, "%02X", (unsigned char)src[i]);
}

/*
 * Checks the subject fields that end a name record: "pid= uid= auid= ses="
 * then an optional subj=, then comm= and exe=.  Returns NULL or what is wrong.
 */
static const char *check_subject(const char *rest, pid_t pid, uid_t uid)
{
	static char why[PATH_MAX + 64];
	char expect[PATH_MAX + 64], exe[PATH_MAX];
	ssize_t n;

	snprintf(expect, sizeof(expect), " pid=%d uid=%u auid=%u ses=%u", pid,
		 uid, read_proc_uint("/proc/self/loginuid"),
		 read_proc_uint("/proc/self/sessionid"));
	if (strncmp(rest, expect, strlen(expect))) {
		snprintf(why, sizeof(why), "expected '%s'", expect);
		return why;
	}
	rest += strlen(expect);
	if (!strncmp(rest, " subj=", 6)) {
		rest = strchr(rest + 1, ' ');
		if (!rest)
			return "nothing after subj=";
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n < 0)
		return "no /proc/self/exe";
	exe[n] = '\0';
	snprintf(expect, sizeof(expect), " comm=\"%s\" exe=\"%s\"", COMM, exe);
	if (strcmp(rest, expect)) {
		snprintf(why, sizeof(why), "expected '%s'", expect);
		return why;
	}
	return NULL;
}

/* What a task makes, and the record it should cause. */
struct name_case {
	const char *op;
	const char *name;
	const char *rule;
	int offset;
};

/* Creates @c->name in @dirfd with the operation @c->op. */
static int make_name(int dirfd, const struct name_case *c)
{
	const char *name = c->name;
	int fd, ret;

	if (!strcmp(c->op, "create")) {
		fd = openat(dirfd, name, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
		if (fd >= 0)
			close(fd);
		ret = fd < 0 ? -1 : 0;
	} else if (!strcmp(c->op, "mkdir")) {
		ret = mkdirat(dirfd, name, 0700);
	} else if (!strcmp(c->op, "mknod")) {
		ret = mknodat(dirfd, name, S_IFIFO | 0600, 0);
	} else if (!strcmp(c->op, "symlink")) {
		ret = symlinkat("target", dirfd, name);
	} else if (!strcmp(c->op, "link")) {
		ret = linkat(dirfd, "good", dirfd, name, 0);
	} else if (!strcmp(c->op, "rename")) {
		fd = openat(dirfd, "tmp", O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
		if (fd >= 0)
			close(fd);
		ret = renameat(dirfd, "tmp", dirfd, name);
		unlinkat(dirfd, "tmp", 0);
	} else {
		errno = EINVAL;
		ret = -1;
	}
	return ret ? errno : 0;
}

struct child_make {
	int dirfd;
	const struct name_case *c;
};

static int child_make(void *arg)
{
	struct child_make *m = arg;

	if (prctl(PR_SET_NAME, COMM))
		return CHILD_SETUP_FAILED;
	return make_name(m->dirfd, m->c);
}

FIXTURE(audit) {
	struct audit_sock a;
	struct policy saved;
	__u32 old_enabled;
	bool sealed;
	char dir[64];
	int dirfd;
	ino_t ino;
};

FIXTURE_SETUP(audit)
{
	struct audit_status s;
	struct stat st;
	const char *why;

	self->a.fd = -1;
	self->dirfd = -1;
	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	self->a.fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (self->a.fd < 0)
		SKIP(return, "no audit (CONFIG_AUDIT off or audit=0): %s",
		     strerror(errno));
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &self->saved));
	memset(&s, 0, sizeof(s));
	ASSERT_EQ(0, audit_send(&self->a, AUDIT_GET, &s, 0, &s, sizeof(s)));
	self->old_enabled = s.enabled;
	ASSERT_EQ(0, audit_set(&self->a, 1, getpid()));

	/* A tmpfs of our own, in a mount namespace of our own. */
	ASSERT_EQ(0, unshare(CLONE_NEWNS));
	ASSERT_EQ(0, mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL));
	snprintf(self->dir, sizeof(self->dir), "/tmp/safename-audit-XXXXXX");
	mkdir("/tmp", 01777);
	ASSERT_NE(NULL, mkdtemp(self->dir));
	ASSERT_EQ(0, mount("safename-audit", self->dir, "tmpfs", 0,
			   "mode=0777"));
	self->dirfd = open(self->dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, self->dirfd);
	ASSERT_EQ(0, stat(self->dir, &st));
	self->ino = st.st_ino;
	ASSERT_EQ(0, prctl(PR_SET_NAME, COMM));
}

FIXTURE_TEARDOWN(audit)
{
	if (self->a.fd < 0)
		return;
	if (!self->sealed)
		EXPECT_EQ(0, policy_write(SYSFS_DIR, &self->saved));
	EXPECT_EQ(0, audit_set(&self->a, self->old_enabled, 0));
	close(self->a.fd);
	if (self->dirfd >= 0) {
		close(self->dirfd);
		umount2(self->dir, MNT_DETACH);
		rmdir(self->dir);
	}
}

static const struct name_case name_cases[] = {
	{ "create", "-create", "initial", 0 },
	{ "mkdir", "-dir", "initial", 0 },
	{ "mknod", "fifo\n", "final", 4 },
	{ "symlink", "a\tb", "middle", 1 },
	{ "link", "~link", "initial", 0 },
	{ "rename", "moved ", "final", 5 },
	/* A quote, non-ASCII bytes, invalid UTF-8: hex. */
	{ "mkdir", "-a\"b", "initial", 0 },
	{ "mkdir", "-\xc3\xa9t\xc3\xa9", "initial", 0 },
	{ "mkdir", "ok\xc3(", "utf8", 2 },
	{ "create", "bad\177del", "middle", 3 },
};

/* Makes @c as @kind and checks the record it causes. */
static void check_name_record(struct __test_metadata *_metadata,
			      FIXTURE_DATA(audit) * self,
			      const struct name_case *c, enum task_kind kind,
			      const char *action)
{
	char expect[1024], enc[2 * NAME_MAX + 3], text[RECORD_MAX];
	struct child_make m = { .dirfd = self->dirfd, .c = c };
	const char *why;
	pid_t pid = 0;
	int err;

	audit_pace(&self->a);
	audit_drain(&self->a);
	err = run_as(kind, child_make, &m, &pid);
	EXPECT_EQ(strcmp(action, "denied") ? 0 : EPERM, err);
	encode(enc, c->name, strlen(c->name));
	snprintf(expect, sizeof(expect),
		 "lsm=safename action=%s op=%s rule=%s offset=%d name=%s dev=\"tmpfs\" ino=%lu",
		 action, c->op, c->rule, c->offset, enc,
		 (unsigned long)self->ino);
	ASSERT_EQ(0, audit_find(&self->a, AUDIT_SAFENAME, enc, text,
				sizeof(text)))
		TH_LOG("no record for %s %s", c->op, enc);
	ASSERT_EQ(0, strncmp(text, expect, strlen(expect)))
		TH_LOG("record '%s', expected '%s'", text, expect);
	why = check_subject(text + strlen(expect), pid,
			    task_kind_privileged(kind) ? 0 : NOBODY_ID);
	EXPECT_EQ(NULL, why)
		TH_LOG("record '%s': %s", text, why);
	if (!why)
		ksft_print_msg("record %d: %s\n", AUDIT_SAFENAME, text);
}

static void set_up_names(struct __test_metadata *_metadata,
			 FIXTURE_DATA(audit) * self)
{
	int fd;

	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_INITIAL, DEFAULT_INITIAL));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MIDDLE, DEFAULT_MIDDLE));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_FINAL, DEFAULT_FINAL));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_UTF8, "1"));
	fd = openat(self->dirfd, "good", O_CREAT | O_WRONLY | O_CLOEXEC, 0666);
	ASSERT_LE(0, fd);
	/* Owned by the unprivileged task too, for protected_hardlinks. */
	ASSERT_EQ(0, fchown(fd, NOBODY_ID, NOBODY_ID));
	close(fd);
}

/* Every operation, every rule, hex and quoted names: a privileged task. */
TEST_F_TIMEOUT(audit, name_records_privileged, 120)
{
	size_t i;

	set_up_names(_metadata, self);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	for (i = 0; i < ARRAY_SIZE(name_cases); i++)
		check_name_record(_metadata, self, &name_cases[i],
				  TASK_PRIVILEGED, "denied");
	/* Log only: reported, and made. */
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "2"));
	check_name_record(_metadata, self, &name_cases[1], TASK_PRIVILEGED,
			  "reported");
}

/* The same for an unprivileged task: its uid in the record. */
TEST_F_TIMEOUT(audit, name_records_unprivileged, 120)
{
	size_t i;

	set_up_names(_metadata, self);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	for (i = 0; i < ARRAY_SIZE(name_cases); i++)
		check_name_record(_metadata, self, &name_cases[i],
				  TASK_NOBODY, "denied");
}

/* 255-byte names, printable and not: whole in the record. */
TEST_F_TIMEOUT(audit, name_records_long, 60)
{
	static char quoted[NAME_MAX + 1], hex[NAME_MAX + 1];
	struct name_case c[2] = {
		{ "mkdir", quoted, "initial", 0 },
		{ "mkdir", hex, "middle", 100 },
	};

	memset(quoted, 'q', NAME_MAX);
	quoted[0] = '-';
	memset(hex, 'h', NAME_MAX);
	hex[100] = '\n';
	set_up_names(_metadata, self);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	check_name_record(_metadata, self, &c[0], TASK_PRIVILEGED, "denied");
	check_name_record(_metadata, self, &c[1], TASK_PRIVILEGED, "denied");
}

/* Good names and existing names: no record at all. */
TEST_F_TIMEOUT(audit, no_record_for_good_or_existing, 60)
{
	static const struct name_case good = { "mkdir", "good-dir" };
	char text[RECORD_MAX];
	int fd;

	set_up_names(_metadata, self);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	ASSERT_EQ(0, mkdirat(self->dirfd, "-old", 0700));
	fd = openat(self->dirfd, "-old-file", O_CREAT | O_WRONLY | O_CLOEXEC,
		    0600);
	ASSERT_LE(0, fd);
	close(fd);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	audit_pace(&self->a);
	audit_drain(&self->a);
	EXPECT_EQ(0, make_name(self->dirfd, &good));
	/* Open, create again, rename over: the names exist. */
	fd = openat(self->dirfd, "-old-file", O_CREAT | O_WRONLY | O_APPEND |
		    O_CLOEXEC, 0600);
	EXPECT_LE(0, fd);
	if (fd >= 0)
		close(fd);
	EXPECT_EQ(0, renameat(self->dirfd, "good", self->dirfd, "-old-file"));
	EXPECT_EQ(0, renameat(self->dirfd, "-old-file", self->dirfd,
			      "-old/inside"));
	EXPECT_EQ(-ETIMEDOUT, audit_find(&self->a, AUDIT_SAFENAME, "lsm=",
					 text, sizeof(text)))
		TH_LOG("unexpected record '%s'", text);
}

/* Writes @value to the knob file @name; returns 0 or -errno. */
static int write_knob_file(const char *name, const char *value)
{
	char path[256];
	ssize_t ret;
	int fd, err;

	snprintf(path, sizeof(path), "%s/%s", SYSFS_DIR, name);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = write(fd, value, strlen(value));
	err = ret < 0 ? -errno : 0;
	close(fd);
	return err;
}

/* Checks the knob record that a write of @value to @knob causes. */
static void check_knob_record(struct __test_metadata *_metadata,
			      FIXTURE_DATA(audit) * self, const char *knob,
			      const char *value, const char *old, int res)
{
	char expect[512], text[RECORD_MAX], enc_new[64], needle[64];

	audit_drain(&self->a);
	EXPECT_EQ(res ? 0 : -EINVAL, write_knob_file(knob, value));
	encode(enc_new, value, strlen(value));
	snprintf(expect, sizeof(expect),
		 "lsm=safename knob=%s old=%s new=%s auid=%u ses=%u pid=%d uid=0 comm=\"%s\" res=%d",
		 knob, old, enc_new,
		 read_proc_uint("/proc/self/loginuid"),
		 read_proc_uint("/proc/self/sessionid"), getpid(), COMM, res);
	snprintf(needle, sizeof(needle), "knob=%s ", knob);
	ASSERT_EQ(0, audit_find(&self->a, AUDIT_MAC_CONFIG_CHANGE, needle,
				text, sizeof(text)))
		TH_LOG("no record for %s", knob);
	EXPECT_STREQ(expect, text);
	ksft_print_msg("record %d: %s\n", AUDIT_MAC_CONFIG_CHANGE, text);
}

/* A valid write, a refused one, a byte set. */
TEST_F_TIMEOUT(audit, knob_records, 60)
{
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "0"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_FINAL, DEFAULT_FINAL));
	sleep(INTERVAL_S);
	check_knob_record(_metadata, self, "mode_for_unprivileged", "3",
			  "\"0\"", 1);
	check_knob_record(_metadata, self, "mode_for_unprivileged", "9",
			  "\"3\"", 0);
	check_knob_record(_metadata, self, "permitted_bytes_final", "33-126",
			  "\"33-126,128-254\"", 1);
	check_knob_record(_metadata, self, "permitted_bytes_final", "1 2",
			  "\"33-126\"", 0);
}

/* Mounts a tmpfs on the path @arg with "safename=off": 0 or errno. */
static int child_mount_off(void *arg)
{
	return mount("scoped", arg, "tmpfs", 0, "safename=off") ? errno : 0;
}

/* Checks the scope record that the last mount or remount caused. */
static void check_scope_record(struct __test_metadata *_metadata,
			       FIXTURE_DATA(audit) * self, const char *old,
			       const char *new, pid_t pid, int res)
{
	char expect[512], text[RECORD_MAX];

	snprintf(expect, sizeof(expect),
		 "lsm=safename knob=scope fstype=tmpfs dev=\"tmpfs\" old=\"%s\" new=\"%s\" auid=%u ses=%u pid=%d uid=0 comm=\"%s\" res=%d",
		 old, new, read_proc_uint("/proc/self/loginuid"),
		 read_proc_uint("/proc/self/sessionid"), pid, COMM, res);
	ASSERT_EQ(0, audit_find(&self->a, AUDIT_MAC_CONFIG_CHANGE,
				"knob=scope ", text, sizeof(text)))
		TH_LOG("no scope record: expected '%s'", expect);
	EXPECT_STREQ(expect, text);
	ksft_print_msg("record %d: %s\n", AUDIT_MAC_CONFIG_CHANGE, text);
}

/*
 * A mount option safename= other than "on", and a change of scope, are
 * reported like knob writes: applied, and refused to a task without
 * CAP_MAC_ADMIN.
 */
TEST_F_TIMEOUT(audit, scope_records, 60)
{
	pid_t pid = 0;
	char dir[128];

	snprintf(dir, sizeof(dir), "%s/scoped", self->dir);
	ASSERT_EQ(0, mkdir(dir, 0755));
	sleep(INTERVAL_S);
	audit_drain(&self->a);
	ASSERT_EQ(0, mount("scoped", dir, "tmpfs", 0, "safename=off"));
	check_scope_record(_metadata, self, "on", "off", getpid(), 1);
	audit_drain(&self->a);
	ASSERT_EQ(0, mount(NULL, dir, NULL, MS_REMOUNT, "safename=log"));
	check_scope_record(_metadata, self, "off", "log", getpid(), 1);
	ASSERT_EQ(0, umount(dir));

	audit_drain(&self->a);
	EXPECT_EQ(EPERM, run_as(TASK_NO_MAC_ADMIN, child_mount_off, dir, &pid));
	check_scope_record(_metadata, self, "on", "off", pid, 0);
	EXPECT_EQ(0, rmdir(dir));
}

/* With audit off (auditctl -e 0): the kernel log lines, and no record. */
TEST_F_TIMEOUT(audit, log_lines_while_audit_off, 60)
{
	static const char name_line[] =
		"safename: denied mkdir rule=initial offset=0 name=\"-off\" pid=";
	static const char knob_line[] =
		"safename: config lsm=safename knob=mode_for_privileged old=\"3\" new=\"1\" ";
	char text[RECORD_MAX];
	int kmsg[2];

	set_up_names(_metadata, self);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	/* One reader for each line looked for. */
	kmsg[0] = kmsg_open();
	kmsg[1] = kmsg_open();
	ASSERT_LE(0, kmsg[0]);
	ASSERT_LE(0, kmsg[1]);
	ASSERT_EQ(0, audit_set_enabled(&self->a, 0));
	/* New intervals for the name and the knob reports. */
	sleep(INTERVAL_S);
	audit_drain(&self->a);
	EXPECT_EQ(EPERM, mkdirat(self->dirfd, "-off", 0700) ? errno : 0);
	EXPECT_EQ(0, write_knob_file("mode_for_privileged", "1"));
	EXPECT_TRUE(kmsg_has(kmsg[0], name_line));
	EXPECT_TRUE(kmsg_has(kmsg[1], knob_line));
	EXPECT_EQ(-ETIMEDOUT, audit_find(&self->a, AUDIT_SAFENAME, "lsm=", text,
					 sizeof(text)))
		TH_LOG("unexpected record '%s'", text);
	close(kmsg[1]);
	close(kmsg[0]);
	/* On again before the teardown restores the policy. */
	EXPECT_EQ(0, audit_set_enabled(&self->a, 1));
}

struct flood {
	int dirfd;
	int count;
};

static int child_flood(void *arg)
{
	struct flood *f = arg;
	int i;

	for (i = 0; i < f->count; i++)
		if (mkdirat(f->dirfd, "-flood", 0700) == 0 || errno != EPERM)
			return errno ?: EEXIST;
	return 0;
}

/* 100,000 unprivileged refusals cannot hide a privileged report. */
TEST_F_TIMEOUT(audit, flood_keeps_privileged_report, 600)
{
	struct flood f = { .dirfd = self->dirfd, .count = 100000 };
	char text[RECORD_MAX];

	set_up_names(_metadata, self);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	ASSERT_EQ(0, run_as(TASK_NOBODY, child_flood, &f, NULL));
	EXPECT_EQ(EPERM, mkdirat(self->dirfd, "-privileged", 0700) ? errno : 0);
	EXPECT_EQ(0, audit_find(&self->a, AUDIT_SAFENAME,
				"name=\"-privileged\"", text, sizeof(text)));
}

/*
 * The record of a refused open(O_CREAT) of a name not looked up yet is
 * made within the open: it belongs to the event of the open's SYSCALL
 * record, whose serial it has.
 */
TEST_F_TIMEOUT(audit, open_record_in_syscall_event, 60)
{
	static const struct name_case c = { "create", "-in-event", "initial", 0 };
	struct child_make m = { .dirfd = self->dirfd, .c = &c };
	unsigned long serial, syscall_serial;

	set_up_names(_metadata, self);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	audit_drain(&self->a);
	/* Not looked up yet: a new tmpfs name is only ever in lookup. */
	EXPECT_EQ(EPERM, run_as(TASK_NOBODY, child_make, &m, NULL));
	ASSERT_EQ(0, audit_find_serial(&self->a, AUDIT_SAFENAME,
				       "name=\"-in-event\"", &serial))
		TH_LOG("no Safename record");
	/* The SYSCALL record comes at the end of the call. */
	for (;;) {
		ASSERT_EQ(0, audit_find_serial(&self->a, AUDIT_SYSCALL, NULL,
					       &syscall_serial))
			TH_LOG("no SYSCALL record with serial %lu", serial);
		if (syscall_serial == serial)
			break;
	}
}

/* struct audit_rule_data with room for one field. */
struct audit_rule_msg {
	struct nlmsghdr h;
	struct audit_rule_data r;
};

/* Adds (AUDIT_ADD_RULE) or deletes an exclude rule for records of @type. */
static int audit_exclude_type(struct audit_sock *a, int op, __u32 type)
{
	struct audit_rule_msg msg = { };
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK };
	char buf[1024];
	struct nlmsghdr *h;
	ssize_t len;

	msg.h.nlmsg_len = NLMSG_LENGTH(sizeof(msg.r));
	msg.h.nlmsg_type = op;
	msg.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	msg.h.nlmsg_seq = ++a->seq;
	msg.r.flags = AUDIT_FILTER_EXCLUDE;
	msg.r.action = AUDIT_NEVER;
	msg.r.field_count = 1;
	msg.r.fields[0] = AUDIT_MSGTYPE;
	msg.r.fieldflags[0] = AUDIT_EQUAL;
	msg.r.values[0] = type;
	if (sendto(a->fd, &msg, msg.h.nlmsg_len, 0, (struct sockaddr *)&addr,
		   sizeof(addr)) < 0)
		return -errno;
	for (;;) {
		len = recv(a->fd, buf, sizeof(buf), 0);
		if (len < 0)
			return -errno;
		h = (struct nlmsghdr *)buf;
		if (h->nlmsg_seq == a->seq && h->nlmsg_type == NLMSG_ERROR)
			return ((struct nlmsgerr *)NLMSG_DATA(h))->error;
	}
}

/*
 * An administrator's exclude rule for Safename's records is honoured: the
 * name is still refused and counted, but no record is made, and nothing
 * is printed to the kernel log in its place.
 */
TEST_F_TIMEOUT(audit, exclude_rule_honoured, 60)
{
	static const struct name_case c = { "mkdir", "-excluded", "initial", 0 };
	struct child_make m = { .dirfd = self->dirfd, .c = &c };
	unsigned long long v0, d0, v1, d1;
	unsigned long serial;
	int kmsg;

	set_up_names(_metadata, self);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	ASSERT_EQ(0, audit_exclude_type(&self->a, AUDIT_ADD_RULE,
					AUDIT_SAFENAME));
	kmsg = kmsg_open();
	ASSERT_LE(0, kmsg);
	audit_drain(&self->a);
	ASSERT_EQ(0, read_counters(&v0, &d0));
	EXPECT_EQ(EPERM, run_as(TASK_NOBODY, child_make, &m, NULL));
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0 + 1, v1);
	EXPECT_EQ(d0 + 1, d1);
	EXPECT_EQ(-ETIMEDOUT, audit_find_serial(&self->a, AUDIT_SAFENAME,
						"-excluded", &serial));
	EXPECT_FALSE(kmsg_has(kmsg, "safename: "));
	close(kmsg);
	EXPECT_EQ(0, audit_exclude_type(&self->a, AUDIT_DEL_RULE,
					AUDIT_SAFENAME));
	/* Without the rule, the record is back. */
	audit_drain(&self->a);
	EXPECT_EQ(EPERM, run_as(TASK_NOBODY, child_make, &m, NULL));
	EXPECT_EQ(0, audit_find_serial(&self->a, AUDIT_SAFENAME, "-excluded",
				       &serial));
}

/* Sealing is a knob write too; it lasts until reboot. */
TEST_F_TIMEOUT(audit, seal_record, 60)
{
	const char *seal = getenv("SAFENAME_AUDIT_SEAL");
	char text[RECORD_MAX] = "";

	if (!seal || strcmp(seal, "1"))
		SKIP(return, "sealing lasts until reboot: set SAFENAME_AUDIT_SEAL=1");
	sleep(INTERVAL_S);
	self->sealed = true;
	check_knob_record(_metadata, self, "locked", "1", "\"0\"", 1);
	/* Sealed: a write is refused, and reported as refused. */
	audit_drain(&self->a);
	EXPECT_EQ(-EPERM, write_knob_file("mode_for_unprivileged", "0"));
	EXPECT_EQ(0, audit_find(&self->a, AUDIT_MAC_CONFIG_CHANGE,
				"knob=mode_for_unprivileged ", text,
				sizeof(text)));
	EXPECT_NE(NULL, strstr(text, " res=0"))
		TH_LOG("record '%s'", text);
}

TEST_HARNESS_MAIN
