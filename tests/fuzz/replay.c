/*
 * replay: runs one harness's LLVMFuzzerTestOneInput over saved inputs
 * without libFuzzer, so `make check` (gcc, and `make sanitize`) replays
 * every corpus file and every past crash.
 *
 *   replay-HARNESS DIR|FILE ...
 *
 * Each input runs in a child process: a crash is counted and the others
 * still run. Files named "pending-*" are crashes awaiting a fix outside
 * tests/fuzz (see README.md): they are run, and reported as skipped
 * whatever happens, so the suite stays green until the fix lands.
 * Prints "replay HARNESS: passed=N failed=N skipped=N" (regress.sh adds
 * them up into the one summary line); exits 1 on any failure.
 */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define REPLAY_MAX_INPUT ((size_t)1 << 20)	/* corpus files are small; refuse surprises */
#define TIMEOUT_SECONDS 30		/* a loop is a failure too */

static int passed, failed, skipped;

static int read_file(const char *path, uint8_t **data, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	size_t n;

	if (!f)
		return -1;
	buf = malloc(REPLAY_MAX_INPUT + 1);
	if (!buf) {
		fclose(f);
		return -1;
	}
	n = fread(buf, 1, REPLAY_MAX_INPUT + 1, f);
	if (ferror(f) || n > REPLAY_MAX_INPUT) {
		fclose(f);
		free(buf);
		return -1;
	}
	fclose(f);
	*data = buf;
	*size = n;
	return 0;
}

static void run_file(const char *path, const char *base)
{
	int pending = !strncmp(base, "pending-", 8), status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "replay: fork: %s\n", strerror(errno));
		exit(2);
	}
	if (pid == 0) {
		uint8_t *data;
		size_t size;

		if (read_file(path, &data, &size) < 0) {
			fprintf(stderr, "replay: %s: cannot read (or over %zu bytes)\n", path, REPLAY_MAX_INPUT);
			_exit(3);
		}
		if (pending) {
			/* Its crash is known; keep the log short. */
			if (!freopen("/dev/null", "w", stderr))
				_exit(3);
		}
		alarm(TIMEOUT_SECONDS);
		LLVMFuzzerTestOneInput(data, size);
		free(data);
		/* exit(), not _exit(): sanitizers report leaks at exit. */
		exit(0);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			fprintf(stderr, "replay: waitpid: %s\n", strerror(errno));
			exit(2);
		}
	if (pending) {
		skipped++;
		if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
			printf("replay: %s passes in this build: once `make fuzz` (clang) agrees, drop \"pending-\"\n", path);
		return;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		passed++;
		return;
	}
	failed++;
	if (WIFSIGNALED(status))
		printf("FAIL %s (signal %d%s)\n", path, WTERMSIG(status),
		       WTERMSIG(status) == SIGALRM ? ": timeout" : "");
	else
		printf("FAIL %s (exit %d)\n", path, WEXITSTATUS(status));
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void run_path(const char *path)
{
	struct stat sb;
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, alloc = 0, i;
	DIR *d;

	if (stat(path, &sb) < 0) {
		/* A harness may have no regress/ inputs yet. */
		if (errno == ENOENT)
			return;
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	if (!S_ISDIR(sb.st_mode)) {
		const char *slash = strrchr(path, '/');

		run_file(path, slash ? slash + 1 : path);
		return;
	}
	d = opendir(path);
	if (!d) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, "README"))
			continue;
		if (n == alloc) {
			alloc = alloc ? alloc * 2 : 64;
			names = realloc(names, alloc * sizeof(*names));
			if (!names)
				abort();
		}
		names[n] = strdup(de->d_name);
		if (!names[n++])
			abort();
	}
	closedir(d);
	/* Sorted, so runs are reproducible. */
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	for (i = 0; i < n; i++) {
		size_t len = strlen(path) + strlen(names[i]) + 2;
		char *full = malloc(len);

		if (!full)
			abort();
		snprintf(full, len, "%s/%s", path, names[i]);
		if (stat(full, &sb) == 0 && S_ISREG(sb.st_mode))
			run_file(full, names[i]);
		free(full);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	const char *name = strrchr(argv[0], '/');
	int i;

	name = name ? name + 1 : argv[0];
	if (!strncmp(name, "replay-", 7))
		name += 7;
	if (argc < 2) {
		fprintf(stderr, "usage: replay-HARNESS DIR|FILE ...\n");
		return 2;
	}
	for (i = 1; i < argc; i++)
		run_path(argv[i]);
	printf("replay %s: passed=%d failed=%d skipped=%d\n", name, passed, failed, skipped);
	return failed ? 1 : 0;
}
