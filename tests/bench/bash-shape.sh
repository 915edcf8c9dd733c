# bash-shape.sh: the "shape" row of bench-bash (tests/bench/bash.mk), a
# small script doing the kind of work bash's own tests do, in the same
# proportions as far as a short script can: command substitutions (a fork
# of the shell each, most running only builtins), pipelines (a fork per
# stage, some exec'ing a busybox applet), arrays and associative arrays,
# parameter expansion on each element, and many short-lived strings (bash
# allocates and frees a word list for each expansion).  Output goes to
# standard output (bash_bench.c sends it to /logs/shape.log); the last
# line is a checksum, the same on any kernel.  Run as
# `bash /bench/shape.sh [ROUNDS]`, 100 rounds by default.
rounds=${1:-100}
words=(alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu)
declare -A seen
sum=0

for ((r = 0; r < rounds; r++)); do
	# Command substitution: a subshell running a builtin.
	w=${words[r % ${#words[@]}]}
	x=$(printf '%s-%03d' "$w" "$r")
	# A pipeline inside one: two forks, tr exec'd from busybox.
	y=$(echo "$x" | tr a-z A-Z)
	# A subshell that only expands and counts.
	n=$(set -- $x $y; echo $#)

	# Arrays: append, index, slice, and the whole array re-expanded.
	list+=("$x" "$y")
	seen[$x]=$r
	tail4=("${list[@]: -4}")
	all="${list[*]}"

	# Parameter expansion on each element, no fork.
	for e in "${list[@]: -8}"; do
		t=${e//-/_}
		t=${t#*_}
		t=${t%%[0-9]*}
		t=${e^^}${e,,}
		t=${t:1:5}
		sum=$((sum + ${#t} + ${#e}))
	done
	# Word splitting and a here-string read.
	IFS=- read -r a b <<< "$x"
	# Patterns.
	case $y in
	*[AEIOU]*-0*) sum=$((sum + 1)) ;;
	*) sum=$((sum + 2)) ;;
	esac
	[[ $x == *a* ]] && sum=$((sum + n))
	printf '%s %s %s %s %d\n' "$r" "$a" "$b" "${tail4[0]}" "${#all}"
done

# Many small allocations: an array grown and re-expanded element by element.
big=()
for ((i = 0; i < 2000; i++)); do
	big[i]="item$i.${words[i % 12]}"
done
big=("${big[@]/item/it}")
big=("${big[@]%.*}")
for k in "${!seen[@]}"; do
	sum=$((sum + ${seen[$k]}))
done
echo "rounds $rounds elements ${#big[@]} sum $sum"
