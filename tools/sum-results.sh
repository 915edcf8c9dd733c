#!/bin/sh
# sum-results.sh: add up test summaries into one line.
#
# Usage: tools/sum-results.sh LOG...
# Takes the last "N passed, N failed" line of each LOG (it may carry a
# prefix such as "[host] "), prints one line "N passed, N failed" with the
# totals, and exits 1 if anything failed.  A LOG without such a line (a test
# program that crashed or never ran) counts as one failure and is named on
# stderr.
passed=0
failed=0
for log in "$@"; do
	last=$(grep -E '(^|[^0-9])[0-9]+ passed, [0-9]+ failed$' "$log" \
		2>/dev/null | tail -n 1)
	if [ -z "$last" ]; then
		echo "sum-results: no summary line in $log" >&2
		failed=$((failed + 1))
		continue
	fi
	counts=$(echo "$last" |
		sed -E 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed$/\2 \3/')
	read -r p f <<EOT
$counts
EOT
	passed=$((passed + p))
	failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
