#include "align/result_format.hpp"

#include <fmt/compile.h>

#include <iterator>

namespace wg::align {
namespace {

void append_int(fmt::memory_buffer& out, std::int64_t value) {
  const fmt::format_int text(value);
  out.append(text.data(), text.data() + text.size());
}

}  // namespace

void append_result_line(fmt::memory_buffer& out, const std::string& query_id,
                        const std::string& target_id, std::int32_t scaled_score,
                        const std::string* cigar, std::int32_t scale) {
  out.append(query_id);
  out.push_back('\t');
  out.append(target_id);
  out.push_back('\t');
  // As format_score (EMBOSS style: 1286, 112.5, -2623, 0.25) without a temporary string.
  if (scaled_score % scale == 0) {
    append_int(out, scaled_score / scale);
  } else {
    const std::int64_t hundredths = std::int64_t{scaled_score} * (100 / scale);
    const std::int64_t magnitude = hundredths < 0 ? -hundredths : hundredths;
    if (hundredths < 0) out.push_back('-');
    append_int(out, magnitude / 100);
    out.push_back('.');
    out.push_back(static_cast<char>('0' + magnitude % 100 / 10));
    if (magnitude % 10 != 0) out.push_back(static_cast<char>('0' + magnitude % 10));
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
    fmt::format_to(std::back_inserter(out), FMT_COMPILE("\t{:.4f}\t{}\t"), identity, length);
    out.append(*cigar);
  }
  out.push_back('\n');
}

}  // namespace wg::align
