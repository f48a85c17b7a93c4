#include "align/result_format.hpp"

#include <fmt/format.h>

#include "align/scoring.hpp"

namespace wg::align {

std::string format_result_line(const std::string& query_id, const std::string& target_id,
                               std::int32_t scaled_score, const std::string* cigar,
                               std::int32_t scale) {
  std::string line = query_id + '\t' + target_id + '\t' + format_score(scaled_score, scale);
  if (cigar) {
    std::uint64_t matches = 0;
    std::uint64_t length = 0;
    std::uint64_t run = 0;
    for (const char c : *cigar) {
      if (c >= '0' && c <= '9') {
        run = run * 10 + static_cast<std::uint64_t>(c - '0');
        continue;
      }
      length += run;
      if (c == '=') matches += run;
      run = 0;
    }
    const double identity = length ? static_cast<double>(matches) / static_cast<double>(length) : 0.0;
    line += fmt::format("\t{:.4f}\t{}\t{}", identity, length, *cigar);
  }
  line += '\n';
  return line;
}

}  // namespace wg::align
