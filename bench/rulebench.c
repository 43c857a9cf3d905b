// SPDX-License-Identifier: GPL-2.0
/*
 * rulebench - instructions per name of the Safename check, under callgrind
 *
 * Compiles security/safename/rule.c unchanged (with the shim of
 * tools/safename/include) and compares
 * safename_check() with a straightforward baseline written from the 2016
 * description: a bitmap test per byte, then a separate UTF-8 pass.  Run it
 * under valgrind --tool=callgrind --collect-atstart=no: it collects only
 * around the checks and dumps one profile part per measurement, named
 * "<impl> <kind> <len>"; bench/rulebench.sh turns them into a table.
 * Every name checked is valid under the default policy with utf8=1.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>

#include "rule.h"

#define REPEAT 100

/* The baseline: three bitmaps and a flag, as the 2016 patch had them. */
struct baseline {
	unsigned char initial[32], middle[32], final[32];
	bool utf8;
};

static bool baseline_has(const unsigned char *map, unsigned char b)
{
	return map[b >> 3] & (1 << (b & 7));
}

static bool baseline_utf8(const unsigned char *s, size_t len)
{
	size_t i = 0, n, k;
	unsigned int cp;

	while (i < len) {
		unsigned char c = s[i];

		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			n = 1;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			n = 2;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			n = 3;
			cp = c & 0x07;
		} else {
			return false;
		}
		if (i + n >= len)
			return false;
		for (k = 1; k <= n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) ||
		    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
			return false;
		i += n + 1;
	}
	return true;
}

static noinline int
baseline_check(const struct baseline *p, const unsigned char *name, size_t len)
{
	size_t i;

	if (!baseline_has(p->initial, name[0]))
		return 1;
	for (i = 1; i + 1 < len; i++)
		if (!baseline_has(p->middle, name[i]))
			return 2;
	if (!baseline_has(p->final, name[len - 1]))
		return 3;
	if (p->utf8 && !baseline_utf8(name, len))
		return 4;
	return 0;
}

static void baseline_from(struct baseline *p, const struct safename_rules *r)
{
	unsigned int b;

	memset(p, 0, sizeof(*p));
	for (b = 0; b < 256; b++) {
		if (safename_byteset_test(&r->initial, b))
			p->initial[b >> 3] |= 1 << (b & 7);
		if (safename_byteset_test(&r->middle, b))
			p->middle[b >> 3] |= 1 << (b & 7);
		if (safename_byteset_test(&r->final, b))
			p->final[b >> 3] |= 1 << (b & 7);
	}
	p->utf8 = r->utf8;
}

/* Realistic names, all valid under the default policy with utf8=1. */
static const char *const corpus[] = {
	"README", "Makefile", ".bashrc", "index.html", "main.c",
	"IMG_20240101_123456.jpg", "Screenshot from 2024-05-11 10-22-33.png",
	"report (final) v2.pdf", "node_modules", "package-lock.json",
	"linux-6.12.118.tar.xz", "Übersicht.odt", "café.txt",
	"日本語のファイル名.txt", "Привет мир.doc", "ελληνικά.md",
	"emoji-\xf0\x9f\x98\x80-file", "a", "ab", "x.y",
	"2024-12-03T08:00:00Z.log", "libsafename.so.1.2.3",
	"Very Long Document Title With Many Words - Draft Number 17 (Copy).docx",
	"src", ".git", "__pycache__", "CMakeLists.txt", "thumbs.db",
};

static unsigned int sink;

static void measure(const char *impl, const char *kind, size_t len,
		    const struct safename_rules *r, const struct baseline *b,
		    const unsigned char *name)
{
	char label[64];
	size_t off;
	int k;

	CALLGRIND_TOGGLE_COLLECT;
	for (k = 0; k < REPEAT; k++) {
		if (b)
			sink += baseline_check(b, name, len);
		else
			sink += safename_check(r, name, len, &off);
	}
	CALLGRIND_TOGGLE_COLLECT;
	snprintf(label, sizeof(label), "%s %s %zu", impl, kind, len);
	CALLGRIND_DUMP_STATS_AT(label);
}

/* The real corpus, one name per line, from bench/corpus.sh. */
struct corpus {
	unsigned char *text;	/* the names, one after the other */
	size_t *len;		/* their lengths */
	size_t names, bytes;
};

static int corpus_read(struct corpus *c, const char *path)
{
	FILE *f = fopen(path, "r");
	size_t size = 1 << 20, used = 0, n;
	char line[512];

	if (!f) {
		perror(path);
		return -1;
	}
	c->text = malloc(size);
	c->len = NULL;
	c->names = 0;
	c->bytes = 0;
	while (c->text && fgets(line, sizeof(line), f)) {
		n = strcspn(line, "\n");
		if (!n || n > 255)
			continue;
		if (used + n > size)
			c->text = realloc(c->text, size *= 2);
		if (!c->text)
			break;
		if (!(c->names & (c->names - 1)))
			c->len = realloc(c->len, 2 * (c->names + 1) *
					 sizeof(*c->len));
		if (!c->len)
			break;
		memcpy(c->text + used, line, n);
		used += n;
		c->len[c->names++] = n;
		c->bytes += n;
	}
	fclose(f);
	if (!c->text || !c->len || !c->names) {
		fprintf(stderr, "%s: no names read\n", path);
		return -1;
	}
	return 0;
}

/*
 * Check every name of the corpus once, under one collection.  Returns how
 * many fail; both checks must agree on every name.
 */
static size_t corpus_measure(const char *impl, const struct corpus *c,
			     const struct safename_rules *r,
			     const struct baseline *b, unsigned char *verdicts)
{
	const unsigned char *name = c->text;
	size_t i, len, off, failed = 0;
	char label[64];
	int v;

	CALLGRIND_TOGGLE_COLLECT;
	for (i = 0; i < c->names; i++) {
		len = c->len[i];
		if (b)
			v = baseline_check(b, name, len) != 0;
		else
			v = safename_check(r, name, len, &off) !=
			    SAFENAME_RULE_PASS;
		verdicts[i] = v;
		failed += v;
		name += len;
	}
	CALLGRIND_TOGGLE_COLLECT;
	snprintf(label, sizeof(label), "%s real %zu", impl, c->bytes);
	CALLGRIND_DUMP_STATS_AT(label);
	return failed;
}

int main(int argc, char **argv)
{
	static struct safename_rules rules;
	static struct baseline base;
	unsigned char name[256], *verdicts[2];
	struct corpus real;
	size_t failed[2];
	char kind[16];
	size_t len, i;

	safename_rules_default(&rules);
	rules.utf8 = true;
	safename_rules_prepare(&rules);
	baseline_from(&base, &rules);

	for (len = 1; len <= 255; len++) {
		for (i = 0; i < len; i++)
			name[i] = 'a' + i % 26;
		measure("safename", "ascii", len, &rules, NULL, name);
		measure("baseline", "ascii", len, NULL, &base, name);
	}
	for (i = 0; i < sizeof(corpus) / sizeof(corpus[0]); i++) {
		len = strlen(corpus[i]);
		memcpy(name, corpus[i], len);
		snprintf(kind, sizeof(kind), "corpus%zu", i);
		measure("safename", kind, len, &rules, NULL, name);
		measure("baseline", kind, len, NULL, &base, name);
	}
	if (sink) {
		fprintf(stderr, "rulebench: %u names failed, none may\n", sink);
		return 1;
	}
	if (argc < 2)
		return 0;
	if (corpus_read(&real, argv[1]))
		return 1;
	verdicts[0] = malloc(real.names);
	verdicts[1] = malloc(real.names);
	if (!verdicts[0] || !verdicts[1])
		return 1;
	failed[0] = corpus_measure("safename", &real, &rules, NULL,
				   verdicts[0]);
	failed[1] = corpus_measure("baseline", &real, NULL, &base,
				   verdicts[1]);
	if (memcmp(verdicts[0], verdicts[1], real.names)) {
		fprintf(stderr, "rulebench: the checks disagree on the corpus\n");
		return 1;
	}
	printf("corpus %zu names %zu bytes %zu fail\n", real.names, real.bytes,
	       failed[0]);
	return 0;
}
