// Writes result lines in input order to stdout or to FILE. A file is written under the
// temporary name FILE.partial and renamed to FILE only when the run completes; an
// interrupted run leaves FILE.partial holding the finished results, in order, and
// --resume continues it: complete lines are kept, a torn last line is cut off, and the
// run skips the pairs already written. Putting the lines in order is OrderedResults' job.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace wg::align {

class ResultWriter {
 public:
  ResultWriter(const std::string& path, bool resume);  // path "-": stdout
  ~ResultWriter();
  ResultWriter(const ResultWriter&) = delete;
  ResultWriter& operator=(const ResultWriter&) = delete;

  // Lines kept from an earlier run (resume), and the last of them.
  std::uint64_t lines_kept() const { return lines_kept_; }
  const std::string& last_kept_line() const { return last_kept_line_; }
  // True when --resume finds FILE already complete.
  bool already_complete() const { return already_complete_; }

  // Appends whole lines.
  void write(const char* data, std::size_t size);
  void flush();
  void commit();  // complete run: flush, close, rename FILE.partial to FILE

 private:
  // Small texts are gathered in a buffer of kBuffer bytes; kDirectWrite bytes or more are
  // written as they are.
  static constexpr std::size_t kBuffer = std::size_t{1} << 20;
  static constexpr std::size_t kDirectWrite = std::size_t{64} << 10;

  std::string path_;
  std::string partial_path_;
  std::FILE* out_ = nullptr;
  std::vector<char> buffer_;
  bool owns_file_ = false;
  std::uint64_t lines_kept_ = 0;
  std::string last_kept_line_;
  bool already_complete_ = false;
};

}  // namespace wg::align
