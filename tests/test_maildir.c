/*
 * maildir: delivery (tmp/ then new/), and reading as receive --maildir
 * does: new/ in name order, each moved to cur/ marked seen.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mail/maildir.h"

static int exists(const char *dir, const char *rel)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	return stat(path, &st) == 0;
}

static void test_maildir_deliver_list_and_mark_read(void **state)
{
	char dir[] = "/tmp/mxjudge-maildir.XXXXXX", err[512], **names;
	size_t n;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(maildir_make(dir, err, sizeof(err)), 0);
	assert_int_equal(maildir_deliver(dir, "1700000002.b.host", "B\n", 2, err, sizeof(err)), 0);
	assert_int_equal(maildir_deliver(dir, "1700000001.a.host", "A\n", 2, err, sizeof(err)), 0);
	assert_int_equal(maildir_deliver(dir, "1700000003.c.host:2,", "C\n", 2, err, sizeof(err)), 0);
	/* A dot file is no message (an editor's, a half-copied one). */
	{
		char p[512];

		snprintf(p, sizeof(p), "%s/new/.hidden", dir);
		assert_non_null(f = fopen(p, "w"));
		fclose(f);
	}
	assert_int_equal(maildir_list_new(dir, &names, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	assert_string_equal(names[0], "1700000001.a.host");
	assert_string_equal(names[1], "1700000002.b.host");
	assert_string_equal(names[2], "1700000003.c.host:2,");

	assert_int_equal(maildir_mark_read(dir, names[0]), 0);
	assert_false(exists(dir, "new/1700000001.a.host"));
	assert_true(exists(dir, "cur/1700000001.a.host:2,S"));
	assert_true(maildir_has(dir, "1700000001.a.host"));
	/* A name with its info part already keeps it. */
	assert_int_equal(maildir_mark_read(dir, names[2]), 0);
	assert_true(exists(dir, "cur/1700000003.c.host:2,"));
	/* Gone already: ENOENT, which the caller takes as done. */
	assert_int_equal(maildir_mark_read(dir, names[0]), -1);
	assert_int_equal(errno, ENOENT);
	maildir_names_free(names, n);

	assert_int_equal(maildir_list_new(dir, &names, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 1);
	assert_string_equal(names[0], "1700000002.b.host");
	maildir_names_free(names, n);
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		assert_int_equal(system(cmd), 0);
	}
}

static void test_maildir_list_refuses_what_is_no_maildir(void **state)
{
	char err[512], **names = (char **)&err;
	size_t n = 7;

	(void)state;
	assert_int_equal(maildir_list_new("/nonexistent/md", &names, &n, err, sizeof(err)), -1);
	assert_string_equal(err, "/nonexistent/md/new: No such file or directory (expected a Maildir, "
			    "with new/ and cur/)");
	assert_null(names);
	assert_int_equal(n, 0);
}

/* Only regular files are messages: a FIFO is never waited on, a link never followed. */
static void test_maildir_open_new_takes_only_regular_files(void **state)
{
	char dir[] = "/tmp/mxjudge-maildir.XXXXXX", err[512], path[600], out[600];
	char buf[8];
	int fd;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(maildir_make(dir, err, sizeof(err)), 0);
	assert_int_equal(maildir_deliver(dir, "1.a.host", "A\n", 2, err, sizeof(err)), 0);
	fd = maildir_open_new(dir, "1.a.host", err, sizeof(err));
	assert_true(fd >= 0);
	assert_int_equal(read(fd, buf, sizeof(buf)), 2);
	close(fd);
	snprintf(path, sizeof(path), "%s/new/2.fifo.host", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(maildir_open_new(dir, "2.fifo.host", err, sizeof(err)), MAILDIR_NOT_MAIL);
	assert_non_null(strstr(err, "2.fifo.host: a FIFO, not a message"));
	unlink(path);
	snprintf(out, sizeof(out), "%s/outside", dir);
	fd = open(out, O_WRONLY | O_CREAT | O_EXCL, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "secret\n", 7), 7);
	close(fd);
	snprintf(path, sizeof(path), "%s/new/3.link.host", dir);
	assert_int_equal(symlink(out, path), 0);
	assert_int_equal(maildir_open_new(dir, "3.link.host", err, sizeof(err)), MAILDIR_NOT_MAIL);
	assert_non_null(strstr(err, "3.link.host: a symbolic link, not followed"));
	unlink(path);
	snprintf(path, sizeof(path), "%s/new/3.dir.host", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	assert_int_equal(maildir_open_new(dir, "3.dir.host", err, sizeof(err)), -1);
	assert_int_equal(errno, EISDIR);
	rmdir(path);
	assert_int_equal(maildir_open_new(dir, "4.gone.host", err, sizeof(err)), -1);
	assert_int_equal(errno, ENOENT);
	/* A link planted in tmp/ under a message's name is replaced, not written through. */
	snprintf(path, sizeof(path), "%s/tmp/5.b.host", dir);
	assert_int_equal(symlink(out, path), 0);
	assert_int_equal(maildir_deliver(dir, "5.b.host", "B\n", 2, err, sizeof(err)), 0);
	fd = open(out, O_RDONLY);
	assert_int_equal(read(fd, buf, sizeof(buf)), 7);
	close(fd);
	snprintf(path, sizeof(path), "rm -rf '%s'", dir);
	assert_int_equal(system(path), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_maildir_deliver_list_and_mark_read),
		cmocka_unit_test(test_maildir_list_refuses_what_is_no_maildir),
		cmocka_unit_test(test_maildir_open_new_takes_only_regular_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
