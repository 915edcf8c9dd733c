# lib/: string, memory, printf, hash and bitmap helpers, linked into the
# kernel and also built for the host by tests/host/host.mk.
LIB_SRCS += lib/bitmap.c lib/hash.c lib/memchr.c lib/memcmp.c lib/memcpy.c \
	lib/memset.c lib/strchr.c lib/strcmp.c lib/strcpy.c lib/strlen.c \
	lib/strspn.c lib/vsnprintf.c

# gcc must not turn lib's own loops into calls to memset or memcpy: inside
# memset.c that would be a call to itself.
LIB_CFLAGS := -fno-tree-loop-distribute-patterns
$(B)/k/lib/%.o: KCFLAGS += $(LIB_CFLAGS)
