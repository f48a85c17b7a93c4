#include "src/common/input_stream.hpp"

#include <lzma.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <iterator>
#include <vector>

#include "src/common/error.hpp"

namespace wg {

namespace {

constexpr std::size_t kChunk = std::size_t{1} << 18;

enum class Encoding { plain, gzip, xz };

Encoding encoding_of(const unsigned char* bytes, std::size_t size) {
  static const unsigned char gzip_magic[] = {0x1f, 0x8b};
  static const unsigned char xz_magic[] = {0xfd, '7', 'z', 'X', 'Z', 0x00};
  if (size >= sizeof gzip_magic && std::memcmp(bytes, gzip_magic, sizeof gzip_magic) == 0)
    return Encoding::gzip;
  if (size >= sizeof xz_magic && std::memcmp(bytes, xz_magic, sizeof xz_magic) == 0)
    return Encoding::xz;
  return Encoding::plain;
}

// Standard input can be read only once, but a converter reads its header and then its
// body; the whole of it is kept in memory the first time it is opened.
const std::string& standard_input() {
  static const std::string bytes = [] {
    std::ios::sync_with_stdio(false);
    std::string all{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    if (std::cin.bad()) fail("standard input: read error");
    return all;
  }();
  return bytes;
}

}  // namespace

std::string input_name(const std::string& path) { return path == "-" ? "standard input" : path; }

// Raw bytes of the file or of standard input, with a look at the first bytes.
class InputStream::Source {
 public:
  explicit Source(const std::string& path) : name_(input_name(path)) {
    if (path == "-") {
      memory_ = &standard_input();
      return;
    }
    file_ = std::fopen(path.c_str(), "rb");
    if (file_ == nullptr) fail("{}: cannot open ({})", path, std::strerror(errno));
  }
  ~Source() {
    if (file_ != nullptr) std::fclose(file_);
  }
  Source(const Source&) = delete;
  Source& operator=(const Source&) = delete;

  std::size_t read(unsigned char* buffer, std::size_t size) {
    if (memory_ != nullptr) {
      const std::size_t n = std::min(size, memory_->size() - position_);
      std::memcpy(buffer, memory_->data() + position_, n);
      position_ += n;
      return n;
    }
    const std::size_t n = std::fread(buffer, 1, size, file_);
    if (n < size && std::ferror(file_))
      fail("{}: read error ({})", name_,
           errno == EISDIR ? "is it a folder?" : std::strerror(errno));
    return n;
  }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  std::FILE* file_ = nullptr;
  const std::string* memory_ = nullptr;
  std::size_t position_ = 0;
};

// Plain bytes, or zlib / liblzma decoding of them. The first bytes read to pick the
// encoding are handed to the decoder as its first input.
class InputStream::Decoder {
 public:
  explicit Decoder(Source& source) : source_(source), input_(kChunk) {
    input_size_ = source_.read(input_.data(), input_.size());
    encoding_ = encoding_of(input_.data(), input_size_);
    if (encoding_ == Encoding::gzip) {
      // 16 + MAX_WBITS: a gzip header and trailer, not a zlib one.
      if (inflateInit2(&zlib_, 16 + MAX_WBITS) != Z_OK) fail("{}: zlib: out of memory", name());
      zlib_.next_in = input_.data();
      zlib_.avail_in = static_cast<uInt>(input_size_);
    } else if (encoding_ == Encoding::xz) {
      // LZMA_CONCATENATED: several .xz streams in a row, as `cat a.xz b.xz` makes.
      if (lzma_stream_decoder(&lzma_, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
        fail("{}: liblzma: cannot start the decoder", name());
      lzma_.next_in = input_.data();
      lzma_.avail_in = input_size_;
    }
  }
  ~Decoder() {
    if (encoding_ == Encoding::gzip) inflateEnd(&zlib_);
    if (encoding_ == Encoding::xz) lzma_end(&lzma_);
  }
  Decoder(const Decoder&) = delete;
  Decoder& operator=(const Decoder&) = delete;

  std::size_t read(char* buffer, std::size_t size) {
    switch (encoding_) {
      case Encoding::plain:
        return read_plain(buffer, size);
      case Encoding::gzip:
        return read_gzip(reinterpret_cast<unsigned char*>(buffer), size);
      case Encoding::xz:
        return read_xz(reinterpret_cast<unsigned char*>(buffer), size);
    }
    return 0;
  }

 private:
  const std::string& name() const { return source_.name(); }

  std::size_t read_plain(char* buffer, std::size_t size) {
    if (offset_ < input_size_) {
      const std::size_t n = std::min(size, input_size_ - offset_);
      std::memcpy(buffer, input_.data() + offset_, n);
      offset_ += n;
      return n;
    }
    return source_.read(reinterpret_cast<unsigned char*>(buffer), size);
  }

  // Reads the next block of compressed input; 0 at the end of the source.
  std::size_t refill() {
    input_size_ = source_.read(input_.data(), input_.size());
    return input_size_;
  }

  std::size_t read_gzip(unsigned char* buffer, std::size_t size) {
    zlib_.next_out = buffer;
    zlib_.avail_out = static_cast<uInt>(std::min<std::size_t>(size, UINT32_MAX));
    while (zlib_.avail_out > 0 && !finished_) {
      if (zlib_.avail_in == 0) {
        zlib_.next_in = input_.data();
        zlib_.avail_in = static_cast<uInt>(refill());
        if (zlib_.avail_in == 0) {
          if (!member_ended_) fail("{}: the gzip data is cut short (truncated file?)", name());
          finished_ = true;
          break;
        }
      }
      if (member_ended_) {
        // Bytes after a complete member: only another gzip member may follow.
        if (zlib_.next_in[0] != 0x1f || (zlib_.avail_in > 1 && zlib_.next_in[1] != 0x8b))
          fail("{}: unexpected data after the end of the gzip stream", name());
        inflateReset(&zlib_);
        member_ended_ = false;
      }
      const int status = inflate(&zlib_, Z_NO_FLUSH);
      if (status == Z_STREAM_END) {
        member_ended_ = true;
      } else if (status != Z_OK && status != Z_BUF_ERROR) {
        fail("{}: damaged gzip data ({})", name(), zlib_.msg != nullptr ? zlib_.msg : "zlib error");
      }
    }
    return size - zlib_.avail_out;
  }

  std::size_t read_xz(unsigned char* buffer, std::size_t size) {
    lzma_.next_out = buffer;
    lzma_.avail_out = size;
    while (lzma_.avail_out > 0 && !finished_) {
      if (lzma_.avail_in == 0 && !source_ended_) {
        lzma_.next_in = input_.data();
        lzma_.avail_in = refill();
        source_ended_ = lzma_.avail_in == 0;
      }
      // LZMA_FINISH at the end of the source makes the decoder report a cut-off stream.
      const lzma_ret status = lzma_code(&lzma_, source_ended_ ? LZMA_FINISH : LZMA_RUN);
      if (status == LZMA_STREAM_END) {
        finished_ = true;
      } else if (status == LZMA_BUF_ERROR && source_ended_) {
        // liblzma cannot tell a cut-off stream from a few stray bytes after one.
        fail("{}: the xz data is cut short, or followed by bytes that are not xz", name());
      } else if (status == LZMA_FORMAT_ERROR || status == LZMA_DATA_ERROR) {
        fail("{}: damaged xz data, or unexpected data after the end of the xz stream", name());
      } else if (status != LZMA_OK && status != LZMA_BUF_ERROR) {
        fail("{}: liblzma error {}", name(), static_cast<int>(status));
      }
    }
    return size - lzma_.avail_out;
  }

  Source& source_;
  std::vector<unsigned char> input_;
  std::size_t input_size_ = 0;
  std::size_t offset_ = 0;  // plain: bytes of the first block already returned
  Encoding encoding_ = Encoding::plain;
  z_stream zlib_{};
  lzma_stream lzma_ = LZMA_STREAM_INIT;
  bool member_ended_ = false;  // gzip: the last member is complete
  bool source_ended_ = false;  // xz: the source has no more bytes
  bool finished_ = false;
};

InputStream::InputStream(const std::string& path)
    : source_(std::make_unique<Source>(path)), decoder_(std::make_unique<Decoder>(*source_)) {}

InputStream::~InputStream() = default;

std::size_t InputStream::read(char* buffer, std::size_t size) {
  return decoder_->read(buffer, size);
}

bool input_is_sequential(const std::string& path) {
  if (path == "-") return true;
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return false;  // the reader reports it
  unsigned char magic[6] = {};
  const std::size_t n = std::fread(magic, 1, sizeof magic, file);
  std::fclose(file);
  return encoding_of(magic, n) != Encoding::plain;
}

}  // namespace wg
