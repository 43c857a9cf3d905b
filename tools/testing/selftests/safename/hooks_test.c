// SPDX-License-Identifier: GPL-2.0
/*
 * Safename tests: every hook that creates a name, in every mode, for every
 * kind of task, on tmpfs, ext2, ext4, btrfs, overlayfs and 9p.
 *
 * Each test mounts its own tmpfs, and an overlay on it, in a mount namespace
 * of its own.  File systems a test cannot make itself are an optional extra:
 * a directory on each given by the environment (SAFENAME_EXT2_DIR,
 * SAFENAME_EXT4_DIR, SAFENAME_BTRFS_DIR, SAFENAME_9P_DIR); without it the
 * variants of that file system SKIP.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <linux/limits.h>
#include <sys/socket.h>
#include <sys/sysmacros.h>
#include <sys/un.h>

#include "common.h"

#include <sched.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE 0x1
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE 0x2
#endif

enum fs_kind {
	FS_TMPFS,
	FS_EXT2,
	FS_EXT4,
	FS_BTRFS,
	FS_OVERLAY,
	FS_9P,
};

struct fs_info {
	const char *name;	/* as in the mount table */
	const char *env;	/* NULL: mounted by the test itself */
};

static const struct fs_info filesystems[] = {
	[FS_TMPFS] = { "tmpfs", NULL },
	[FS_EXT2] = { "ext2", "SAFENAME_EXT2_DIR" },
	[FS_EXT4] = { "ext4", "SAFENAME_EXT4_DIR" },
	[FS_BTRFS] = { "btrfs", "SAFENAME_BTRFS_DIR" },
	[FS_OVERLAY] = { "overlay", NULL },
	[FS_9P] = { "9p", "SAFENAME_9P_DIR" },
};

/*
 * Operations a file system may lack.  Each is probed with Safename off; where
 * the file system refuses it, an operation allowed by Safename must fail with
 * the file system's own error (not EPERM) and change nothing.  tmpfs has them
 * all, so every hook is exercised for real there.
 */
enum feature {
	FEATURE_NONE,
	FEATURE_TMPFILE,
	FEATURE_NOREPLACE,
	FEATURE_EXCHANGE,
	FEATURE_COUNT,
};

/* One name for each mode 0..3, each failing a different rule. */
static const char *const bad_names[] = {
	"-leading-dash",
	"new\nline",
	"trailing-space ",
	"high\377byte",
};

/* Seconds per test: slow emulated machines and 9p need more than 30. */
#define HOOKS_TIMEOUT	180

#define GOOD_NAME	"good_name-1.txt"
#define SRC_NAME	"src"

static long renameat2_(int olddirfd, const char *oldpath, int newdirfd,
		       const char *newpath, unsigned int flags)
{
	return syscall(SYS_renameat2, olddirfd, oldpath, newdirfd, newpath,
		       flags);
}

struct op_ctx {
	int dirfd;
	const char *name;
	const char *target;
	bool has_tmpfile;
};

static int make_src(int dirfd)
{
	int fd = openat(dirfd, SRC_NAME, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static int op_open(void *arg)
{
	const struct op_ctx *ctx = arg;

	return create_at(ctx->dirfd, ctx->name);
}

static int op_creat(void *arg)
{
	const struct op_ctx *ctx = arg;
	int fd;

	if (fchdir(ctx->dirfd))
		return errno;
	fd = creat(ctx->name, 0644);
	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static int op_mkdir(void *arg)
{
	const struct op_ctx *ctx = arg;

	return mkdirat(ctx->dirfd, ctx->name, 0755) ? errno : 0;
}

static int op_mknod_fifo(void *arg)
{
	const struct op_ctx *ctx = arg;

	return mknodat(ctx->dirfd, ctx->name, S_IFIFO | 0644, 0) ? errno : 0;
}

static int op_mknod_sock(void *arg)
{
	const struct op_ctx *ctx = arg;

	return mknodat(ctx->dirfd, ctx->name, S_IFSOCK | 0644, 0) ? errno : 0;
}

/*
 * A character device 0:0 (a whiteout) needs no CAP_MKNOD, so every kind of
 * task reaches the hook.
 */
static int op_mknod_chr(void *arg)
{
	const struct op_ctx *ctx = arg;

	return mknodat(ctx->dirfd, ctx->name, S_IFCHR | 0644, makedev(0, 0)) ?
		       errno : 0;
}

static int op_bind(void *arg)
{
	const struct op_ctx *ctx = arg;

	return bind_unix_at(ctx->dirfd, ctx->name);
}

static int op_symlink(void *arg)
{
	const struct op_ctx *ctx = arg;

	return symlinkat(ctx->target ?: "target", ctx->dirfd, ctx->name) ?
		       errno : 0;
}

static int op_link(void *arg)
{
	const struct op_ctx *ctx = arg;
	int err = make_src(ctx->dirfd);

	if (err)
		return err;
	return linkat(ctx->dirfd, SRC_NAME, ctx->dirfd, ctx->name, 0) ? errno :
									0;
}

/*
 * Opens an O_TMPFILE file, or where the file system has none, a new regular
 * file named SRC_NAME.
 */
static int open_unnamed(const struct op_ctx *ctx)
{
	if (ctx->has_tmpfile)
		return openat(ctx->dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC,
			      0644);
	return openat(ctx->dirfd, SRC_NAME, O_WRONLY | O_CREAT | O_CLOEXEC,
		      0644);
}

static int op_linkat_empty_path(void *arg)
{
	const struct op_ctx *ctx = arg;
	int fd, err = 0;

	fd = open_unnamed(ctx);
	if (fd < 0)
		return errno;
	if (linkat(fd, "", ctx->dirfd, ctx->name, AT_EMPTY_PATH))
		err = errno;
	close(fd);
	return err;
}

static int op_linkat_proc_fd(void *arg)
{
	const struct op_ctx *ctx = arg;
	char path[64];
	int fd, err = 0;

	fd = open_unnamed(ctx);
	if (fd < 0)
		return errno;
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	if (linkat(AT_FDCWD, path, ctx->dirfd, ctx->name, AT_SYMLINK_FOLLOW))
		err = errno;
	close(fd);
	return err;
}

static int op_rename(void *arg)
{
	const struct op_ctx *ctx = arg;
	int err = make_src(ctx->dirfd);

	if (err)
		return err;
	return renameat(ctx->dirfd, SRC_NAME, ctx->dirfd, ctx->name) ? errno :
									  0;
}

static int op_rename_noreplace(void *arg)
{
	const struct op_ctx *ctx = arg;
	int err = make_src(ctx->dirfd);

	if (err)
		return err;
	return renameat2_(ctx->dirfd, SRC_NAME, ctx->dirfd, ctx->name,
			  RENAME_NOREPLACE) ? errno : 0;
}

/* The new name exists: the exchange gives both names to other inodes. */
static int op_rename_exchange(void *arg)
{
	const struct op_ctx *ctx = arg;
	int err = make_src(ctx->dirfd);

	if (err)
		return err;
	return renameat2_(ctx->dirfd, SRC_NAME, ctx->dirfd, ctx->name,
			  RENAME_EXCHANGE) ? errno : 0;
}

static int op_rename_exchange_reversed(void *arg)
{
	const struct op_ctx *ctx = arg;
	int err = make_src(ctx->dirfd);

	if (err)
		return err;
	return renameat2_(ctx->dirfd, ctx->name, ctx->dirfd, SRC_NAME,
			  RENAME_EXCHANGE) ? errno : 0;
}

/* What becomes of SRC_NAME when the operation succeeds. */
enum src_fate {
	SRC_NONE,	/* there is none */
	SRC_KEPT,	/* linked: still there, same inode as the new name */
	SRC_MOVED,	/* renamed away */
	SRC_SWAPPED,	/* exchanged with the existing new name */
};

struct op_desc {
	const char *what;
	int (*fn)(void *arg);
	mode_t type;
	/* The new name exists before, as a regular file made by root. */
	bool name_exists;
	enum src_fate src;
	enum feature feature;
};

FIXTURE(hooks)
{
	char dir[PATH_MAX];
	int dirfd;
	int feature_err[FEATURE_COUNT];
	struct policy saved;
};

FIXTURE_VARIANT(hooks)
{
	enum fs_kind fs;
	enum task_kind kind;
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, tmpfs_privileged) {
	/* clang-format on */
	.fs = FS_TMPFS,
	.kind = TASK_PRIVILEGED,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, tmpfs_no_mac_admin) {
	/* clang-format on */
	.fs = FS_TMPFS,
	.kind = TASK_NO_MAC_ADMIN,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, tmpfs_nobody) {
	/* clang-format on */
	.fs = FS_TMPFS,
	.kind = TASK_NOBODY,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, ext2_privileged) {
	/* clang-format on */
	.fs = FS_EXT2,
	.kind = TASK_PRIVILEGED,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, ext2_no_mac_admin) {
	/* clang-format on */
	.fs = FS_EXT2,
	.kind = TASK_NO_MAC_ADMIN,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, ext2_nobody) {
	/* clang-format on */
	.fs = FS_EXT2,
	.kind = TASK_NOBODY,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, ext4_privileged) {
	/* clang-format on */
	.fs = FS_EXT4,
	.kind = TASK_PRIVILEGED,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, ext4_no_mac_admin) {
	/* clang-format on */
	.fs = FS_EXT4,
	.kind = TASK_NO_MAC_ADMIN,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, ext4_nobody) {
	/* clang-format on */
	.fs = FS_EXT4,
	.kind = TASK_NOBODY,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, btrfs_privileged) {
	/* clang-format on */
	.fs = FS_BTRFS,
	.kind = TASK_PRIVILEGED,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, btrfs_no_mac_admin) {
	/* clang-format on */
	.fs = FS_BTRFS,
	.kind = TASK_NO_MAC_ADMIN,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, btrfs_nobody) {
	/* clang-format on */
	.fs = FS_BTRFS,
	.kind = TASK_NOBODY,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, overlay_privileged) {
	/* clang-format on */
	.fs = FS_OVERLAY,
	.kind = TASK_PRIVILEGED,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, overlay_no_mac_admin) {
	/* clang-format on */
	.fs = FS_OVERLAY,
	.kind = TASK_NO_MAC_ADMIN,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, overlay_nobody) {
	/* clang-format on */
	.fs = FS_OVERLAY,
	.kind = TASK_NOBODY,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, 9p_privileged) {
	/* clang-format on */
	.fs = FS_9P,
	.kind = TASK_PRIVILEGED,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, 9p_no_mac_admin) {
	/* clang-format on */
	.fs = FS_9P,
	.kind = TASK_NO_MAC_ADMIN,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, 9p_nobody) {
	/* clang-format on */
	.fs = FS_9P,
	.kind = TASK_NOBODY,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, tmpfs_container_root) {
	/* clang-format on */
	.fs = FS_TMPFS,
	.kind = TASK_CONTAINER_ROOT,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, ext2_container_root) {
	/* clang-format on */
	.fs = FS_EXT2,
	.kind = TASK_CONTAINER_ROOT,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, ext4_container_root) {
	/* clang-format on */
	.fs = FS_EXT4,
	.kind = TASK_CONTAINER_ROOT,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, btrfs_container_root) {
	/* clang-format on */
	.fs = FS_BTRFS,
	.kind = TASK_CONTAINER_ROOT,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, overlay_container_root) {
	/* clang-format on */
	.fs = FS_OVERLAY,
	.kind = TASK_CONTAINER_ROOT,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(hooks, 9p_container_root) {
	/* clang-format on */
	.fs = FS_9P,
	.kind = TASK_CONTAINER_ROOT,
};

static int touch(int dirfd, const char *name)
{
	int fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/* Tries, with Safename off, what a file system may lack. */
static void probe_features(struct __test_metadata *const _metadata,
			   FIXTURE_DATA(hooks) * self)
{
	int fd, feature;

	self->feature_err[FEATURE_NONE] = 0;

	fd = openat(self->dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
	self->feature_err[FEATURE_TMPFILE] = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);

	ASSERT_EQ(0, touch(self->dirfd, "probe-a"));
	self->feature_err[FEATURE_NOREPLACE] =
		renameat2_(self->dirfd, "probe-a", self->dirfd, "probe-b",
			   RENAME_NOREPLACE) ? errno : 0;

	ASSERT_EQ(0, touch(self->dirfd, "probe-c"));
	ASSERT_EQ(0, touch(self->dirfd, "probe-d"));
	self->feature_err[FEATURE_EXCHANGE] =
		renameat2_(self->dirfd, "probe-c", self->dirfd, "probe-d",
			   RENAME_EXCHANGE) ? errno : 0;

	ASSERT_EQ(0, empty_dir(self->dir));

	for (feature = 0; feature < FEATURE_COUNT; feature++) {
		/* A file system's refusal must not look like Safename's. */
		EXPECT_NE(EPERM, self->feature_err[feature]);
	}
}

FIXTURE_SETUP(hooks)
{
	const struct fs_info *fs = &filesystems[variant->fs];
	struct policy defaults;
	const char *base;
	char type[64];
	int err;
	const char *why;

	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	if (!can_become(variant->kind))
		SKIP(return, "cannot run as %s here (user namespaces?)",
		     task_kind_name(variant->kind));
	ASSERT_EQ(0, private_tmpfs());
	switch (variant->fs) {
	case FS_TMPFS:
		base = TMPFS_DIR;
		break;
	case FS_OVERLAY:
		err = private_overlay();
		if (err == -ENODEV)
			SKIP(return, "no overlayfs in this kernel");
		ASSERT_EQ(0, err)
		{
			TH_LOG("overlay at %s: %s", OVERLAY_DIR,
			       strerror(-err));
		}
		base = OVERLAY_DIR;
		break;
	default:
		base = getenv(fs->env);
		if (!base)
			SKIP(return, "no %s: set %s to a directory on one",
			     fs->name, fs->env);
		break;
	}
	/* A directory given for one file system must be on it. */
	ASSERT_EQ(0, fs_type(base, type, sizeof(type)))
	{
		TH_LOG("%s: %s", base, strerror(errno));
	}
	ASSERT_STREQ(fs->name, type)
	{
		TH_LOG("%s is not on %s", base, fs->name);
	}

	ASSERT_EQ(0, make_test_dir(base, self->dir, sizeof(self->dir)));
	self->dirfd = open(self->dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, self->dirfd);

	ASSERT_EQ(0, policy_read(SYSFS_DIR, &self->saved));
	policy_set_defaults(&defaults);
	ASSERT_EQ(0, policy_write(SYSFS_DIR, &defaults));

	probe_features(_metadata, self);
	if (variant->fs == FS_TMPFS) {
		ASSERT_EQ(0, self->feature_err[FEATURE_TMPFILE]);
		ASSERT_EQ(0, self->feature_err[FEATURE_NOREPLACE]);
		ASSERT_EQ(0, self->feature_err[FEATURE_EXCHANGE]);
	}
}

FIXTURE_TEARDOWN(hooks)
{
	EXPECT_EQ(0, policy_write(SYSFS_DIR, &self->saved));
	close(self->dirfd);
	EXPECT_EQ(0, remove_tree(self->dir));
}

static void set_modes_off(struct __test_metadata *const _metadata)
{
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "0"));
}

/*
 * Makes @name with @op in @mode and checks the outcome: EPERM and nothing
 * changed when the mode enforces and the name is bad and new, else what the
 * file system does without Safename.
 */
static void check_op(struct __test_metadata *const _metadata,
		     FIXTURE_DATA(hooks) * self,
		     const FIXTURE_VARIANT(hooks) * variant,
		     const struct op_desc *op, int mode, const char *name,
		     bool bad)
{
	struct op_ctx ctx = {
		.dirfd = self->dirfd,
		.name = name,
		.has_tmpfile = !self->feature_err[FEATURE_TMPFILE],
	};
	int fs_err = self->feature_err[op->feature];
	struct stat st, src_st;
	ino_t old_ino = 0;
	char buf[256];
	int expected, err;

	ASSERT_EQ(0, empty_dir(self->dir));
	set_modes_off(_metadata);
	if (op->name_exists) {
		ASSERT_EQ(0, touch(self->dirfd, name));
		ASSERT_EQ(0, fstatat(self->dirfd, name, &st,
				     AT_SYMLINK_NOFOLLOW));
		old_ino = st.st_ino;
	}
	ASSERT_EQ(0, set_mode_for(variant->kind, mode));

	err = run_as(variant->kind, op->fn, &ctx, NULL);

	set_modes_off(_metadata);
	ASSERT_NE(CHILD_SETUP_FAILED, err);
	/* A name that exists is never checked: it is not a new name. */
	expected = (bad && !op->name_exists &&
		    (mode & SAFENAME_MODE_ENFORCE)) ? EPERM : fs_err;
	ASSERT_EQ(expected, err)
	{
		TH_LOG("%s \"%s\" in mode %d as %s on %s: %s", op->what,
		       printable(name, buf, sizeof(buf)), mode,
		       task_kind_name(variant->kind),
		       filesystems[variant->fs].name, strerror(err));
	}

	if (err) {
		/* Nothing changed. */
		if (op->name_exists) {
			ASSERT_EQ(0, fstatat(self->dirfd, name, &st,
					     AT_SYMLINK_NOFOLLOW));
			ASSERT_EQ(old_ino, st.st_ino);
		} else {
			ASSERT_EQ(-1, fstatat(self->dirfd, name, &st,
					      AT_SYMLINK_NOFOLLOW));
			ASSERT_EQ(ENOENT, errno);
		}
		if (op->src != SRC_NONE) {
			ASSERT_EQ(0, fstatat(self->dirfd, SRC_NAME, &src_st,
					     AT_SYMLINK_NOFOLLOW));
			ASSERT_TRUE(S_ISREG(src_st.st_mode));
			ASSERT_NE(old_ino, src_st.st_ino);
		}
		return;
	}

	ASSERT_EQ(0, fstatat(self->dirfd, name, &st, AT_SYMLINK_NOFOLLOW))
	{
		TH_LOG("%s \"%s\": %s", op->what,
		       printable(name, buf, sizeof(buf)), strerror(errno));
	}
	ASSERT_EQ(op->type, st.st_mode & S_IFMT);
	if (op->name_exists)
		ASSERT_NE(old_ino, st.st_ino);

	switch (op->src) {
	case SRC_NONE:
		break;
	case SRC_KEPT:
		ASSERT_EQ(0, fstatat(self->dirfd, SRC_NAME, &src_st,
				     AT_SYMLINK_NOFOLLOW));
		ASSERT_EQ(src_st.st_ino, st.st_ino);
		break;
	case SRC_MOVED:
		ASSERT_EQ(-1, fstatat(self->dirfd, SRC_NAME, &src_st,
				      AT_SYMLINK_NOFOLLOW));
		ASSERT_EQ(ENOENT, errno);
		break;
	case SRC_SWAPPED:
		ASSERT_EQ(0, fstatat(self->dirfd, SRC_NAME, &src_st,
				     AT_SYMLINK_NOFOLLOW));
		ASSERT_EQ(old_ino, src_st.st_ino);
		break;
	}
}

/* Each mode, a bad name and a good one. */
static void check_op_all_modes(struct __test_metadata *const _metadata,
			       FIXTURE_DATA(hooks) * self,
			       const FIXTURE_VARIANT(hooks) * variant,
			       const struct op_desc *op)
{
	int mode;

	for (mode = 0; mode <= 3; mode++) {
		check_op(_metadata, self, variant, op, mode, bad_names[mode],
			 true);
		check_op(_metadata, self, variant, op, mode, GOOD_NAME, false);
	}
}

TEST_F_TIMEOUT(hooks, open_creat, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "open(O_CREAT)", .fn = op_open, .type = S_IFREG,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

TEST_F_TIMEOUT(hooks, creat, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "creat", .fn = op_creat, .type = S_IFREG,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

TEST_F_TIMEOUT(hooks, mkdir, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "mkdir", .fn = op_mkdir, .type = S_IFDIR,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

TEST_F_TIMEOUT(hooks, mknod_fifo, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "mknod(S_IFIFO)", .fn = op_mknod_fifo, .type = S_IFIFO,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

TEST_F_TIMEOUT(hooks, mknod_socket, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "mknod(S_IFSOCK)", .fn = op_mknod_sock,
		.type = S_IFSOCK,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

TEST_F_TIMEOUT(hooks, mknod_chardev, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "mknod(S_IFCHR)", .fn = op_mknod_chr, .type = S_IFCHR,
	};

	/*
	 * overlayfs refuses a 0/0 device node (its whiteout) with EPERM of
	 * its own; fifos and sockets cover its mknod.
	 */
	if (variant->fs == FS_OVERLAY)
		return;
	check_op_all_modes(_metadata, self, variant, &op);
}

TEST_F_TIMEOUT(hooks, bind_unix_socket, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "bind(AF_UNIX)", .fn = op_bind, .type = S_IFSOCK,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

TEST_F_TIMEOUT(hooks, symlink, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "symlink", .fn = op_symlink, .type = S_IFLNK,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

TEST_F_TIMEOUT(hooks, link, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "link", .fn = op_link, .type = S_IFREG,
		.src = SRC_KEPT,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

/* linkat(fd, "", ..., AT_EMPTY_PATH) of an O_TMPFILE file. */
TEST_F_TIMEOUT(hooks, linkat_tmpfile_empty_path, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "linkat(AT_EMPTY_PATH)", .fn = op_linkat_empty_path,
		.type = S_IFREG,
		.src = self->feature_err[FEATURE_TMPFILE] ? SRC_KEPT : SRC_NONE,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

/* linkat("/proc/self/fd/N", ..., AT_SYMLINK_FOLLOW) of an O_TMPFILE file. */
TEST_F_TIMEOUT(hooks, linkat_tmpfile_proc_fd, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "linkat(/proc/self/fd)", .fn = op_linkat_proc_fd,
		.type = S_IFREG,
		.src = self->feature_err[FEATURE_TMPFILE] ? SRC_KEPT : SRC_NONE,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

TEST_F_TIMEOUT(hooks, rename, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "rename", .fn = op_rename, .type = S_IFREG,
		.src = SRC_MOVED,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

/*
 * The destination exists (made while Safename was off): an atomic save, as
 * editors and sed -i make it.  No new name: never checked.
 */
TEST_F_TIMEOUT(hooks, rename_over_existing, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "rename over", .fn = op_rename, .type = S_IFREG,
		.name_exists = true, .src = SRC_MOVED,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

TEST_F_TIMEOUT(hooks, renameat2_noreplace, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "renameat2(RENAME_NOREPLACE)",
		.fn = op_rename_noreplace, .type = S_IFREG, .src = SRC_MOVED,
		.feature = FEATURE_NOREPLACE,
	};

	check_op_all_modes(_metadata, self, variant, &op);
}

/* RENAME_EXCHANGE: both names exist before and after, never checked. */
TEST_F_TIMEOUT(hooks, renameat2_exchange, HOOKS_TIMEOUT)
{
	const struct op_desc op = {
		.what = "renameat2(RENAME_EXCHANGE)",
		.fn = op_rename_exchange, .type = S_IFREG, .name_exists = true,
		.src = SRC_SWAPPED, .feature = FEATURE_EXCHANGE,
	};
	const struct op_desc reversed = {
		.what = "renameat2(RENAME_EXCHANGE) reversed",
		.fn = op_rename_exchange_reversed, .type = S_IFREG,
		.name_exists = true, .src = SRC_SWAPPED,
		.feature = FEATURE_EXCHANGE,
	};

	check_op_all_modes(_metadata, self, variant, &op);
	check_op_all_modes(_metadata, self, variant, &reversed);
}

/* The target of a symbolic link is never checked. */
TEST_F_TIMEOUT(hooks, symlink_target_unchecked, HOOKS_TIMEOUT)
{
	struct op_ctx ctx = { .dirfd = self->dirfd };
	char name[16], buf[64];
	int mode;
	size_t i;

	for (mode = 0; mode <= 3; mode++) {
		ASSERT_EQ(0, set_mode_for(variant->kind, mode));
		for (i = 0; i < ARRAY_SIZE(bad_names); i++) {
			snprintf(name, sizeof(name), "link%d-%zu", mode, i);
			ctx.name = name;
			ctx.target = bad_names[i];
			EXPECT_EQ(0, run_as(variant->kind, op_symlink, &ctx,
					    NULL))
			{
				TH_LOG("target \"%s\" in mode %d",
				       printable(bad_names[i], buf, sizeof(buf)),
				       mode);
			}
		}
	}
	set_modes_off(_metadata);
}

struct existing_ctx {
	int dirfd;
};

static int use_existing_names(void *arg)
{
	const struct existing_ctx *ctx = arg;
	int fd;

	/* O_CREAT of an existing name creates nothing: not checked. */
	fd = openat(ctx->dirfd, "-file\n", O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return errno;
	close(fd);
	fd = openat(ctx->dirfd, "-file\n", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	close(fd);
	/* mkdir of an existing name fails as usual. */
	if (!mkdirat(ctx->dirfd, "-dir ", 0755) || errno != EEXIST)
		return 100;
	/* Renaming a bad name to a good one is fine. */
	if (renameat(ctx->dirfd, "-file\n", ctx->dirfd, "file"))
		return errno;
	if (unlinkat(ctx->dirfd, "file", 0))
		return errno;
	if (unlinkat(ctx->dirfd, "-dir ", AT_REMOVEDIR))
		return errno;
	return 0;
}

/* Names that exist are never checked: they can be used and removed. */
TEST_F_TIMEOUT(hooks, existing_names_unchecked, HOOKS_TIMEOUT)
{
	struct existing_ctx ctx = { .dirfd = self->dirfd };
	struct stat st;
	int mode;

	for (mode = 0; mode <= 3; mode++) {
		set_modes_off(_metadata);
		ASSERT_EQ(0, touch(self->dirfd, "-file\n"));
		ASSERT_EQ(0, mkdirat(self->dirfd, "-dir ", 0777));
		ASSERT_EQ(0, fchmodat(self->dirfd, "-file\n", 0666, 0));
		ASSERT_EQ(0, set_mode_for(variant->kind, mode));
		ASSERT_EQ(0, run_as(variant->kind, use_existing_names, &ctx,
				    NULL))
		{
			TH_LOG("mode %d", mode);
		}
		set_modes_off(_metadata);
		ASSERT_EQ(-1, fstatat(self->dirfd, "-dir ", &st, 0));
	}
}

static int try_open(int dirfd, const char *name, enum task_kind kind)
{
	struct op_ctx ctx = { .dirfd = dirfd, .name = name };

	return run_as(kind, op_open, &ctx, NULL);
}

static int try_mkdir(int dirfd, const char *name, enum task_kind kind)
{
	struct op_ctx ctx = { .dirfd = dirfd, .name = name };

	return run_as(kind, op_mkdir, &ctx, NULL);
}

static const char *const utf8_good[] = {
	"caf\xc3\xa9",
	"\xe2\x82\xac",
	"\xed\x9f\xbf",		/* U+D7FF */
	"\xee\x80\x80",		/* U+E000 */
	"\xef\xbf\xbe",		/* U+FFFE, a noncharacter */
	"\xf0\x9f\x98\x80",
	"\xf4\x8f\xbf\xbf",	/* U+10FFFF */
};

static const char *const utf8_bad[] = {
	"caf\xc3",		/* truncated */
	"\xc0\xaf",		/* overlong */
	"\xc1\xbf",		/* overlong */
	"\xe0\x80\xaf",		/* overlong */
	"\xed\xa0\x80",		/* surrogate U+D800 */
	"\xf4\x90\x80\x80",	/* U+110000 */
	"\xf5\x80\x80\x80",
	"a\x80z",		/* stray continuation byte */
};

/* utf8=1 refuses ill-formed names; with utf8=0 the same names pass. */
TEST_F_TIMEOUT(hooks, utf8, HOOKS_TIMEOUT)
{
	char buf[64];
	size_t i;

	ASSERT_EQ(0, set_mode_for(variant->kind, SAFENAME_MODE_ENFORCE));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_UTF8, "1"));
	for (i = 0; i < ARRAY_SIZE(utf8_good); i++) {
		EXPECT_EQ(0, try_open(self->dirfd, utf8_good[i], variant->kind))
		{
			TH_LOG("%s", printable(utf8_good[i], buf, sizeof(buf)));
		}
	}
	for (i = 0; i < ARRAY_SIZE(utf8_bad); i++) {
		EXPECT_EQ(EPERM, try_open(self->dirfd, utf8_bad[i],
					  variant->kind))
		{
			TH_LOG("%s", printable(utf8_bad[i], buf, sizeof(buf)));
		}
	}

	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_UTF8, "0"));
	for (i = 0; i < ARRAY_SIZE(utf8_bad); i++) {
		EXPECT_EQ(0, try_open(self->dirfd, utf8_bad[i], variant->kind))
		{
			TH_LOG("%s", printable(utf8_bad[i], buf, sizeof(buf)));
		}
	}
	set_modes_off(_metadata);
}

/* The byte sets written to the knobs are the ones enforced. */
TEST_F_TIMEOUT(hooks, custom_byte_sets, HOOKS_TIMEOUT)
{
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_INITIAL, "97-122"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MIDDLE, "48-57,97-122"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_FINAL, "97-122"));
	ASSERT_EQ(0, set_mode_for(variant->kind, SAFENAME_MODE_ENFORCE));

	EXPECT_EQ(0, try_mkdir(self->dirfd, "a", variant->kind));
	EXPECT_EQ(0, try_mkdir(self->dirfd, "abc", variant->kind));
	EXPECT_EQ(0, try_mkdir(self->dirfd, "a0z", variant->kind));
	EXPECT_EQ(EPERM, try_mkdir(self->dirfd, "Abc", variant->kind));
	EXPECT_EQ(EPERM, try_mkdir(self->dirfd, "a_c", variant->kind));
	EXPECT_EQ(EPERM, try_mkdir(self->dirfd, "ab1", variant->kind));
	EXPECT_EQ(EPERM, try_mkdir(self->dirfd, "1", variant->kind));

	/* An empty middle set: names of one or two bytes have no middle. */
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MIDDLE, "\n"));
	EXPECT_EQ(0, try_mkdir(self->dirfd, "xy", variant->kind));
	EXPECT_EQ(EPERM, try_mkdir(self->dirfd, "xyz", variant->kind));

	/* A leading dash allowed, a trailing one still not. */
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_INITIAL, "45,97-122"));
	EXPECT_EQ(0, try_mkdir(self->dirfd, "-a", variant->kind));
	EXPECT_EQ(EPERM, try_mkdir(self->dirfd, "a-", variant->kind));
	EXPECT_EQ(EPERM, try_mkdir(self->dirfd, "-", variant->kind));
	set_modes_off(_metadata);
}

/* The flag of a task that used a capability (include/linux/sched.h). */
#define PF_SUPERPRIV	0x00000100

/* The flags of the calling task, from /proc/self/stat, or -1. */
static long task_flags(void)
{
	char stat[1024], *end;
	unsigned long flags;
	int fd;
	ssize_t len;

	fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	len = read(fd, stat, sizeof(stat) - 1);
	close(fd);
	if (len <= 0)
		return -1;
	stat[len] = '\0';
	/* pid (comm) state ppid pgrp session tty_nr tpgid flags ... */
	end = strrchr(stat, ')');
	if (!end || sscanf(end + 1, " %*c %*d %*d %*d %*d %*d %lu",
			   &flags) != 1)
		return -1;
	return flags;
}

struct superpriv_ctx {
	int dirfd;
};

/*
 * Makes a bad name and a good one, so that Safename decides whether the
 * task is privileged, and returns 0 when that left no PF_SUPERPRIV.
 */
static int make_names_no_superpriv(void *arg)
{
	const struct superpriv_ctx *ctx = arg;

	/* fork() cleared it; become() used no capability check that sets it. */
	if (task_flags() & PF_SUPERPRIV)
		return 101;
	if (!mkdirat(ctx->dirfd, "-bad", 0755) || errno != EPERM)
		return 102;
	if (mkdirat(ctx->dirfd, "good", 0755))
		return errno;
	if (task_flags() < 0)
		return 103;
	return (task_flags() & PF_SUPERPRIV) ? 104 : 0;
}

/*
 * Deciding whether a task is privileged sets no PF_SUPERPRIV (SPEC 3), for
 * the privileged task and the one without CAP_MAC_ADMIN.  Not for uid 65534:
 * becoming it uses CAP_SETGID, which sets the flag before any name is made.
 */
TEST(privileged_check_sets_no_superpriv)
{
	static const enum task_kind kinds[] = {
		TASK_PRIVILEGED, TASK_NO_MAC_ADMIN,
	};
	struct superpriv_ctx ctx;
	struct policy saved, defaults;
	char dir[PATH_MAX];
	size_t i;
	const char *why;

	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	ASSERT_EQ(0, private_test_dir(dir, sizeof(dir)));
	ctx.dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, ctx.dirfd);
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &saved));
	policy_set_defaults(&defaults);
	ASSERT_EQ(0, policy_write(SYSFS_DIR, &defaults));

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		/* The two modes differ: the task's class must be decided. */
		ASSERT_EQ(0, set_mode_for(kinds[i], SAFENAME_MODE_ENFORCE));
		EXPECT_EQ(0, run_as(kinds[i], make_names_no_superpriv, &ctx,
				    NULL))
		{
			TH_LOG("as %s", task_kind_name(kinds[i]));
		}
		set_modes_off(_metadata);
		ASSERT_EQ(0, empty_dir(dir));
	}

	EXPECT_EQ(0, policy_write(SYSFS_DIR, &saved));
	close(ctx.dirfd);
	EXPECT_EQ(0, remove_tree(dir));
}

/* In its own user namespace, root with every capability of it. */
static int mkdir_as_container_root(void *arg)
{
	char path[PATH_MAX + 16];
	int err;

	err = become_container_root();
	if (err)
		return CHILD_SETUP_FAILED;
	if (!cap_effective(CAP_MAC_ADMIN))
		return CHILD_SETUP_FAILED;
	snprintf(path, sizeof(path), "%s/-container", (const char *)arg);
	return mkdir(path, 0700) ? errno : 0;
}

/*
 * CAP_MAC_ADMIN in a user namespace of its own is not CAP_MAC_ADMIN in the
 * initial one: a container's root gets the unprivileged mode.
 */
TEST(container_root_is_unprivileged)
{
	char dir[PATH_MAX], path[PATH_MAX + 16];
	struct policy saved, defaults;
	const char *why;

	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	if (!can_become(TASK_CONTAINER_ROOT))
		SKIP(return, "cannot run as a container's root (user namespaces?)");
	ASSERT_EQ(0, private_test_dir(dir, sizeof(dir)));
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &saved));
	policy_set_defaults(&defaults);
	ASSERT_EQ(0, policy_write(SYSFS_DIR, &defaults));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "1"));

	EXPECT_EQ(EPERM, run_as(TASK_PRIVILEGED, mkdir_as_container_root, dir,
				NULL));
	snprintf(path, sizeof(path), "%s/-container", dir);
	EXPECT_EQ(-1, access(path, F_OK));
	/* The same task outside the namespace is privileged: mode 0. */
	snprintf(path, sizeof(path), "%s/-host", dir);
	EXPECT_EQ(0, mkdir(path, 0700));

	EXPECT_EQ(0, policy_write(SYSFS_DIR, &saved));
	EXPECT_EQ(0, remove_tree(dir));
}

/* Makes @name in @dirfd with @op; returns 0 or the errno, and removes it. */
static int make_long_name(int dirfd, const char *name, int op)
{
	int fd, err = 0;

	switch (op) {
	case 0:
		fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
			    0600);
		if (fd < 0)
			return errno;
		close(fd);
		break;
	case 1:
		if (mkdirat(dirfd, name, 0700))
			return errno;
		break;
	default:
		if (symlinkat("target", dirfd, name))
			return errno;
		break;
	}
	if (unlinkat(dirfd, name, op == 1 ? AT_REMOVEDIR : 0))
		err = -1;
	return err;
}

/*
 * Names longer than the path hooks' short path (32 bytes) go through word
 * blocks of 32 bytes and the last 32 bytes: on each side of every block
 * boundary, a newline at the first or last byte of a block or at the last
 * middle byte is refused, and a name of 'a's, or with a two-byte UTF-8
 * character, which the blocks send on to the full check, passes; through
 * open(O_CREAT), mkdir and symlink.
 */
TEST(long_names)
{
	static const size_t lengths[] = {
		33, 48, 63, 64, 65, 95, 96, 97, 128, 129, 200, 254, 255,
	};
	static const long offsets[] = { 1, 31, 32, 33, 63, 64, -2 };
	char dir[PATH_MAX], name[NAME_MAX + 1], buf[2 * NAME_MAX + 3];
	struct policy saved, defaults;
	size_t l, len, o;
	const char *why;
	long off;
	int dirfd, op;

	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	ASSERT_EQ(0, private_test_dir(dir, sizeof(dir)));
	dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, dirfd);
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &saved));
	policy_set_defaults(&defaults);
	ASSERT_EQ(0, policy_write(SYSFS_DIR, &defaults));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "1"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "1"));

	for (l = 0; l < ARRAY_SIZE(lengths); l++) {
		len = lengths[l];
		for (op = 0; op < 3; op++) {
			memset(name, 'a', len);
			name[len] = '\0';
			EXPECT_EQ(0, make_long_name(dirfd, name, op))
			{
				TH_LOG("op %d, %zu 'a's", op, len);
			}
			memcpy(name + len / 2, "\xc3\xa9", 2);
			EXPECT_EQ(0, make_long_name(dirfd, name, op))
			{
				TH_LOG("op %d, %zu bytes with U+00E9", op, len);
			}
			for (o = 0; o < ARRAY_SIZE(offsets); o++) {
				off = offsets[o] < 0 ? (long)len + offsets[o] :
				      offsets[o];
				if (off <= 0 || off >= (long)len - 1)
					continue;
				memset(name, 'a', len);
				name[off] = '\n';
				EXPECT_EQ(EPERM, make_long_name(dirfd, name, op))
				{
					TH_LOG("op %d, %zu bytes, newline at %ld: %s",
					       op, len, off,
					       printable(name, buf, sizeof(buf)));
				}
			}
		}
	}

	EXPECT_EQ(0, policy_write(SYSFS_DIR, &saved));
	close(dirfd);
	EXPECT_EQ(0, remove_tree(dir));
}

TEST_HARNESS_MAIN
