# tests/user/: static i386 musl test programs (the differential tests).
#   make user		builds them into build/user/bin/ with tools/i386-musl-gcc;
#			the root image carries them under /test;
#   make test-user-host	runs each line of tests/user/programs.txt on this
#			host's Linux (i386 binaries run natively), checks the
#			exit status 0, and keeps the transcripts under
#			build/user/expected/: the oracle for maestro's runs.
# hello-pie is hello.c linked as a static-PIE (ET_DYN without PT_INTERP).
# fault-execstack is fault.c linked with -z execstack, fault-nognustack is
# fault.c without a PT_GNU_STACK header (tools/elf-drop-gnu-stack.py), as
# old i386 programs are: Linux gives those READ_IMPLIES_EXEC.
# resource (the resource test, tests/system/proc_resource.py), initpid
# (what init, pid 1, is given: tests/system/init.py), poweroff
# (reboot(2), tests/system/run.py), procself (/proc/self and
# /proc/<pid>/, tests/system/run.py), mapdisk (a file written through
# MAP_SHARED on an ext2 disk, tests/system/run.py), mountdisk (mounting an
# ext2 disk from user space, tests/system/run.py) and ttymodes (terminal
# modes and job control on the serial line, tests/system/terminal.py) run on
# maestro only:
# they are not in programs.txt, so the host never runs them.
USER_BIN := $(B)/user/bin
USER_NAMES := hello hello-pie errno fileio fork exec pipe dup signal stat dir fpu \
	sigfpu sigaltstack rtsig sigflags signum \
	mmap filemap brk time errors fault fault-execstack fault-nognustack \
	edges thread poll fifo resource poweroff procself mapdisk devnodes sendfile vdso \
	restart ttymodes initpid \
	rlimit creds statx procinfo mount mountdisk setattr orphans timeouts magiclink proctask
USER_PROGS := $(addprefix $(USER_BIN)/,$(USER_NAMES)) $(USER_BIN)/programs.txt
USER_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -Wno-unused-result

$(USER_BIN)/%: tests/user/%.c tests/user/check.h tools/i386-musl-gcc | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST32CC) $(USER_CFLAGS) $< -o $@

# thread.c and resource.c use pthreads (static musl links them in).
$(USER_BIN)/thread $(USER_BIN)/resource $(USER_BIN)/proctask: USER_CFLAGS += -pthread

$(USER_BIN)/hello-pie: tests/user/hello.c tools/i386-musl-gcc | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST32CC) $(USER_CFLAGS) -fPIE -static-pie $< -o $@

$(USER_BIN)/fault-execstack: tests/user/fault.c tests/user/check.h tools/i386-musl-gcc | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST32CC) $(USER_CFLAGS) -Wl,-z,execstack $< -o $@

$(USER_BIN)/fault-nognustack: $(USER_BIN)/fault tools/elf-drop-gnu-stack.py
	$(PYTHON) tools/elf-drop-gnu-stack.py $< $@

$(USER_BIN)/programs.txt: tests/user/programs.txt
	@mkdir -p $(@D)
	cp $< $@

# readelf's view of the programs, which tests/host/test_elf.c checks
# elf_parse() against.
USER_READELF := $(B)/user/readelf
$(USER_READELF)/%.readelf: $(USER_BIN)/%
	@mkdir -p $(@D)
	readelf -lhW $< > $@

user: $(USER_PROGS)

test-user-host: $(USER_PROGS)
	tests/user/run-host.sh $(USER_BIN) $(B)/user/expected

test-host: $(USER_BIN)/hello $(USER_BIN)/hello-pie \
	$(USER_READELF)/hello.readelf $(USER_READELF)/hello-pie.readelf

ROOTFS_DEPS += $(USER_PROGS)
ROOTFS_EXTRA += $(USER_BIN)=test

.PHONY: user test-user-host

# The system tests compare maestro's runs with the host's transcripts.
test-system: test-user-host
