# bash completion for mxjudge(1).
#
# Everything comes from the installed binary itself, so it never goes
# stale: commands and verbs from `mxjudge help`, each verb's options from
# `mxjudge help NOUN VERB`, campaign names from `campaign list --json` and
# ship names (for --ship) from `campaign show NAME --json`. The database
# is asked only when its file exists (a completion must never create
# one), and never for more than two seconds (cron may hold it).
#
# Installed as $(PREFIX)/share/bash-completion/completions/mxjudge; to try
# it from a checkout: source completion/mxjudge.bash

# The database the command line would use, as mxjudge(1) picks it.
_mxjudge_db() {
	local db=$1
	if [[ -z $db ]]; then
		if [[ -n $MXJUDGE_DB ]]; then
			db=$MXJUDGE_DB
		elif [[ -n $XDG_DATA_HOME ]]; then
			db=$XDG_DATA_HOME/mxjudge/mxjudge.db
		else
			db=${HOME:-.}/.local/share/mxjudge/mxjudge.db
		fi
	fi
	[[ -f $db ]] && printf '%s\n' "$db"
}

# _mxjudge_ask BIN DB ARGS...: runs a read command against an existing database.
_mxjudge_ask() {
	local bin=$1 db=$2
	shift 2
	[[ -n $db ]] || return 0
	if command -v timeout >/dev/null 2>&1; then
		timeout 2 "$bin" --db "$db" "$@" 2>/dev/null
	else
		"$bin" --db "$db" "$@" 2>/dev/null
	fi
}

_mxjudge_campaigns() {
	_mxjudge_ask "$1" "$2" campaign list --json |
		sed -n 's/^    "name": "\(.*\)",$/\1/p'
}

_mxjudge_ships() {
	_mxjudge_ask "$1" "$2" campaign show "$3" --json |
		sed -n '/^  "ships": \[/,/^  \]/s/^      "name": "\(.*\)",$/\1/p'
}

_mxjudge() {
	local cur prev bin=${COMP_WORDS[0]} db_opt="" i=1 noun="" verb="" usage=""
	local -a words=("${COMP_WORDS[@]}")
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=""
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	command -v "$bin" >/dev/null 2>&1 || bin=mxjudge

	# The global options come before the command.
	while ((i < COMP_CWORD)); do
		case ${words[i]} in
		--db) db_opt=${words[i + 1]}; ((i += 2)); continue ;;
		--db=*) db_opt=${words[i]#--db=} ;;
		-*) ;;
		*) break ;;
		esac
		((i++))
	done
	if ((i == COMP_CWORD)); then
		if [[ $prev == --db ]]; then
			COMPREPLY=($(compgen -f -- "$cur"))
		elif [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W '--db -q --quiet -V --version -h --help' -- "$cur"))
		else
			COMPREPLY=($(compgen -W "help $("$bin" help 2>/dev/null |
				sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' | sort -u)" -- "$cur"))
		fi
		return
	fi
	noun=${words[i]}
	((i++))

	# A family's verbs: `mxjudge help` lists them as "  NOUN VERB" (one space).
	local verbs
	verbs=$("$bin" help 2>/dev/null | sed -n "s/^  $noun \([a-z][a-z-]*\) .*/\1/p")
	if [[ $noun == help ]]; then
		if ((i == COMP_CWORD)); then
			COMPREPLY=($(compgen -W "$("$bin" help 2>/dev/null |
				sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' | sort -u)" -- "$cur"))
		elif ((i + 1 == COMP_CWORD)); then
			COMPREPLY=($(compgen -W "$("$bin" help 2>/dev/null |
				sed -n "s/^  ${words[i]} \([a-z][a-z-]*\) .*/\1/p")" -- "$cur"))
		fi
		return
	fi
	if [[ -n $verbs ]]; then
		if ((i == COMP_CWORD)); then
			COMPREPLY=($(compgen -W "$verbs" -- "$cur"))
			return
		fi
		verb=${words[i]}
		((i++))
		usage=$("$bin" help "$noun" "$verb" 2>/dev/null | sed -n '1s/^usage: mxjudge [a-z-]* [a-z-]* //p')
	else
		usage=$("$bin" help "$noun" 2>/dev/null | sed -n '1s/^usage: mxjudge [a-z-]* //p')
	fi

	local db
	db=$(_mxjudge_db "$db_opt")

	# The value of an option: the usage line says what it takes.
	if [[ $prev == -* ]]; then
		local arg as=$prev
		# --ship and --team are the aliases of --seat and --side (campaign join).
		case $prev in
		--ship) [[ $usage == *--ship* ]] || as=--seat ;;
		--team) [[ $usage == *--team* ]] || as=--side ;;
		esac
		arg=$(printf '%s\n' "$usage" | grep -oE -- "$as[ =][A-Za-z|,]+" | head -n 1)
		arg=${arg#"$as"}
		arg=${arg# }
		if [[ -n $arg ]]; then
			case $prev in
			--ship | --to)
				# `press send NAME --to SEAT`; elsewhere --to is a day.
				[[ $prev == --to && $noun != press ]] && return
				local name="" j
				for ((j = i; j < COMP_CWORD; j++)); do
					[[ ${words[j]} != -* && ${words[j - 1]} != -* ]] && { name=${words[j]}; break; }
				done
				[[ -n $name ]] && COMPREPLY=($(compgen -W "$(_mxjudge_ships "$bin" "$db" "$name")" -- "$cur"))
				;;
			--campaign)
				COMPREPLY=($(compgen -W "$(_mxjudge_campaigns "$bin" "$db")" -- "$cur"))
				;;
			--scenario)
				COMPREPLY=($(compgen -W "$("$bin" scenario list 2>/dev/null | cut -d' ' -f1)" -- "$cur"))
				;;
			--team | --side)
				# The sides of every game this judge plays.
				COMPREPLY=($(compgen -W "$("$bin" games 2>/dev/null | sed -n 's/.*; sides: //p' | tr -d ,)" -- "$cur"))
				;;
			--game)
				COMPREPLY=($(compgen -W "$("$bin" games 2>/dev/null | sed -n 's/^\([a-z][a-z0-9-]*\): .*/\1/p')" -- "$cur"))
				;;
			--timezone)
				# IANA names: the files under the zone directory, by path.
				local zd=${TZDIR:-/usr/share/zoneinfo}
				COMPREPLY=($(cd "$zd" 2>/dev/null && compgen -f -- "$cur"))
				compopt -o filenames 2>/dev/null
				;;
			*)
				case $arg in
				*'|'*) COMPREPLY=($(compgen -W "${arg//|/ }" -- "$cur")) ;;
				FILE* | DIR* | JSON*) COMPREPLY=($(compgen -f -- "$cur")) ;;
				esac
				;;
			esac
			return
		fi
	fi
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(printf '%s\n' "$usage" |
			grep -oE -- '(^|[^A-Za-z0-9-])-(-[a-z][a-z0-9-]*|[A-Za-z])' | sed 's/^[^-]*//' | sort -u)" -- "$cur"))
		return
	fi
	# The first plain word: a campaign when the usage starts with NAME, else a file.
	local j given=0
	for ((j = i; j < COMP_CWORD; j++)); do
		[[ ${words[j]} != -* && ${words[j - 1]} != -* ]] && given=1
	done
	case $usage in
	NAME* | '(NAME'* | '[NAME'*)
		if ((!given)) && [[ $verb != new ]]; then
			COMPREPLY=($(compgen -W "$(_mxjudge_campaigns "$bin" "$db")" -- "$cur"))
		elif [[ $noun == campaign && $verb == set ]] && ((COMP_CWORD == i + 1)); then
			# `campaign set NAME KEY`: the keys it lists, the game's too.
			COMPREPLY=($(compgen -W "$(_mxjudge_ask "$bin" "$db" campaign set "${words[i]}" |
				sed -n 's/^  \([a-z_][a-z_]*\)  .*/\1/p')" -- "$cur"))
		fi
		;;
	*FILE* | '[FILE'*) COMPREPLY=($(compgen -f -- "$cur")) ;;
	esac
}
complete -o default -o bashdefault -F _mxjudge mxjudge
