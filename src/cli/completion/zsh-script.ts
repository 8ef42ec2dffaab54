// The same walk as the bash script's (see bash-script.ts), in zsh: words arrive whole (`--env=dev`
// stays one word), and what is offered goes through compsys, with descriptions.

/** The zsh completion script for `table` (see completion-table.ts). */
export function zshCompletionScript(table: string, version: string): string {
  return `#compdef falcon
# zsh completion for falcon ${version}, made by \`falcon completion zsh\` from the program itself.
#
# Install: save it as _falcon in a folder on $fpath, e.g.
#   mkdir -p ~/.zfunc && falcon completion zsh > ~/.zfunc/_falcon
# with, in ~/.zshrc before compinit runs:  fpath=(~/.zfunc $fpath)
# or add this line to ~/.zshrc after compinit (it follows each upgrade):
#   eval "$(falcon completion zsh)"
#
# Saved request, flow, environment and provider names come from \`falcon __complete <kind>\`,
# run in the current folder as you press Tab.

_falcon_table=${singleQuoted(table)}
_falcon_rows=("\${(@f)_falcon_table}")

# Sets REPLY to the rest of the first row that starts with the given fields.
_falcon_find() {
  local prefix=\${(pj:\\t:)@}$'\\t'
  local -a found=(\${(M)_falcon_rows:#\${prefix}*})
  (( $#found )) || return 1
  REPLY=\${found[1]#$prefix}
}

# Sets reply to "key:description" of every row of this type under this command path.
_falcon_described() {
  local prefix=$1$'\\t'$2$'\\t' row
  local -a fields
  reply=()
  for row in \${(M)_falcon_rows:#\${prefix}*}; do
    fields=("\${(@ps:\\t:)\${row#$prefix}}")
    reply+=("\${fields[1]//:/\\\\:}:\${fields[-1]}")
  done
}

# Sets REPLY to what an option takes ("none" for a flag or an unknown option).
_falcon_option_spec() {
  if _falcon_find opt $1 $2 || _falcon_find hid $1 $2; then
    REPLY=\${REPLY%%$'\\t'*}
  else
    REPLY=none
  fi
}

# Sets REPLY to what the argument at this position takes; fails when there is none.
_falcon_argument_spec() {
  _falcon_find arg $1 $2 && return
  local -i position=$2
  while (( position >= 0 )); do
    _falcon_find arg $1 "$position+" && return
    (( position-- ))
  done
  return 1
}

# Offers the candidates of a value spec.
_falcon_offer() {
  local -a names
  case $1 in
    choices:*) compadd -- \${(s: :)\${1#choices:}} ;;
    dynamic:*)
      names=(\${(f)"$($_falcon_command \${_falcon_config:+--config} \${_falcon_config:+$_falcon_config} __complete \${1#dynamic:} 2>/dev/null)"})
      compadd -a names
      ;;
    files) _files ;;
  esac
}

_falcon() {
  local cur=\${words[CURRENT]} command_path=falcon pending= pending_spec= word REPLY
  local _falcon_command=\${words[1]/#\\~/$HOME} _falcon_config=
  local -a reply
  local -i position=0 i
  for (( i = 2; i < CURRENT; i++ )); do
    word=\${words[i]}
    if [[ -n $pending ]]; then
      if [[ $pending_spec != optional || $word != -* ]]; then
        [[ $pending == --config ]] && _falcon_config=\${word/#\\~/$HOME}
        pending=
        continue
      fi
      pending=
    fi
    if [[ $word == --*=* ]]; then
      [[ \${word%%=*} == --config ]] && _falcon_config=\${\${word#*=}/#\\~/$HOME}
    elif [[ $word == -?* ]]; then
      _falcon_option_spec $command_path $word
      [[ $REPLY != none ]] && pending=$word pending_spec=$REPLY
    elif (( position == 0 )) && _falcon_find cmd $command_path $word; then
      command_path+=" $word"
    else
      (( position++ ))
    fi
  done

  local -i ret=1
  if [[ -n $pending && ( $pending_spec != optional || $cur != -* ) ]]; then
    _falcon_offer $pending_spec && ret=0
  elif [[ $cur == --*=* ]]; then
    _falcon_option_spec $command_path \${cur%%=*}
    compset -P '*='
    _falcon_offer $REPLY && ret=0
  elif [[ $cur == -* ]]; then
    _falcon_described opt $command_path
    _describe -t options 'falcon option' reply && ret=0
  else
    if (( position == 0 )); then
      _falcon_described cmd $command_path
      (( $#reply )) && _describe -t commands 'falcon command' reply && ret=0
    fi
    _falcon_argument_spec $command_path $position && _falcon_offer $REPLY && ret=0
  fi
  return ret
}

if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  _falcon "$@"
else
  compdef _falcon falcon
fi
`;
}

/** A zsh single-quoted word holding `text` exactly. */
function singleQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
