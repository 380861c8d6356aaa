/*
 * legendary's report (R11.1, R11.2): the player's view as text, in English
 * or French (the state's options.lang; a card's text_fr in French). Never a
 * deck's order, a face-down card or the root before the end.
 */
#include "core/legendary/legendary.h"

#include <string.h>

#include "lib/strbuf.h"

struct words {
	const char *title, *over, *in_matrix, *in_real, *time, *damage, *pools, *free_used,
		*free_unused, *objective, *cz, *cz_phone, *usable, *closed, *row, *scan, *phone,
		*destroyed, *face_down, *empty, *matrix_deck, *real_world, *ops, *dock, *zion, *hand,
		*played, *deck, *wounds, *scars, *defeated, *pending, *offer, *prep, *refused, *seal,
		*none, *story;
};

static const struct words en = {
	"Game \"%s\": film %d \"%s\", act %d \"%s\", turn %d", "THE GAME IS OVER: %s (%s)",
	"You are in the Matrix", "You are in the Real World", "Time Track: %d of %d",
	"Damage: %d of %d (wounds %d, scars %d)", "Attack %d, Recruit %d", "free move: used",
	"free move: not used", "Objective", "Combat Zone (strikes right to left)",
	"Combat Zone phone: %d Recruit, %s", "usable", "closed", "Matrix row (cards enter at R%d and move left)",
	"scan", "phone", "phone destroyed", "face down", "empty", "Matrix deck: %d face down",
	"Enemies in the Real World", "Operations", "Dock (recruit in the Real World)",
	"Zion: %d cards | Hovercraft: %d at %d Recruit", "Hand", "Played this turn",
	"Deck: %d cards | Discard pile: %d", "Wounds beside your avatar", "Scars: %d (face down, 1 damage each)",
	"Defeated enemies: %d | Completed challenges: %d", "Texts to state first (EFFECT ID \"...\")",
	"Offer: VICTORY MINOR or VICTORY MAJOR first", "Preparation turn: no Matrix phase this turn",
	"Line %d refused (%s): %s", "Seal", "none", "What happened"
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
	"Quai (recruter dans le Monde R\xc3\xa9" "el)", "Zion : %d cartes ; Hovercraft : %d \xc3\xa0 %d Recrutement",
	"Main", "Jou\xc3\xa9" "es ce tour", "Deck : %d cartes ; D\xc3\xa9" "fausse : %d",
	"Blessures \xc3\xa0 c\xc3\xb4t\xc3\xa9 de votre avatar", "Cicatrices : %d (faces cach\xc3\xa9" "es, 1 d\xc3\xa9g\xc3\xa2t chacune)",
	"Ennemis vaincus : %d ; D\xc3\xa9" "fis accomplis : %d", "Textes \xc3\xa0 \xc3\xa9noncer d'abord (EFFET ID \"...\")",
	"Offre : VICTOIRE MINEURE ou VICTOIRE MAJEURE d'abord",
	"Tour de pr\xc3\xa9paration : pas de phase Matrice ce tour", "Ligne %d refus\xc3\xa9" "e (%s) : %s", "Sceau",
	"aucune", "Ce qui s'est pass\xc3\xa9"
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

/* "Name [ID.n] (fight 2, Chase)" or "(cost 3, tech)". */
static void card_line(struct strbuf *sb, const struct legendary_pack *p, const char *inst, int fr_lang)
{
	const json_t *c = legendary_card(p, inst, NULL), *k;
	const char *type = S(c, "type");
	size_t i;

	strbuf_addf(sb, "%s [%s] (", S(c, "name"), inst);
	if (!strcmp(type, "enemy"))
		strbuf_addf(sb, "%s %d", fr_lang ? "combat" : "fight", legendary_int(c, "fight", 0));
	else if (!strcmp(type, "hero"))
		strbuf_addf(sb, "%s %d", fr_lang ? "co\xc3\xbbt" : "cost", legendary_int(c, "cost", 0));
	else
		strbuf_addf(sb, "%s", type);
	if (json_object_get(c, "class"))
		strbuf_addf(sb, ", %s", S(c, "class"));
	json_array_foreach(json_object_get(c, "keywords"), i, k)
		strbuf_addf(sb, ", %s", json_string_value(k));
	strbuf_addf(sb, ")");
}

static void list(struct strbuf *sb, const struct legendary_pack *p, const json_t *arr, const struct words *w,
		 int fr_lang)
{
	size_t i;
	const json_t *v;

	if (!json_array_size(arr))
		strbuf_addf(sb, "  %s\n", w->none);
	json_array_foreach(arr, i, v) {
		const char *inst = json_is_object(v) ? S(v, "card") : json_string_value(v);

		strbuf_addf(sb, "  ");
		if (inst)
			card_line(sb, p, inst, fr_lang);
		strbuf_addf(sb, "\n");
	}
}

static int count(const json_t *v)
{
	return json_is_integer(v) ? (int)json_integer_value(v) : (int)json_array_size(v);
}

void legendary_report(const struct legendary_pack *p, const json_t *view, struct strbuf *sb)
{
	int fr_lang = !strcmp(S(json_object_get(view, "options"), "lang"), "fr");
	const struct words *w = fr_lang ? &fr : &en;
	const json_t *film = json_array_get(p->films, (size_t)(I(view, "film") - 1));
	const json_t *act = json_array_get(json_object_get(film, "acts"), (size_t)(I(view, "act") - 1));
	const json_t *pools = json_object_get(view, "pools"), *v, *refused = json_object_get(view, "refused");
	int k, dmg = count(json_object_get(view, "scars")), wd = 0;
	size_t i;

	json_array_foreach(json_object_get(view, "wounds"), i, v)
		wd += legendary_int(legendary_card(p, json_string_value(v), NULL), "damage", 0);
	dmg += wd;
	strbuf_addf(sb, w->title, S(view, "name"), I(view, "film"), S(film, "name"), I(view, "act"),
		    S(act, "name"), I(view, "turn"));
	strbuf_addf(sb, "\n");
	if (!strcmp(S(view, "status"), "over")) {
		strbuf_addf(sb, w->over, S(view, "result"), S(view, "end"));
		strbuf_addf(sb, "\n");
	}
	strbuf_addf(sb, "%s | ", strcmp(S(view, "world"), "matrix") ? w->in_real : w->in_matrix);
	strbuf_addf(sb, w->time, I(view, "time"), p->board.time_start);
	strbuf_addf(sb, " | ");
	strbuf_addf(sb, w->damage, dmg, legendary_int(legendary_card(p, S(view, "avatar"), NULL), "health", 0),
		    wd, count(json_object_get(view, "scars")));
	strbuf_addf(sb, "\n");
	strbuf_addf(sb, w->pools, I(pools, "attack"), I(pools, "recruit"));
	strbuf_addf(sb, " | %s\n", json_is_true(json_object_get(view, "free_move")) ? w->free_used : w->free_unused);
	if (json_is_true(json_object_get(view, "preparation")))
		strbuf_addf(sb, "%s\n", w->prep);
	strbuf_addf(sb, "\n%s:\n", w->cz);
	list(sb, p, json_object_get(view, "combat_zone"), w, fr_lang);
	strbuf_addf(sb, "  ");
	strbuf_addf(sb, w->cz_phone, p->board.cz_cost,
		    count(json_object_get(view, "combat_zone")) >= p->board.cz_max ? w->closed : w->usable);
	strbuf_addf(sb, "\n");
	strbuf_addf(sb, w->row, p->board.nslots);
	strbuf_addf(sb, ":\n");
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
			card_line(sb, p, S(e, "card"), fr_lang);
		strbuf_addf(sb, "\n");
	}
	strbuf_addf(sb, "  ");
	strbuf_addf(sb, w->matrix_deck, count(json_object_get(view, "matrix_deck")));
	strbuf_addf(sb, "\n%s:\n", w->real_world);
	list(sb, p, json_object_get(view, "real_world"), w, fr_lang);
	strbuf_addf(sb, "%s:\n", w->ops);
	list(sb, p, json_object_get(view, "operations"), w, fr_lang);
	strbuf_addf(sb, "\n%s:\n", w->dock);
	json_array_foreach(json_object_get(view, "dock"), i, v) {
		strbuf_addf(sb, "  D%zu ", i + 1);
		if (json_is_string(v))
			card_line(sb, p, json_string_value(v), fr_lang);
		else
			strbuf_addf(sb, "%s", w->empty);
		strbuf_addf(sb, "\n");
	}
	strbuf_addf(sb, "  ");
	strbuf_addf(sb, w->zion, count(json_object_get(view, "zion")), count(json_object_get(view, "hovercraft")),
		    p->board.hovercraft_cost);
	strbuf_addf(sb, "\n%s:\n", w->hand);
	list(sb, p, json_object_get(view, "hand"), w, fr_lang);
	if (json_array_size(json_object_get(view, "played"))) {
		strbuf_addf(sb, "%s:\n", w->played);
		list(sb, p, json_object_get(view, "played"), w, fr_lang);
	}
	strbuf_addf(sb, w->deck, count(json_object_get(view, "deck")), count(json_object_get(view, "discard")));
	strbuf_addf(sb, "\n%s:\n", w->wounds);
	list(sb, p, json_object_get(view, "wounds"), w, fr_lang);
	strbuf_addf(sb, w->scars, count(json_object_get(view, "scars")));
	strbuf_addf(sb, "\n");
	strbuf_addf(sb, w->defeated, count(json_object_get(view, "defeated_enemies")),
		    count(json_object_get(view, "completed")));
	strbuf_addf(sb, "\n");
	if (json_array_size(json_object_get(view, "due"))) {
		strbuf_addf(sb, "%s:\n", w->pending);
		json_array_foreach(json_object_get(view, "due"), i, v) {
			const json_t *c = legendary_card(p, S(v, "card"), NULL);
			const char *text = fr_lang && json_object_get(c, "text_fr") ? S(c, "text_fr") : S(c, "text");

			strbuf_addf(sb, "  %s [%s] (%s): %s\n", S(c, "name"), S(v, "card"), S(v, "kind"), text);
		}
	}
	if (json_is_string(json_object_get(view, "offer")))
		strbuf_addf(sb, "%s\n", w->offer);
	if (json_is_object(refused)) {
		strbuf_addf(sb, w->refused, I(refused, "line"), S(refused, "code"), S(refused, "message"));
		strbuf_addf(sb, "\n");
	}
	if (json_is_string(json_object_get(view, "commitment")))
		strbuf_addf(sb, "%s: %s\n", w->seal, S(view, "commitment"));
	if (json_is_string(json_object_get(view, "nonce")))
		strbuf_addf(sb, "Nonce: %s\n", S(view, "nonce"));
}
