#include "report_file.hpp"

#include <cstdio>
#include <fstream>

#include "error.hpp"

namespace wg::graph {

void write_report(const std::string& path, const nlohmann::json& report) {
  const std::string temporary = path + ".partial";
  {
    std::ofstream out(temporary);
    if (!out) fail("{}: cannot write the report", path);
    out << report.dump(2) << '\n';
    if (!out) fail("{}: cannot write the report", path);
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    fail("{}: cannot write the report", path);
  }
}

}  // namespace wg::graph
