#include "align/result_format.hpp"

#include <iterator>

#include "align/scoring.hpp"

namespace wg::align {

void append_result_line(fmt::memory_buffer& out, const std::string& query_id,
                        const std::string& target_id, std::int32_t scaled_score,
                        const std::string* cigar, std::int32_t scale) {
  out.append(query_id);
  out.push_back('\t');
  out.append(target_id);
  out.push_back('\t');
  if (scaled_score % scale == 0) {  // the common case, without a temporary string
    const fmt::format_int whole(scaled_score / scale);
    out.append(whole.data(), whole.data() + whole.size());
  } else {
    out.append(format_score(scaled_score, scale));
  }
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
    fmt::format_to(std::back_inserter(out), "\t{:.4f}\t{}\t", identity, length);
    out.append(*cigar);
  }
  out.push_back('\n');
}

}  // namespace wg::align
