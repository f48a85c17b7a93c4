// Splitting an input line into whitespace-separated fields and reading numbers from them,
// with messages that say what was wrong.
#pragma once

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace wg::graph {

// Up to kMax fields of one line; count() tells how many the line had (it may be more
// than kMax, in which case only the first kMax are kept).
class LineFields {
 public:
  static constexpr size_t kMax = 8;

  explicit LineFields(std::string_view line) {
    size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && is_space(line[i])) ++i;
      if (i == line.size()) break;
      const size_t start = i;
      while (i < line.size() && !is_space(line[i])) ++i;
      if (count_ < kMax) fields_[count_] = line.substr(start, i - start);
      ++count_;
    }
  }
  size_t count() const { return count_; }
  bool empty() const { return count_ == 0; }
  std::string_view operator[](size_t i) const { return fields_[i]; }

 private:
  static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
  }
  std::array<std::string_view, kMax> fields_{};
  size_t count_ = 0;
};

// A non-negative decimal integer with nothing after it.
inline bool parse_unsigned(std::string_view text, std::uint64_t& value) {
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

// A finite decimal number (optional sign, fraction, exponent) within single precision;
// one too small for it (1e-50) rounds towards 0 as any other rounding does.
inline bool parse_weight(std::string_view text, float& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  double wide = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), wide);
  if (end != text.data() + text.size()) return false;
  if (error == std::errc::result_out_of_range) {
    // Underflow of the double itself (1e-400): as small as can be. Overflow: refused.
    const std::string_view exponent = text.substr(std::min(text.find_first_of("eE"), text.size()));
    if (exponent.size() < 2 || exponent[1] != '-') return false;
    wide = 0;
  } else if (error != std::errc()) {
    return false;
  }
  if (!std::isfinite(wide) || std::fabs(wide) > std::numeric_limits<float>::max()) return false;
  value = static_cast<float>(wide);
  return true;
}

// A whole number (optional sign) for Matrix Market's `integer` field: `1.5` or `1e20`
// are not integers.
inline bool parse_integer_weight(std::string_view text, float& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  std::int64_t whole = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), whole);
  if (error != std::errc() || end != text.data() + text.size()) return false;
  value = static_cast<float>(whole);
  return true;
}

}  // namespace wg::graph
