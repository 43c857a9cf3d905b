// SPDX-License-Identifier: GPL-2.0
/*
 * Safename under load: policy switches racing with name creation, floods
 * of refused names with logging on, and hostile knob writes.
 *
 * The storm switches permitted_bytes_middle between P1 (0-127) and P2
 * (128-255), one write each, alternately through both knob places, while
 * workers create, rename and link names whose middle bytes come from the
 * lower half (allowed by P1 only), the upper half (P2 only), or both (never
 * allowed: only a policy torn between P1 and P2 could let one through).
 */

#include "common.h"

#include <pthread.h>
#include <time.h>

#define P1	"0-127\n"
#define P2	"128-255\n"
#define WORKERS	3

/* Middle bytes: 40 bytes so that every word of the byte set is read. */
enum name_class { LOWER, UPPER, MIXED, NCLASSES };

struct storm {
	const char *dir;
	int stop;	/* read and written with __atomic builtins */
	/* outcomes[class][0] allowed, [1] refused, per worker */
	unsigned long outcomes[WORKERS][NCLASSES][2];
	unsigned long errors[WORKERS];
	int first_error[WORKERS];
	unsigned long switches;
	int id;
};

/* Names of worker @id never collide with another worker's. */
static void make_name(char *name, enum name_class class, unsigned int n,
		      int id)
{
	int i;

	name[0] = 'a' + id;
	for (i = 1; i < 41; i++) {
		unsigned char lower = 0x21 + (n + i) % 90;
		unsigned char upper = 0x80 + (n * 7 + i) % 127;

		if (class == LOWER)
			name[i] = lower;
		else if (class == UPPER)
			name[i] = upper;
		else
			name[i] = i % 2 ? lower : upper;
		if (name[i] == '/')
			name[i] = 'x';
	}
	name[41] = 'z';
	name[42] = '\0';
}

/* One operation on a name of @class; returns 0, 1 (refused) or -errno. */
static int operate(int dirfd, int op, enum name_class class, unsigned int n,
		   int id)
{
	char name[64], src[32];
	int fd, ret;

	make_name(name, class, n, id);
	snprintf(src, sizeof(src), "s%d", id);
	switch (op) {
	case 0:
		fd = openat(dirfd, name, O_CREAT | O_EXCL | O_WRONLY, 0600);
		ret = fd < 0 ? -errno : 0;
		if (fd >= 0)
			close(fd);
		break;
	case 1:
		ret = renameat(dirfd, src, dirfd, name) ? -errno : 0;
		if (!ret && renameat(dirfd, name, dirfd, src))
			return -errno;
		return ret == -EPERM ? 1 : ret;
	default:
		ret = linkat(dirfd, src, dirfd, name, 0) ? -errno : 0;
		break;
	}
	if (ret == -EPERM)
		return 1;
	if (ret)
		return ret;
	return unlinkat(dirfd, name, 0) ? -errno : 0;
}

static void *worker(void *arg)
{
	struct storm *storm = arg;
	int id = __sync_fetch_and_add(&storm->id, 1);
	unsigned int n = id * 1000003;
	char src[32];
	int dirfd, ret;

	/*
	 * s<id>, made before the storm, is what rename and link use: with
	 * no middle byte, its name passes both policies.
	 */
	dirfd = open(storm->dir, O_DIRECTORY | O_RDONLY);
	if (dirfd < 0) {
		storm->errors[id]++;
		storm->first_error[id] = errno;
		return NULL;
	}
	snprintf(src, sizeof(src), "s%d", id);
	while (!__atomic_load_n(&storm->stop, __ATOMIC_RELAXED)) {
		enum name_class class = n % NCLASSES;

		ret = operate(dirfd, n / NCLASSES % 3, class, n, id);
		if (ret < 0 && !storm->errors[id]++)
			storm->first_error[id] = -ret;
		else if (ret >= 0)
			storm->outcomes[id][class][ret]++;
		n++;
	}
	unlinkat(dirfd, src, 0);
	close(dirfd);
	return NULL;
}

FIXTURE(storm)
{
	struct policy saved;
	char dir[PATH_MAX];
};

FIXTURE_SETUP(storm)
{
	const char *why;

	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	ASSERT_EQ(0, private_test_dir(self->dir, sizeof(self->dir)));
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &self->saved));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_INITIAL, "0-255"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_FINAL, "0-255"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MIDDLE, P1));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "1"));
}

FIXTURE_TEARDOWN(storm)
{
	EXPECT_EQ(0, policy_write(SYSFS_DIR, &self->saved));
	EXPECT_EQ(0, remove_tree(self->dir));
}

TEST_F_TIMEOUT(storm, switch_policies, 120)
{
	struct storm storm = { .dir = self->dir };
	pthread_t threads[WORKERS];
	char text[KNOB_TEXT_MAX];
	unsigned long total[NCLASSES][2] = { };
	struct timespec start, now;
	int i, c;

	for (i = 0; i < WORKERS; i++) {
		char src[PATH_MAX + 16];
		int fd;

		snprintf(src, sizeof(src), "%s/s%d", self->dir, i);
		fd = open(src, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
		ASSERT_LE(0, fd);
		close(fd);
	}
	for (i = 0; i < WORKERS; i++)
		ASSERT_EQ(0, pthread_create(&threads[i], NULL, worker, &storm));
	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		const char *dir = storm.switches % 4 < 2 ? SYSFS_DIR :
							     SECURITYFS_DIR;

		ASSERT_EQ(0, knob_write(dir, KNOB_MIDDLE,
					storm.switches % 2 ? P1 : P2));
		storm.switches++;
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec - start.tv_sec < 10);
	__atomic_store_n(&storm.stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < WORKERS; i++)
		ASSERT_EQ(0, pthread_join(threads[i], NULL));

	for (i = 0; i < WORKERS; i++) {
		EXPECT_EQ(0, storm.errors[i])
			TH_LOG("worker %d: first error %s", i,
			       strerror(storm.first_error[i]));
		for (c = 0; c < NCLASSES; c++) {
			total[c][0] += storm.outcomes[i][c][0];
			total[c][1] += storm.outcomes[i][c][1];
		}
	}
	TH_LOG("%lu switches; lower %lu/%lu, upper %lu/%lu, mixed %lu/%lu (allowed/refused)",
	       storm.switches, total[LOWER][0], total[LOWER][1],
	       total[UPPER][0], total[UPPER][1], total[MIXED][0],
	       total[MIXED][1]);
	/* Both policies were seen, and never a mix of the two. */
	EXPECT_LT(100, storm.switches);
	EXPECT_LT(0, total[LOWER][0]);
	EXPECT_LT(0, total[LOWER][1]);
	EXPECT_LT(0, total[UPPER][0]);
	EXPECT_LT(0, total[UPPER][1]);
	EXPECT_EQ(0, total[MIXED][0]);
	EXPECT_LT(0, total[MIXED][1]);
	/* The middle set read back is P1 or P2, whole. */
	ASSERT_LT(0, knob_read(SECURITYFS_DIR, KNOB_MIDDLE, text,
			       sizeof(text)));
	EXPECT_TRUE(!strcmp(text, P1) || !strcmp(text, P2));
	/* Nothing left behind but the (removed) sources. */
	EXPECT_EQ(0, empty_dir(self->dir));
}

/* 100000 refused creations with the log bit: few log lines, no stall. */
TEST_F_TIMEOUT(storm, log_flood, 900)
{
	struct timespec start, end;
	char path[PATH_MAX + 16], buf[8192];
	int kmsg, fd, i, lines = 0;
	ssize_t len;

	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_INITIAL, DEFAULT_INITIAL));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MIDDLE, DEFAULT_MIDDLE));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	ASSERT_LE(0, kmsg);
	ASSERT_LE(0, lseek(kmsg, 0, SEEK_END));

	snprintf(path, sizeof(path), "%s/-flood", self->dir);
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (i = 0; i < 100000; i++) {
		fd = open(path, O_CREAT | O_WRONLY, 0600);
		if (fd >= 0)
			close(fd);
		ASSERT_EQ(-1, fd);
		ASSERT_EQ(EPERM, errno);
	}
	clock_gettime(CLOCK_MONOTONIC, &end);

	while ((len = read(kmsg, buf, sizeof(buf) - 1)) > 0) {
		buf[len] = '\0';
		if (strstr(buf, "safename: denied create"))
			lines++;
	}
	close(kmsg);
	TH_LOG("100000 refusals in %ld s, %d log lines",
	       (long)(end.tv_sec - start.tv_sec), lines);
	/* printk_ratelimited: a burst of 10 per 5 s. */
	EXPECT_LE(1, lines);
	EXPECT_LE(lines, 10 * ((end.tv_sec - start.tv_sec) / 5 + 2));
	/*
	 * No stall: the harness's timeout fails the test.  No bound on the
	 * time itself: 100000 refusals take 256 s on the sanitizer kernel.
	 */
}

/* The texts the hostile writers try; only the last two are valid. */
static const char *const hostile_texts[] = {
	"1,,2", "300", "5-3", "abc", "1-2-3", ",", "1\n\n", "33-126\n",
	"40-50,60\n",
};

#define HOSTILE_VALID	7	/* index of the first valid text */

#define MIB	(1024 * 1024)

/*
 * Malformed, random, oversized (4097 bytes and 1 MiB), NUL-laden, offset,
 * split and valid writes, in a loop.
 */
static void *hostile_writer(void *arg)
{
	unsigned int seed = 12345 + (long)arg;
	long id = (long)arg;
	char random[64];
	char *big;
	int i, k, fd;

	big = malloc(MIB);
	if (!big)
		return NULL;
	memset(big, '1', MIB);
	for (i = 0; i < 1000; i++) {
		const char *dir = (i + id) % 2 ? SYSFS_DIR : SECURITYFS_DIR;
		char path[256];

		switch ((i + id) % 8) {
		case 0:
			knob_write(dir, KNOB_FINAL, hostile_texts[i % 9]);
			break;
		case 1:
			knob_write_len(dir, KNOB_FINAL, big,
				       SAFENAME_WRITE_MAX + 1);
			break;
		case 2:
			knob_write_len(dir, KNOB_FINAL, "33-1\0\x32\x36", 7);
			break;
		case 3:
			snprintf(path, sizeof(path), "%s/%s", dir,
				 knob_names[KNOB_FINAL]);
			fd = open(path, O_WRONLY | O_CLOEXEC);
			if (fd < 0)
				break;
			k = pwrite(fd, "40-50", 5, 3);
			close(fd);
			break;
		case 5:
			/* Random bytes ending in 0xff, which is never valid. */
			for (k = 0; k < (int)sizeof(random) - 1; k++)
				random[k] = rand_r(&seed);
			random[k] = '\xff';
			k = rand_r(&seed) % sizeof(random);
			knob_write_len(dir, KNOB_FINAL, random + k,
				       sizeof(random) - k);
			break;
		case 6:
			knob_write_len(dir, KNOB_FINAL, big, MIB);
			break;
		case 7:
			/* A valid text, then more at its end: refused. */
			snprintf(path, sizeof(path), "%s/%s", dir,
				 knob_names[KNOB_FINAL]);
			fd = open(path, O_WRONLY | O_CLOEXEC);
			if (fd < 0)
				break;
			k = write(fd, hostile_texts[HOSTILE_VALID],
				  strlen(hostile_texts[HOSTILE_VALID]));
			k = write(fd, "40-50", 5);
			close(fd);
			break;
		default:
			knob_write(dir, KNOB_FINAL, hostile_texts[HOSTILE_VALID +
								  i % 2]);
			break;
		}
	}
	free(big);
	return NULL;
}

/* Is @text one of the valid texts the writers wrote? */
static bool hostile_valid(const char *text)
{
	return !strcmp(text, hostile_texts[HOSTILE_VALID]) ||
	       !strcmp(text, hostile_texts[HOSTILE_VALID + 1]);
}

TEST_F_TIMEOUT(storm, hostile_writes, 120)
{
	char text[KNOB_TEXT_MAX];
	pthread_t threads[4];
	int bad = 0;
	long i;

	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_FINAL,
				hostile_texts[HOSTILE_VALID]));
	for (i = 0; i < 4; i++)
		ASSERT_EQ(0, pthread_create(&threads[i], NULL, hostile_writer,
					    (void *)i));
	for (i = 0; i < 4000; i++) {
		ASSERT_LT(0, knob_read(i % 2 ? SYSFS_DIR : SECURITYFS_DIR,
				       KNOB_FINAL, text, sizeof(text)));
		if (!hostile_valid(text) && bad++ < 5)
			TH_LOG("read back '%s'", text);
	}
	for (i = 0; i < 4; i++)
		ASSERT_EQ(0, pthread_join(threads[i], NULL));
	EXPECT_EQ(0, bad);
	ASSERT_LT(0, knob_read(SYSFS_DIR, KNOB_FINAL, text, sizeof(text)));
	EXPECT_TRUE(hostile_valid(text));
}

TEST_HARNESS_MAIN
