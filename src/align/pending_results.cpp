#include "src/align/pending_results.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string_view>

#include "src/common/error.hpp"
#include "src/graph/output_file.hpp"

namespace wg::align {
namespace {

constexpr std::string_view kCountKey = "pending: ";

// Reads the fields of one line left to right, one space apart (the format is written by
// write_pending_results, not by hand: unlike graph::LineFields it allows no other
// whitespace); any failure names the file and line.
class FieldCursor {
 public:
  FieldCursor(std::string_view line, const std::string& path, std::uint64_t number)
      : rest_(line), path_(path), number_(number) {}

  template <typename T>
  T number() {
    T value{};
    const auto [end, ec] = std::from_chars(rest_.data(), rest_.data() + rest_.size(), value);
    if (ec != std::errc() || end == rest_.data()) damaged("expected a number");
    rest_.remove_prefix(static_cast<std::size_t>(end - rest_.data()));
    return value;
  }
  void space() {
    if (rest_.empty() || rest_.front() != ' ') damaged("expected a space");
    rest_.remove_prefix(1);
  }
  std::string_view rest() const { return rest_; }
  [[noreturn]] void damaged(std::string_view what) const {
    fail("{}:{}: damaged ({}); delete it to compute its pairs again", path_, number_, what);
  }

 private:
  std::string_view rest_;
  const std::string& path_;
  std::uint64_t number_;
};

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("{}: cannot read the finished results kept for --resume", path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::string pending_results_path(const std::string& output) { return output + ".partial.pending"; }

void write_pending_results(const std::string& output, const std::string& record,
                           const comm::align::BatchResults& results, bool traceback) {
  if (results.pair_ids.empty()) {
    remove_pending_results(output);
    return;
  }
  fmt::memory_buffer text;
  text.append(record);
  fmt::format_to(std::back_inserter(text), "{}{}\n", kCountKey, results.pair_ids.size());
  for (std::size_t k = 0; k < results.pair_ids.size(); ++k) {
    fmt::format_to(std::back_inserter(text), "{} {}", results.pair_ids[k], results.scores[k]);
    if (traceback) {
      const std::uint32_t* region = &results.regions[4 * k];
      fmt::format_to(std::back_inserter(text), " {} {} {} {} {}", region[0], region[1], region[2],
                     region[3], results.cigars[k]);
    }
    text.push_back('\n');
  }
  const std::string path = pending_results_path(output);
  const std::string temporary = io::temporary_name(path, io::unique_token());
  io::write_whole_file(temporary, text.data(), text.size());
  io::publish(temporary, path, "finished results kept for --resume");
}

comm::align::BatchResults read_pending_results(const std::string& output, const std::string& record,
                                               bool traceback, std::uint64_t first,
                                               std::uint64_t pairs) {
  comm::align::BatchResults results;
  const std::string path = pending_results_path(output);
  if (!std::filesystem::exists(path)) return results;
  const std::string text = read_all(path);
  WG_REQUIRE(text.compare(0, record.size(), record) == 0,
             "--resume: {} was written with other inputs or settings than this run; delete it "
             "to compute its pairs again",
             path);
  std::istringstream lines(text.substr(record.size()));
  std::uint64_t number = static_cast<std::uint64_t>(std::count(record.begin(), record.end(), '\n'));
  std::string line;
  ++number;
  if (!std::getline(lines, line) || line.rfind(kCountKey, 0) != 0)
    fail("{}:{}: damaged (expected '{}COUNT'); delete it to compute its pairs again", path, number,
         kCountKey);
  FieldCursor header(std::string_view(line).substr(kCountKey.size()), path, number);
  const auto count = header.number<std::uint64_t>();
  if (!header.rest().empty()) header.damaged("expected the count alone");
  std::uint64_t read = 0;
  std::uint64_t previous = 0;
  while (std::getline(lines, line)) {
    ++number;
    ++read;
    FieldCursor fields(line, path, number);
    if (lines.eof()) fields.damaged("the last line has no newline");
    const auto pair = fields.number<std::uint64_t>();
    if (pair >= pairs) fields.damaged(fmt::format("pair {} of a job of {} pairs", pair, pairs));
    if (read > 1 && pair <= previous) fields.damaged("pairs out of order");
    previous = pair;
    fields.space();
    const auto score = fields.number<std::int32_t>();
    std::uint32_t region[4] = {};
    std::string_view cigar;
    if (traceback) {
      for (std::uint32_t& value : region) {
        fields.space();
        value = fields.number<std::uint32_t>();
      }
      fields.space();
      cigar = fields.rest();
    } else if (!fields.rest().empty()) {
      fields.damaged("expected the pair and its score alone");
    }
    if (pair < first) continue;  // written into the partial file since
    results.pair_ids.push_back(pair);
    results.scores.push_back(score);
    if (!traceback) continue;
    results.cigars.push_back(cigar);
    results.regions.insert(results.regions.end(), std::begin(region), std::end(region));
  }
  WG_REQUIRE(read == count,
             "{}: damaged (says {} pairs, holds {}); delete it to compute its pairs again", path,
             count, read);
  return results;
}

void remove_pending_results(const std::string& output) {
  std::remove(pending_results_path(output).c_str());
}

}  // namespace wg::align
