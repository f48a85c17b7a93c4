// The one writer of every command's JSON report (--report FILE of convert, generate, info,
// run and align), called by rank 0: the report is written under a temporary name unique
// to the writer, flushed to the disk and renamed only when complete (docs/RELIABILITY.md).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace wg::graph {

void write_report(const std::string& path, const nlohmann::json& report);

}  // namespace wg::graph
