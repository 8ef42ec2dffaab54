// The same walk as the bash script's (see bash-script.ts), in fish: candidates are printed one a
// line as "value<TAB>description", and fish filters them by what is typed.

/** The fish completion script for `table` (see completion-table.ts). */
export function fishCompletionScript(table: string, version: string): string {
  const rows = table.split('\n').map((row) => `    ${singleQuoted(row)}`);
  return `# fish completion for falcon ${version}, made by \`falcon completion fish\` from the program itself.
#
# Install (fish loads it when you first complete falcon):
#   falcon completion fish > ~/.config/fish/completions/falcon.fish
# or for this shell only:  falcon completion fish | source
#
# Saved request, flow, environment and provider names come from \`falcon __complete <kind>\`,
# run in the current folder as you press Tab.

set -g __falcon_rows \\
${rows.join(' \\\n')}

# Prints the rest of the first row that starts with the given fields; fails when there is none.
function __falcon_find
    set -l prefix (string join \\t -- $argv)\\t
    set -l found (string match -- "$prefix*" $__falcon_rows)
    or return 1
    string replace -- $prefix '' $found[1]
end

# Prints "key<TAB>description" of every row of this type under this command path.
function __falcon_described --argument-names type command_path
    for row in (string match -- "$type"\\t"$command_path"\\t'*' $__falcon_rows)
        set -l fields (string split \\t -- $row)
        printf '%s\\t%s\\n' $fields[3] $fields[-1]
    end
end

# Prints what an option takes ("none" for a flag or an unknown option).
function __falcon_option_spec --argument-names command_path option
    set -l found (__falcon_find opt $command_path $option; or __falcon_find hid $command_path $option)
    or begin
        echo none
        return
    end
    string replace -r -- '\\t.*' '' $found
end

# Prints what the argument at this position takes; fails when there is none.
function __falcon_argument_spec --argument-names command_path position
    __falcon_find arg $command_path $position
    and return
    for index in (seq $position -1 0)
        __falcon_find arg $command_path $index+
        and return
    end
    return 1
end

# Prints the candidates of a value spec, each after the given prefix ("--env=" for --env=<Tab>).
function __falcon_offer --argument-names spec prefix value command config
    set -l candidates
    switch $spec
        case 'choices:*'
            set candidates (string split ' ' -- (string replace -- choices: '' $spec))
        case 'dynamic:*'
            set -l options
            test -n "$config"; and set options --config $config
            set candidates ($command $options __complete (string replace -- dynamic: '' $spec) 2>/dev/null)
        case files
            set candidates (__fish_complete_path $value)
    end
    for candidate in $candidates
        echo $prefix$candidate
    end
end

function __falcon_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -l command (string replace -r -- '^~' $HOME $tokens[1])
    set -l command_path falcon
    set -l position 0
    set -l pending
    set -l pending_spec
    set -l config
    for word in $tokens[2..-1]
        if test -n "$pending"
            if test "$pending_spec" != optional; or not string match -q -- '-*' $word
                test "$pending" = --config; and set config (string replace -r -- '^~' $HOME $word)
                set pending
                continue
            end
            set pending
        end
        if string match -q -- '--*=*' $word
            string match -q -- '--config=*' $word
            and set config (string replace -- --config= '' $word | string replace -r -- '^~' $HOME)
        else if string match -q -- '-?*' $word
            set -l spec (__falcon_option_spec $command_path $word)
            if test "$spec" != none
                set pending $word
                set pending_spec $spec
            end
        else if test $position -eq 0; and __falcon_find cmd $command_path $word >/dev/null
            set command_path "$command_path $word"
        else
            set position (math $position + 1)
        end
    end

    if test -n "$pending"; and begin; test "$pending_spec" != optional; or not string match -q -- '-*' $cur; end
        __falcon_offer $pending_spec '' "$cur" "$command" "$config"
    else if string match -q -- '--*=*' $cur
        set -l option (string replace -r -- '=.*' '' $cur)
        set -l value (string replace -r -- '^[^=]*=' '' $cur)
        __falcon_offer (__falcon_option_spec $command_path $option) $option= "$value" "$command" "$config"
    else if string match -q -- '-*' $cur
        __falcon_described opt $command_path
    else
        test $position -eq 0; and __falcon_described cmd $command_path
        set -l spec (__falcon_argument_spec $command_path $position)
        and __falcon_offer $spec '' "$cur" "$command" "$config"
    end
end

complete -c falcon -e
complete -c falcon -f -a '(__falcon_complete)'
`;
}

/** A fish single-quoted word holding `text` exactly. */
function singleQuoted(text: string): string {
  return `'${text.replace(/[\\']/g, (char) => `\\${char}`)}'`;
}
