#include "src/align/result_writer.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "src/common/error.hpp"
#include "src/graph/output_file.hpp"

namespace wg::align {
namespace {

// Counts complete lines of an earlier partial output and cuts a torn last line.
std::uint64_t keep_complete_lines(const std::string& path, std::string& last_line) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("{}: cannot read the partial output to resume", path);
  std::uint64_t lines = 0;
  std::uint64_t complete_bytes = 0;
  std::uint64_t bytes = 0;
  std::string line;
  while (std::getline(in, line)) {
    bytes += line.size();
    if (in.eof()) break;  // no newline: torn line
    bytes += 1;
    ++lines;
    complete_bytes = bytes;
    last_line = line;
  }
  std::filesystem::resize_file(path, complete_bytes);
  return lines;
}

}  // namespace

ResultWriter::ResultWriter(const std::string& path, bool resume) : path_(path) {
  if (path == "-") {
    WG_REQUIRE(!resume, "--resume needs --output FILE");
    out_ = stdout;
    return;
  }
  partial_path_ = path + ".partial";
  if (resume && !std::filesystem::exists(partial_path_) && std::filesystem::exists(path)) {
    already_complete_ = true;
    return;
  }
  if (resume && std::filesystem::exists(partial_path_)) {
    lines_kept_ = keep_complete_lines(partial_path_, last_kept_line_);
  }
  out_ = std::fopen(partial_path_.c_str(), lines_kept_ > 0 ? "ab" : "wb");
  if (!out_) fail("{}: cannot open for writing: {}", partial_path_, std::strerror(errno));
  owns_file_ = true;
  buffer_.resize(kBuffer);
  std::setvbuf(out_, buffer_.data(), _IOFBF, buffer_.size());
}

ResultWriter::~ResultWriter() {
  if (owns_file_ && out_) std::fclose(out_);
}

void ResultWriter::write(const char* data, std::size_t size) {
  // Large texts go straight to the file: copied into the buffer, up to a buffer's worth of
  // the job's last lines waited for the final flush (0.2-0.5 ms after the last text).
  const bool ok = size >= kDirectWrite
                      ? std::fflush(out_) == 0 && io::write_all(fileno(out_), data, size)
                      : std::fwrite(data, 1, size, out_) == size;
  if (!ok)
    fail("{}: write failed: {}", owns_file_ ? partial_path_ : "stdout", std::strerror(errno));
}

void ResultWriter::flush() {
  if (out_ && std::fflush(out_) != 0)
    fail("{}: write failed: {}", owns_file_ ? partial_path_ : "stdout", std::strerror(errno));
}

void ResultWriter::commit() {
  flush();
  if (!owns_file_) return;
  if (std::fclose(out_) != 0) fail("{}: close failed: {}", partial_path_, std::strerror(errno));
  out_ = nullptr;
  io::sync_file(partial_path_);
  io::publish(partial_path_, path_, "--output");
}

}  // namespace wg::align
