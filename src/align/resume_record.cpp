#include "src/align/resume_record.hpp"

#include <spdlog/spdlog.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "src/common/error.hpp"
#include "src/graph/output_file.hpp"

namespace wg::align {
namespace {

// FNV-1a over the substitution table.
std::uint64_t table_hash(const kernels::align::KernelScoring& k) {
  std::uint64_t value = 14695981039346656037ull;
  const auto* bytes = reinterpret_cast<const unsigned char*>(k.table);
  for (std::size_t i = 0; i < sizeof k.table; ++i) value = (value ^ bytes[i]) * 1099511628211ull;
  return value;
}

std::string sequences_line(const SequenceDigest& digest) {
  return fmt::format("{} records, content {:016x}", digest.records, digest.content);
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The first line that differs, as "key: ours" against "key: theirs".
std::string first_difference(const std::string& ours, const std::string& theirs) {
  std::istringstream a(ours), b(theirs);
  std::string line_a, line_b;
  while (true) {
    const bool more_a = static_cast<bool>(std::getline(a, line_a));
    const bool more_b = static_cast<bool>(std::getline(b, line_b));
    if (!more_a && !more_b) return "the records differ";
    if (!more_a) line_a = "(nothing)";
    if (!more_b) line_b = "(nothing)";
    if (line_a != line_b)
      return fmt::format("partial file has '{}', this run '{}'", line_b, line_a);
  }
}

}  // namespace

std::string job_record(const AlignOptions& options, const AlignInput& input) {
  const kernels::align::KernelScoring& k = input.scheme.kernel;
  std::string mode = !options.pairs.empty()        ? "pairs"
                     : !options.all_vs_all.empty() ? "all-vs-all"
                                                   : "query-target";
  std::string record;
  // Format 3: contents hashed per record (XXH3), over the letters as written.
  record += "format: 3\n";
  record += "pairs: " + mode + "\n";
  record += "queries: " + sequences_line(input.query_digest) + "\n";
  if (!input.targets_are_queries)
    record += "targets: " + sequences_line(input.target_digest) + "\n";
  record += std::string("alphabet: ") + alphabet_name(input.alphabet) + "\n";
  record += "scoring: " + input.scheme.description + "\n";
  record += fmt::format(
      "scaled: scale {} open {} extend {} uniform {} match {} mismatch {} "
      "free ends {} local {} table {:016x}\n",
      input.scheme.scale, k.gap_open, k.gap_extend, k.uniform, k.match, k.mismatch,
      free_ends_name(k.free_ends), k.local, table_hash(k));
  record += fmt::format("traceback: {}\n", options.traceback);
  record += fmt::format("output: {} top {}\n", options.outfmt, options.top);
  return record;
}

std::string job_record_path(const std::string& output) { return output + ".partial.job"; }

void write_job_record(const std::string& output, const std::string& record) {
  const std::string path = job_record_path(output);
  const std::string temporary = io::temporary_name(path, io::unique_token());
  io::write_whole_file(temporary, record.data(), record.size());
  io::publish(temporary, path, "job record");
}

void check_job_record(const std::string& output, const std::string& record) {
  const std::string path = job_record_path(output);
  std::ifstream probe(path);
  if (!probe) {
    spdlog::warn("--resume: {}.partial has no record of its settings ({}); resuming on trust",
                 output, path);
    return;
  }
  const std::string theirs = read_all(path);
  if (theirs != record)
    fail(
        "--resume: {}.partial was written with other inputs or settings ({}); run without "
        "--resume to start afresh",
        output, first_difference(record, theirs));
}

void remove_job_record(const std::string& output) { std::remove(job_record_path(output).c_str()); }

}  // namespace wg::align
