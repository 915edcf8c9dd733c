#!/bin/bash
# run.sh: the shell tests' driver (tests/system/shell.py).
#
# Runs every case of the *.cases files beside it, in file then case order,
# each in a new bash of its own (`bash CASE.sh`, stdin /dev/null, stderr
# with stdout) from an empty scratch directory under /tmp, and frames each
# on stdout as
#	shell: begin NAME
#	...the case's output...
#	exit N
#	shell: end NAME
# then ends with "shell: N cases done".  A case is a "## NAME" line and the
# bash lines after it, up to the next such line; lines before the first
# are comments.  PATH holds only the userland tree: /bin, /sbin, /usr/bin,
# /usr/sbin.  It runs as init (pid 1) of the same root tree on maestro
# (init=) and on Linux in QEMU, whose transcripts are the expected output
# (tools/linux-oracle.py).  The output goes to /dev/console, a terminal,
# for which programs format differently (ls in columns, with colours), so
# the cases write into a pipe.
if [ -t 1 ] && [ -z "${SHELL_TESTS_PIPED:-}" ]; then
	SHELL_TESTS_PIPED=1 "$BASH" "${BASH_SOURCE[0]}" "$@" | cat
	exit "${PIPESTATUS[0]}"
fi
unset SHELL_TESTS_PIPED
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
export HOME=/ TERM=linux LC_ALL=C
here=$(cd "${BASH_SOURCE[0]%/*}" && pwd)
base=/tmp/shell-tests.$$
n=0

# run_case NAME FILE: run one case, framed.
run_case() {
	local dir=$base/$1
	n=$((n + 1))
	mkdir -p "$dir"
	echo "shell: begin $1"
	(cd "$dir" && exec bash "$2") < /dev/null 2>&1
	echo "exit $?"
	echo "shell: end $1"
}

# run_file CASES: split CASES into case scripts and run each.
run_file() {
	local line name= file=
	while IFS= read -r line || [ -n "$line" ]; do
		if [[ $line == "## "* ]]; then
			[ -n "$name" ] && run_case "$name" "$file"
			name=${line#"## "}
			file=$base/$name.sh
			: > "$file"
		elif [ -n "$name" ]; then
			printf '%s\n' "$line" >> "$file"
		fi
	done < "$1"
	[ -n "$name" ] && run_case "$name" "$file"
}

mkdir -p "$base"
for cases in "$here"/*.cases; do
	run_file "$cases"
done
rm -rf "$base"
echo "shell: $n cases done"
