/*
 * mail/gmime_load: GMime opened at run time, only when a message needs
 * more than the plain reader (mail/gmime_load.h).
 */
#include "gmime_load.h"

#include <pthread.h>
#include <stdio.h>

#include "dltable.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static struct gmimex table;
static const struct gmimex *loaded;	/* &table once it is whole and initialised */
static char why[384];			/* else why not */

#define FN(name) { #name, &table.name }

static void load(void)
{
	const struct dltable_fn fns[] = {
		FN(g_mime_init),
		FN(g_mime_stream_mem_new_with_buffer),
		FN(g_mime_parser_new_with_stream),
		FN(g_mime_parser_set_format),
		FN(g_mime_parser_construct_message),
		FN(g_mime_parser_options_new),
		FN(g_mime_parser_options_free),
		FN(g_mime_parser_options_set_fallback_charsets),
		FN(g_mime_parser_options_set_rfc2047_compliance_mode),
		FN(g_mime_parser_options_set_address_compliance_mode),
		FN(g_mime_parser_options_set_parameter_compliance_mode),
		FN(g_mime_message_get_from),
		FN(g_mime_message_get_subject),
		FN(g_mime_message_get_message_id),
		FN(g_mime_message_get_mime_part),
		FN(g_mime_object_get_header),
		FN(g_mime_object_get_content_type),
		FN(g_mime_content_type_is_type),
		FN(g_mime_content_type_get_parameter),
		FN(g_mime_multipart_get_type),
		FN(g_mime_multipart_get_count),
		FN(g_mime_multipart_get_part),
		FN(g_mime_text_part_get_type),
		FN(g_mime_text_part_get_text),
		FN(g_mime_part_is_attachment),
		FN(internet_address_list_length),
		FN(internet_address_list_get_address),
		FN(internet_address_mailbox_get_type),
		FN(internet_address_mailbox_get_addr),
		FN(internet_address_get_name),
		/* GObject's and GLib's, found through GMime's own dependencies. */
		FN(g_type_check_instance_is_a),
		FN(g_object_unref),
		FN(g_free),
	};

	if (dltable_open(GMIMEX_SONAME, "libgmime-3.0-0", fns, sizeof(fns) / sizeof(fns[0]), why,
			 sizeof(why)))
		return;
	table.g_mime_init();
	/* Kept open for good: see the top of gmime_load.h. */
	__atomic_store_n(&loaded, &table, __ATOMIC_RELEASE);
}

#undef FN

const struct gmimex *gmimex_load(char *err, size_t errlen)
{
	pthread_once(&once, load);
	if (!loaded && errlen)
		snprintf(err, errlen, "%s", why);
	return loaded;
}

int gmimex_loaded(void)
{
	return __atomic_load_n(&loaded, __ATOMIC_ACQUIRE) != NULL;
}
