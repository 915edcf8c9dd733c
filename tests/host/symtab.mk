# tests/host/symtab.mk: the GNU hash tables that tests/host/test_gnuhash.c
# searches, made at build time by tools/gnuhash.py from name lists
# (tools/symnames.py makes the synthetic ones) and linked into both host
# test programs (build/host/unit-tests, build/host32/unit-tests):
#   gnuhash_test_empty		no names
#   gnuhash_test_one		one name
#   gnuhash_test_two		a function's address and an expression
#   gnuhash_test_collide	256 names in groups of 16 of one full hash
#   gnuhash_test_k1000		1000 kernel-like names, value = index
#   gnuhash_test_k1000_miss	1000 other such names, the misses
# The self-test of tools/gnuhash.py runs in test-host too.

GNUHASH_TEST_DIR := $(B)/gen/gnuhash
GNUHASH_TEST_NAMES := empty one two collide k1000 k1000_miss
GNUHASH_TEST_SRCS := $(patsubst %,$(GNUHASH_TEST_DIR)/%.c,$(GNUHASH_TEST_NAMES))

$(GNUHASH_TEST_DIR)/empty.txt:
	@mkdir -p $(@D)
	: > $@
$(GNUHASH_TEST_DIR)/one.txt:
	@mkdir -p $(@D)
	echo gnuhash_only_name > $@
$(GNUHASH_TEST_DIR)/two.txt:
	@mkdir -p $(@D)
	printf '%s\n' gnuhash_test_target 'second_name 0x1234 + 1' > $@
$(GNUHASH_TEST_DIR)/collide.txt: tools/symnames.py
	@mkdir -p $(@D)
	$(PYTHON) tools/symnames.py collide 256 $@
$(GNUHASH_TEST_DIR)/k1000.txt: tools/symnames.py
	@mkdir -p $(@D)
	$(PYTHON) tools/symnames.py kernel 1000 13 $@ $(@D)/k1000_miss.txt
$(GNUHASH_TEST_DIR)/k1000_miss.txt: $(GNUHASH_TEST_DIR)/k1000.txt

# Every table but "two" (whose bare name is an address) takes index values.
# (A static pattern rule: a free one could chain with make's built-in
# rules.)
$(GNUHASH_TEST_SRCS): $(GNUHASH_TEST_DIR)/%.c: $(GNUHASH_TEST_DIR)/%.txt \
		tools/gnuhash.py
	$(PYTHON) tools/gnuhash.py $(if $(filter two,$*),,--index-values) \
		--name gnuhash_test_$* $< $@

$(HOST_TEST_BIN): $(patsubst %.c,$(B)/host/%.o,$(GNUHASH_TEST_SRCS))
$(HOST32_TEST_BIN): $(patsubst %.c,$(B)/host32/%.o,$(GNUHASH_TEST_SRCS))

HOST_SELFTEST_RUN += $(PYTHON) tools/gnuhash.py --selftest \
	> $(B)/host/gnuhash-selftest.log 2>&1; \
	sed 's/^/[gnuhash.py] /' $(B)/host/gnuhash-selftest.log;
HOST_SELFTEST_LOGS += $(B)/host/gnuhash-selftest.log
