#include "log.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <string>

namespace wg {

void init_logging(int rank, int size, bool verbose) {
  auto logger = spdlog::stderr_color_mt("warpgraph");
  const std::string who = size > 1 ? "warpgraph[" + std::to_string(rank) + "]" : "warpgraph";
  logger->set_pattern(who + ": %^%l%$: %v");
  if (rank == 0) {
    logger->set_level(verbose ? spdlog::level::debug : spdlog::level::info);
  } else {
    logger->set_level(verbose ? spdlog::level::debug : spdlog::level::warn);
  }
  spdlog::set_default_logger(logger);
}

}  // namespace wg
