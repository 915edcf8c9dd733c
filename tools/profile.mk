# tools/profile.mk: `make profile`, the profiler's host side (issue 10).
#   make profile              record the boot of maestro (profile=boot) to
#                             the first prompt
#   make profile CMD='...'    record a command run at that prompt under
#                             `profile` (and its children)
#   make profile CMD='...' PROFILE_MEMORY=1
#                             its kernel allocations still live at its end
#                             (`profile --memory`), weighed in bytes
# Both boot maestro's kernel and root image in QEMU (TCG), bring the log
# back through the second serial port at power-off and write, under
# build/profile/, NAME.log (raw), NAME.folded, NAME.svg and NAME.html, and
# for the boot NAME.timeline.tsv (NAME: boot, cmd or memory); see
# tools/profile-run.py.  PROFILE_HZ sets the rate (default 1000).
# Any folded file, from a real machine too, becomes the same pages with
# tools/prof-pages; a raw log (`profile --raw`, or COM2's dump) becomes
# folded stacks with build/tools/prof-decode.
PROFILE_HZ ?= 1000
PROF_DECODE_BIN := $(B)/tools/prof-decode

profile: export PROFILE_CMD := $(CMD)
profile: $(ISO) $(PROF_DECODE_BIN) $(WEB_STAMP)
	$(PYTHON) tools/profile-run.py --kernel $(B)/maestro.elf \
		--rootfs $(ROOTFS) --root $(B)/rootfs --nm $(B)/maestro.nm \
		--decoder $(PROF_DECODE_BIN) --out $(B)/profile \
		--hz $(PROFILE_HZ) --cmd-env PROFILE_CMD \
		$(if $(filter 1,$(PROFILE_MEMORY)),--memory)

# The system tests run the same, and open the page in Chromium.
test-system: $(PROF_DECODE_BIN) $(WEB_STAMP)

.PHONY: profile
