# lib/: string, memory, printf, hash, symbol-table and bitmap helpers,
# linked into the kernel and also built for the host by tests/host/host.mk.
LIB_SRCS += lib/bitmap.c lib/gnuhash.c lib/hash.c lib/memchr.c lib/memcmp.c \
	lib/memcpy.c lib/memset.c lib/memzero_explicit.c lib/strchr.c lib/strcmp.c \
	lib/strcpy.c lib/strlen.c lib/strspn.c lib/strstr.c lib/vsnprintf.c

# gcc must not turn lib's own loops into calls to memset or memcpy: inside
# memset.c that would be a call to itself.
#
# The assembler keeps every jump, and every fused compare-and-jump, inside
# one 32-byte block (padding with prefixes where needed), which also aligns
# lib's .text to 32 bytes.  On Skylake-derived CPUs the JCC-erratum
# microcode runs a loop whose jump crosses such a boundary from the slow
# legacy decoders, and where a loop lands is otherwise up to the linker:
# tests/bench shows musl's strlen running twice as slowly at one placement
# out of four, and lib's strlen at the same speed at all of its own.
LIB_CFLAGS := -fno-tree-loop-distribute-patterns \
	-Wa,-mbranches-within-32B-boundaries
$(B)/k/lib/%.o: KCFLAGS += $(LIB_CFLAGS)
