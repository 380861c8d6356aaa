# template render: a game master tries a template on any data.
printf 'Hello {{name}}{{#ships}}, {{.}}{{/ships}}!\n{{> sig}}' > t.mustache
mkdir parts
printf -- '-- {{from}}\n' > parts/sig.mustache
expect_exit 0 template render t.mustache --data '{"name":"Neo","ships":["Minx","Locust"],"from":"the judge"}' --partials parts
printf 'Hello Neo, Minx, Locust!\n-- the judge\n' > want
diff -u want out

printf '{"name":"<Trinity>"}' > data.json
printf '{{name}} {{{name}}}\n' > esc.mustache
expect_exit 0 template render esc.mustache --data data.json
printf '&lt;Trinity&gt; <Trinity>\n' > want
diff -u want out

printf 'a\n{{#open}}\nb\n' > bad.mustache
expect_exit 65 template render bad.mustache
contains err "bad.mustache: line 2: section 'open' is not closed"

expect_exit 65 template render t.mustache --data '{"name":'
contains err "--data:1: expected valid JSON"

# Every shipped template parses and renders with an empty model.
for f in "$ROOT"/templates/*.mustache; do
	expect_exit 0 template render "$f" --partials "$ROOT/templates"
done
# Any JSON value is data (the spec's implicit iterator); a CR LF template
# renders with CR LF; a file that is not there is said so.
printf 'Hi {{.}}!\r\nBye\r\n' >crlf.mustache
expect_exit 0 template render crlf.mustache --data '"Ann"'
printf 'Hi Ann!\r\nBye\r\n' >want
cmp want out
expect_exit 0 template render crlf.mustache --data 42
contains out "Hi 42!"
expect_exit 65 template render crlf.mustache --data missing.json
contains err "--data: no file named 'missing.json', and it is not JSON either"
