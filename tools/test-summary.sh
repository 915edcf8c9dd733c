#!/bin/sh
# test-summary.sh LOG...: add up the "N passed, N failed" closing line of
# each test level's log and print the total as the last line.  A log with
# no such line (the level did not build or crashed) counts as one failure.
# Exits 1 when anything failed.
total_pass=0
total_fail=0
for log in "$@"; do
	line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" 2>/dev/null | tail -n 1)
	if [ -z "$line" ]; then
		echo "summary: $log: no result line, counted as 1 failure"
		total_fail=$((total_fail + 1))
		continue
	fi
	p=$(echo "$line" | sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\2/')
	f=$(echo "$line" | sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\3/')
	echo "summary: $(basename "$log" .log): $p passed, $f failed"
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
done
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
