/* campaign: costs, caps and awards of rulings 11, with exact numbers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "core/hovercrafts/campaign.h"

static void test_campaign_costs_follow_rulings_11(void **state)
{
	struct campaign_rules r;

	(void)state;
	campaign_rules_default(&r);
	/* k -> k+1 costs k+1 ... */
	assert_int_equal(campaign_upgrade_cost(&r, STAT_SHIELD, 1), 2);
	assert_int_equal(campaign_upgrade_cost(&r, STAT_BALLISTIC, 2), 3);
	assert_int_equal(campaign_upgrade_cost(&r, STAT_ENERGY, 4), 5);
	/* ... hull k -> k+1 costs k-1, from 3. */
	assert_int_equal(campaign_upgrade_cost(&r, STAT_HULL, 3), 2);
	assert_int_equal(campaign_upgrade_cost(&r, STAT_HULL, 7), 6);
	/* Caps: hull 8, others 5. */
	assert_int_equal(campaign_upgrade_cost(&r, STAT_HULL, 8), -1);
	assert_int_equal(campaign_upgrade_cost(&r, STAT_ENERGY, 5), -1);
	assert_int_equal(campaign_base_stat(STAT_HULL), 3);
	assert_int_equal(campaign_base_stat(STAT_SHIELD), 1);
}

static void test_campaign_full_upgrade_totals(void **state)
{
	struct campaign_rules r;
	int k, total = 0;

	(void)state;
	campaign_rules_default(&r);
	/* Hull 3 -> 8: 2+3+4+5+6 = 20; shield 1 -> 5: 2+3+4+5 = 14. */
	for (k = 3; k < 8; k++)
		total += campaign_upgrade_cost(&r, STAT_HULL, k);
	assert_int_equal(total, 20);
	for (total = 0, k = 1; k < 5; k++)
		total += campaign_upgrade_cost(&r, STAT_SHIELD, k);
	assert_int_equal(total, 14);
}

static void test_campaign_check_upgrade_says_why(void **state)
{
	struct campaign_rules r;
	char err[256];
	int cost = 0;

	(void)state;
	campaign_rules_default(&r);
	assert_int_equal(campaign_check_upgrade(&r, STAT_SHIELD, 1, 2, &cost, err, sizeof(err)), 0);
	assert_int_equal(cost, 2);
	assert_int_equal(campaign_check_upgrade(&r, STAT_SHIELD, 2, 2, &cost, err, sizeof(err)), -1);
	assert_string_equal(err, "raising shield from 2 to 3 costs 3 points; 2 left");
	assert_int_equal(campaign_check_upgrade(&r, STAT_HULL, 8, 50, &cost, err, sizeof(err)), -1);
	assert_string_equal(err, "hull is 8, its cap: it cannot be raised");
}

static void test_campaign_awards(void **state)
{
	struct campaign_rules r;
	struct campaign_award a;

	(void)state;
	campaign_rules_default(&r);
	campaign_award(&r, 1, 2, 1, &a);
	assert_int_equal(a.part, 1);
	assert_int_equal(a.kills, 2);
	assert_int_equal(a.win, 1);
	assert_int_equal(a.total, 4);
	campaign_award(&r, 1, 0, 0, &a);
	assert_int_equal(a.total, 1);
	campaign_award(&r, 0, 0, 1, &a);	/* out for repairs: nothing */
	assert_int_equal(a.total, 0);
}

static void test_campaign_rules_from_json(void **state)
{
	struct campaign_rules r;
	json_error_t jerr;
	json_t *o = json_loads("{\"battles\":3,\"award_kill\":2,\"cost\":{\"energy\":[2,0]},"
			       "\"cap\":{\"hull\":6},\"repairs\":false,\"scenarios\":[\"a\",\"b\"]}",
			       0, &jerr), *back;
	char err[256];

	(void)state;
	assert_int_equal(campaign_rules_from_json(&r, o, err, sizeof(err)), 0);
	assert_int_equal(r.battles, 3);
	assert_int_equal(r.award_kill, 2);
	assert_int_equal(r.award_part, 1);
	assert_int_equal(campaign_upgrade_cost(&r, STAT_ENERGY, 3), 6);
	assert_int_equal(campaign_upgrade_cost(&r, STAT_HULL, 6), -1);
	assert_int_equal(r.repairs, 0);
	assert_string_equal(campaign_scenario_for(&r, 1), "a");
	assert_string_equal(campaign_scenario_for(&r, 2), "b");
	assert_string_equal(campaign_scenario_for(&r, 3), "a");
	back = campaign_rules_to_json(&r);
	json_decref(o);
	assert_int_equal(campaign_rules_from_json(&r, back, err, sizeof(err)), 0);
	assert_int_equal(campaign_upgrade_cost(&r, STAT_ENERGY, 3), 6);
	json_decref(back);
	o = json_loads("{\"cap\":{\"luck\":3}}", 0, &jerr);
	assert_int_equal(campaign_rules_from_json(&r, o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "campaign.cap.luck"));
	json_decref(o);
	o = json_loads("{\"scenarios\":[\"../etc\"]}", 0, &jerr);
	assert_int_equal(campaign_rules_from_json(&r, o, err, sizeof(err)), -1);
	json_decref(o);
}

static void test_campaign_auto_next_hours(void **state)
{
	struct campaign_rules r;
	json_error_t jerr;
	json_t *o, *back;
	char err[256];

	(void)state;
	/* Unset or null: the game master starts each battle. */
	campaign_rules_default(&r);
	assert_int_equal(r.auto_next_hours, -1);
	o = json_loads("{\"auto_next_hours\":null}", 0, &jerr);
	assert_int_equal(campaign_rules_from_json(&r, o, err, sizeof(err)), 0);
	assert_int_equal(r.auto_next_hours, -1);
	back = campaign_rules_to_json(&r);
	assert_null(json_object_get(back, "auto_next_hours"));
	json_decref(back);
	json_decref(o);
	/* 0: at once; kept through JSON. */
	o = json_loads("{\"auto_next_hours\":0}", 0, &jerr);
	assert_int_equal(campaign_rules_from_json(&r, o, err, sizeof(err)), 0);
	assert_int_equal(r.auto_next_hours, 0);
	back = campaign_rules_to_json(&r);
	assert_int_equal(json_integer_value(json_object_get(back, "auto_next_hours")), 0);
	json_decref(back);
	json_decref(o);
	o = json_loads("{\"auto_next_hours\":-1}", 0, &jerr);
	assert_int_equal(campaign_rules_from_json(&r, o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "campaign.auto_next_hours"));
	json_decref(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_campaign_costs_follow_rulings_11),
		cmocka_unit_test(test_campaign_full_upgrade_totals),
		cmocka_unit_test(test_campaign_check_upgrade_says_why),
		cmocka_unit_test(test_campaign_awards),
		cmocka_unit_test(test_campaign_rules_from_json),
		cmocka_unit_test(test_campaign_auto_next_hours),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
