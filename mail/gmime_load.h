/*
 * mail/gmime_load: GMime, loaded only when a message needs it. GMime
 * brings GLib, GObject, GIO, gpgme and ten more libraries: about 1.9 ms
 * of dynamic loading an exec, a third of a `mxjudge receive` run from a
 * mail pipe, where a captain's plain-text orders need none of it
 * (mail/plain.h reads those). So the binary is not linked with GMime: the
 * first call of gmimex_load() dlopen()s libgmime-3.0.so.0 (thread-safe,
 * once), takes the functions mail/parse.c uses into a table and calls
 * g_mime_init(); the table is the same for every later call. The library
 * is never closed (GLib's type system cannot be unloaded).
 *
 * The prototypes come from <gmime/gmime.h> (pkg-config's cflags), so every
 * pointer has GMime's own type. Nothing may call g_* directly (no -lgmime:
 * the link would fail), and GLib's checking macros (GMIME_IS_PART, casts)
 * call GObject, so mail/parse.c tests types with type_is_a and casts
 * plainly.
 *
 * When the library cannot be loaded, gmimex_load() returns NULL with
 * "cannot load libgmime-3.0.so.0: WHY; install libgmime-3.0-0" in err.
 * gmimex_loaded() says whether it has been loaded (for the tests).
 */
#ifndef MX_MAIL_GMIME_LOAD_H
#define MX_MAIL_GMIME_LOAD_H

#include <gmime/gmime.h>
#include <stddef.h>

#ifndef GMIMEX_SONAME
#define GMIMEX_SONAME "libgmime-3.0.so.0"
#endif

#define GMIMEX_FN(name) __typeof__(name) *name
struct gmimex {
	GMIMEX_FN(g_mime_init);
	GMIMEX_FN(g_mime_stream_mem_new_with_buffer);
	GMIMEX_FN(g_mime_parser_new_with_stream);
	GMIMEX_FN(g_mime_parser_set_format);
	GMIMEX_FN(g_mime_parser_construct_message);
	GMIMEX_FN(g_mime_parser_options_new);
	GMIMEX_FN(g_mime_parser_options_free);
	GMIMEX_FN(g_mime_parser_options_set_fallback_charsets);
	GMIMEX_FN(g_mime_parser_options_set_rfc2047_compliance_mode);
	GMIMEX_FN(g_mime_parser_options_set_address_compliance_mode);
	GMIMEX_FN(g_mime_parser_options_set_parameter_compliance_mode);
	GMIMEX_FN(g_mime_message_get_from);
	GMIMEX_FN(g_mime_message_get_subject);
	GMIMEX_FN(g_mime_message_get_message_id);
	GMIMEX_FN(g_mime_message_get_mime_part);
	GMIMEX_FN(g_mime_object_get_header);
	GMIMEX_FN(g_mime_object_get_content_type);
	GMIMEX_FN(g_mime_content_type_is_type);
	GMIMEX_FN(g_mime_content_type_get_parameter);
	GMIMEX_FN(g_mime_multipart_get_type);
	GMIMEX_FN(g_mime_multipart_get_count);
	GMIMEX_FN(g_mime_multipart_get_part);
	GMIMEX_FN(g_mime_text_part_get_type);
	GMIMEX_FN(g_mime_text_part_get_text);
	GMIMEX_FN(g_mime_part_is_attachment);
	GMIMEX_FN(internet_address_list_length);
	GMIMEX_FN(internet_address_list_get_address);
	GMIMEX_FN(internet_address_mailbox_get_type);
	GMIMEX_FN(internet_address_mailbox_get_addr);
	GMIMEX_FN(internet_address_get_name);
	GMIMEX_FN(g_type_check_instance_is_a);
	GMIMEX_FN(g_object_unref);
	GMIMEX_FN(g_free);
};
#undef GMIMEX_FN

/* GMime's functions, loaded and initialised on the first call; NULL with err if it cannot be. */
const struct gmimex *gmimex_load(char *err, size_t errlen);
/* 1 once gmimex_load() has loaded the library. */
int gmimex_loaded(void);

#endif
