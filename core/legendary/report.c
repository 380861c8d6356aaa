/*
 * legendary's report (R11.1, R11.2): the player's view as text, in English
 * or French (the state's options.lang; a card's text_fr in French). Never a
 * deck's order, a face-down card or the root before the end.
 */
#include "core/legendary/legendary.h"

#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"

struct words {
	const char *title, *over, *in_matrix, *in_real, *time, *damage, *pools, *free_used,
		*free_unused, *objective, *cz, *cz_phone, *usable, *closed, *row, *scan, *phone,
		*destroyed, *face_down, *empty, *matrix_deck, *real_world, *ops, *dock, *zion, *hand,
		*played, *deck, *wounds, *scars, *defeated, *pending, *offer, *prep, *refused, *seal,
		*none, *story, *colon, *cz_empty, *obj_defeated, *obj_defeat, *obj_complete, *obj_manual,
		*obj_minor, *fight, *cost, *damage_of, *card, *cards, *enemy, *enemies;
	const char *classes[5], *keywords[12];
};

static const struct words en = {
	"Game \"%s\": film %d \"%s\", act %d \"%s\", turn %d", "THE GAME IS OVER: %s (%s)",
	"You are in the Matrix", "You are in the Real World", "Time Track: %d of %d",
	"Damage: %d of %d (wounds %d, scars %d)", "Attack %d, Recruit %d", "free move: used",
	"free move: not used", "Objective", "Combat Zone (strikes right to left)",
	"Combat Zone phone: %d Recruit, %s", "usable", "closed", "Matrix row (cards enter at R%d and move left)",
	"scan", "phone", "phone destroyed", "face down", "empty", "Matrix deck: %d face down",
	"Enemies in the Real World", "Operations", "Dock (recruit in the Real World)",
	"Zion: %d %s | Hovercraft: %d at %d Recruit", "Hand", "Played this turn",
	"Deck: %d %s | Discard pile: %d", "Wounds beside your avatar", "Scars: %d (face down, 1 damage each)",
	"Defeated enemies: %d | Completed challenges: %d", "Texts to state first (EFFECT ID \"...\")",
	"Offer: VICTORY MINOR or VICTORY MAJOR first", "Preparation turn: no Matrix phase this turn",
	"Line %d refused (%s): %s", "Seal", "none", "What happened", ":", "empty",
	"defeat %d %s in this act", "defeat", "complete",
	"stated by you (EFFECT ACT \"...\" = advance)", "a minor victory is offered once you",
	"fight", "cost", "damage", "card", "cards", "enemy", "enemies",
	{ "Intellect", "Range", "Strength", "Survival", "Tech" },
	{ "Digital Hero", "Coordinate", "Coordinate (free)", "Double Strike", "Chase", "Cover", "Evade",
	  "Stationary", "Undefeatable", "Wild Swing", "Buy Time", "Sacrifice" }
};

static const struct words fr = {
	"Partie \xc2\xab %s \xc2\xbb : film %d \xc2\xab %s \xc2\xbb, acte %d \xc2\xab %s \xc2\xbb, tour %d",
	"LA PARTIE EST FINIE : %s (%s)", "Vous \xc3\xaates dans la Matrice",
	"Vous \xc3\xaates dans le Monde R\xc3\xa9" "el", "Piste du Temps : %d sur %d",
	"D\xc3\xa9g\xc3\xa2ts : %d sur %d (blessures %d, cicatrices %d)", "Attaque %d, Recrutement %d",
	"d\xc3\xa9placement gratuit : utilis\xc3\xa9", "d\xc3\xa9placement gratuit : disponible", "Objectif",
	"Zone de Combat (frappes de droite \xc3\xa0 gauche)",
	"T\xc3\xa9l\xc3\xa9phone de la Zone de Combat : %d Recrutement, %s", "utilisable", "ferm\xc3\xa9",
	"Rang\xc3\xa9" "e Matrice (les cartes entrent en R%d et avancent vers la gauche)", "scan",
	"t\xc3\xa9l\xc3\xa9phone", "t\xc3\xa9l\xc3\xa9phone d\xc3\xa9truit", "face cach\xc3\xa9" "e", "vide",
	"Paquet Matrice : %d faces cach\xc3\xa9" "es", "Ennemis dans le Monde R\xc3\xa9" "el", "Op\xc3\xa9rations",
	"Quai (recruter dans le Monde R\xc3\xa9" "el)", "Zion : %d %s ; Hovercraft : %d \xc3\xa0 %d Recrutement",
	"Main", "Jou\xc3\xa9" "es ce tour", "Deck : %d %s ; D\xc3\xa9" "fausse : %d",
	"Blessures \xc3\xa0 c\xc3\xb4t\xc3\xa9 de votre avatar", "Cicatrices : %d (faces cach\xc3\xa9" "es, 1 d\xc3\xa9g\xc3\xa2t chacune)",
	"Ennemis vaincus : %d ; D\xc3\xa9" "fis accomplis : %d", "Textes \xc3\xa0 \xc3\xa9noncer d'abord (EFFET ID \"...\")",
	"Offre : VICTOIRE MINEURE ou VICTOIRE MAJEURE d'abord",
	"Tour de pr\xc3\xa9paration : pas de phase Matrice ce tour", "Ligne %d refus\xc3\xa9" "e (%s) : %s", "Sceau",
	"aucune", "Ce qui s'est pass\xc3\xa9", " :", "vide",
	"vaincre %d %s dans cet acte", "vaincre", "accomplir",
	"\xc3\xa0 \xc3\xa9noncer (EFFET ACTE \"...\" = advance)", "une victoire mineure est offerte pour l'objectif :",
	"combat", "co\xc3\xbbt", "d\xc3\xa9g\xc3\xa2ts", "carte", "cartes", "ennemi", "ennemis",
	{ "Intellect", "Port\xc3\xa9" "e", "Force", "Survie", "Technologie" },
	{ "H\xc3\xa9ros num\xc3\xa9rique", "Coordination", "Coordination (libre)", "Frappe double",
	  "Poursuite", "Couverture", "\xc3\x89vasion", "Immobile", "Invincible", "Coup sauvage",
	  "Gagner du temps", "Sacrifice" }
};

static int I(const json_t *v, const char *key)
{
	return (int)json_integer_value(json_object_get(v, key));
}

static const char *S(const json_t *v, const char *key)
{
	const char *s = json_string_value(json_object_get(v, key));

	return s ? s : "";
}

/* A keyword as people read it (R11.2): "Evade 2", "Buy Time", "Coup sauvage". */
static void keyword(struct strbuf *sb, const struct words *w, const char *k)
{
	static const char *const ids[12] = { "digital", "coordinate", "coordinate-free", "double-strike",
					     "chase", "cover", "evade", "stationary", "undefeatable",
					     "wild-swing", "buy-time", "sacrifice" };
	size_t len = strcspn(k, ":"), i;

	for (i = 0; i < 12; i++)
		if (strlen(ids[i]) == len && !strncmp(ids[i], k, len))
			break;
	strbuf_addf(sb, ", %s", i < 12 ? w->keywords[i] : k);
	if (k[len] == ':')
		strbuf_addf(sb, " %s", k + len + 1);
}

/* "Name [ID.n] (fight 2, Chase)" or "(cost 3, Tech, Coordinate)". */
static void card_line(struct strbuf *sb, const struct legendary_pack *p, const char *inst,
		      const struct words *w)
{
	static const char *const classes[5] = { "intellect", "range", "strength", "survival", "tech" };
	const json_t *c = legendary_card(p, inst, NULL), *k;
	const char *type = S(c, "type"), *cls = S(c, "class");
	size_t i;

	strbuf_addf(sb, "%s [%s] (", S(c, "name"), inst);
	if (!strcmp(type, "enemy"))
		strbuf_addf(sb, "%s %d", w->fight, legendary_int(c, "fight", 0));
	else if (!strcmp(type, "hero"))
		strbuf_addf(sb, "%s %d", w->cost, legendary_int(c, "cost", 0));
	else if (!strcmp(type, "wound"))
		strbuf_addf(sb, "%s %d", w->damage_of, legendary_int(c, "damage", 0));
	else
		strbuf_addf(sb, "%s", w == &fr ? legendary_french(type) : type);
	for (i = 0; *cls && i < 5; i++)
		if (!strcmp(cls, classes[i]))
			strbuf_addf(sb, ", %s", w->classes[i]);
	json_array_foreach(json_object_get(c, "keywords"), i, k)
		keyword(sb, w, json_string_value(k));
	strbuf_addf(sb, ")");
}

/* A pile, one card a line under a heading; nothing at all when empty and skip_empty. */
static void list(struct strbuf *sb, const struct legendary_pack *p, const char *heading,
		 const json_t *arr, const struct words *w, const char *none, int skip_empty)
{
	size_t i;
	const json_t *v;

	if (!json_array_size(arr) && skip_empty)
		return;
	strbuf_addf(sb, "%s%s\n", heading, w->colon);
	if (!json_array_size(arr))
		strbuf_addf(sb, "  %s\n", none);
	json_array_foreach(arr, i, v) {
		const char *inst = json_is_object(v) ? S(v, "card") : json_string_value(v);

		strbuf_addf(sb, "  ");
		if (inst)
			card_line(sb, p, inst, w);
		strbuf_addf(sb, "\n");
	}
}

/* A pile on one line: "Hand: A [A.1] (cost 0); B [B.2] (cost 1)". */
static void inline_list(struct strbuf *sb, const struct legendary_pack *p, const char *heading,
			const json_t *arr, const struct words *w)
{
	size_t i;
	const json_t *v;

	strbuf_addf(sb, "%s%s ", heading, w->colon);
	if (!json_array_size(arr))
		strbuf_addf(sb, "%s", w->none);
	json_array_foreach(arr, i, v) {
		if (i)
			strbuf_addf(sb, "; ");
		card_line(sb, p, json_string_value(v), w);
	}
	strbuf_addf(sb, "\n");
}

static int count(const json_t *v)
{
	return json_is_integer(v) ? (int)json_integer_value(v) : (int)json_array_size(v);
}

/* The names of the cards of an objective's list: "The Overseer, Beacon". */
static void names(struct strbuf *sb, const struct legendary_pack *p, const json_t *ids)
{
	size_t i;
	const json_t *v;

	json_array_foreach(ids, i, v)
		strbuf_addf(sb, "%s%s", i ? ", " : "",
			    S(legendary_card(p, json_string_value(v), NULL), "name"));
}

/* What an objective (R2.7) asks, after "Objective: " or in the minor offer's note. */
static void objective(struct strbuf *sb, const struct legendary_pack *p, const json_t *obj,
		      const struct words *w)
{
	if (json_is_string(obj))
		strbuf_addf(sb, "%s", w->obj_manual);
	else if (json_object_get(obj, "defeated"))
		strbuf_addf(sb, w->obj_defeated, I(obj, "defeated"),
			    I(obj, "defeated") == 1 ? w->enemy : w->enemies);
	else {
		if (json_object_get(obj, "defeat")) {
			strbuf_addf(sb, "%s ", w->obj_defeat);
			names(sb, p, json_object_get(obj, "defeat"));
		}
		if (json_object_get(obj, "complete")) {
			strbuf_addf(sb, "%s%s ", json_object_get(obj, "defeat") ? ", " : "", w->obj_complete);
			names(sb, p, json_object_get(obj, "complete"));
		}
	}
}

/*
 * The campaign line (R7, R11.1): the film of three, the character, the
 * attempt, the films won so far.
 */
static void campaign_line(const json_t *view, int fr_lang, struct strbuf *sb)
{
	const json_t *c = json_object_get(view, "campaign"), *f;
	size_t i;
	int won = 0;

	json_array_foreach(json_object_get(c, "films"), i, f)
		won += !strcmp(S(f, "result"), "major-victory");
	strbuf_addf(sb, fr_lang ? "Campagne : film %d sur 3, personnage %s, tentative %d, films gagn\xc3\xa9s : %d\n"
			       : "Campaign: film %d of 3, character %s, attempt %d, films won: %d\n",
		    I(view, "film"), S(c, "character"), I(view, "attempt"), won);
}

/*
 * The ASCII-safe form of a text for old mail clients (lang fr-ascii), in
 * place: the French letters lose their accents, guillemets become << >>,
 * any other non-ASCII character a '?'. The text never grows.
 */
void legendary_ascii(char *s)
{
	static const struct {
		const char *from, *to;
	} map[] = {
		{ "\xc3\xa0", "a" }, { "\xc3\xa2", "a" }, { "\xc3\xa4", "a" }, { "\xc3\xa7", "c" },
		{ "\xc3\xa8", "e" }, { "\xc3\xa9", "e" }, { "\xc3\xaa", "e" }, { "\xc3\xab", "e" },
		{ "\xc3\xae", "i" }, { "\xc3\xaf", "i" }, { "\xc3\xb4", "o" }, { "\xc3\xb6", "o" },
		{ "\xc3\xb9", "u" }, { "\xc3\xbb", "u" }, { "\xc3\xbc", "u" }, { "\xc3\x80", "A" },
		{ "\xc3\x87", "C" }, { "\xc3\x88", "E" }, { "\xc3\x89", "E" }, { "\xc3\x8a", "E" },
		{ "\xc3\x94", "O" }, { "\xc5\x93", "oe" }, { "\xc2\xab", "<<" }, { "\xc2\xbb", ">>" },
		{ "\xc2\xa0", " " }, { "\xe2\x80\x99", "'" },
	};
	const unsigned char *q = (const unsigned char *)s;
	char *w = s;
	size_t k;

	while (*q) {
		if (*q < 0x80) {
			*w++ = (char)*q++;
			continue;
		}
		for (k = 0; k < sizeof(map) / sizeof(map[0]); k++)
			if (!strncmp((const char *)q, map[k].from, strlen(map[k].from)))
				break;
		if (k < sizeof(map) / sizeof(map[0])) {
			size_t len = strlen(map[k].to);

			q += strlen(map[k].from);	/* never shorter than its ASCII form */
			memmove(w, map[k].to, len);
			w += len;
			continue;
		}
		*w++ = '?';	/* one '?' for the whole character */
		q++;
		while ((*q & 0xc0) == 0x80)
			q++;
	}
	*w = 0;
}

static void ascii(struct strbuf *sb)
{
	char *copy = strdup(strbuf_str(sb));

	if (!copy) {
		sb->failed = 1;
		return;
	}
	legendary_ascii(copy);
	strbuf_reset(sb);
	strbuf_addstr(sb, copy);
	free(copy);
}

/* The template's own words (templates/legendary/report.mustache), in the game's language. */
json_t *legendary_template_words(const char *lang)
{
	json_t *w;

	if (strncmp(lang ? lang : "", "fr", 2))
		return json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}", "begins", "the game begins", "mail", "mail",
				 "for", "For", "story", "WHAT HAPPENED", "over", "THE GAME IS OVER",
				 "root", "Every shuffle came from the root", "next", "YOUR NEXT MAIL",
				 "reply", "Reply to this mail with the block below filled in (English or French words).",
				 "title", "Legendary Encounters: The Matrix, a solo aid over the player's card pack",
				 "seal_note", "the seal printed above is SHA-256 of mxjudge:legendary:NAME:root:ROOT");
	w = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}", "begins", "la partie commence", "mail", "courrier",
		      "title", "Legendary Encounters: The Matrix, une aide solo sur le paquet de cartes du joueur",
		      "seal_note", "le sceau imprim\xc3\xa9 plus haut est le SHA-256 de "
		      "mxjudge:legendary:NOM:root:RACINE",
		      "for", "Pour", "story", "CE QUI S'EST PASS\xc3\x89", "over", "LA PARTIE EST FINIE",
		      "root", "Chaque m\xc3\xa9lange est venu de la racine", "next", "VOTRE PROCHAIN COURRIER",
		      "reply", "R\xc3\xa9pondez \xc3\xa0 ce courrier avec le bloc ci-dessous rempli "
		      "(mots fran\xc3\xa7" "ais ou anglais).");
	if (w && !strcmp(lang, "fr-ascii")) {
		const char *key;
		json_t *v;

		json_object_foreach(w, key, v) {
			char *t = strdup(json_string_value(v));

			if (t) {
				legendary_ascii(t);
				json_string_set(v, t);
				free(t);
			}
		}
	}
	return w;
}

/*
 * R10.5: a finished game's report reveals the pack's digest and the whole
 * log, every mail's lines then its shuffles and draws, so that anyone can
 * redo every shuffle from the root and replay every mail.
 */
static void final_log(const json_t *view, int fr_lang, struct strbuf *sb)
{
	const json_t *pack = json_object_get(view, "pack"), *m, *v;
	size_t i, k;

	strbuf_addf(sb, fr_lang ? "Paquet : %s, empreinte %s\n" : "Pack: %s, digest %s\n", S(pack, "name"),
		    S(pack, "digest"));
	if (!json_array_size(json_object_get(view, "log")))
		return;
	strbuf_addf(sb, "%s\n", fr_lang ? "Le journal de chaque courrier (ses lignes, puis ses m\xc3\xa9langes "
		    "et ses pioches) :" : "The log of every mail (its lines, then its shuffles and draws):");
	json_array_foreach(json_object_get(view, "log"), i, m) {
		strbuf_addf(sb, fr_lang ? "  Courrier %zu (tour %d) :\n" : "  Mail %zu (turn %d):\n", i + 1,
			    I(m, "turn"));
		json_array_foreach(json_object_get(m, "lines"), k, v)
			strbuf_addf(sb, "    > %s\n", json_string_value(v) ? json_string_value(v) : "");
		json_array_foreach(json_object_get(m, "draws"), k, v)
			strbuf_addf(sb, "    %s\n", json_string_value(v) ? json_string_value(v) : "");
	}
}

void legendary_report(const struct legendary_pack *p, const json_t *view, struct strbuf *sb)
{
	const char *lang = S(json_object_get(view, "options"), "lang");
	int fr_lang = !strncmp(lang, "fr", 2);
	const struct words *w = fr_lang ? &fr : &en;
	const json_t *film = json_array_get(p->films, (size_t)(I(view, "film") - 1));
	const json_t *act = json_array_get(json_object_get(film, "acts"), (size_t)(I(view, "act") - 1));
	const json_t *pools = json_object_get(view, "pools"), *v, *refused = json_object_get(view, "refused");
	int k, scars = count(json_object_get(view, "scars")), dmg = scars, wd = 0;
	size_t i;

	json_array_foreach(json_object_get(view, "wounds"), i, v)
		wd += legendary_int(legendary_card(p, json_string_value(v), NULL), "damage", 0);
	dmg += wd;
	strbuf_addf(sb, w->title, S(view, "name"), I(view, "film"), S(film, "name"), I(view, "act"),
		    S(act, "name"), I(view, "turn"));
	strbuf_addf(sb, "\n");
	if (!strcmp(S(view, "status"), "setup")) {
		/* R4.2: nothing is dealt before the nonce; the seal is already there */
		strbuf_addf(sb, "%s\n", fr_lang ? "La donne attend votre nonce : commencez votre r\xc3\xa9ponse par "
			    "NONCE et un mot \xc3\xa0 vous." : "The deal waits for your nonce: begin your reply with "
			    "NONCE and a word of your own.");
		if (json_is_string(json_object_get(view, "commitment")))
			strbuf_addf(sb, "%s%s %s\n", w->seal, w->colon, S(view, "commitment"));
		if (!strcmp(lang, "fr-ascii"))
			ascii(sb);
		return;
	}
	if (!strcmp(S(view, "status"), "over")) {
		strbuf_addf(sb, w->over, fr_lang ? legendary_french(S(view, "result")) : S(view, "result"),
			    fr_lang ? legendary_french(S(view, "end")) : S(view, "end"));
		strbuf_addf(sb, "\n");
	}
	if (json_is_object(json_object_get(view, "campaign")))
		campaign_line(view, fr_lang, sb);
	strbuf_addf(sb, "%s | ", strcmp(S(view, "world"), "matrix") ? w->in_real : w->in_matrix);
	strbuf_addf(sb, w->time, I(view, "time"), p->board.time_start);
	strbuf_addf(sb, " | ");
	strbuf_addf(sb, w->damage, dmg, legendary_int(legendary_card(p, S(view, "avatar"), NULL), "health", 0),
		    wd, scars);
	strbuf_addf(sb, "\n");
	strbuf_addf(sb, w->pools, I(pools, "attack"), I(pools, "recruit"));
	strbuf_addf(sb, " | %s", json_is_true(json_object_get(view, "free_move")) ? w->free_used : w->free_unused);
	if (I(view, "extra_moves"))
		strbuf_addf(sb, " | %s %d", fr_lang ? "d\xc3\xa9placements en plus :" : "extra moves:",
			    I(view, "extra_moves"));
	strbuf_addf(sb, "\n");
	if (json_is_true(json_object_get(view, "preparation")))
		strbuf_addf(sb, "%s\n", w->prep);
	strbuf_addf(sb, "%s%s ", w->objective, w->colon);
	objective(sb, p, json_object_get(act, "objective"), w);
	if (json_object_get(act, "minor_offer") && !json_is_true(json_object_get(view, "offered"))) {
		strbuf_addf(sb, " (%s ", w->obj_minor);
		objective(sb, p, json_object_get(act, "minor_offer"), w);
		strbuf_addf(sb, ")");
	}
	strbuf_addf(sb, "\n\n");
	list(sb, p, w->cz, json_object_get(view, "combat_zone"), w, w->cz_empty, 0);
	strbuf_addf(sb, "  ");
	strbuf_addf(sb, w->cz_phone, p->board.cz_cost,
		    count(json_object_get(view, "combat_zone")) >= p->board.cz_max ? w->closed : w->usable);
	strbuf_addf(sb, "\n");
	strbuf_addf(sb, w->row, p->board.nslots);
	strbuf_addf(sb, "%s\n", w->colon);
	for (k = 0; k < p->board.nslots; k++) {
		const json_t *e = json_array_get(json_object_get(view, "row"), (size_t)k), *d;
		int destroyed = 0;

		json_array_foreach(json_object_get(view, "destroyed_phones"), i, d)
			destroyed |= json_integer_value(d) == k + 1;
		strbuf_addf(sb, "  R%d [%s %d%s%s] ", k + 1, w->scan, p->board.scan[k],
			    p->board.phone[k] ? ", " : "",
			    p->board.phone[k] ? (destroyed ? w->destroyed : w->phone) : "");
		if (json_is_null(e) || !e)
			strbuf_addf(sb, "%s", w->empty);
		else if (!json_object_get(e, "card") || strcmp(S(e, "face"), "up"))
			strbuf_addf(sb, "%s", w->face_down);
		else
			card_line(sb, p, S(e, "card"), w);
		strbuf_addf(sb, "\n");
	}
	strbuf_addf(sb, "  ");
	strbuf_addf(sb, w->matrix_deck, count(json_object_get(view, "matrix_deck")));
	strbuf_addf(sb, "\n");
	list(sb, p, w->real_world, json_object_get(view, "real_world"), w, w->none, 1);
	list(sb, p, w->ops, json_object_get(view, "operations"), w, w->none, 1);
	strbuf_addf(sb, "\n%s%s\n", w->dock, w->colon);
	json_array_foreach(json_object_get(view, "dock"), i, v) {
		strbuf_addf(sb, "  D%zu ", i + 1);
		if (json_is_string(v))
			card_line(sb, p, json_string_value(v), w);
		else
			strbuf_addf(sb, "%s", w->empty);
		strbuf_addf(sb, "\n");
	}
	strbuf_addf(sb, "  ");
	strbuf_addf(sb, w->zion, count(json_object_get(view, "zion")),
		    count(json_object_get(view, "zion")) == 1 ? w->card : w->cards,
		    count(json_object_get(view, "hovercraft")), p->board.hovercraft_cost);
	strbuf_addf(sb, "\n");
	inline_list(sb, p, w->hand, json_object_get(view, "hand"), w);
	if (json_array_size(json_object_get(view, "played")))
		inline_list(sb, p, w->played, json_object_get(view, "played"), w);
	strbuf_addf(sb, w->deck, count(json_object_get(view, "deck")),
		    count(json_object_get(view, "deck")) == 1 ? w->card : w->cards,
		    count(json_object_get(view, "discard")));
	strbuf_addf(sb, "\n");
	inline_list(sb, p, w->wounds, json_object_get(view, "wounds"), w);
	if (scars || json_is_object(json_object_get(view, "campaign"))) {
		strbuf_addf(sb, w->scars, scars);
		strbuf_addf(sb, "\n");
	}
	strbuf_addf(sb, w->defeated, count(json_object_get(view, "defeated_enemies")),
		    count(json_object_get(view, "completed")));
	strbuf_addf(sb, "\n");
	if (json_array_size(json_object_get(view, "due"))) {
		strbuf_addf(sb, "%s%s\n", w->pending, w->colon);
		json_array_foreach(json_object_get(view, "due"), i, v) {
			const json_t *c = legendary_card(p, S(v, "card"), NULL);
			const char *text = fr_lang && json_object_get(c, "text_fr") ? S(c, "text_fr") : S(c, "text");

			const char *kind = fr_lang ? legendary_french(S(v, "kind")) : S(v, "kind");

			if (!strcmp(S(v, "card"), "ACT"))
				strbuf_addf(sb, "  %s (%s)%s ", fr_lang ? "ACTE" : "ACT", kind, w->colon);
			else
				strbuf_addf(sb, "  %s [%s] (%s)%s ", S(c, "name"), S(v, "card"), kind, w->colon);
			strbuf_addf(sb, "%s\n", text);
		}
	}
	if (json_is_string(json_object_get(view, "offer")))
		strbuf_addf(sb, "%s\n", w->offer);
	if (json_is_object(refused)) {
		strbuf_addf(sb, w->refused, I(refused, "line"), S(refused, "code"), S(refused, "message"));
		strbuf_addf(sb, "\n");
	}
	if (json_is_string(json_object_get(view, "commitment")))
		strbuf_addf(sb, "%s%s %s\n", w->seal, w->colon, S(view, "commitment"));
	if (json_is_string(json_object_get(view, "nonce")))
		strbuf_addf(sb, "Nonce%s %s\n", w->colon, S(view, "nonce"));
	if (!strcmp(S(view, "status"), "over"))
		final_log(view, fr_lang, sb);
	if (!strcmp(lang, "fr-ascii"))
		ascii(sb);
}
