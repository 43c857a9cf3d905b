// SPDX-License-Identifier: GPL-2.0
/*
 * Safename tests: io_uring reaches the same checks as the system calls.
 * Every io_uring operation that creates a name, run inline and forced to
 * an io-wq worker (IOSQE_ASYNC): a bad new name is refused and counted
 * once, a good one is made, a rename over an existing bad name is allowed
 * and counts nothing.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <linux/io_uring.h>
#include <sys/mman.h>

#include "common.h"

#define URING_TIMEOUT	120

struct ring {
	int fd;
	unsigned int *sq_tail, *sq_mask, *sq_array;
	unsigned int *cq_head, *cq_tail, *cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
};

static int ring_init(struct ring *r)
{
	struct io_uring_params p = { 0 };
	void *sq, *cq;

	r->fd = syscall(__NR_io_uring_setup, 4, &p);
	if (r->fd < 0)
		return -errno;
	sq = mmap(NULL, p.sq_off.array + p.sq_entries * sizeof(unsigned int),
		  PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, r->fd,
		  IORING_OFF_SQ_RING);
	cq = mmap(NULL, p.cq_off.cqes +
		  p.cq_entries * sizeof(struct io_uring_cqe),
		  PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, r->fd,
		  IORING_OFF_CQ_RING);
	r->sqes = mmap(NULL, p.sq_entries * sizeof(struct io_uring_sqe),
		       PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		       r->fd, IORING_OFF_SQES);
	if (sq == MAP_FAILED || cq == MAP_FAILED || r->sqes == MAP_FAILED)
		return -errno;
	r->sq_tail = sq + p.sq_off.tail;
	r->sq_mask = sq + p.sq_off.ring_mask;
	r->sq_array = sq + p.sq_off.array;
	r->cq_head = cq + p.cq_off.head;
	r->cq_tail = cq + p.cq_off.tail;
	r->cq_mask = cq + p.cq_off.ring_mask;
	r->cqes = cq + p.cq_off.cqes;
	return 0;
}

/* Submits @sqe, waits for its completion; returns its result. */
static int ring_run(struct ring *r, const struct io_uring_sqe *sqe)
{
	unsigned int tail = *r->sq_tail, head;
	int res;

	r->sqes[tail & *r->sq_mask] = *sqe;
	r->sq_array[tail & *r->sq_mask] = tail & *r->sq_mask;
	__atomic_store_n(r->sq_tail, tail + 1, __ATOMIC_RELEASE);
	if (syscall(__NR_io_uring_enter, r->fd, 1, 1,
		    IORING_ENTER_GETEVENTS, NULL, 0) < 0)
		return -errno;
	head = *r->cq_head;
	if (head == __atomic_load_n(r->cq_tail, __ATOMIC_ACQUIRE))
		return -EAGAIN;
	res = r->cqes[head & *r->cq_mask].res;
	__atomic_store_n(r->cq_head, head + 1, __ATOMIC_RELEASE);
	return res;
}

FIXTURE(uring)
{
	char dir[PATH_MAX];
	int dirfd;
	struct ring ring;
	struct policy saved;
	bool ready;
};

FIXTURE_VARIANT(uring)
{
	__u8 flags;
};

/* clang-format off */
FIXTURE_VARIANT_ADD(uring, inline) {
	/* clang-format on */
	.flags = 0,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(uring, worker) {
	/* clang-format on */
	.flags = IOSQE_ASYNC,
};

FIXTURE_SETUP(uring)
{
	int err;
	const char *why;

	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	/* Not built in, or io_uring_disabled set: nothing to test. */
	err = ring_init(&self->ring);
	if (err)
		SKIP(return, "no io_uring: %s", strerror(-err));
	ASSERT_EQ(0, private_tmpfs());
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &self->saved));
	self->ready = true;
	ASSERT_EQ(0, make_test_dir(TMPFS_DIR, self->dir, sizeof(self->dir)));
	self->dirfd = open(self->dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, self->dirfd);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
}

FIXTURE_TEARDOWN(uring)
{
	if (!self->ready)
		return;
	EXPECT_EQ(0, policy_write(SYSFS_DIR, &self->saved));
	EXPECT_EQ(0, remove_tree(self->dir));
}

enum uring_op { U_OPENAT, U_MKDIRAT, U_SYMLINKAT, U_LINKAT, U_RENAMEAT };

static void prep(struct io_uring_sqe *sqe, enum uring_op op, int dirfd,
		 const char *name, __u8 flags)
{
	memset(sqe, 0, sizeof(*sqe));
	sqe->flags = flags;
	switch (op) {
	case U_OPENAT:
		sqe->opcode = IORING_OP_OPENAT;
		sqe->fd = dirfd;
		sqe->addr = (unsigned long)name;
		sqe->open_flags = O_WRONLY | O_CREAT | O_CLOEXEC;
		sqe->len = 0644;
		break;
	case U_MKDIRAT:
		sqe->opcode = IORING_OP_MKDIRAT;
		sqe->fd = dirfd;
		sqe->addr = (unsigned long)name;
		sqe->len = 0755;
		break;
	case U_SYMLINKAT:
		sqe->opcode = IORING_OP_SYMLINKAT;
		sqe->fd = dirfd;
		sqe->addr = (unsigned long)"target";
		sqe->addr2 = (unsigned long)name;
		break;
	case U_LINKAT:
	case U_RENAMEAT:
		sqe->opcode = op == U_LINKAT ? IORING_OP_LINKAT :
			      IORING_OP_RENAMEAT;
		sqe->fd = dirfd;
		sqe->addr = (unsigned long)"src";
		sqe->len = dirfd;
		sqe->addr2 = (unsigned long)name;
		break;
	}
}

/* Runs @op on @name; returns the completion's result (a fd is closed). */
static int run(FIXTURE_DATA(uring) * self, enum uring_op op,
	       const char *name, __u8 flags)
{
	struct io_uring_sqe sqe;
	int fd, res;

	if (op == U_LINKAT || op == U_RENAMEAT) {
		fd = openat(self->dirfd, "src", O_WRONLY | O_CREAT | O_CLOEXEC,
			    0644);
		if (fd < 0)
			return -errno;
		close(fd);
	}
	prep(&sqe, op, self->dirfd, name, flags);
	res = ring_run(&self->ring, &sqe);
	if (op == U_OPENAT && res >= 0) {
		close(res);
		res = 0;
	}
	return res;
}

static const char *const op_names[] = {
	"openat", "mkdirat", "symlinkat", "linkat", "renameat",
};

TEST_F_TIMEOUT(uring, every_op, URING_TIMEOUT)
{
	unsigned long long v0, d0, v1, d1;
	struct stat st;
	int op;

	for (op = U_OPENAT; op <= U_RENAMEAT; op++) {
		ASSERT_EQ(0, read_counters(&v0, &d0));
		EXPECT_EQ(-EPERM, run(self, op, "-bad", variant->flags))
		{
			TH_LOG("%s of a bad name", op_names[op]);
		}
		EXPECT_EQ(-1, fstatat(self->dirfd, "-bad", &st,
				      AT_SYMLINK_NOFOLLOW));
		ASSERT_EQ(0, read_counters(&v1, &d1));
		EXPECT_EQ(v0 + 1, v1);
		EXPECT_EQ(d0 + 1, d1);
		EXPECT_EQ(0, run(self, op, "good", variant->flags))
		{
			TH_LOG("%s of a good name", op_names[op]);
		}
		EXPECT_EQ(0, fstatat(self->dirfd, "good", &st,
				     AT_SYMLINK_NOFOLLOW));
		ASSERT_EQ(0, empty_dir(self->dir));
	}
}

/* An atomic save through io_uring: rename over an existing bad name. */
TEST_F_TIMEOUT(uring, rename_over_existing, URING_TIMEOUT)
{
	unsigned long long v0, d0, v1, d1;
	int fd;

	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "0"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	fd = openat(self->dirfd, "-old", O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	ASSERT_LE(0, fd);
	close(fd);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	ASSERT_EQ(0, read_counters(&v0, &d0));
	EXPECT_EQ(0, run(self, U_RENAMEAT, "-old", variant->flags));
	EXPECT_EQ(0, run(self, U_OPENAT, "-old", variant->flags));
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0, v1);
	EXPECT_EQ(d0, d1);
}

TEST_HARNESS_MAIN
