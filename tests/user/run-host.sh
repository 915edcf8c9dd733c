#!/bin/sh
# run-host.sh BIN_DIR OUT_DIR: the differential tests' oracle.
#
# Runs every line of BIN_DIR/programs.txt ("NAME ARG...") on this host's
# Linux, which runs the static i386 programs natively, with exactly the
# environment TEST_ENV=1 PATH=/test, from /, and stdin from /dev/null.
# Each run's stdout and stderr, then a last line "exit N", go to
# OUT_DIR/NN-NAME.out (NN: the run's number, from 01).  Prints "ok" or
# "FAIL" per run (a run fails when its exit status is not 0) and ends with
# "N passed, N failed"; exit status 1 when a run failed.
# The programs in NEEDS_ROOT chown files to other users and drop privileges,
# which needs root on the host (maestro's runner runs everything as uid 0):
# when the caller is not root they run through "sudo -n" (tools/setup.sh
# needs sudo too), whose own messages go to OUT_DIR/sudo.err, not into the
# transcript.
set -u
NEEDS_ROOT=" setattr orphans "
bin=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/*.out
n=0 passed=0 failed=0
while read -r name args; do
	case "$name" in ''|'#'*) continue ;; esac
	n=$((n + 1))
	f=$(printf '%s/%02d-%s.out' "$out" "$n" "$name")
	# shellcheck disable=SC2086  # the arguments are split on blanks
	if [ "$(id -u)" -ne 0 ] && [ "${NEEDS_ROOT#* $name }" != "$NEEDS_ROOT" ]
	then
		(cd / && exec sudo -n sh -c 'exec "$@" 2>&1' run-host \
			env -i TEST_ENV=1 PATH=/test "$bin/$name" $args) \
			> "$f" 2>> "$out/sudo.err" < /dev/null
	else
		(cd / && exec env -i TEST_ENV=1 PATH=/test "$bin/$name" $args) \
			> "$f" 2>&1 < /dev/null
	fi
	rc=$?
	echo "exit $rc" >> "$f"
	if [ $rc -eq 0 ]; then
		echo "ok   $name $args"
		passed=$((passed + 1))
	else
		echo "FAIL $name $args (exit $rc, see $f)"
		sed 's/^/    /' "$f"
		failed=$((failed + 1))
	fi
done < "$bin/programs.txt"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
