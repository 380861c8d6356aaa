#include "gmime_load.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static struct gmimex table;
static const struct gmimex *loaded;	/* &table once it is whole and initialised */
static char why[384];			/* else why not */

/* ISO C has no conversion from void * to a function pointer; POSIX makes them the same size. */
#define TAKE(name)                                                                         \
	do {                                                                               \
		void *sym_ = dlsym(h, #name);                                              \
                                                                                           \
		if (!sym_) {                                                               \
			missing = #name;                                                   \
			goto fail;                                                         \
		}                                                                          \
		memcpy(&table.name, &sym_, sizeof(sym_));                                  \
	} while (0)

static void load(void)
{
	const char *missing = NULL, *e;
	void *h = dlopen(GMIMEX_SONAME, RTLD_NOW | RTLD_LOCAL);

	if (!h) {
		e = dlerror();
		e = e ? e : "not found";
		/* dlerror() starts with the name already: "libgmime-3.0.so.0: cannot open ..." */
		if (!strncmp(e, GMIMEX_SONAME ": ", sizeof(GMIMEX_SONAME ": ") - 1))
			e += sizeof(GMIMEX_SONAME ": ") - 1;
		snprintf(why, sizeof(why), "cannot load " GMIMEX_SONAME ": %s; install libgmime-3.0-0", e);
		return;
	}
	TAKE(g_mime_init);
	TAKE(g_mime_stream_mem_new_with_buffer);
	TAKE(g_mime_parser_new_with_stream);
	TAKE(g_mime_parser_set_format);
	TAKE(g_mime_parser_construct_message);
	TAKE(g_mime_parser_options_new);
	TAKE(g_mime_parser_options_free);
	TAKE(g_mime_parser_options_set_fallback_charsets);
	TAKE(g_mime_parser_options_set_rfc2047_compliance_mode);
	TAKE(g_mime_parser_options_set_address_compliance_mode);
	TAKE(g_mime_parser_options_set_parameter_compliance_mode);
	TAKE(g_mime_message_get_from);
	TAKE(g_mime_message_get_subject);
	TAKE(g_mime_message_get_message_id);
	TAKE(g_mime_message_get_mime_part);
	TAKE(g_mime_object_get_header);
	TAKE(g_mime_object_get_content_type);
	TAKE(g_mime_content_type_is_type);
	TAKE(g_mime_content_type_get_parameter);
	TAKE(g_mime_multipart_get_type);
	TAKE(g_mime_multipart_get_count);
	TAKE(g_mime_multipart_get_part);
	TAKE(g_mime_text_part_get_type);
	TAKE(g_mime_text_part_get_text);
	TAKE(g_mime_part_is_attachment);
	TAKE(internet_address_list_length);
	TAKE(internet_address_list_get_address);
	TAKE(internet_address_mailbox_get_type);
	TAKE(internet_address_mailbox_get_addr);
	TAKE(internet_address_get_name);
	/* GObject's and GLib's, found through GMime's own dependencies. */
	TAKE(g_type_check_instance_is_a);
	TAKE(g_object_unref);
	TAKE(g_free);
	table.g_mime_init();
	/* Kept open for good: see the top of gmime_load.h. */
	__atomic_store_n(&loaded, &table, __ATOMIC_RELEASE);
	return;
fail:
	snprintf(why, sizeof(why), "cannot load " GMIMEX_SONAME ": it has no %s (too old); install "
		 "libgmime-3.0-0", missing);
	dlclose(h);
}

#undef TAKE

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
