/*
 * report: a resolved turn's report played again from its stored inputs,
 * as `mxjudge report` shows it and the desk and the archive take it.
 *
 * Ownership: sink is the caller's; nothing else is kept.
 */
#ifndef MX_JUDGE_REPORT_H
#define MX_JUDGE_REPORT_H

#include "cmd/cmd.h"

struct strbuf;

/*
 * The report of campaign name's turn (-1: the last resolved) as ship_name
 * saw it (NULL: the bulletin); printed (as JSON when json), or with sink
 * appended to sink (a setup turn then gives EXIT_DATAERR, printing
 * nothing). An exit code. report_public() (cmd/reporting.h) is the
 * bulletin into a sink.
 */
int report_show(struct cmd_ctx *ctx, const char *name, const char *ship_name, long turn,
		int json, struct strbuf *sink);

#endif
