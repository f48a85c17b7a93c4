#include "src/graph/text_input.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>
#include <vector>

#include "src/common/error.hpp"
#include "src/common/input_stream.hpp"
#include "src/common/mpi_check.hpp"
#include "src/graph/collective_error.hpp"
#include "src/log.hpp"

namespace wg::graph {

namespace {

constexpr size_t kBlock = size_t{1} << 20;

std::uint64_t count_lines(std::string_view text) {
  const auto newlines = static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n'));
  return newlines + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

// The first line start at or after `pos` in [lo, size), for a file whose lines start at
// `lo` or right after a '\n'.
std::uint64_t line_start_at_or_after(std::ifstream& in, std::uint64_t lo, std::uint64_t pos,
                                     std::uint64_t size) {
  if (pos <= lo) return lo;
  if (pos >= size) return size;
  std::vector<char> buffer(kBlock);
  std::uint64_t at = pos - 1;  // a line starts at pos when the byte before it is '\n'
  while (at < size) {
    const auto want = static_cast<std::streamsize>(std::min<std::uint64_t>(kBlock, size - at));
    in.clear();  // a short read at the end of the file leaves failbit set
    in.seekg(static_cast<std::streamoff>(at));
    in.read(buffer.data(), want);
    const auto* found = static_cast<const char*>(
        std::memchr(buffer.data(), '\n', static_cast<size_t>(in.gcount())));
    if (found != nullptr) return at + static_cast<std::uint64_t>(found - buffer.data()) + 1;
    if (in.gcount() <= 0) break;
    at += static_cast<std::uint64_t>(in.gcount());
  }
  return size;
}

// Splits text at line boundaries into `parts` nearly equal byte shares.
std::vector<size_t> line_aligned_cuts(std::string_view text, int parts) {
  std::vector<size_t> cuts(static_cast<size_t>(parts) + 1, text.size());
  cuts[0] = 0;
  for (int r = 1; r < parts; ++r) {
    size_t pos = text.size() * static_cast<size_t>(r) / static_cast<size_t>(parts);
    pos = std::max(pos, cuts[static_cast<size_t>(r) - 1]);
    if (pos > 0 && pos < text.size() && text[pos - 1] != '\n') {
      const size_t newline = text.find('\n', pos);
      pos = newline == std::string_view::npos ? text.size() : newline + 1;
    }
    cuts[static_cast<size_t>(r)] = pos;
  }
  return cuts;
}

std::string read_plain_share(const std::string& path, HeaderExtent header, MPI_Comm comm) {
  int rank = 0;
  int size = 1;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  MPI_CHECK(MPI_Comm_size(comm, &size));
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("{}: cannot open ({})", path, std::strerror(errno));
  in.seekg(0, std::ios::end);
  const auto file_size = static_cast<std::uint64_t>(in.tellg());
  const std::uint64_t lo = std::min(header.bytes, file_size);
  const std::uint64_t body = file_size - lo;
  const auto share_edge = [&](int r) {
    return lo + body * static_cast<std::uint64_t>(r) / static_cast<std::uint64_t>(size);
  };
  // This rank owns the lines that start in [share_edge(rank), share_edge(rank + 1)).
  const std::uint64_t begin = line_start_at_or_after(in, lo, share_edge(rank), file_size);
  const std::uint64_t end = line_start_at_or_after(in, lo, share_edge(rank + 1), file_size);
  std::string text;
  if (end > begin) {
    text.resize(end - begin);
    in.clear();
    in.seekg(static_cast<std::streamoff>(begin));
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    if (static_cast<std::uint64_t>(in.gcount()) != text.size())
      fail("{}: read error at byte {}", path, begin);
  }
  return text;
}

// Rank 0 reads (and decompresses) the whole body and sends every rank its line-aligned
// share.
std::string read_sequential_share(const std::string& path, HeaderExtent header, MPI_Comm comm) {
  int rank = 0;
  int size = 1;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  MPI_CHECK(MPI_Comm_size(comm, &size));
  std::string all;
  std::vector<std::uint64_t> lengths(static_cast<size_t>(size), 0);
  std::vector<size_t> cuts;
  run_collectively(comm, [&] {
    if (rank != 0) return;
    InputStream file(path);
    std::uint64_t skipped = 0;
    std::vector<char> buffer(kBlock);
    ProgressClock progress;
    while (true) {
      const size_t got = file.read(buffer.data(), buffer.size());
      if (got == 0) break;
      const size_t skip = static_cast<size_t>(std::min<std::uint64_t>(header.bytes - skipped, got));
      skipped += skip;
      all.append(buffer.data() + skip, got - skip);
      if (progress.due()) spdlog::info("{}: read {} MiB", input_name(path), all.size() >> 20);
    }
    cuts = line_aligned_cuts(all, size);
    for (int r = 0; r < size; ++r)
      lengths[static_cast<size_t>(r)] =
          cuts[static_cast<size_t>(r) + 1] - cuts[static_cast<size_t>(r)];
    for (auto length : lengths)
      if (length > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
        fail(
            "{}: a share of {} bytes is too large to send; decompress the file first or "
            "use more ranks",
            path, length);
  });
  std::uint64_t mine = 0;
  MPI_CHECK(MPI_Scatter(lengths.data(), 1, MPI_UINT64_T, &mine, 1, MPI_UINT64_T, 0, comm));
  if (rank == 0) {
    for (int r = 1; r < size; ++r)
      MPI_CHECK(MPI_Send(all.data() + cuts[static_cast<size_t>(r)],
                         static_cast<int>(lengths[static_cast<size_t>(r)]), MPI_CHAR, r, 0, comm));
    all.resize(cuts[1]);
    return all;
  }
  std::string text(mine, '\0');
  MPI_CHECK(MPI_Recv(text.data(), static_cast<int>(mine), MPI_CHAR, 0, 0, comm, MPI_STATUS_IGNORE));
  return text;
}

}  // namespace

void require_readable(const std::string& path) {
  if (path == "-") return;  // rank 0 reads standard input; other ranks have none
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("{}: cannot open ({})", path, std::strerror(errno));
  char byte = 0;
  in.read(&byte, 1);
  if (in.bad()) fail("{}: cannot read (is it a folder?)", path);
}

HeaderExtent read_header(const std::string& path,
                         const std::function<bool(std::string_view, std::uint64_t)>& header_line) {
  require_readable(path);
  InputStream file(path);
  HeaderExtent extent;
  std::string pending;
  std::vector<char> buffer(1 << 16);
  bool done = false;
  bool at_end = false;
  while (!done && !at_end) {
    const size_t got = file.read(buffer.data(), buffer.size());
    at_end = got == 0;
    pending.append(buffer.data(), got);
    size_t start = 0;
    while (!done) {
      size_t newline = pending.find('\n', start);
      if (newline == std::string::npos) {
        if (!at_end || start == pending.size()) break;
        newline = pending.size();  // last line without a line end
      }
      std::string_view line(pending.data() + start, newline - start);
      const size_t consumed = std::min(newline + 1, pending.size()) - start;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      extent.lines += 1;
      extent.bytes += consumed;
      done = header_line(line, extent.lines);
      start += consumed;
    }
    pending.erase(0, start);
  }
  return extent;
}

TextChunk read_body(const std::string& path, HeaderExtent header, MPI_Comm comm) {
  run_collectively(comm, [&] { require_readable(path); });
  TextChunk chunk;
  chunk.text = input_is_sequential(path) ? read_sequential_share(path, header, comm)
                                         : read_plain_share(path, header, comm);
  chunk.num_lines = count_lines(chunk.text);
  std::uint64_t before = 0;
  MPI_CHECK(MPI_Exscan(&chunk.num_lines, &before, 1, MPI_UINT64_T, MPI_SUM, comm));
  int rank = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  if (rank == 0) before = 0;  // MPI_Exscan leaves rank 0's result undefined
  chunk.first_line = header.lines + 1 + before;
  return chunk;
}

void for_each_line(const TextChunk& chunk, const std::string& path,
                   const std::function<void(std::string_view, std::uint64_t)>& fn) {
  const std::string_view text = chunk.text;
  ProgressClock progress;
  std::uint64_t line_number = chunk.first_line;
  size_t start = 0;
  while (start < text.size()) {
    size_t newline = text.find('\n', start);
    if (newline == std::string_view::npos) newline = text.size();
    std::string_view line = text.substr(start, newline - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    fn(line, line_number);
    ++line_number;
    start = newline + 1;
    if ((line_number & 0xffff) == 0 && progress.due())
      spdlog::info("{}: parsed {} of {} MiB of this rank's share", input_name(path), start >> 20,
                   text.size() >> 20);
  }
}

}  // namespace wg::graph
