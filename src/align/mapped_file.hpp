// A whole file mapped read-only into memory, for ranks that read the residues of their
// batches straight from the input files (many threads at once, in any order).
#pragma once

#include <cstddef>
#include <string>

namespace wg::align {

class MappedFile {
 public:
  // Throws wg::Error naming the file when it cannot be opened or mapped.
  explicit MappedFile(const std::string& path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  const char* data() const { return data_; }
  std::size_t size() const { return size_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  const char* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace wg::align
