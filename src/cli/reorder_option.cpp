#include "src/cli/reorder_option.hpp"

namespace wg::cli {

void add_reorder_option(CLI::App& command, std::string& order) {
  command
      .add_option("--reorder", order,
                  "Renumber the vertices for locality: none, degree (descending degree, ties "
                  "by id) or rcm (reverse Cuthill-McKee); the original ids are kept in the "
                  "graph file and `run` writes results keyed by them")
      ->capture_default_str()
      ->check(CLI::IsMember({"none", "degree", "rcm"}));
}

}  // namespace wg::cli
