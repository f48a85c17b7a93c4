// The one error type of warpgraph. Code that finds bad input or a failed library call
// throws wg::Error with a message naming the file and line (or option, or dataset);
// main() catches it, prints it once, and makes every rank exit non-zero.
#pragma once

#include <fmt/format.h>

#include <stdexcept>
#include <string>
#include <utility>

namespace wg {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

template <typename... Args>
[[noreturn]] void fail(fmt::format_string<Args...> format, Args&&... args) {
  throw Error(fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace wg

// Throws wg::Error with the formatted message when the condition does not hold.
#define WG_REQUIRE(condition, ...)        \
  do {                                    \
    if (!(condition)) ::wg::fail(__VA_ARGS__); \
  } while (0)
