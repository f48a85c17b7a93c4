// Logging set-up: spdlog to stderr. Rank 0 reports progress at info level; other ranks
// report only warnings and errors, prefixed with their rank so messages can be traced.
#pragma once

namespace wg {

void init_logging(int rank, int size, bool verbose);

}  // namespace wg
