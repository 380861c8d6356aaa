/*
 * templates: finds and renders the Mustache templates people read
 * (reports, receipts, replies). The search path is, first to last: the
 * campaign's own templates directory (setting "templates"),
 * $MXJUDGE_TEMPLATES, the source tree next to the binary, the installed
 * share directory, and BINDIR/../share/mxjudge/templates next to the
 * binary (relocated installs).
 *
 * A template NAME of the judge's own (templates_render) is NAME.mustache
 * in the first directory that has it. A game's template
 * (templates_render_game: Hovercrafts' report, say) is looked up in each
 * directory as GAME/NAME.mustache, then NAME.mustache, before the next
 * one: campaign/GAME/NAME, campaign/NAME, $MXJUDGE_TEMPLATES/GAME/NAME,
 * $MXJUDGE_TEMPLATES/NAME, and so on. So a game master's flat
 * report.mustache still overrides the game's shipped one, and a shipped
 * flat file left from an older install never hides the game's own.
 * Partials are found the same way, with the game of the template that
 * names them.
 *
 * Ownership: templates_render() appends to a strbuf the caller owns; the
 * data is borrowed.
 */
#ifndef MX_TEMPLATES_H
#define MX_TEMPLATES_H

#include <jansson.h>
#include <stddef.h>

#include "lib/strbuf.h"

/* Renders template name; override_dir may be NULL. 0 or -1 with err. */
int templates_render(const char *name, const char *override_dir, const json_t *data,
		     struct strbuf *out, char *err, size_t errlen);
/* The same for a game's template (its folder first, see above); game NULL is none. */
int templates_render_game(const char *game, const char *name, const char *override_dir,
			  const json_t *data, struct strbuf *out, char *err, size_t errlen);
/* Renders the template in file path, partials from partials_dir (or the search path). */
int templates_render_file(const char *path, const char *partials_dir, const json_t *data,
			  struct strbuf *out, char *err, size_t errlen);
/* The same with a game's partials: partials_dir/GAME/NAME first, then partials_dir/NAME. */
int templates_render_file_game(const char *game, const char *path, const char *partials_dir,
			       const json_t *data, struct strbuf *out, char *err, size_t errlen);
/*
 * The directory a template was found in (DIR/GAME for a game's own), for
 * messages; game may be NULL. NULL if none. Caller frees.
 */
char *templates_find(const char *game, const char *name, const char *override_dir);

/*
 * Other shipped files on the same search path: subdir/NAME.ext (a game's
 * scenarios under "hovercrafts/scenarios", maps under "hovercrafts/maps";
 * the last part alone, "scenarios", is looked in too, as directories made
 * before games had folders have it). NAME must be a plain name. The
 * path of the first found, malloc'd, or NULL.
 */
char *templates_find_file(const char *subdir, const char *name, const char *ext,
			  const char *override_dir);
/* Calls fn for each subdir/NAME.ext on the search path, first one of a name only. */
void templates_each_file(const char *subdir, const char *ext, const char *override_dir,
			 void (*fn)(void *ctx, const char *name, const char *path), void *ctx);

#endif
