#!/bin/sh
# Builds each harness tests/fuzz/fuzz_NAME.c with clang's libFuzzer (ASan +
# UBSan) and runs it for SECONDS over its seeds in tests/fuzz/corpus/NAME/.
#
#   sh tests/fuzz/run.sh [SECONDS] [NAME ...]      (make fuzz FUZZ_SECONDS=N)
#
# Installs clang and its libFuzzer runtime when missing (only here: `make
# check` never needs clang). New crashes land in tests/fuzz/crashes/; inputs
# found on the way stay in build/fuzz-clang/corpus/ (not committed).
# FUZZ_JOBS harnesses run at a time (default: the cores); FUZZ_FORK=N runs
# libFuzzer's fork mode, which goes on past a crash (for long sessions).
set -eu

secs=${1:-60}
[ $# -gt 0 ] && shift
cd "$(dirname "$0")/../.."
top=$PWD
out=build/fuzz-clang
mkdir -p "$out/obj" "$out/corpus" "$out/log" tests/fuzz/crashes

probe() {
	printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n){(void)d;(void)n;return 0;}\n' \
		>"$out/probe.c"
	clang -fsanitize=fuzzer,address,undefined -o "$out/probe" "$out/probe.c" >/dev/null 2>&1
}

if ! probe; then
	# Debian: clang plus the compiler-rt package that holds libclang_rt.fuzzer.
	SUDO=""
	[ "$(id -u)" -eq 0 ] || SUDO="sudo"
	export DEBIAN_FRONTEND=noninteractive
	echo "fuzz: installing clang and its libFuzzer runtime" >&2
	$SUDO apt-get update -qq >&2
	command -v clang >/dev/null 2>&1 || $SUDO apt-get install -y -qq --no-install-recommends clang >&2
	v=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
	$SUDO apt-get install -y -qq --no-install-recommends "libclang-rt-$v-dev" >&2 ||
		$SUDO apt-get install -y -qq --no-install-recommends "libfuzzer-$v-dev" >&2 ||
		$SUDO apt-get install -y -qq --no-install-recommends libclang-rt-dev >&2
	probe || { echo "fuzz: clang cannot build a libFuzzer target" >&2; exit 1; }
fi

libs="-lm -pthread"
for pc in jansson sqlite3 libcurl libsodium gmime-3.0; do
	pkg-config --exists "$pc" 2>/dev/null && libs="$(pkg-config --libs "$pc") $libs"
done
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
cflags="-g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I. $(pkg-config --cflags jansson)"

# The library the harnesses call, instrumented for coverage. An archive, so
# a harness pulls in only what it uses.
objs=""
for src in lib/*.c core/*.c core/*/*.c; do
	obj="$out/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')"
	if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ -n "$(find core lib -name '*.h' -newer "$obj")" ]; then
		clang $cflags $san -fsanitize=fuzzer-no-link -c -o "$obj" "$src"
	fi
	objs="$objs $obj"
done
rm -f "$out/libmx-fuzz.a"
ar rcs "$out/libmx-fuzz.a" $objs

# The mail reader (mail/*.c) needs GMime's headers (and curl's, for the
# objects no harness calls): its own archive, linked only into harnesses
# named fuzz_mail*.c. GMime itself is not instrumented, so coverage stops
# at its API; mail/ around it is.
mailcflags=""
for pc in gmime-3.0 libcurl; do
	pkg-config --exists "$pc" 2>/dev/null && mailcflags="$mailcflags $(pkg-config --cflags "$pc")"
done
mailobjs=""
for src in mail/*.c; do
	obj="$out/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')"
	if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ -n "$(find core lib mail -name '*.h' -newer "$obj")" ]; then
		clang $cflags $mailcflags $san -fsanitize=fuzzer-no-link -c -o "$obj" "$src"
	fi
	mailobjs="$mailobjs $obj"
done
rm -f "$out/libmx-mail-fuzz.a"
ar rcs "$out/libmx-mail-fuzz.a" $mailobjs

if [ $# -eq 0 ]; then
	set -- $(ls tests/fuzz/fuzz_*.c | sed 's,.*/fuzz_\(.*\)\.c,\1,')
fi
for h in "$@"; do
	extra=""
	case $h in mail*) extra="$out/libmx-mail-fuzz.a" ;; esac
	clang $cflags $san -fsanitize=fuzzer -o "$out/fuzz_$h" "tests/fuzz/fuzz_$h.c" \
		$extra "$out/libmx-fuzz.a" $libs
done

fuzz_one() {
	h=$1
	set -- -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
		-artifact_prefix="$top/tests/fuzz/crashes/$h-" -print_final_stats=1
	[ -f "tests/fuzz/dict/$h.dict" ] && set -- "$@" -dict="tests/fuzz/dict/$h.dict"
	[ -n "${FUZZ_FORK:-}" ] && set -- "$@" -fork="$FUZZ_FORK" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
	mkdir -p "$out/corpus/$h" "tests/fuzz/corpus/$h"
	# Extra seeds read at run time, never copied into the repository:
	# FUZZ_SEEDS_mail (default: the third-party mail corpus in tests/data).
	extra=$(eval "echo \"\${FUZZ_SEEDS_$h:-}\"")
	[ -z "$extra" ] && [ "$h" = mail ] && extra=$top/tests/data/mail-corpus
	[ -n "$extra" ] && [ -d "$extra" ] || extra=""
	if "$out/fuzz_$h" "$@" "$out/corpus/$h" "tests/fuzz/corpus/$h" ${extra:+"$extra"} \
		>"$out/log/$h.log" 2>&1; then
		r=ok
	else
		r=CRASH
	fi
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log/$h.log" | tail -1)
	# Fork mode prints no final stats: its last "#N:" line counts the runs.
	[ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9]*\):.*/\1/p' "$out/log/$h.log" | tail -1)
	echo "fuzz $h: $r, ${execs:-?} runs in ${secs}s (log: $out/log/$h.log)"
	[ "$r" = ok ]
}

jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
rc=0 running=0 pids=""
for h in "$@"; do
	fuzz_one "$h" &
	pids="$pids $!"
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		for p in $pids; do wait "$p" || rc=1; done
		pids="" running=0
	fi
done
for p in $pids; do wait "$p" || rc=1; done
if ls tests/fuzz/crashes/ 2>/dev/null | grep -q .; then
	echo "fuzz: inputs in tests/fuzz/crashes/ (see tests/fuzz/README.md)"
	ls tests/fuzz/crashes/
fi
exit $rc
