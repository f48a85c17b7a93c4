// --reorder none|degree|rcm: the vertex order of the graph files `convert` and `generate`
// write (graph/vertex_order.hpp).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace wg::cli {

// Adds the option; `order` holds its text, for graph::parse_vertex_order.
void add_reorder_option(CLI::App& command, std::string& order);

}  // namespace wg::cli
