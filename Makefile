# mxjudge: a play-by-email turn adjudicator.
# `make demo` and `make check` install missing Debian packages first.

PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
MANDIR    ?= $(PREFIX)/share/man
DATADIR   ?= $(PREFIX)/share/mxjudge
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
DESTDIR   ?=

CC        ?= cc
PKG_CONFIG ?= pkg-config
BUILD     ?= build
VERSION   := 0.1.0

# Linked: LIBS_PC. Headers only: CFLAGS_PC; libcurl is dlopen()ed by
# mail/curl_load.c when a command talks to a mail server, and GMime by
# mail/gmime_load.c when a message is more than plain text, and librsvg
# by mail/rsvg_load.c when a picture becomes a PNG, so the many libraries
# they need cost nothing to a run that does not.
LIBS_PC   := sqlite3 jansson libsodium
CFLAGS_PC := libcurl gmime-3.0 librsvg-2.0
TEST_PC   := cmocka

WARN      := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
             -Wformat=2 -Wno-format-nonliteral
CFLAGS    ?= -O2 -g
ALL_CFLAGS = -pthread -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) $(CFLAGS) $(XCFLAGS) \
             -DMXJUDGE_VERSION='"$(VERSION)"' -DMXJUDGE_DATADIR='"$(DATADIR)"' \
             -I. $(shell $(PKG_CONFIG) --cflags $(LIBS_PC) $(CFLAGS_PC) 2>/dev/null)
ALL_LDLIBS = -Wl,--as-needed $(shell $(PKG_CONFIG) --libs $(LIBS_PC) 2>/dev/null) -lm -pthread $(XLDFLAGS)
TEST_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(TEST_PC) 2>/dev/null)
TEST_LDLIBS = $(shell $(PKG_CONFIG) --libs $(TEST_PC) 2>/dev/null)

LIB_SRC   := $(wildcard lib/*.c) $(wildcard core/*.c) $(wildcard core/*/*.c) $(wildcard db/*.c) $(wildcard mail/*.c) \
             $(wildcard judge/*.c) $(filter-out cmd/main.c,$(wildcard cmd/*.c))
LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ  := $(BUILD)/cmd/main.o
TEST_SRC  := $(wildcard tests/test_*.c)
TEST_BIN  := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
BIN       := $(BUILD)/mxjudge
TOY_BIN   := $(BUILD)/tests/mxjudge-toy

.PHONY: all deps deps-check check check-build unit cli cases demo install uninstall sanitize valgrind fuzz bench lint layout clean

FUZZ_SECONDS ?= 60
BENCH_BIN := $(BUILD)/tests/bench/bench

# `@:`: a second make says nothing ("Nothing to be done", "is up to date").
all: $(BIN) mxjudge
	@:

# What building and running need (demo), and what the tests add (check).
deps:
	@sh scripts/deps.sh build

deps-check:
	@sh scripts/deps.sh check

mxjudge: $(BIN)
	@ln -sf $(BIN) mxjudge

# `make V=1` shows the whole compiler lines.
Q = $(if $(V),,@)

$(BIN): $(MAIN_OBJ) $(BUILD)/libmx.a
	@echo "  LD      $@"
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $(MAIN_OBJ) $(BUILD)/libmx.a $(ALL_LDLIBS)

$(BUILD)/libmx.a: $(LIB_OBJ)
	@rm -f $@
	@echo "  AR      $@"
	$(Q)ar rcs $@ $(LIB_OBJ)

$(BUILD)/%.o: %.c $(wildcard */*.h) $(wildcard core/*/*.h)
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(BUILD)/libmx.a $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	$(Q)$(CC) $(ALL_CFLAGS) $(TEST_CFLAGS) -o $@ $< $(BUILD)/libmx.a $(ALL_LDLIBS) $(TEST_LDLIBS)

# The judge with the test-only toy game (tests/toy_register.c), for the CLI tests.
$(TOY_BIN): $(MAIN_OBJ) $(BUILD)/libmx.a tests/toy_register.c $(wildcard tests/*_ruleset.h)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ tests/toy_register.c $(MAIN_OBJ) $(BUILD)/libmx.a $(ALL_LDLIBS)

# The whole suite: unit tests (cmocka), golden CLI tests, rules cases.
check: deps-check
	@$(MAKE) --no-print-directory check-build
	@$(MAKE) --no-print-directory unit cli cases fuzz-regress layout

# What the suite runs, built; quiet when it is (one target, not 40 named).
check-build: all $(TEST_BIN) $(TOY_BIN)
	@:

unit: $(TEST_BIN)
	@sh tests/run-unit.sh $(TEST_BIN)

cli: $(BIN) $(TOY_BIN)
	@MXJUDGE=$(abspath $(BIN)) MXJUDGE_TOY=$(abspath $(TOY_BIN)) sh tests/cli/run.sh

cases: $(BIN)
	@$(BIN) test tests/cases/*/*/*.case

demo: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh $(abspath $(BIN))

sanitize: deps-check
	@LSAN_OPTIONS=suppressions=$(abspath tests/lsan.supp):print_suppressions=0 \
		$(MAKE) --no-print-directory BUILD=build-san \
		XCFLAGS="-O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		XLDFLAGS="-fsanitize=address,undefined" check

valgrind: deps-check
	@sh scripts/deps.sh valgrind
	@$(MAKE) --no-print-directory all $(TOY_BIN)
	@MXJUDGE=$(abspath $(BIN)) MXJUDGE_TOY=$(abspath $(TOY_BIN)) MXJUDGE_WRAP="valgrind -q --suppressions=$(abspath tests/valgrind.supp) --leak-check=full --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99" sh tests/cli/run.sh

# Each harness under tests/fuzz/ for FUZZ_SECONDS (clang's libFuzzer; run.sh
# installs clang if missing, so only this target needs it).
fuzz: deps
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS)

# Every saved fuzz input (tests/fuzz/regress/, corpus/) replayed with $(CC):
# no clang needed, and under `make sanitize` with ASan/UBSan.
fuzz-regress: $(BUILD)/libmx.a
	@mkdir -p $(BUILD)/tests/fuzz
	@set -e; for src in tests/fuzz/fuzz_*.c; do \
		h=$${src#tests/fuzz/fuzz_}; h=$${h%.c}; \
		$(CC) $(ALL_CFLAGS) -o $(BUILD)/tests/fuzz/replay-$$h tests/fuzz/replay.c $$src \
			$(BUILD)/libmx.a $(ALL_LDLIBS); \
	done
	@sh tests/fuzz/regress.sh $(BUILD)/tests/fuzz

# Figures against their targets, measured in one run (tests/bench/).
bench: deps-check
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory $(BENCH_BIN)
	@sh tests/bench/run.sh $(abspath $(BIN))

lint: layout
	@for f in man/*.[1-9]; do mandoc -Tlint -W warning $$f || exit 1; done; echo "lint: man pages clean"

# The layout's rules (scripts/layout.sh): no circle among judge/'s files
# (from the objects' symbols), no .c file over 1,500 lines, each opening
# with a comment.
layout: $(BUILD)/libmx.a
	@sh scripts/layout.sh $(BUILD)

# The binary, the manual, the templates (with scenarios/ and any other
# subdirectory) and bash completion. A binary moved with its share/ (or
# run from under DESTDIR) finds the templates next to itself as well.
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(MANDIR)/man7 $(DESTDIR)$(DATADIR)/templates $(DESTDIR)$(COMPLETIONDIR)
	install -m 0755 $(BIN) $(DESTDIR)$(BINDIR)/mxjudge
	install -m 0644 $(wildcard man/*.1) $(DESTDIR)$(MANDIR)/man1/
	install -m 0644 $(wildcard man/*.5) $(DESTDIR)$(MANDIR)/man5/
	install -m 0644 $(wildcard man/*.7) $(DESTDIR)$(MANDIR)/man7/
	cp -R templates/. $(DESTDIR)$(DATADIR)/templates/
	install -m 0644 completion/mxjudge.bash $(DESTDIR)$(COMPLETIONDIR)/mxjudge

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/mxjudge $(DESTDIR)$(COMPLETIONDIR)/mxjudge
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(wildcard man/*.1)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man5/,$(notdir $(wildcard man/*.5)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man7/,$(notdir $(wildcard man/*.7)))
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf build build-san mxjudge
