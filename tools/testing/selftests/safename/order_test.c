// SPDX-License-Identifier: GPL-2.0
/*
 * Safename comes last: when the kernel refuses an operation for its own
 * reasons, the task gets the kernel's error, exactly as without Safename,
 * and nothing is reported or counted.  And the operation a report names is
 * the one the task asked for, whatever the arguments.
 *
 * Each case makes a bad name (both modes enforce and log) where the kernel
 * refuses it first, as uid 65534 where permissions matter, then checks the
 * error, the counters and the kernel log; a control case shows that the
 * same operation with the kernel's consent is refused and counted by
 * Safename.  Runs on the test's own tmpfs (minix for EMLINK), with audit
 * off.
 */

#include <mqueue.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>

#include "../kselftest_harness.h"
#include "common.h"
#include "audit_nl.h"

FIXTURE(order)
{
	char dir[PATH_MAX];
	int dirfd;
	int kmsg;
	struct policy saved;
	bool ready;
};

FIXTURE_SETUP(order)
{
	const char *why;

	self->dirfd = -1;
	self->kmsg = -1;
	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	if (audit_enabled() == 1)
		SKIP(return, "audit is on: reports are audit records (audit_test checks them)");
	if (!can_become(TASK_NOBODY))
		SKIP(return, "cannot become uid 65534");
	ASSERT_EQ(0, private_test_dir(self->dir, sizeof(self->dir)));
	/* Owned by root, writable by root only, as /usr is. */
	ASSERT_EQ(0, chmod(self->dir, 0755));
	self->dirfd = open(self->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, self->dirfd);
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &self->saved));
	self->ready = true;
	ASSERT_EQ(0, policy_write_defaults("3"));
	self->kmsg = kmsg_open();
	ASSERT_LE(0, self->kmsg);
}

FIXTURE_TEARDOWN(order)
{
	if (self->ready)
		EXPECT_EQ(0, policy_write(SYSFS_DIR, &self->saved));
	if (self->kmsg >= 0)
		close(self->kmsg);
	if (self->dirfd >= 0)
		close(self->dirfd);
}

/* What a child does: @op on @name in @dirfd (and @other for link, rename). */
struct order_ctx {
	int dirfd;
	int other;
	const char *name;
	int (*op)(const struct order_ctx *ctx);
};

static int op_mkdir(const struct order_ctx *c)
{
	return mkdirat(c->dirfd, c->name, 0755) ? errno : 0;
}

static int op_open(const struct order_ctx *c)
{
	int fd = openat(c->dirfd, c->name, O_WRONLY | O_CREAT | O_CLOEXEC,
			0644);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static int op_fifo(const struct order_ctx *c)
{
	return mknodat(c->dirfd, c->name, S_IFIFO | 0644, 0) ? errno : 0;
}

static int op_chardev(const struct order_ctx *c)
{
	return mknodat(c->dirfd, c->name, S_IFCHR | 0644, makedev(1, 3)) ?
	       errno : 0;
}

static int op_symlink(const struct order_ctx *c)
{
	return symlinkat("target", c->dirfd, c->name) ? errno : 0;
}

/* A hard link to @other's "file". */
static int op_link(const struct order_ctx *c)
{
	return linkat(c->other, "file", c->dirfd, c->name, 0) ? errno : 0;
}

/* @other's "file" renamed to @name in @dirfd. */
static int op_rename(const struct order_ctx *c)
{
	return renameat(c->other, "file", c->dirfd, c->name) ? errno : 0;
}

static int op_bind(const struct order_ctx *c)
{
	return bind_unix_at(c->dirfd, c->name);
}

static int child_op(void *arg)
{
	const struct order_ctx *c = arg;

	return c->op(c);
}

/*
 * Runs @c as @kind and checks that it fails with @err and, when @counted,
 * that Safename counted it once, else that it neither counted nor logged
 * it.  (A counted one's line may fall to the log's rate limit.)
 */
static void check(struct __test_metadata *const _metadata,
		  FIXTURE_DATA(order) * self, enum task_kind kind,
		  const struct order_ctx *c, const char *what, int err,
		  bool counted)
{
	unsigned long long v0, d0, v1, d1;
	char buf[64];
	int got;

	ASSERT_EQ(0, read_counters(&v0, &d0));
	kmsg_has(self->kmsg, "");
	got = run_as(kind, child_op, (void *)c, NULL);
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(err, got)
	{
		TH_LOG("%s \"%s\" as %s: %s, expected %s", what,
		       printable(c->name, buf, sizeof(buf)),
		       task_kind_name(kind), strerror(got), strerror(err));
	}
	EXPECT_EQ(v0 + counted, v1)
	{
		TH_LOG("%s: violations %llu -> %llu", what, v0, v1);
	}
	EXPECT_EQ(d0 + counted, d1);
	if (!counted)
		EXPECT_FALSE(kmsg_has(self->kmsg, "safename: "))
		{
			TH_LOG("%s: a kernel log line", what);
		}
}

/*
 * uid 65534 may not write to the root-owned directory: every operation
 * gets EACCES from the kernel's permission check, before Safename.
 */
TEST_F(order, eacces_first)
{
	static const struct {
		const char *what;
		int (*op)(const struct order_ctx *c);
	} ops[] = {
		{ "mkdir", op_mkdir }, { "open", op_open },
		{ "mkfifo", op_fifo }, { "symlink", op_symlink },
		{ "link", op_link }, { "rename", op_rename },
		{ "bind", op_bind },
	};
	struct order_ctx c = { .dirfd = self->dirfd };
	char other[PATH_MAX + 16];
	size_t i;
	int fd;

	/* The source of link and rename, in a directory nobody may write. */
	snprintf(other, sizeof(other), "%s/open", self->dir);
	ASSERT_EQ(0, mkdir(other, 0777));
	ASSERT_EQ(0, chmod(other, 0777));
	c.other = open(other, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, c.other);
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		fd = openat(c.other, "file", O_WRONLY | O_CREAT | O_CLOEXEC,
			    0666);
		ASSERT_LE(0, fd);
		close(fd);
		ASSERT_EQ(0, fchownat(c.other, "file", NOBODY_ID, NOBODY_ID,
				      0));
		c.op = ops[i].op;
		c.name = "-denied";
		check(_metadata, self, TASK_NOBODY, &c, ops[i].what, EACCES,
		      false);
		/* Control: where it may write, Safename refuses. */
		c.dirfd = c.other;
		c.name = ops[i].op == op_rename ? "-moved" : "-refused";
		check(_metadata, self, TASK_NOBODY, &c, ops[i].what, EPERM,
		      true);
		c.dirfd = self->dirfd;
		unlinkat(c.other, "file", 0);
	}
	close(c.other);
}

/*
 * In a sticky directory, uid 65534 may not rename root's file: the
 * kernel's EPERM, not Safename's, and nothing reported.
 */
TEST_F(order, sticky_bit_first)
{
	struct order_ctx c = { .op = op_rename, .name = "-moved" };
	char sticky[PATH_MAX + 16];
	int fd;

	snprintf(sticky, sizeof(sticky), "%s/sticky", self->dir);
	ASSERT_EQ(0, mkdir(sticky, 0777));
	ASSERT_EQ(0, chmod(sticky, 01777));
	c.dirfd = open(sticky, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, c.dirfd);
	c.other = c.dirfd;
	fd = openat(c.dirfd, "file", O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
	ASSERT_LE(0, fd);
	close(fd);
	check(_metadata, self, TASK_NOBODY, &c, "rename", EPERM, false);
	/* Control: its own file it may rename, and Safename refuses. */
	ASSERT_EQ(0, fchownat(c.dirfd, "file", NOBODY_ID, NOBODY_ID, 0));
	check(_metadata, self, TASK_NOBODY, &c, "rename", EPERM, true);
	close(c.dirfd);
}

/* A device node without CAP_MKNOD: the kernel's EPERM, nothing reported. */
TEST_F(order, cap_mknod_first)
{
	struct order_ctx c = { .op = op_chardev, .name = "-null" };
	char open_dir[PATH_MAX + 16];

	snprintf(open_dir, sizeof(open_dir), "%s/open", self->dir);
	ASSERT_EQ(0, mkdir(open_dir, 0777));
	ASSERT_EQ(0, chmod(open_dir, 0777));
	c.dirfd = open(open_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, c.dirfd);
	check(_metadata, self, TASK_NOBODY, &c, "mknod", EPERM, false);
	/* Control: a fifo needs no capability, and Safename refuses it. */
	c.op = op_fifo;
	check(_metadata, self, TASK_NOBODY, &c, "mkfifo", EPERM, true);
	close(c.dirfd);
}

static int op_link_deleted(const struct order_ctx *c)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/self/fd/%d", c->other);
	return linkat(AT_FDCWD, path, c->dirfd, c->name, AT_SYMLINK_FOLLOW) ?
	       errno : 0;
}

/* A link to a deleted file: the kernel's ENOENT, nothing reported. */
TEST_F(order, deleted_file_first)
{
	struct order_ctx c = {
		.dirfd = self->dirfd,
		.op = op_link_deleted,
		.name = "-revived",
	};

	c.other = openat(self->dirfd, "gone", O_RDWR | O_CREAT | O_CLOEXEC,
			 0644);
	ASSERT_LE(0, c.other);
	ASSERT_EQ(0, unlinkat(self->dirfd, "gone", 0));
	check(_metadata, self, TASK_PRIVILEGED, &c, "link", ENOENT, false);
	close(c.other);
	/* Control: an O_TMPFILE file may be linked, and Safename refuses. */
	c.other = openat(self->dirfd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC,
			 0644);
	ASSERT_LE(0, c.other);
	check(_metadata, self, TASK_PRIVILEGED, &c, "link", EPERM, true);
	close(c.other);
}

/* @dirfd's "d1" renamed to @name in @dirfd. */
static int op_rename_d1(const struct order_ctx *c)
{
	return renameat(c->dirfd, "d1", c->dirfd, c->name) ? errno : 0;
}

/* Makes "@prefix0", "@prefix1"... with @make until it fails; returns errno. */
static int fill(int dirfd, const char *prefix,
		int (*make)(int dirfd, const char *name))
{
	char name[32];
	int i;

	for (i = 0; i < 1000; i++) {
		snprintf(name, sizeof(name), "%s%d", prefix, i);
		if (make(dirfd, name))
			return errno;
	}
	return 0;
}

static int make_dir(int dirfd, const char *name)
{
	return mkdirat(dirfd, name, 0755);
}

static int make_link(int dirfd, const char *name)
{
	return linkat(dirfd, "file", dirfd, name, 0);
}

/*
 * A link more than the file system allows: the kernel's EMLINK for mkdir,
 * link and a directory moved into another, nothing reported; what adds no
 * link there (a rename in place, a file moved in) Safename refuses.
 * minix version 1 allows 250 links, given by SAFENAME_MINIX_DIR.
 */
TEST_F(order, too_many_links_first)
{
	static const struct {
		const char *what;
		int (*op)(const struct order_ctx *c);
	} ops[] = {
		{ "mkdir", op_mkdir },
		{ "rename", op_rename },
		{ "link", op_link },
	};
	const char *minix = getenv("SAFENAME_MINIX_DIR");
	struct order_ctx c = { .name = "-one-too-many" };
	int base, links, full, src;
	char dir[PATH_MAX];
	struct statfs sfs;
	size_t j;

	if (!minix)
		SKIP(return, "set SAFENAME_MINIX_DIR to a directory on minix");
	ASSERT_EQ(0, statfs(minix, &sfs));
	if (sfs.f_type != 0x137f && sfs.f_type != 0x138f)
		SKIP(return, "%s is not minix version 1", minix);
	ASSERT_EQ(0, make_test_dir(minix, dir, sizeof(dir)));
	base = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, base);
	/* "full" holds as many subdirectories as its links allow. */
	ASSERT_EQ(0, mkdirat(base, "full", 0755));
	full = openat(base, "full", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, full);
	ASSERT_EQ(EMLINK, fill(full, "d", make_dir));
	/* "links/file", a file with as many links as allowed */
	ASSERT_EQ(0, mkdirat(base, "links", 0755));
	links = openat(base, "links", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, links);
	ASSERT_EQ(0, create_at(links, "file"));
	ASSERT_EQ(EMLINK, fill(links, "l", make_link));
	/* rename's source, a directory: "src/file" */
	ASSERT_EQ(0, mkdirat(base, "src", 0755));
	src = openat(base, "src", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, src);
	ASSERT_EQ(0, mkdirat(src, "file", 0755));

	for (j = 0; j < ARRAY_SIZE(ops); j++) {
		c.op = ops[j].op;
		c.dirfd = ops[j].op == op_link ? links : full;
		c.other = ops[j].op == op_link ? links : src;
		check(_metadata, self, TASK_PRIVILEGED, &c, ops[j].what,
		      EMLINK, false);
		/* Control: one link less, and Safename refuses. */
		ASSERT_EQ(0, ops[j].op == op_link ?
			     unlinkat(links, "l0", 0) :
			     unlinkat(full, "d0", AT_REMOVEDIR));
		check(_metadata, self, TASK_PRIVILEGED, &c, ops[j].what,
		      EPERM, true);
		/* and "full" full again */
		ASSERT_EQ(0, ops[j].op == op_link ? 0 :
			     mkdirat(full, "d0", 0755));
	}

	/* Into the full directory, what adds no link to it is refused. */
	c.dirfd = full;
	c.op = op_rename_d1;
	check(_metadata, self, TASK_PRIVILEGED, &c, "rename in place", EPERM,
	      true);
	ASSERT_EQ(0, unlinkat(src, "file", AT_REMOVEDIR));
	ASSERT_EQ(0, create_at(src, "file"));
	c.other = src;
	c.op = op_rename;
	check(_metadata, self, TASK_PRIVILEGED, &c, "rename of a file", EPERM,
	      true);
	close(src);
	close(links);
	close(full);
	close(base);
	EXPECT_EQ(0, remove_tree(dir));
}

/*
 * A request that the kernel refused before Safename acted (a device node
 * without CAP_MKNOD) is not taken, later, for a rename over the same
 * dentry once another task has made the name: that rename asks for no new
 * name.  On ext2, which keeps the negative dentry that the refused request
 * looked up, so that the name is made on that very dentry.
 */
TEST_F(order, refused_request_not_taken_for_rename)
{
	const char *ext2 = getenv("SAFENAME_EXT2_DIR");
	unsigned long long v0, d0, v1, d1;
	int to_child[2], to_parent[2];
	char dir[PATH_MAX], c;
	int dirfd, status;
	pid_t child;

	if (!ext2)
		SKIP(return, "set SAFENAME_EXT2_DIR to a directory on ext2");
	ASSERT_EQ(0, make_test_dir(ext2, dir, sizeof(dir)));
	dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, dirfd);
	ASSERT_EQ(0, pipe2(to_child, O_CLOEXEC));
	ASSERT_EQ(0, pipe2(to_parent, O_CLOEXEC));
	ASSERT_EQ(0, read_counters(&v0, &d0));
	fflush(stdout);
	child = fork();
	ASSERT_LE(0, child);
	if (child == 0) {
		if (become(TASK_NOBODY) || create_at(dirfd, "file"))
			_exit(CHILD_SETUP_FAILED);
		if (!mknodat(dirfd, "-x", S_IFCHR | 0644, makedev(1, 3)) ||
		    errno != EPERM)
			_exit(CHILD_SETUP_FAILED);
		if (write(to_parent[1], "r", 1) != 1 ||
		    read(to_child[0], &c, 1) != 1)
			_exit(CHILD_SETUP_FAILED);
		_exit(renameat(dirfd, "file", dirfd, "-x") ? errno : 0);
	}
	/* Once the child's mknod is refused, root makes "-x". */
	EXPECT_EQ(1, read(to_parent[0], &c, 1));
	EXPECT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	EXPECT_EQ(0, create_at(dirfd, "-x"));
	EXPECT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	EXPECT_EQ(1, write(to_child[1], "g", 1));
	ASSERT_EQ(child, waitpid(child, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status))
	{
		TH_LOG("rename over \"-x\": %s",
		       strerror(WEXITSTATUS(status)));
	}
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0, v1);
	EXPECT_EQ(d0, d1);
	/* (the knob writes above have log lines of their own) */
	EXPECT_FALSE(kmsg_has(self->kmsg, "name=\"-x\""));
	close(to_child[0]);
	close(to_child[1]);
	close(to_parent[0]);
	close(to_parent[1]);
	close(dirfd);
	EXPECT_EQ(0, remove_tree(dir));
}

/*
 * EEXIST, ENAMETOOLONG and EROFS come before Safename too, for root as
 * for everyone.
 */
TEST_F(order, exists_too_long_read_only_first)
{
	struct order_ctx c = { .dirfd = self->dirfd, .name = "-exists" };
	char long_name[NAME_MAX + 2], ro[PATH_MAX + 16];

	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	ASSERT_EQ(0, mkdirat(self->dirfd, "-exists", 0755));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	c.op = op_mkdir;
	check(_metadata, self, TASK_PRIVILEGED, &c, "mkdir", EEXIST, false);
	c.op = op_symlink;
	check(_metadata, self, TASK_PRIVILEGED, &c, "symlink", EEXIST, false);

	memset(long_name, 'x', sizeof(long_name) - 1);
	long_name[0] = '-';
	long_name[sizeof(long_name) - 1] = '\0';
	c.name = long_name;
	c.op = op_mkdir;
	check(_metadata, self, TASK_PRIVILEGED, &c, "mkdir", ENAMETOOLONG,
	      false);
	c.op = op_open;
	check(_metadata, self, TASK_PRIVILEGED, &c, "open", ENAMETOOLONG,
	      false);

	snprintf(ro, sizeof(ro), "%s/ro", self->dir);
	ASSERT_EQ(0, mkdir(ro, 0755));
	ASSERT_EQ(0, mount(ro, ro, NULL, MS_BIND, NULL));
	ASSERT_EQ(0, mount(NULL, ro, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY,
			   NULL));
	c.dirfd = open(ro, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, c.dirfd);
	c.name = "-read-only";
	c.op = op_mkdir;
	check(_metadata, self, TASK_PRIVILEGED, &c, "mkdir", EROFS, false);
	c.op = op_open;
	check(_metadata, self, TASK_PRIVILEGED, &c, "open", EROFS, false);
	close(c.dirfd);
	EXPECT_EQ(0, umount(ro));
}

/*
 * mkdir(2) passes its mode bits on; whatever they are, the report says
 * mkdir (only the btrfs subvolume ioctls make "subvol").
 */
TEST_F(order, mkdir_mode_cannot_forge_op)
{
	static const mode_t modes[] = { 0755, S_IFDIR | 0755, S_IFREG | 0644,
					 S_IFMT | 07777 };
	char name[32];
	size_t i;

	/* Let the log's rate limit (10 lines in 5 s) forget earlier tests. */
	sleep(6);
	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		snprintf(name, sizeof(name), "-forged%zu", i);
		kmsg_has(self->kmsg, "");
		EXPECT_EQ(-1, mkdirat(self->dirfd, name, modes[i]));
		EXPECT_EQ(EPERM, errno);
		EXPECT_TRUE(kmsg_has(self->kmsg, "safename: denied mkdir rule=initial"))
		{
			TH_LOG("mode %o: no \"denied mkdir\" line", modes[i]);
		}
	}
	EXPECT_FALSE(kmsg_has(self->kmsg, "subvol"));
}

/*
 * open(O_CREAT) in a directory whose file system cannot make files: the
 * kernel's EACCES, for root too, nothing reported.
 */
TEST_F(order, cannot_create_first)
{
	struct order_ctx c = { .op = op_open, .name = "-safename-order" };

	/* (kernfs: a missing name is a negative dentry, as on tmpfs) */
	c.dirfd = open("/sys/kernel", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (c.dirfd < 0)
		SKIP(return, "no /sys/kernel");
	check(_metadata, self, TASK_PRIVILEGED, &c, "open", EACCES, false);
	close(c.dirfd);
	/* Control: the same open where files can be made is refused. */
	c.dirfd = self->dirfd;
	check(_metadata, self, TASK_PRIVILEGED, &c, "open", EPERM, true);
}

/*
 * mq_open(3) makes its names through vfs_mkobj() without a path hook:
 * Safename cannot tell them from the kernel's own, and never checks them
 * (the admin guide says so).
 */
TEST_F(order, mqueue_unchecked)
{
	static const char name[] = "/-safename-queue\n";
	unsigned long long v0, d0, v1, d1;
	mqd_t q;

	if (access("/proc/sys/fs/mqueue", F_OK))
		SKIP(return, "no POSIX message queues (CONFIG_POSIX_MQUEUE)");
	ASSERT_EQ(0, read_counters(&v0, &d0));
	q = mq_open(name, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0600, NULL);
	ASSERT_NE((mqd_t)-1, q)
	{
		TH_LOG("mq_open: %s", strerror(errno));
	}
	mq_close(q);
	EXPECT_EQ(0, mq_unlink(name));
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0, v1);
	EXPECT_EQ(d0, d1);
	EXPECT_FALSE(kmsg_has(self->kmsg, "safename: "));
}

TEST_HARNESS_MAIN
