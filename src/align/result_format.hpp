// One TSV line per pair: query id, target id, score; with traceback also identity
// (matches / alignment length, 4 decimals), alignment length and the CIGAR string.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <string>

namespace wg::align {

// Appends the line (with its newline) to `out`.
void append_result_line(fmt::memory_buffer& out, const std::string& query_id,
                        const std::string& target_id, std::int32_t scaled_score,
                        const std::string* cigar, std::int32_t scale);

}  // namespace wg::align
