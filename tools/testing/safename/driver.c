// SPDX-License-Identifier: GPL-2.0
/*
 * A plain driver for the fuzz targets, for compilers without libFuzzer
 *
 *   plain-TARGET [-runs=N] [-seed=N] [FILE|DIR]...
 *
 * Runs fuzz_one_input() on every file given (a directory: on every
 * file in it), then on N inputs from a deterministic pseudo-random
 * generator.  A mismatch aborts, as under libFuzzer.
 */

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static u64 state;

/**
 * rnd() - the next pseudo-random number (xorshift64*)
 *
 * Return: 64 pseudo-random bits.
 */
static u64 rnd(void)
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return state * 0x2545f4914f6cdd1dULL;
}

/*
 * Alphabets of the random inputs: the bytes of the byte-set grammar, and
 * bytes at the edges of the byte sets and of Unicode Table 3-7.
 */
static const char grammar[] = "0123456789,,--\n";
static const u8 edges[] = {
	0x00, 0x01, 0x0a, 0x1f, 0x20, 0x21, 0x2c, 0x2d, 0x2e, 0x61, 0x7d,
	0x7e, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2,
	0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4,
	0xf5, 0xfe, 0xff,
};

/**
 * random_input() - make one pseudo-random input
 * @buf: where to write, with room for 1024 bytes.
 *
 * Return: its length.
 */
static size_t random_input(u8 *buf)
{
	size_t len = rnd() % (rnd() % 8 ? 64 : 1024), i;
	int kind = rnd() % 4;

	for (i = 0; i < len; i++) {
		switch (kind) {
		case 0:
			buf[i] = rnd();
			break;
		case 1:
			buf[i] = grammar[rnd() % (sizeof(grammar) - 1)];
			break;
		case 2:
			buf[i] = 0x20 + rnd() % 0x5f;
			break;
		default:
			buf[i] = edges[rnd() % sizeof(edges)];
			break;
		}
	}
	return len;
}

/**
 * run_file() - run the target on the content of one file
 * @path: the file.
 *
 * Return: 0, or -1 when it cannot be read.
 */
static int run_file(const char *path)
{
	static u8 buf[1 << 16];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	fuzz_one_input(buf, n);
	return 0;
}

/**
 * main() - run the files given, then the random inputs
 * @argc: argument count.
 * @argv: arguments.
 *
 * Return: 0, or 2 on a file that cannot be read (a mismatch aborts).
 */
int main(int argc, char **argv)
{
	unsigned long runs = 100000, r, files = 0;
	char path[4096];
	struct dirent *d;
	u8 buf[1024];
	DIR *dir;
	int i;

	state = 1;
	for (i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "-runs=", 6)) {
			runs = strtoul(argv[i] + 6, NULL, 10);
			continue;
		}
		if (!strncmp(argv[i], "-seed=", 6)) {
			state = strtoull(argv[i] + 6, NULL, 10) | 1;
			continue;
		}
		dir = opendir(argv[i]);
		if (!dir) {
			if (run_file(argv[i]))
				return 2;
			files++;
			continue;
		}
		while ((d = readdir(dir))) {
			if (d->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "%s/%s", argv[i],
				 d->d_name);
			if (run_file(path))
				return 2;
			files++;
		}
		closedir(dir);
	}
	for (r = 0; r < runs; r++)
		fuzz_one_input(buf, random_input(buf));
	printf("%lu files, %lu random inputs: no mismatch\n", files, runs);
	return 0;
}
