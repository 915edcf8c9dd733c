# tests/user/: static i386 musl test programs (the differential tests).
#   make user		builds them into build/user/bin/ with tools/i386-musl-gcc;
#			the root image carries them under /test;
#   make test-oracle	boots Debian's i386 Linux in QEMU (TCG) with
#			tests/user/oracle-init.c as /init, which mounts
#			maestro's root image as the root, runs each line of
#			tests/user/programs.txt and then the shell cases
#			(tests/shell/run.sh) as maestro does
#			(tools/linux-oracle.py); checks that each ends with
#			exit 0 there, and keeps the transcripts under
#			build/oracle/expected/: the oracle for maestro's runs.
#			Cached by a hash of the tree, the kernel and the
#			runner; tests/user/linux-quirks.txt corrects the few
#			lines where this Linux in QEMU is known to be wrong.
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
# maestro only: they are not in programs.txt, so the oracle never runs
# them.  Nor are spin (CPU time in main;spin_here), split (CPU time split
# 3:1 between work_three and work_one) and sysloop (system calls in a
# loop), the workloads of the profiler's system tests and benchmark, whose
# run time depends on the machine, nor memhog (takes memory until it is
# killed: tests/system/memory.py), whose end depends on the machine's
# memory, nor rndboot (random bytes and AT_RANDOM as the first process
# sees them, different on every run by design: tests/system/random.py).
USER_BIN := $(B)/user/bin
USER_NAMES := hello hello-pie errno fileio fork exec pipe dup signal stat dir fpu \
	sigfpu sigaltstack rtsig sigflags signum \
	mmap filemap brk time errors fault fault-execstack fault-nognustack \
	edges thread poll fifo syslog resource poweroff procself mapdisk devnodes sendfile vdso \
	restart ttymodes initpid \
	rlimit creds statx procinfo mount mountdisk setattr orphans timeouts magiclink proctask \
	oldcalls procsys eventfd flock sgiddir fdquery persona reclock shmanon \
	ipcmsg ipcsem ipcshm sysvipc posixsem memfd tmpfile \
	preadshare cloneparent pipesize noatime opencases memhog memlimit coredump pagemap chroot sigqueueperm \
	robust futexpi cancel timerfd signalfd posixtimer \
	epoll fdrange caps xattr mlock falloc splice lease ldt \
	unixstream unixdgram unixscm unixname socketcall \
	spin split sysloop getrandom rndboot modcalls execmap
USER_PROGS := $(addprefix $(USER_BIN)/,$(USER_NAMES)) $(USER_BIN)/programs.txt
# Frame pointers, as everywhere (DESIGN.md): the profiler unwinds user
# stacks by them.
USER_CFLAGS := -std=gnu11 -O2 -fno-omit-frame-pointer -Wall -Wextra -Werror \
	-Wno-unused-result

$(USER_BIN)/%: tests/user/%.c tests/user/check.h tools/i386-musl-gcc | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST32CC) $(USER_CFLAGS) $< -o $@

# thread.c, resource.c, proctask.c, robust.c, futexpi.c, cancel.c and
# posixtimer.c use pthreads (static musl links them in).
$(USER_BIN)/thread $(USER_BIN)/resource $(USER_BIN)/proctask \
	$(USER_BIN)/robust $(USER_BIN)/futexpi $(USER_BIN)/cancel \
	$(USER_BIN)/posixtimer: USER_CFLAGS += -pthread

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

# The oracle: Debian's linux-image-686-pae (NX, as maestro's utest boot
# has), fetched once with apt-get download, with the modules that mount
# maestro's own root image as Linux's root: ext4 (which provides ext2, and
# asks for crc32c) and loop.
ORACLE_KDIR := $(B)/cache/linux-oracle
ORACLE_INIT := $(B)/oracle/oracle-init
ORACLE_MODULES := crc32c_generic ext4 loop

$(ORACLE_KDIR)/.done: tools/linux-peer.py tests/user/user.mk | $(SETUP_STAMP)
	rm -f $@
	$(PYTHON) tools/linux-peer.py fetch $(ORACLE_KDIR) 686-pae $(ORACLE_MODULES)

$(ORACLE_INIT): tests/user/oracle-init.c tools/i386-musl-gcc | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST32CC) $(USER_CFLAGS) $< -o $@

# Linux runs the test image's programs (TESTFS, staged in build/rootfs-test).
ORACLE_DEPS := $(TESTFS) $(ORACLE_INIT) $(ORACLE_KDIR)/.done \
	tools/linux-oracle.py tools/linux-peer.py tests/user/linux-quirks.txt
ORACLE_RUN := $(PYTHON) tools/linux-oracle.py $(ORACLE_KDIR) $(B)/rootfs-test \
	$(TESTFS) $(ORACLE_INIT) $(B)/oracle tests/user/linux-quirks.txt

test-oracle: $(ORACLE_DEPS)
	$(ORACLE_RUN)

# The system tests compare maestro's runs with Linux's transcripts: they
# need them made (from the cache, normally), whatever the oracle's own
# verdict, which is test-oracle's to print (here it would end up in the
# system level's log).
oracle-transcripts: $(ORACLE_DEPS)
	@mkdir -p $(B)/oracle
	@$(ORACLE_RUN) > $(B)/oracle/last-run.log 2>&1 || \
		echo "test-system: the oracle failed; make test-oracle says why"
test-system: oracle-transcripts

test-host: $(USER_BIN)/hello $(USER_BIN)/hello-pie \
	$(USER_READELF)/hello.readelf $(USER_READELF)/hello-pie.readelf

TESTFS_DEPS += $(USER_PROGS)
TESTFS_EXTRA += $(USER_BIN)=test

.PHONY: user test-oracle oracle-transcripts
