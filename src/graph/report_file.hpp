// Writing a command's JSON report (--report FILE) from rank 0, under a temporary name
// renamed at the end.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace wg::graph {

void write_report(const std::string& path, const nlohmann::json& report);

}  // namespace wg::graph
