#include "cmd.h"
const struct cmd publish_cmd[] = {
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
