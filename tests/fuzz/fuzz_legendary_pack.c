/*
 * legendary's pack loader: any bytes as a card data pack (R2.9). Never a
 * crash; a refusal is one line "fuzz:LINE: CODE: ..." with LINE inside the
 * input and nothing kept; an accepted pack has a 64-hex digest that its
 * canonical JSON, read again, gives again (R2.8).
 */
#include "fuzz.h"

#include <ctype.h>
#include <jansson.h>

#include "core/legendary/legendary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct legendary_pack p, again;
	char *text = fuzz_cstr(data, size), err[512];
	size_t i, lines = 1;

	for (i = 0; text[i]; i++)
		lines += text[i] == '\n';
	legendary_pack_init(&p);
	legendary_pack_init(&again);
	if (legendary_pack_read(&p, text, "fuzz", err, sizeof(err)) < 0) {
		const char *at = err;

		/* every problem a line naming the file and a line of the input; then a count */
		while (at) {
			long line;

			if (!strncmp(at, "... and ", 8))
				break;
			FUZZ_ASSERT(!strncmp(at, "fuzz:", 5), "the error names the file: %s", at);
			line = strtol(at + 5, NULL, 10);
			FUZZ_ASSERT(line >= 1 && (size_t)line <= lines, "line %ld outside the input", line);
			at = strchr(at, '\n');
			at = at ? at + 1 : NULL;
		}
		FUZZ_ASSERT(p.root == NULL, "nothing kept");
	} else {
		char *canon = json_dumps(p.root, JSON_SORT_KEYS | JSON_COMPACT);

		FUZZ_ASSERT(strlen(p.digest) == 64, "a digest");
		for (i = 0; i < 64; i++)
			FUZZ_ASSERT(isxdigit((unsigned char)p.digest[i]), "hex digest");
		FUZZ_ASSERT(canon && legendary_pack_read(&again, canon, "again", err, sizeof(err)) == 0,
			    "the canonical form reads: %s", err);
		FUZZ_ASSERT(!strcmp(p.digest, again.digest), "one digest");
		free(canon);
	}
	legendary_pack_release(&p);
	legendary_pack_release(&again);
	free(text);
	return 0;
}
