# tools/web/: the profiler's pages for a browser (issue 10).
#   tools/prof-pages        folded stacks (+ boot timeline) -> .svg + .html
#   tools/prof-page-check   opens a page in headless Chromium and checks it
# The HTML pages inline d3, d3-flame-graph and flame-chart-js, and the check
# drives Chromium with playwright-core: npm packages pinned in
# tools/web/package.json and package-lock.json, installed by `npm ci` into
# $(WEB_DIR)/node_modules (never committed; `make clean` removes it).
#
#   make web-deps             install them (again only when the lock changes)
#   make prof-pages-selftest  build the pages of the fixed profile in
#                             tests/host/prof/ into $(PROF_PAGES_OUT).*, run
#                             prof-pages' unit tests and the browser check
#                             (screenshot $(PROF_PAGES_OUT)-check.png)
# `make test-host` runs the same two tests and counts them in its summary
# (HOST_SELFTEST_RUN and HOST_SELFTEST_LOGS, read by tests/host/host.mk).

WEB_DIR := $(B)/web
WEB_STAMP := $(WEB_DIR)/node_modules/.maestro-npm-ci
WEB_LOCK := tools/web/package.json tools/web/package-lock.json

$(WEB_STAMP): $(WEB_LOCK) | $(SETUP_STAMP)
	rm -rf $(WEB_DIR)
	mkdir -p $(WEB_DIR)
	cp $(WEB_LOCK) $(WEB_DIR)/
	cd $(WEB_DIR) && npm ci --ignore-scripts --no-audit --no-fund --loglevel=warn
	touch $@
web-deps: $(WEB_STAMP)

PROF_PAGES_DIR := tests/host/prof
PROF_PAGES_OUT := $(B)/host/prof/sample
PROF_PAGES_SRCS := tools/prof-pages $(wildcard tools/profpages/*.py \
	tools/profpages/*.js tools/profpages/*.css)

$(PROF_PAGES_OUT).html: $(PROF_PAGES_SRCS) $(PROF_PAGES_DIR)/sample.folded \
		$(PROF_PAGES_DIR)/sample.timeline.tsv $(WEB_STAMP)
	@mkdir -p $(@D)
	$(PYTHON) tools/prof-pages --web-dir $(WEB_DIR) \
		--title "maestro sample profile (tests/host/prof)" \
		--timeline $(PROF_PAGES_DIR)/sample.timeline.tsv \
		$(PROF_PAGES_DIR)/sample.folded $(PROF_PAGES_OUT)

# The tests: unit tests, then the browser check searching for vfs_read.
PROF_PAGES_LOGS := $(B)/host/prof-pages-selftest.log \
	$(B)/host/prof-page-check.log
PROF_PAGES_RUN = \
	$(PYTHON) tools/prof-pages --selftest --web-dir $(WEB_DIR) \
		> $(B)/host/prof-pages-selftest.log 2>&1; \
	sed 's/^/[prof-pages] /' $(B)/host/prof-pages-selftest.log; \
	MAESTRO_WEB_DIR=$(WEB_DIR) tools/prof-page-check \
		$(PROF_PAGES_OUT).html vfs_read $(PROF_PAGES_OUT)-check.png \
		> $(B)/host/prof-page-check.log 2>&1; \
	sed 's/^/[prof-page-check] /' $(B)/host/prof-page-check.log;

prof-pages-selftest: $(PROF_PAGES_OUT).html
	@$(PROF_PAGES_RUN) tools/sum-results.sh $(PROF_PAGES_LOGS)

test-host: $(PROF_PAGES_OUT).html
HOST_SELFTEST_RUN += $(PROF_PAGES_RUN)
HOST_SELFTEST_LOGS += $(PROF_PAGES_LOGS)

.PHONY: web-deps prof-pages-selftest
