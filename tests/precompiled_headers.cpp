// The owner of the suites' precompiled header (tests/CMakeLists.txt): compiled with the suites'
// options so that every suite can reuse its header; no code of its own.
