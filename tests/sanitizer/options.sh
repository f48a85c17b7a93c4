# Sourced by the sanitizer and fuzz scripts: how the sanitizers report. Any report stops
# the process. LeakSanitizer is off: Open MPI keeps allocations until MPI_Finalize, which
# then unloads the components that made them, so they show up as leaks with no module
# to name or suppress (and with MPI's threads alive at exit LeakSanitizer cannot run).
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=0:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
