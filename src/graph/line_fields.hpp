// Splitting an input line into whitespace-separated fields and reading numbers from them,
// with messages that say what was wrong.
#pragma once

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
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

// A finite decimal number (optional sign, fraction, exponent).
inline bool parse_weight(std::string_view text, float& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && std::isfinite(value);
}

}  // namespace wg::graph
