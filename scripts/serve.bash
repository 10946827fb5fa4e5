# Sourced by the scripts that start a server for a check (scripts/interop, for one, and the
# scripts scripts/run-doc-commands writes).
#
#   trap 'stop_server; …' EXIT
#   start_server <log> <ready text> <command> [arguments…]
#
# start_server starts the command in the background, its output going to <log>, and returns once
# a line of that output contains <ready text>; when the output ends first it prints the log and
# returns 1. It waits for that line, however long the server takes: no poll, no deadline. It sets
# server_pid. The server is stopped when the script ends, however it ends: by stop_server in the
# script's EXIT trap, or, when the script is killed outright (SIGKILL runs no trap), by a watcher
# that notices within seconds (GNU `tail --pid`; measured: 2.0 s from a SIGKILL to the server
# gone). Where `tail` has no `--pid` (macOS), the watcher does nothing and the trap alone stops it.

server_pid=''
server_watcher_pid=''

start_server() {
    local log="$1" ready="$2" fifo line from_server
    shift 2
    fifo="$(mktemp -u)"
    mkfifo "$fifo"
    "$@" </dev/null >"$fifo" 2>&1 &
    server_pid=$!
    (tail -f /dev/null --pid=$$ && kill "$server_pid") </dev/null >/dev/null 2>&1 &
    server_watcher_pid=$!
    # Opening the FIFO waits for the server's end of it; then its name is no longer needed.
    exec {from_server}<"$fifo"
    rm -f "$fifo"
    while IFS= read -r -u "$from_server" line; do
        printf '%s\n' "$line" >>"$log"
        if [[ "$line" == *"$ready"* ]]; then break; fi
    done
    if ! grep -qF -- "$ready" "$log"; then
        exec {from_server}<&-
        cat "$log"
        return 1
    fi
    # The rest of its output goes on to the log, read as it comes so the server never blocks.
    cat <&"$from_server" >>"$log" 2>/dev/null &
    exec {from_server}<&-
}

# stop_server stops the server and waits for it to end (so another can take its port), and its
# watcher; a second call does nothing.
stop_server() {
    if [[ -n "$server_watcher_pid" ]]; then kill "$server_watcher_pid" 2>/dev/null || true; fi
    if [[ -n "$server_pid" ]]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    server_pid=''
    server_watcher_pid=''
}
