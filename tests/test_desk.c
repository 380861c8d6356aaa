/* The mail desk's parser (core/desk.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/desk.h"
#include "core/secret.h"

static void test_desk_vote(void **unused)
{
	struct desk_mail m;
	char err[256];

	(void)unused;
	assert_int_equal(desk_parse("vote draw g\nVOTE CONCEDE g\nVote Withdraw g\nCODE x\n", &m, err,
				    sizeof(err)), 0);
	assert_int_equal(m.n, 3);
	assert_int_equal(m.cmd[0].verb, DESK_VOTE);
	assert_string_equal(m.cmd[0].args[0], "draw");
	assert_string_equal(m.cmd[0].args[1], "g");
	assert_string_equal(m.cmd[1].args[0], "CONCEDE");
	assert_string_equal(m.cmd[2].args[0], "Withdraw");
	assert_int_equal(desk_parse("VOTE MAYBE g\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'VOTE DRAW|CONCEDE|WITHDRAW NAME'");
	assert_int_equal(desk_parse("VOTE DRAW\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'VOTE DRAW|CONCEDE|WITHDRAW NAME'");
	assert_int_equal(desk_parse("VOTE DRAW g now\n", &m, err, sizeof(err)), -1);
}

static void test_desk_history_and_list(void **unused)
{
	struct desk_mail m;
	char err[256];

	(void)unused;
	assert_int_equal(desk_parse("HISTORY g\nhistory g 12\nLIST finished\nLIST ALL\n", &m, err,
				    sizeof(err)), 0);
	assert_int_equal(m.n, 4);
	assert_int_equal(m.cmd[0].verb, DESK_HISTORY);
	assert_int_equal(m.cmd[0].nargs, 1);
	assert_string_equal(m.cmd[1].args[1], "12");
	assert_int_equal(m.cmd[2].verb, DESK_LIST);
	assert_string_equal(m.cmd[2].args[0], "finished");
	assert_int_equal(desk_parse("HISTORY g twelve\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'HISTORY NAME [TURN]'");
	assert_int_equal(desk_parse("HISTORY g 1234567\n", &m, err, sizeof(err)), -1);
	assert_int_equal(desk_parse("HISTORY g -1\n", &m, err, sizeof(err)), -1);
	assert_int_equal(desk_parse("LIST OPEN\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'LIST [ALL|FINISHED]'");
}

/* REPORT [NAME [TURN]]: the latest report, of a campaign, or of one of its turns. */
static void test_desk_report_turn(void **unused)
{
	struct desk_mail m;
	char err[256];

	(void)unused;
	assert_int_equal(desk_parse("REPORT\nreport g\nREPORT g 0\nREPORT g 12\n", &m, err,
				    sizeof(err)), 0);
	assert_int_equal(m.n, 4);
	assert_int_equal(m.cmd[0].verb, DESK_REPORT);
	assert_int_equal(m.cmd[0].nargs, 0);
	assert_int_equal(m.cmd[1].nargs, 1);
	assert_int_equal(m.cmd[2].nargs, 2);
	assert_string_equal(m.cmd[2].args[1], "0");
	assert_string_equal(m.cmd[3].args[0], "g");
	assert_string_equal(m.cmd[3].args[1], "12");
	assert_string_equal(desk_campaign_of(&m.cmd[3]), "g");
	assert_int_equal(desk_parse("REPORT g last\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'REPORT [NAME [TURN]]'");
	assert_int_equal(desk_parse("REPORT g -1\n", &m, err, sizeof(err)), -1);
	assert_int_equal(desk_parse("REPORT g 1234567\n", &m, err, sizeof(err)), -1);
	assert_int_equal(desk_parse("REPORT g 1 2\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'REPORT [NAME [TURN]]'");
}

/*
 * A command line made from a help usage as a captain would fill it in:
 * each word's first alternative, placeholders given a value, optional
 * parts left out when full is 0, kept (their first alternative) when 1,
 * a trailing "..." left out.
 */
static void usage_line(const char *name, const char *args, int full, char *out, size_t len)
{
	char buf[128], *w, *save = NULL;

	snprintf(out, len, "%s", name);
	snprintf(buf, sizeof(buf), "%s", args);
	for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		int optional = w[0] == '[';
		char word[64];

		if ((optional && !full) || !strcmp(w, "..."))
			continue;	/* "...": the rest is the form's own (its own table) */
		snprintf(word, sizeof(word), "%s", w + optional);
		word[strcspn(word, "|]")] = '\0';
		if (!strcmp(word, "NAME"))
			snprintf(word, sizeof(word), "Cup.1");
		else if (!strcmp(word, "TURN"))
			snprintf(word, sizeof(word), "3");
		else if (!strcmp(word, "SHIP"))
			snprintf(word, sizeof(word), "Locust");
		strncat(out, " ", len - strlen(out) - 1);
		strncat(out, word, len - strlen(out) - 1);
	}
}

/*
 * One table drives the help and the parser: every usage the help shows
 * (desk_verbs, as judge/desk.c writes it), filled in, with and without its
 * optional part, is read as that command; the help holds every verb the
 * parser knows, once; and a word not in the table is refused.
 */
static void test_desk_help_lists_what_is_read(void **unused)
{
	struct desk_mail m;
	char err[256], line[160], text[512];
	int v, k, full;

	(void)unused;
	for (v = 0; v < DESK_VERB_COUNT; v++) {
		assert_non_null(desk_verbs[v].name);
		assert_non_null(desk_verbs[v].summary);
		for (k = 0; k < v; k++)
			assert_string_not_equal(desk_verbs[k].name, desk_verbs[v].name);
		for (full = 0; full < 2; full++) {
			usage_line(desk_verbs[v].name, desk_verbs[v].args, full, line, sizeof(line));
			snprintf(text, sizeof(text), "%s\n%s", line,
				 v == DESK_PRESS || v == DESK_BROADCAST ? "Hello\nENDPRESS\n" : "");
			if (desk_parse(text, &m, err, sizeof(err)))
				fail_msg("help usage '%s': %s", line, err);
			assert_int_equal(m.n, 1);
			assert_int_equal(m.cmd[0].verb, v);
		}
	}
	assert_int_equal(desk_parse("HELP\nSIGNON x\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "2: 'SIGNON' is not a command the judge reads by mail (HELP lists them)");
}

static void test_desk_reads_commands_in_order(void **unused)
{
	struct desk_mail m;
	char err[256];

	(void)unused;
	assert_int_equal(desk_parse("\n  help\r\nLIST all\n\nstatus Cup.1\nPASSWORD x\n-- \nSTATUS y\n",
				    &m, err, sizeof(err)), 0);
	assert_int_equal(m.n, 3);
	assert_int_equal(m.cmd[0].verb, DESK_HELP);
	assert_int_equal(m.cmd[0].line, 2);
	assert_int_equal(m.cmd[1].verb, DESK_LIST);
	assert_string_equal(m.cmd[1].args[0], "all");
	assert_int_equal(m.cmd[2].verb, DESK_STATUS);
	assert_string_equal(m.cmd[2].args[0], "Cup.1");
	assert_int_equal(m.cmd[2].line, 5);
}

/* A credential from another address: PASSWORD and the SHIP (or SEAT) it is for. */
static void test_desk_credential_lines_and_campaigns(void **unused)
{
	struct desk_mail m;
	char err[256];

	(void)unused;
	assert_int_equal(desk_parse("SET ADDRESS g bob@new.example\nSHIP Locust\nPASSWORD pw\n"
				    "VOTE DRAW h\nSEAT north1\nHELP\nREPORT\nSTATUS k\n", &m, err,
				    sizeof(err)), 0);
	assert_int_equal(m.n, 5);
	assert_string_equal(desk_campaign_of(&m.cmd[0]), "g");
	assert_string_equal(desk_campaign_of(&m.cmd[1]), "h");
	assert_null(desk_campaign_of(&m.cmd[2]));
	assert_null(desk_campaign_of(&m.cmd[3]));	/* REPORT without NAME */
	assert_string_equal(desk_campaign_of(&m.cmd[4]), "k");
	/* SHIP with more than its name is no credential line: refused, named. */
	assert_int_equal(desk_parse("STATUS g\nSHIP Locust now\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "2: 'SHIP' is not a command the judge reads by mail (HELP lists them)");
	/* Before any command it is not a desk mail: orders begin so. */
	assert_int_equal(desk_parse("SHIP Locust\nSTATUS g\n", &m, err, sizeof(err)), 0);
	assert_int_equal(m.n, 0);
}

static void test_desk_orders_are_not_a_desk_mail(void **unused)
{
	struct desk_mail m;
	char err[256];

	(void)unused;
	assert_int_equal(desk_parse("GAME g\nSHIP Minx\nHELP\n", &m, err, sizeof(err)), 0);
	assert_int_equal(m.n, 0);
	assert_int_equal(desk_parse("Dear judge, HELP\n", &m, err, sizeof(err)), 0);
	assert_int_equal(m.n, 0);
	assert_int_equal(desk_parse("> HELP\n", &m, err, sizeof(err)), 0);
	assert_int_equal(m.n, 0);
}

static void test_desk_refuses_what_it_cannot_read(void **unused)
{
	struct desk_mail m;
	char err[256];

	(void)unused;
	assert_int_equal(desk_parse("LIST\nFROB x\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "2: 'FROB' is not a command the judge reads by mail (HELP lists them)");
	assert_int_equal(desk_parse("STATUS\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'STATUS NAME'");
	assert_int_equal(desk_parse("HELP me please\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'HELP'");
}

static void test_desk_check_takes_the_rest(void **unused)
{
	const char *text = "CHECK\nGAME g\nSHIP Minx\nLIST\nEND\n";
	struct desk_mail m;
	char err[256];

	(void)unused;
	assert_int_equal(desk_parse(text, &m, err, sizeof(err)), 0);
	assert_int_equal(m.n, 1);
	assert_true(m.has_check);
	assert_string_equal(text + m.check_at, "GAME g\nSHIP Minx\nLIST\nEND\n");
}

static void test_desk_at_most_sixteen_commands(void **unused)
{
	char text[512] = "";
	struct desk_mail m;
	char err[256];
	int i;

	(void)unused;
	for (i = 0; i < DESK_MAX_COMMANDS; i++)
		strcat(text, "HELP\n");
	assert_int_equal(desk_parse(text, &m, err, sizeof(err)), 0);
	assert_int_equal(m.n, DESK_MAX_COMMANDS);
	strcat(text, "HELP\n");
	assert_int_equal(desk_parse(text, &m, err, sizeof(err)), -1);
	assert_string_equal(err, "17: at most 16 commands in one mail");
}

static void test_desk_press_takes_its_message(void **unused)
{
	const char *text = "PRESS g TO Locust\nHello,\n  > quoted\nENDPRESS\nBROADCAST g ANONYMOUS\nHi\n"
			   "ENDPRESS\nCODE abc\n";
	struct desk_mail m;
	char err[256];

	(void)unused;
	assert_int_equal(desk_parse(text, &m, err, sizeof(err)), 0);
	assert_int_equal(m.n, 2);
	assert_int_equal(m.cmd[0].verb, DESK_PRESS);
	assert_string_equal(m.cmd[0].args[2], "Locust");
	assert_int_equal(m.cmd[0].body_len, strlen("Hello,\n  > quoted\n"));
	assert_memory_equal(text + m.cmd[0].body_at, "Hello,\n  > quoted\n", m.cmd[0].body_len);
	assert_int_equal(m.cmd[1].verb, DESK_BROADCAST);
	assert_int_equal(m.cmd[1].nargs, 2);
	assert_int_equal(m.cmd[1].line, 5);
	assert_int_equal(desk_parse("PRESS g FOR x\nhi\nENDPRESS\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'PRESS NAME TO SHIP|SIDE|ALL [ANONYMOUS]'");
	assert_int_equal(desk_parse("PRESS g TO x SECRETLY\nhi\nENDPRESS\n", &m, err, sizeof(err)), -1);
	assert_int_equal(desk_parse("LIST\nPRESS g TO x\nhi\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "2: PRESS without a line ENDPRESS after its message");
}

static void test_desk_set_forms_and_forgot(void **unused)
{
	struct desk_mail m;
	char err[256];

	(void)unused;
	assert_int_equal(desk_parse("set wait g\nSET ADDRESS g ann@new.example\nSET PASSWORD g s3cret-pw\n"
				    "SET ABSENCE g 2025-03-02 2025-03-03\nFORGOT g\nSET NOWAIT g\n",
				    &m, err, sizeof(err)), 0);
	assert_int_equal(m.n, 6);
	assert_int_equal(m.cmd[0].verb, DESK_SET);
	assert_int_equal(m.cmd[0].form, DESK_SET_WAIT);
	assert_int_equal(m.cmd[1].form, DESK_SET_ADDRESS);
	assert_string_equal(m.cmd[1].args[2], "ann@new.example");
	assert_int_equal(m.cmd[2].form, DESK_SET_PASSWORD);
	assert_string_equal(m.cmd[2].args[2], "s3cret-pw");
	assert_int_equal(m.cmd[3].form, DESK_SET_ABSENCE);
	assert_string_equal(m.cmd[3].args[3], "2025-03-03");
	assert_int_equal(m.cmd[4].verb, DESK_FORGOT);
	assert_string_equal(m.cmd[4].args[0], "g");
	assert_int_equal(m.cmd[5].form, DESK_SET_NOWAIT);
	/* Each form takes its own words, and says which when it does not. */
	assert_int_equal(desk_parse("SET ADDRESS g\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'SET ADDRESS NAME ADDRESS'");
	assert_int_equal(desk_parse("SET WAIT g now\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'SET WAIT NAME'");
	assert_int_equal(desk_parse("SET ABSENCE g 2025-03-02\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'SET ABSENCE NAME FROM TO'");
	assert_int_equal(desk_parse("SET COLOUR g red\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'SET WAIT|NOWAIT|ADDRESS|PASSWORD|ABSENCE NAME ...'");
	assert_int_equal(desk_parse("FORGOT\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'FORGOT NAME'");
}

/* Every form of SET the parser reads is one the help lists, by the same table. */
static void test_desk_set_forms_table(void **unused)
{
	int f;

	(void)unused;
	for (f = 0; f < DESK_SET_FORM_COUNT; f++) {
		char line[160];
		struct desk_mail m;
		char err[256];
		int k;

		snprintf(line, sizeof(line), "SET %s", desk_set_forms[f].name);
		for (k = 1; k < desk_set_forms[f].min_args; k++)
			strcat(line, " x");
		assert_int_equal(desk_parse(line, &m, err, sizeof(err)), 0);
		assert_int_equal(m.n, 1);
		assert_int_equal(m.cmd[0].form, f);
		assert_non_null(strstr(desk_verbs[DESK_SET].args, desk_set_forms[f].name));
	}
}

static void test_desk_seat_commands(void **unused)
{
	struct desk_mail m;
	char err[256];

	(void)unused;
	assert_int_equal(desk_parse("JOIN g Zephyr zion\njoin d north1\nRESIGN g\nRESIGN g Minx\n"
				    "TAKEOVER g Minx\nOBSERVE g\nUNOBSERVE g\n", &m, err, sizeof(err)), 0);
	assert_int_equal(m.n, 7);
	assert_int_equal(m.cmd[0].verb, DESK_JOIN);
	assert_int_equal(m.cmd[0].nargs, 3);
	assert_string_equal(m.cmd[0].args[2], "zion");
	assert_int_equal(m.cmd[1].verb, DESK_JOIN);
	assert_int_equal(m.cmd[1].nargs, 2);
	assert_int_equal(m.cmd[2].verb, DESK_RESIGN);
	assert_int_equal(m.cmd[2].nargs, 1);
	assert_int_equal(m.cmd[3].nargs, 2);
	assert_int_equal(m.cmd[4].verb, DESK_TAKEOVER);
	assert_int_equal(m.cmd[5].verb, DESK_OBSERVE);
	assert_int_equal(m.cmd[6].verb, DESK_UNOBSERVE);
	assert_int_equal(desk_parse("JOIN g\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'JOIN NAME SEAT [SIDE]'");
	assert_int_equal(desk_parse("TAKEOVER g\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'TAKEOVER NAME SEAT'");
	assert_int_equal(desk_parse("RESIGN g Minx now\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'RESIGN NAME [SEAT]'");
	assert_int_equal(desk_parse("UNOBSERVE\n", &m, err, sizeof(err)), -1);
	assert_string_equal(err, "1: expected 'UNOBSERVE NAME'");
}

/* The new password of SET PASSWORD is a secret like PASSWORD's (core/secret.h). */
static void test_desk_new_password_is_redacted(void **unused)
{
	char *r = secret_redact("SET WAIT g\n  set password g N3w-secret # mine\nPASSWORD old-one\n"
				"SET PASSWORDS g x\n");

	(void)unused;
	assert_non_null(r);
	assert_string_equal(r, "SET WAIT g\n  set password [redacted]\nPASSWORD [redacted]\n"
			    "SET PASSWORDS g x\n");
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_desk_vote),
		cmocka_unit_test(test_desk_history_and_list),
		cmocka_unit_test(test_desk_report_turn),
		cmocka_unit_test(test_desk_help_lists_what_is_read),
		cmocka_unit_test(test_desk_reads_commands_in_order),
		cmocka_unit_test(test_desk_credential_lines_and_campaigns),
		cmocka_unit_test(test_desk_orders_are_not_a_desk_mail),
		cmocka_unit_test(test_desk_refuses_what_it_cannot_read),
		cmocka_unit_test(test_desk_check_takes_the_rest),
		cmocka_unit_test(test_desk_at_most_sixteen_commands),
		cmocka_unit_test(test_desk_press_takes_its_message),
		cmocka_unit_test(test_desk_set_forms_and_forgot),
		cmocka_unit_test(test_desk_set_forms_table),
		cmocka_unit_test(test_desk_new_password_is_redacted),
		cmocka_unit_test(test_desk_seat_commands),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
