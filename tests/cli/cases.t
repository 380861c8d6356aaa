# mxjudge test: a passing case, a failing one, and a broken file.
cp "$ROOT/tests/cli/data/wall-bump.case" good.case
expect_exit 0 test good.case
contains out '1 passed, 0 failed'
sed 's/damage=1/damage=0/' good.case > bad.case
expect_exit 1 test bad.case
contains out 'bad.case:14: expected A damage=0, got 1'
contains out '0 passed, 1 failed'
printf 'case x\nruling 1\nboard 3\n' > broken.case
expect_exit 65 test broken.case
contains err "broken.case:3: expected one 'board WIDTHxHEIGHT' line"
