// Many short strings in one text, each found by where it begins and its size, set in any
// order: the CIGAR strings of a batch of alignments, which the aligners fill
// (kernels/align), the results messages carry (comm/align) and the output writes
// (src/align). A std::string per pair cost an allocation on the aligners' threads and a
// free on the writer's for every pair: in a SAM job, 12% of the samples were in the
// kernel's memory-map lock as the threads' heaps grew and shrank.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wg {

class StringTable {
 public:
  StringTable() = default;
  explicit StringTable(const std::vector<std::string>& strings) {
    for (const std::string& s : strings) push_back(s);
  }

  // `count` empty strings.
  void reset(std::size_t count) {
    text_.clear();
    begins_.assign(count, 0);
    sizes_.assign(count, 0);
  }
  std::size_t size() const { return sizes_.size(); }
  bool empty() const { return sizes_.empty(); }
  std::string_view operator[](std::size_t k) const {
    return {text_.data() + begins_[k], sizes_[k]};
  }

  // Sets string k (its text is appended; a string set twice leaves its first text unused).
  void set(std::size_t k, std::string_view value) {
    begins_[k] = text_.size();
    sizes_[k] = static_cast<std::uint32_t>(value.size());
    text_.append(value);
  }
  void push_back(std::string_view value) {
    begins_.push_back(text_.size());
    sizes_.push_back(static_cast<std::uint32_t>(value.size()));
    text_.append(value);
  }

  // For strings written in place, by several threads at once: extend() adds `bytes` to the
  // text and returns where they start; each writer fills its own range through text_at()
  // and names it with place().
  std::uint64_t extend(std::uint64_t bytes) {
    const std::uint64_t at = text_.size();
    text_.resize(at + bytes);
    return at;
  }
  char* text_at(std::uint64_t offset) { return text_.data() + offset; }
  void place(std::size_t k, std::uint64_t begin, std::uint32_t size) {
    begins_[k] = begin;
    sizes_[k] = size;
  }

  // Equal strings, wherever they lie in the text.
  bool operator==(const StringTable& other) const {
    if (size() != other.size()) return false;
    for (std::size_t k = 0; k < size(); ++k)
      if ((*this)[k] != other[k]) return false;
    return true;
  }
  bool operator!=(const StringTable& other) const { return !(*this == other); }

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar& text_& begins_& sizes_;
  }

 private:
  std::string text_;
  std::vector<std::uint64_t> begins_;
  std::vector<std::uint32_t> sizes_;
};

}  // namespace wg
