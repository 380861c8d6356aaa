/* outbox_queue (judge/outbox.h): the one way the judge queues a mail. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "judge/outbox.h"
#include "db/db.h"
#include "db/mail.h"

struct fixture {
	char path[64];
	struct db *db;
	long long campaign;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct db_campaign c;
	char err[256];
	int fd;

	snprintf(f->path, sizeof(f->path), "/tmp/test_outbox.XXXXXX");
	fd = mkstemp(f->path);
	close(fd);
	unlink(f->path);
	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	memset(&c, 0, sizeof(c));
	snprintf(c.name, sizeof(c.name), "g");
	snprintf(c.ruleset, sizeof(c.ruleset), "hovercrafts");
	snprintf(c.created_at, sizeof(c.created_at), "2025-01-01T00:00:00Z");
	c.settings = "{\"width\":7}";
	assert_int_equal(db_campaign_create(f->db, &c, err, sizeof(err)), 0);
	f->campaign = c.id;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	db_close(f->db);
	unlink(f->path);
	free(f);
	return 0;
}

static struct outbox_mail mail(const struct fixture *f, const char *key, const char *subject)
{
	struct outbox_mail m;

	memset(&m, 0, sizeof(m));
	m.campaign_id = f->campaign;
	m.kind = "report";
	m.key = key;
	m.recipient = "ann@example.org";
	m.subject = subject;
	m.body = "Hello\n";
	m.created_at = "2025-01-01T12:00:00Z";
	return m;
}

static void test_outbox_queues_once_per_key(void **state)
{
	struct fixture *f = *state;
	struct outbox_mail m = mail(f, "report/1", "g: turn 1");
	struct db_delivery d;
	long long id = 0, again = 0;
	char err[256];

	m.in_reply_to = "a1@example.org";
	assert_int_equal(outbox_queue(f->db, &m, &id, err, sizeof(err)), 0);
	assert_true(id > 0);
	assert_int_equal(outbox_queue(f->db, &m, &again, err, sizeof(err)), DB_EXISTS);
	assert_int_equal(again, 0);
	assert_int_equal(db_outbox_get_delivery(f->db, id, &d, err, sizeof(err)), 0);
	assert_string_equal(d.m.subject, "g: turn 1");
	assert_string_equal(d.m.body, "Hello\n");
	assert_string_equal(d.in_reply_to, "a1@example.org");
	assert_string_equal(d.m.created_at, "2025-01-01T12:00:00Z");
	free(d.m.subject);
	free(d.m.body);
}

static void test_outbox_refuses_a_subject_that_is_not_one_line(void **state)
{
	struct fixture *f = *state;
	static const char *const bad[] = { "g\nBcc: x@example.org", "g\r", "", "tab\there" };
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct outbox_mail m = mail(f, "report/2", bad[i]);

		assert_int_equal(outbox_queue(f->db, &m, NULL, err, sizeof(err)), DB_ERROR);
		assert_string_equal(err, "a report to ann@example.org: its subject is not one line of text");
	}
}

static void test_outbox_renders_a_template(void **state)
{
	struct fixture *f = *state;
	struct outbox_mail m = mail(f, "report/3", "g: desk");
	json_t *data = json_pack("{s:s,s:[]}", "captain", "Ann", "answers");
	struct db_delivery d;
	long long id = 0;
	char err[256];

	setenv("MXJUDGE_TEMPLATES", "templates", 1);
	m.body = NULL;
	m.template = "desk-reply";
	m.data = data;
	assert_int_equal(outbox_queue(f->db, &m, &id, err, sizeof(err)), 0);
	assert_int_equal(db_outbox_get_delivery(f->db, id, &d, err, sizeof(err)), 0);
	assert_string_equal(d.m.body, "Hello Ann,\n");
	free(d.m.subject);
	free(d.m.body);
	m.key = "report/4";
	m.template = "no-such-template";
	assert_int_equal(outbox_queue(f->db, &m, NULL, err, sizeof(err)), DB_ERROR);
	json_decref(data);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_outbox_queues_once_per_key, setup, teardown),
		cmocka_unit_test_setup_teardown(test_outbox_refuses_a_subject_that_is_not_one_line, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_outbox_renders_a_template, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
