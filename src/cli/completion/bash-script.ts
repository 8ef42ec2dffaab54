// The walker below reads the words before the cursor as commander would (options before or after
// a command's name, an option's value, `--name=value`, which bash splits at "="), then offers what
// fits where the cursor is. It keeps to bash 3.2 (macOS): no associative arrays, no mapfile.

/** The bash completion script for `table` (see completion-table.ts). */
export function bashCompletionScript(table: string, version: string): string {
  return `# bash completion for falcon ${version}, made by \`falcon completion bash\` from the program itself.
#
# Install: add this line to ~/.bashrc (it follows each upgrade):
#   eval "$(falcon completion bash)"
# or save the script where bash-completion looks:
#   falcon completion bash > ~/.local/share/bash-completion/completions/falcon
#
# Saved request, flow, environment and provider names come from \`falcon __complete <kind>\`,
# run in the current folder as you press Tab.

_falcon_table=${singleQuoted(table)}

# Sets _falcon_found to the rest of the first row that starts with the given fields.
_falcon_find() {
  local line field prefix=
  for field; do prefix+=$field$'\\t'; done
  while IFS= read -r line; do
    if [[ $line == "$prefix"* ]]; then
      _falcon_found=\${line#"$prefix"}
      return 0
    fi
  done <<<"$_falcon_table"
  return 1
}

# Sets _falcon_keys to the third field of every row of this type under this command path.
_falcon_list_keys() {
  local line prefix="$1"$'\\t'"$2"$'\\t'
  _falcon_keys=
  while IFS= read -r line; do
    if [[ $line == "$prefix"* ]]; then
      line=\${line#"$prefix"}
      _falcon_keys+=" \${line%%$'\\t'*}"
    fi
  done <<<"$_falcon_table"
}

# Sets _falcon_spec to what an option takes ("none" for a flag or an unknown option).
_falcon_option_spec() {
  _falcon_spec=none
  if _falcon_find opt "$1" "$2" || _falcon_find hid "$1" "$2"; then
    _falcon_spec=\${_falcon_found%%$'\\t'*}
  fi
}

# Sets _falcon_spec to what the argument at this position takes (empty when there is none).
_falcon_argument_spec() {
  local position=$2
  _falcon_spec=
  if _falcon_find arg "$1" "$position"; then
    _falcon_spec=$_falcon_found
    return
  fi
  while ((position >= 0)); do
    if _falcon_find arg "$1" "$position+"; then
      _falcon_spec=$_falcon_found
      return
    fi
    position=$((position - 1))
  done
}

# Adds the candidates of a value spec that start with the word being completed.
_falcon_offer() {
  local spec=$1 cur=$2 IFS=$'\\n' candidate candidates
  case $spec in
    choices:*)
      candidates=\${spec#choices:}
      candidates=\${candidates// /$'\\n'}
      ;;
    dynamic:*)
      local config=()
      [[ -n $_falcon_config ]] && config=(--config "$_falcon_config")
      candidates=$("$_falcon_command" "\${config[@]}" __complete "\${spec#dynamic:}" 2>/dev/null)
      ;;
    files)
      compopt -o filenames 2>/dev/null
      COMPREPLY+=($(compgen -f -- "$cur"))
      ;;
  esac
  while IFS= read -r candidate; do
    [[ -n $candidate && $candidate == "$cur"* ]] && COMPREPLY+=("$candidate")
  done <<<"$candidates"
}

_falcon() {
  local cur=\${COMP_WORDS[COMP_CWORD]} command_path=falcon position=0 pending= pending_spec= word i
  local _falcon_command=\${COMP_WORDS[0]/#\\~/$HOME} _falcon_config= _falcon_found _falcon_keys _falcon_spec
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    if [[ -n $pending ]]; then
      [[ $word == = ]] && continue
      if [[ $pending_spec != optional || $word != -* ]]; then
        [[ $pending == --config ]] && _falcon_config=\${word/#\\~/$HOME}
        pending=
        continue
      fi
      pending=
    fi
    if [[ $word == -?* ]]; then
      _falcon_option_spec "$command_path" "$word"
      [[ $_falcon_spec != none ]] && pending=$word pending_spec=$_falcon_spec
    elif ((position == 0)) && _falcon_find cmd "$command_path" "$word"; then
      command_path+=" $word"
    else
      position=$((position + 1))
    fi
  done

  [[ -n $pending && $cur == = ]] && cur=
  if [[ -n $pending && ( $pending_spec != optional || $cur != -* ) ]]; then
    _falcon_offer "$pending_spec" "$cur"
  elif [[ $cur == -* ]]; then
    _falcon_list_keys opt "$command_path"
    _falcon_offer "choices:$_falcon_keys" "$cur"
  else
    if ((position == 0)); then
      _falcon_list_keys cmd "$command_path"
      _falcon_offer "choices:$_falcon_keys" "$cur"
    fi
    _falcon_argument_spec "$command_path" "$position"
    _falcon_offer "$_falcon_spec" "$cur"
  fi
}

complete -F _falcon falcon
`;
}

/** A bash single-quoted word holding `text` exactly. */
function singleQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
