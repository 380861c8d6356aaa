# mxjudge: a play-by-email turn adjudicator.
# `make demo` and `make check` install missing Debian packages first.

PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
MANDIR    ?= $(PREFIX)/share/man
DATADIR   ?= $(PREFIX)/share/mxjudge
DESTDIR   ?=

CC        ?= cc
PKG_CONFIG ?= pkg-config
BUILD     ?= build
VERSION   := 0.1.0

LIBS_PC   := sqlite3 libcurl jansson libsodium gmime-3.0
TEST_PC   := cmocka

WARN      := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
             -Wformat=2 -Wno-format-nonliteral
CFLAGS    ?= -O2 -g
ALL_CFLAGS = -pthread -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) $(CFLAGS) $(XCFLAGS) \
             -DMXJUDGE_VERSION='"$(VERSION)"' -DMXJUDGE_DATADIR='"$(DATADIR)"' \
             -I. $(shell $(PKG_CONFIG) --cflags $(LIBS_PC) 2>/dev/null)
ALL_LDLIBS = $(shell $(PKG_CONFIG) --libs $(LIBS_PC) 2>/dev/null) -lm -pthread $(XLDFLAGS)
TEST_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(TEST_PC) 2>/dev/null)
TEST_LDLIBS = $(shell $(PKG_CONFIG) --libs $(TEST_PC) 2>/dev/null)

LIB_SRC   := $(wildcard lib/*.c) $(wildcard core/*.c) $(wildcard db/*.c) \
             $(filter-out cmd/main.c,$(wildcard cmd/*.c))
LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ  := $(BUILD)/cmd/main.o
TEST_SRC  := $(wildcard tests/test_*.c)
TEST_BIN  := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
BIN       := $(BUILD)/mxjudge

.PHONY: all deps check unit cli cases demo install uninstall sanitize valgrind fuzz bench lint clean

FUZZ_SECONDS ?= 60

all: $(BIN) mxjudge

deps:
	@sh scripts/deps.sh

mxjudge: $(BIN)
	@ln -sf $(BIN) mxjudge

$(BIN): $(MAIN_OBJ) $(BUILD)/libmx.a
	$(CC) $(ALL_CFLAGS) -o $@ $(MAIN_OBJ) $(BUILD)/libmx.a $(ALL_LDLIBS)

$(BUILD)/libmx.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $(LIB_OBJ)

$(BUILD)/%.o: %.c $(wildcard */*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(BUILD)/libmx.a $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TEST_CFLAGS) -o $@ $< $(BUILD)/libmx.a $(ALL_LDLIBS) $(TEST_LDLIBS)

# The whole suite: unit tests (cmocka), golden CLI tests, rules cases.
check: deps
	@$(MAKE) --no-print-directory all $(TEST_BIN)
	@$(MAKE) --no-print-directory unit cli cases

unit: $(TEST_BIN)
	@sh tests/run-unit.sh $(TEST_BIN)

cli: $(BIN)
	@MXJUDGE=$(abspath $(BIN)) sh tests/cli/run.sh

cases: $(BIN)
	@$(BIN) test tests/cases/*.case

demo: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh $(abspath $(BIN))

sanitize: deps
	@$(MAKE) --no-print-directory BUILD=build-san \
		XCFLAGS="-O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		XLDFLAGS="-fsanitize=address,undefined" check

valgrind: deps
	@$(MAKE) --no-print-directory all
	@MXJUDGE=$(abspath $(BIN)) MXJUDGE_WRAP="valgrind -q --leak-check=full --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99" sh tests/cli/run.sh

# Each harness under tests/fuzz/ for FUZZ_SECONDS (clang's libFuzzer).
fuzz: deps
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS)

# Figures against their targets, measured in one run (tests/bench/).
bench: deps
	@$(MAKE) --no-print-directory all
	@sh tests/bench/run.sh $(abspath $(BIN))

lint:
	@for f in man/*.[1-9]; do mandoc -Tlint -W warning $$f || exit 1; done; echo "lint: man pages clean"

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7 $(DESTDIR)$(DATADIR)/templates
	install -m 0755 $(BIN) $(DESTDIR)$(BINDIR)/mxjudge
	for f in man/*.1; do [ -e "$$f" ] && install -m 0644 $$f $(DESTDIR)$(MANDIR)/man1/; done; true
	for f in man/*.5; do [ -e "$$f" ] && install -m 0644 $$f $(DESTDIR)$(MANDIR)/man5/; done; true
	for f in man/*.7; do [ -e "$$f" ] && install -m 0644 $$f $(DESTDIR)$(MANDIR)/man7/; done; true
	cp -R templates/. $(DESTDIR)$(DATADIR)/templates/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/mxjudge
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(wildcard man/*.1)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man5/,$(notdir $(wildcard man/*.5)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man7/,$(notdir $(wildcard man/*.7)))
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf build build-san mxjudge
