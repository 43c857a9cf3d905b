// SPDX-License-Identifier: GPL-2.0
/*
 * Safename tests: the kernel log line of a bad name.
 *
 * The lines are read from /dev/kmsg.  They are rate-limited (10 every 5
 * seconds), so a case whose line does not show up is tried again a second
 * later, a few times.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <linux/limits.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "common.h"
#include "audit_nl.h"

/* Enough tries for the rate limit's 5 s window to pass. */
#define LOG_TRIES	8

#define COMM		"sn-log"
#define COMM_ENCODED	"\"" COMM "\""

struct log_ctx {
	int dirfd;
	const char *name;
	const char *comm;
	int (*fn)(const struct log_ctx *ctx);
};

static int do_mkdir(const struct log_ctx *ctx)
{
	return mkdirat(ctx->dirfd, ctx->name, 0755) ? errno : 0;
}

static int do_create(const struct log_ctx *ctx)
{
	return create_at(ctx->dirfd, ctx->name);
}

static int do_mknod(const struct log_ctx *ctx)
{
	return mknodat(ctx->dirfd, ctx->name, S_IFIFO | 0644, 0) ? errno : 0;
}

static int do_bind(const struct log_ctx *ctx)
{
	return bind_unix_at(ctx->dirfd, ctx->name);
}

static int do_symlink(const struct log_ctx *ctx)
{
	return symlinkat("target", ctx->dirfd, ctx->name) ? errno : 0;
}

static int make_src(const struct log_ctx *ctx)
{
	int fd = openat(ctx->dirfd, "src", O_WRONLY | O_CREAT | O_CLOEXEC,
			0644);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static int do_link(const struct log_ctx *ctx)
{
	int err = make_src(ctx);

	if (err)
		return err;
	return linkat(ctx->dirfd, "src", ctx->dirfd, ctx->name, 0) ? errno : 0;
}

static int do_rename(const struct log_ctx *ctx)
{
	int err = make_src(ctx);

	if (err)
		return err;
	return renameat(ctx->dirfd, "src", ctx->dirfd, ctx->name) ? errno : 0;
}

static int child_op(void *arg)
{
	const struct log_ctx *ctx = arg;

	if (prctl(PR_SET_NAME, ctx->comm ?: COMM))
		return CHILD_SETUP_FAILED;
	return ctx->fn(ctx);
}

/* Moves to the end of the kernel log. */
static int kmsg_skip(int fd)
{
	return lseek(fd, 0, SEEK_END) < 0 ? -errno : 0;
}

static bool is_verdict(const char *msg)
{
	return !strncmp(msg, "safename: denied ", 17) ||
	       !strncmp(msg, "safename: reported ", 19);
}

/*
 * Reads the next record of the kernel log into @record and returns its
 * message, without the "prio,seq,ts,flags;" prefix and the final newline;
 * NULL at the end of the log (errno EAGAIN) or on an error.  Records
 * overwritten before they were read are skipped.
 */
static char *kmsg_next(int fd, char *record, size_t size)
{
	char *msg, *end;
	ssize_t len;

	for (;;) {
		len = read(fd, record, size - 1);
		if (len < 0 && errno == EPIPE)
			continue;
		if (len < 0)
			return NULL;
		record[len] = '\0';
		/* "prio,seq,ts,flags;message\n" and maybe " KEY=value\n" */
		msg = strchr(record, ';');
		if (!msg)
			continue;
		msg++;
		end = strchr(msg, '\n');
		if (end)
			*end = '\0';
		return msg;
	}
}

/*
 * Reads the records logged since the last call and counts Safename's verdict
 * lines; the first one goes to @line.  Returns the count or -errno.
 */
static int kmsg_collect(int fd, char *line, size_t size)
{
	char record[8192];
	int count = 0;
	char *msg;

	line[0] = '\0';
	while ((msg = kmsg_next(fd, record, sizeof(record)))) {
		if (is_verdict(msg)) {
			if (!count)
				snprintf(line, size, "%s", msg);
			count++;
		}
	}
	return errno == EAGAIN ? count : -errno;
}

struct log_case {
	const char *name;
	int (*fn)(const struct log_ctx *ctx);
	enum task_kind kind;
	int mode;
	bool utf8;
	const char *comm;
	/* the expected line, less pid, uid and comm */
	const char *op;
	const char *rule;
	int offset;
	const char *encoded;
	const char *comm_encoded;
};

FIXTURE(log)
{
	char dir[PATH_MAX];
	int dirfd;
	int kmsg;
	struct policy saved;
};

FIXTURE_SETUP(log)
{
	struct policy defaults;
	const char *why;

	self->kmsg = -1;
	self->dirfd = -1;
	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	if (audit_enabled() == 1)
		SKIP(return, "audit is on: reports are audit records (audit_test checks them)");
	ASSERT_EQ(0, private_test_dir(self->dir, sizeof(self->dir)));
	self->dirfd = open(self->dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, self->dirfd);
	self->kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	ASSERT_LE(0, self->kmsg)
	{
		TH_LOG("/dev/kmsg: %s", strerror(errno));
	}

	ASSERT_EQ(0, policy_read(SYSFS_DIR, &self->saved));
	policy_set_defaults(&defaults);
	ASSERT_EQ(0, policy_write(SYSFS_DIR, &defaults));
}

FIXTURE_TEARDOWN(log)
{
	EXPECT_EQ(0, policy_write(SYSFS_DIR, &self->saved));
	close(self->dirfd);
	close(self->kmsg);
	EXPECT_EQ(0, remove_tree(self->dir));
}

static void set_policy(struct __test_metadata *const _metadata,
		       enum task_kind kind, int mode, bool utf8)
{
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_UTF8, utf8 ? "1" : "0"));
	ASSERT_EQ(0, set_mode_for(kind, mode));
}

static void set_modes_off(struct __test_metadata *const _metadata)
{
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "0"));
}

/* Runs @c until its line shows (rate limit), then checks the line. */
static void check_log(struct __test_metadata *const _metadata,
		      FIXTURE_DATA(log) * self, const struct log_case *c)
{
	struct log_ctx ctx = {
		.dirfd = self->dirfd,
		.name = c->name,
		.comm = c->comm,
		.fn = c->fn,
	};
	char line[1024], expected[1024], buf[64];
	int try, err, count = 0;
	pid_t pid;

	for (try = 0; try < LOG_TRIES && !count; try++) {
		if (try)
			sleep(1);
		ASSERT_EQ(0, empty_dir(self->dir));
		set_policy(_metadata, c->kind, c->mode, c->utf8);
		ASSERT_EQ(0, kmsg_skip(self->kmsg));

		err = run_as(c->kind, child_op, &ctx, &pid);

		count = kmsg_collect(self->kmsg, line, sizeof(line));
		set_modes_off(_metadata);
		ASSERT_EQ((c->mode & SAFENAME_MODE_ENFORCE) ? EPERM : 0, err)
		{
			TH_LOG("\"%s\": %s", printable(c->name, buf, sizeof(buf)),
			       strerror(err));
		}
		ASSERT_LE(0, count);
	}
	ASSERT_EQ(1, count)
	{
		TH_LOG("\"%s\": %d lines", printable(c->name, buf, sizeof(buf)),
		       count);
	}
	snprintf(expected, sizeof(expected),
		 "safename: %s %s rule=%s offset=%d name=%s pid=%d uid=%d comm=%s",
		 (c->mode & SAFENAME_MODE_ENFORCE) ? "denied" : "reported",
		 c->op, c->rule, c->offset, c->encoded, pid,
		 c->kind == TASK_NOBODY ? NOBODY_ID : 0,
		 c->comm_encoded ?: COMM_ENCODED);
	ASSERT_STREQ(expected, line);
}

TEST_F(log, mkdir_quoted_name)
{
	const struct log_case c = {
		.name = "-x", .fn = do_mkdir, .kind = TASK_PRIVILEGED,
		.mode = 3, .op = "mkdir", .rule = "initial", .offset = 0,
		.encoded = "\"-x\"",
	};

	check_log(_metadata, self, &c);
}

TEST_F(log, tilde_quoted_name)
{
	const struct log_case c = {
		.name = "~tilde", .fn = do_mkdir, .kind = TASK_NOBODY,
		.mode = 3, .op = "mkdir", .rule = "initial", .offset = 0,
		.encoded = "\"~tilde\"",
	};

	check_log(_metadata, self, &c);
}

TEST_F(log, create_newline)
{
	const struct log_case c = {
		.name = "a\nb", .fn = do_create, .kind = TASK_PRIVILEGED,
		.mode = 2, .op = "create", .rule = "middle", .offset = 1,
		.encoded = "610A62",
	};

	check_log(_metadata, self, &c);
}

TEST_F(log, symlink_escape)
{
	const struct log_case c = {
		.name = "\x1b[0m", .fn = do_symlink, .kind = TASK_NOBODY,
		.mode = 3, .op = "symlink", .rule = "initial", .offset = 0,
		.encoded = "1B5B306D",
	};

	check_log(_metadata, self, &c);
}

TEST_F(log, mknod_quote_and_space)
{
	const struct log_case c = {
		.name = "say \"hi\" ", .fn = do_mknod,
		.kind = TASK_NO_MAC_ADMIN, .mode = 2, .op = "mknod",
		.rule = "final", .offset = 8, .encoded = "736179202268692220",
	};

	check_log(_metadata, self, &c);
}

TEST_F(log, bind_delete)
{
	const struct log_case c = {
		.name = "sock\x7f", .fn = do_bind, .kind = TASK_PRIVILEGED,
		.mode = 3, .op = "mknod", .rule = "final", .offset = 4,
		.encoded = "736F636B7F",
	};

	check_log(_metadata, self, &c);
}

TEST_F(log, link_leading_space)
{
	const struct log_case c = {
		.name = " lead", .fn = do_link, .kind = TASK_NO_MAC_ADMIN,
		.mode = 3, .op = "link", .rule = "initial", .offset = 0,
		.encoded = "206C656164",
	};

	check_log(_metadata, self, &c);
}

TEST_F(log, rename_tab)
{
	const struct log_case c = {
		.name = "tail\t", .fn = do_rename, .kind = TASK_NOBODY,
		.mode = 2, .op = "rename", .rule = "final", .offset = 4,
		.encoded = "7461696C09",
	};

	check_log(_metadata, self, &c);
}

TEST_F(log, non_ascii)
{
	const struct log_case c = {
		.name = "caf\xc3\xa9\xff", .fn = do_create,
		.kind = TASK_PRIVILEGED, .mode = 3, .op = "create",
		.rule = "final", .offset = 5, .encoded = "636166C3A9FF",
	};

	check_log(_metadata, self, &c);
}

TEST_F(log, utf8_truncated)
{
	const struct log_case c = {
		.name = "caf\xc3", .fn = do_mkdir, .kind = TASK_NOBODY,
		.mode = 3, .utf8 = true, .op = "mkdir", .rule = "utf8",
		.offset = 3, .encoded = "636166C3",
	};

	check_log(_metadata, self, &c);
}

TEST_F(log, utf8_overlong)
{
	const struct log_case c = {
		.name = "a\300\257b", .fn = do_create,
		.kind = TASK_PRIVILEGED, .mode = 2, .utf8 = true,
		.op = "create", .rule = "utf8", .offset = 1,
		.encoded = "61C0AF62",
	};

	check_log(_metadata, self, &c);
}

/* One byte failing both byte rules: initial is named. */
TEST_F(log, one_byte_initial_first)
{
	const struct log_case c = {
		.name = " ", .fn = do_mkdir, .kind = TASK_NO_MAC_ADMIN,
		.mode = 3, .op = "mkdir", .rule = "initial", .offset = 0,
		.encoded = "20",
	};

	check_log(_metadata, self, &c);
}

/* The first failing offset wins: middle at 1 before final at 3. */
TEST_F(log, first_offset_first)
{
	const struct log_case c = {
		.name = "a\x01\x02 ", .fn = do_mkdir, .kind = TASK_PRIVILEGED,
		.mode = 3, .op = "mkdir", .rule = "middle", .offset = 1,
		.encoded = "61010220",
	};

	check_log(_metadata, self, &c);
}

/* At one offset, final is named before utf8. */
TEST_F(log, final_before_utf8)
{
	const struct log_case c = {
		.name = "a\xff", .fn = do_mkdir, .kind = TASK_PRIVILEGED,
		.mode = 3, .utf8 = true, .op = "mkdir", .rule = "final",
		.offset = 1, .encoded = "61FF",
	};

	check_log(_metadata, self, &c);
}

/* The command name is encoded like a name. */
TEST_F(log, comm_encoded)
{
	const struct log_case c = {
		.name = "-c", .fn = do_mkdir, .kind = TASK_NOBODY, .mode = 2,
		.comm = "sn log\x1b", .op = "mkdir", .rule = "initial",
		.offset = 0, .encoded = "\"-c\"",
		.comm_encoded = "736E206C6F671B",
	};

	check_log(_metadata, self, &c);
}

/* Without the log bit, or with a good name, there is no line. */
TEST_F_TIMEOUT(log, no_line_without_log_bit, 60)
{
	static const enum task_kind kinds[] = {
		TASK_PRIVILEGED, TASK_NO_MAC_ADMIN, TASK_NOBODY,
	};
	struct log_ctx ctx = { .dirfd = self->dirfd, .fn = do_mkdir };
	const struct log_case marker = {
		.name = "-marker", .fn = do_mkdir, .kind = TASK_PRIVILEGED,
		.mode = 2, .op = "mkdir", .rule = "initial", .offset = 0,
		.encoded = "\"-marker\"",
	};
	char line[1024];
	size_t i;

	/*
	 * Let the rate limit's window pass, so that the next lines are
	 * logged: fewer than its burst of 10 follow.
	 */
	sleep(6);
	ASSERT_EQ(0, kmsg_skip(self->kmsg));
	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		ctx.name = "-enforced";
		set_policy(_metadata, kinds[i], SAFENAME_MODE_ENFORCE, true);
		EXPECT_EQ(EPERM, run_as(kinds[i], child_op, &ctx, NULL));

		ctx.name = "-off";
		set_policy(_metadata, kinds[i], 0, true);
		EXPECT_EQ(0, run_as(kinds[i], child_op, &ctx, NULL));
		ASSERT_EQ(0, unlinkat(self->dirfd, ctx.name, AT_REMOVEDIR));

		ctx.name = "good";
		set_policy(_metadata, kinds[i], 3, true);
		EXPECT_EQ(0, run_as(kinds[i], child_op, &ctx, NULL));
		ASSERT_EQ(0, unlinkat(self->dirfd, ctx.name, AT_REMOVEDIR));
	}
	set_modes_off(_metadata);
	EXPECT_EQ(0, kmsg_collect(self->kmsg, line, sizeof(line)))
	{
		TH_LOG("unexpected: %s", line);
	}

	/* The log works: a line with the log bit shows. */
	check_log(_metadata, self, &marker);
}

/*
 * Reads the kernel log since the last call for a knob line about @knob;
 * copies the first to @line.  Returns 0, or -ENOENT.
 */
static int kmsg_find_knob(int fd, const char *knob, char *line, size_t size)
{
	char record[8192], prefix[96];
	char *msg;

	snprintf(prefix, sizeof(prefix), "safename: config lsm=safename knob=%s ",
		 knob);
	while ((msg = kmsg_next(fd, record, sizeof(record)))) {
		if (!strncmp(msg, prefix, strlen(prefix))) {
			snprintf(line, size, "%s", msg);
			return 0;
		}
	}
	return -ENOENT;
}

/* Writes @value to @knob and checks the line it logs. */
static void check_knob_line(struct __test_metadata *const _metadata,
			    FIXTURE_DATA(log) * self, enum knob knob,
			    const char *value, const char *old_encoded,
			    const char *new_encoded, int res)
{
	char expect[512], line[1024];

	ASSERT_EQ(0, kmsg_skip(self->kmsg));
	EXPECT_EQ(res ? 0 : -EINVAL, knob_write(SYSFS_DIR, knob, value));
	snprintf(expect, sizeof(expect),
		 "safename: config lsm=safename knob=%s old=%s new=%s auid=%u ses=%u pid=%d uid=0 comm=\"log_test\" res=%d",
		 knob_names[knob], old_encoded, new_encoded,
		 read_proc_uint("/proc/self/loginuid"),
		 read_proc_uint("/proc/self/sessionid"), getpid(), res);
	ASSERT_EQ(0, kmsg_find_knob(self->kmsg, knob_names[knob], line,
				    sizeof(line)))
		TH_LOG("no line for %s", knob_names[knob]);
	EXPECT_STREQ(expect, line);
}

/* Without audit, every knob write is a line too: taken or refused. */
TEST_F(log, knob_lines)
{
	ASSERT_EQ(0, prctl(PR_SET_NAME, "log_test"));
	/* A new rate-limit window: the set-up wrote knobs too. */
	sleep(6);
	check_knob_line(_metadata, self, KNOB_MODE_UNPRIVILEGED, "2\n",
			"\"0\"", "\"2\"", 1);
	check_knob_line(_metadata, self, KNOB_MODE_UNPRIVILEGED, "x",
			"\"2\"", "\"x\"", 0);
	check_knob_line(_metadata, self, KNOB_FINAL, "33-126\t\n",
			"\"33-126,128-254\"", "33332D31323609", 0);
}

/* A write too long to be read is refused, and logged without its text. */
TEST_F(log, knob_line_too_long)
{
	static char big[SAFENAME_WRITE_MAX + 2];
	char line[1024];

	ASSERT_EQ(0, prctl(PR_SET_NAME, "log_test"));
	sleep(6);
	memset(big, '1', SAFENAME_WRITE_MAX + 1);
	ASSERT_EQ(0, kmsg_skip(self->kmsg));
	EXPECT_EQ(-E2BIG, knob_write(SECURITYFS_DIR, KNOB_MODE_UNPRIVILEGED,
				     big));
	ASSERT_EQ(0, kmsg_find_knob(self->kmsg, "mode_for_unprivileged", line,
				    sizeof(line)));
	EXPECT_NE(NULL, strstr(line, " old=\"0\" new=? "))
		TH_LOG("line '%s'", line);
	EXPECT_NE(NULL, strstr(line, " res=0"))
		TH_LOG("line '%s'", line);
}

TEST_HARNESS_MAIN
