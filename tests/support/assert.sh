# Small assertion helpers for the shell tests. Source it, call the asserts, end with
# `finish`, which exits non-zero when any assertion failed.
wg_failures=0

fail_test() {
  echo "FAIL: $*" >&2
  wg_failures=$((wg_failures + 1))
}

assert_status() {  # expected actual what
  [ "$1" = "$2" ] || fail_test "$3: exit status $2, expected $1"
}

assert_nonzero() {  # actual what
  [ "$1" != 0 ] || fail_test "$2: exit status 0, expected non-zero"
}

assert_contains() {  # haystack needle what
  case "$1" in
    *"$2"*) ;;
    *) fail_test "$3: output lacks '$2'; output was: $1" ;;
  esac
}

assert_no_file() {  # path what
  [ ! -e "$1" ] || fail_test "$2: $1 should not exist"
}

finish() {
  if [ "$wg_failures" -ne 0 ]; then
    echo "$wg_failures assertion(s) failed" >&2
    exit 1
  fi
  echo "all assertions passed"
}
