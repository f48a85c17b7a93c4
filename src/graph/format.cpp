#include "src/graph/format.hpp"

#include <fmt/format.h>

namespace wg::graph::format {

std::string parent_folder(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string file_name(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string shard_file_name(const std::string& index_path, std::uint32_t shard) {
  std::string stem = file_name(index_path);
  const std::string suffix = ".h5";
  if (stem.size() > suffix.size() &&
      stem.compare(stem.size() - suffix.size(), suffix.size(), suffix) == 0)
    stem.resize(stem.size() - suffix.size());
  return fmt::format("{}.shard-{:05d}.h5", stem, shard);
}

}  // namespace wg::graph::format
