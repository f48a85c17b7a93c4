// One TSV line per pair: query id, target id, score; with traceback also identity
// (matches / alignment length, 4 decimals), alignment length and the CIGAR string.
#pragma once

#include <cstdint>
#include <string>

namespace wg::align {

std::string format_result_line(const std::string& query_id, const std::string& target_id,
                               std::int32_t scaled_score, const std::string* cigar,
                               std::int32_t scale);

}  // namespace wg::align
