// Many short strings in a few blocks of text, each found by its block, where it begins
// and its size, and set in any order: the CIGAR strings of a batch of alignments, which the
// aligners fill (kernels/align), the results messages carry (comm/align) and the output
// writes (src/align). A batch's strings cost an allocation per thread that writes them,
// not one per pair on the aligners' threads and a free per pair on the writer's.
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
    blocks_.clear();
    begins_.assign(count, 0);
    block_of_.assign(count, 0);
    sizes_.assign(count, 0);
  }
  std::size_t size() const { return sizes_.size(); }
  bool empty() const { return sizes_.empty(); }
  std::string_view operator[](std::size_t k) const {
    if (sizes_[k] == 0) return {};
    return {blocks_[block_of_[k]].data() + begins_[k], sizes_[k]};
  }

  // Sets string k, appending its text to the last block (a string set twice leaves its
  // first text unused). Not from several threads at once.
  void set(std::size_t k, std::string_view value) {
    if (blocks_.empty()) blocks_.emplace_back();
    place(k, static_cast<std::uint32_t>(blocks_.size() - 1), blocks_.back().size(),
          static_cast<std::uint32_t>(value.size()));
    blocks_.back().append(value);
  }
  void push_back(std::string_view value) {
    begins_.push_back(0);
    block_of_.push_back(0);
    sizes_.push_back(0);
    set(size() - 1, value);
  }

  // For strings written by several threads at once, each into a block of text of its own:
  // add_blocks(n) adds n empty blocks and returns the first one's number; a thread fills its
  // block and names each string it holds with place() (strings k of different threads).
  std::uint32_t add_blocks(std::size_t count) {
    const auto first = static_cast<std::uint32_t>(blocks_.size());
    blocks_.resize(blocks_.size() + count);
    return first;
  }
  std::string& block(std::uint32_t b) { return blocks_[b]; }
  void place(std::size_t k, std::uint32_t block, std::uint64_t begin, std::uint32_t size) {
    begins_[k] = begin;
    block_of_[k] = block;
    sizes_[k] = size;
  }

  // Equal strings, wherever they lie.
  bool operator==(const StringTable& other) const {
    if (size() != other.size()) return false;
    for (std::size_t k = 0; k < size(); ++k)
      if ((*this)[k] != other[k]) return false;
    return true;
  }
  bool operator!=(const StringTable& other) const { return !(*this == other); }

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar& blocks_& begins_& block_of_& sizes_;
  }

 private:
  std::vector<std::string> blocks_;
  std::vector<std::uint64_t> begins_;    // per string: where it starts in its block
  std::vector<std::uint32_t> block_of_;  // per string
  std::vector<std::uint32_t> sizes_;     // per string
};

}  // namespace wg
