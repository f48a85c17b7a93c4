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

// An error every rank learned of at the same point (graph/collective_error.hpp agrees on
// it), so every rank throws it and none waits in a collective: main() lets them all exit
// normally with a non-zero code, and only the rank that found it prints it.
class AgreedError : public Error {
 public:
  AgreedError(const std::string& message, bool found_here)
      : Error(message), found_here_(found_here) {}
  bool found_here() const { return found_here_; }

 private:
  bool found_here_;
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
