// Process exit codes, documented in README.md.
#pragma once

namespace wg {

inline constexpr int kExitOk = 0;
inline constexpr int kExitError = 1;        // bad input, failed I/O, failed library call
inline constexpr int kExitUsage = 2;        // bad command line
inline constexpr int kExitNotBuilt = 3;     // a feature this build does not contain
inline constexpr int kExitInterrupted = 75; // stopped by a signal after writing a checkpoint

}  // namespace wg
