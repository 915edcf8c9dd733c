# Test-kernel code that the system tests drive through command-line
# switches: the scripted filesystem workload (fsworkload=) and the walk of
# e2fsprogs' damaged images (corpus).
KTEST_SRCS += tests/kernel/fsworkload.c tests/kernel/corpus.c
