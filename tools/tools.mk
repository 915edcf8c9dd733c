# tools/tools.mk: host-side helpers that the Makefile builds.
#   $(I386_PROBE)	the probe of tools/i386-exec ($(I386_RUNNER)), a static
#			i386 program (tools/i386-probe.c); the script builds
#			it the same way when it is missing.

$(I386_PROBE): tools/i386-probe.c tools/i386-musl-gcc | $(SETUP_STAMP)
	@mkdir -p $(@D)
	tools/i386-musl-gcc -O2 -Wall -Wextra -Werror $< -o $@
