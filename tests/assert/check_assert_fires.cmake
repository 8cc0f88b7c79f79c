# Runs PROBE (assert_probe.cpp built with the checks on) and fails unless it aborted with the
# report of CONTACTLAB_ASSERT on stderr: file:line, the condition and the message.
execute_process(COMMAND ${PROBE} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(result EQUAL 0)
  message(FATAL_ERROR "the failed check did not stop the program (stdout: ${out})")
endif()
set(expected "assert_probe\\.cpp:[0-9]+: CONTACTLAB_ASSERT\\(failingCondition\\(\\)\\) failed: the probe's check fails on purpose")
if(NOT err MATCHES "${expected}")
  message(FATAL_ERROR "the report is not 'file:line: CONTACTLAB_ASSERT(condition) failed: message' (exit: ${result}; stderr: ${err})")
endif()
message(STATUS "the check fired: ${result}: ${err}")
