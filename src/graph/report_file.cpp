#include "src/graph/report_file.hpp"

#include <cstdio>
#include <fstream>

#include "src/common/error.hpp"
#include "src/graph/output_file.hpp"

namespace wg::graph {

void write_report(const std::string& path, const nlohmann::json& report) {
  const std::string temporary = io::temporary_name(path, io::unique_token());
  {
    std::ofstream out(temporary);
    if (!out) fail("{}: cannot write the report", path);
    out << report.dump(2) << '\n';
    out.close();
    if (!out) {
      std::remove(temporary.c_str());
      fail("{}: cannot write the report", path);
    }
  }
  try {
    io::sync_file(temporary);
    io::publish(temporary, path, "--report");
  } catch (...) {
    std::remove(temporary.c_str());
    throw;
  }
}

}  // namespace wg::graph
