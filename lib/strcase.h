/*
 * strcase: names compared in ASCII case only, whatever the locale (ship,
 * seat and campaign names, game names). Ownership: nothing is kept.
 */
#ifndef MX_STRCASE_H
#define MX_STRCASE_H

/* <0, 0, >0 as strcmp, with A-Z taken as a-z. */
int mx_strcasecmp(const char *a, const char *b);

#endif
