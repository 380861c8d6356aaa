/*
 * fuzz: what every harness under tests/fuzz/ shares. Each fuzz_NAME.c
 * defines LLVMFuzzerTestOneInput; clang's libFuzzer drives it under
 * `make fuzz`, and replay.c drives it under `make fuzz-regress` (gcc).
 * Helpers are static inline so a harness is one translation unit.
 */
#ifndef MX_FUZZ_H
#define MX_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The parsers take C strings: a NUL-terminated copy (cut at an inner NUL). */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* A broken invariant is a crash: libFuzzer saves the input, replay counts it. */
#define FUZZ_ASSERT(cond, ...)                                               \
	do {                                                                 \
		if (!(cond)) {                                               \
			fprintf(stderr, "%s:%d: fuzz assertion failed: %s: ", \
				__FILE__, __LINE__, #cond);                  \
			fprintf(stderr, __VA_ARGS__);                        \
			fputc('\n', stderr);                                 \
			abort();                                             \
		}                                                            \
	} while (0)

/* FNV-1a: a seed that follows the input, so a saved input replays exactly. */
static inline uint64_t fuzz_hash(const uint8_t *data, size_t size)
{
	uint64_t h = 1469598103934665603ull;
	size_t i;

	for (i = 0; i < size; i++) {
		h ^= data[i];
		h *= 1099511628211ull;
	}
	return h;
}

#endif
