"""The blocks of docs/**/*.md run as tests through the literate pytest plugin, which the
installed package registers (entry point pytest11); pytester is for the build engine's own
tests of that plugin (tests/literate); the collection guard makes `make test` fail when a test
file is not collected (tests/collection_guard.py); the site tests' hooks that xdist's controller
must run are in tests/site/run_hooks.py."""

pytest_plugins = ["pytester", "tests.collection_guard", "tests.site.run_hooks"]
