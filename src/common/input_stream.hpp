// Bytes of an input file, decompressed when the content is gzip or xz, with "-" meaning
// standard input. Shared by the graph converter and the sequence reader. Decoding is
// strict: a compressed stream cut short, or bytes after it that do not start another
// gzip member or xz stream, are an error naming the file; zlib's gzread would accept both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace wg {

// "standard input" for "-", else the path: how messages name an input.
std::string input_name(const std::string& path);

// True when the input must be read from its start to its end (standard input or
// compressed content); false for a plain file, whose byte ranges can be read directly.
bool input_is_sequential(const std::string& path);

class InputStream {
 public:
  // Throws wg::Error when the input cannot be opened.
  explicit InputStream(const std::string& path);
  ~InputStream();
  InputStream(const InputStream&) = delete;
  InputStream& operator=(const InputStream&) = delete;

  // Reads up to `size` decompressed bytes; returns 0 at the end. Throws wg::Error on a
  // read error or damaged, truncated or trailing compressed data.
  std::size_t read(char* buffer, std::size_t size);

 private:
  class Source;
  class Decoder;
  std::unique_ptr<Source> source_;
  std::unique_ptr<Decoder> decoder_;
};

}  // namespace wg
