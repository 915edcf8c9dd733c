#!/bin/sh
# check-ksyms.sh PASS1.nm PASS2.nm: fail when the second link pass moved a
# symbol.  The tables' own symbols (ksyms_*: the symbol table's and the
# export table's) and _kernel_end (after them) may differ; nothing else may.
filter() { grep -v -e ' ksyms_' -e ' _kernel_end$' "$1"; }
filter "$2" > "$2.filtered"
if ! filter "$1" | diff -u - "$2.filtered"; then
	echo "check-ksyms: the second link pass moved symbols" >&2
	exit 1
fi
