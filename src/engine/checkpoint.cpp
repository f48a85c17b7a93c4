#include "src/engine/checkpoint.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <system_error>

#include "src/common/error.hpp"
#include "src/engine/h5_collective.hpp"

namespace wg::engine {

namespace {
constexpr std::uint64_t kCheckpointFormat = 1;
}

void write_checkpoint(const std::string& path, const CheckpointMeta& meta, VertexRange mine,
                      const std::vector<double>& values, const std::vector<std::uint64_t>& words,
                      MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const std::string temporary = path + ".tmp";
  const h5c::RemoveOnError cleanup(temporary);
  {
    h5::Handle file = h5c::create_file(temporary, comm);
    h5c::write_slab(file, "values", meta.num_vertices, mine.begin, values);
    h5c::write_slab(file, "frontier", (meta.num_vertices + 63) / 64, mine.begin / 64, words);
    h5c::write_all(file, "borders", meta.borders, rank == 0);
    h5c::set_attribute(file, "format", kCheckpointFormat);
    h5c::set_attribute(file, "algorithm", meta.algorithm);
    h5c::set_attribute(file, "source", meta.source);
    h5c::set_attribute(file, "graph", meta.graph);
    h5c::set_attribute(file, "num_vertices", meta.num_vertices);
    h5c::set_attribute(file, "num_edges", meta.num_edges);
    h5c::set_attribute(file, "iteration", meta.iteration);
    h5c::close_file(file, temporary, comm);
  }
  h5c::commit_file(temporary, path, comm);
  spdlog::info("checkpoint after iteration {} written to {}", meta.iteration, path);
}

Checkpoint read_checkpoint(const std::string& path, MPI_Comm comm) {
  Checkpoint c;
  h5::Handle file = h5c::open_file(path, comm);
  const std::uint64_t format = h5c::get_u64(file, "format", path);
  WG_REQUIRE(format == kCheckpointFormat, "{}: checkpoint format {} is not supported (expected {})",
             path, format, kCheckpointFormat);
  c.meta.algorithm = h5c::get_string(file, "algorithm", path);
  c.meta.source = h5c::get_u64(file, "source", path);
  c.meta.graph = h5c::get_string(file, "graph", path);
  c.meta.num_vertices = h5c::get_u64(file, "num_vertices", path);
  c.meta.num_edges = h5c::get_u64(file, "num_edges", path);
  c.meta.iteration = h5c::get_u64(file, "iteration", path);
  c.meta.borders = h5c::read_u32s(file, "borders", path);
  c.values = h5c::read_doubles(file, "values", path);
  c.frontier = h5c::read_u64s(file, "frontier", path);
  WG_REQUIRE(c.values.size() == c.meta.num_vertices &&
                 c.frontier.size() == (c.meta.num_vertices + 63) / 64,
             "{}: dataset sizes do not match num_vertices = {}", path, c.meta.num_vertices);
  // A damaged checkpoint must not pass for a whole one: values are numbers (inf stands for
  // unreached), borders cut [0, num_vertices) into ordered ranges.
  for (std::size_t v = 0; v < c.values.size(); ++v)
    WG_REQUIRE(!std::isnan(c.values[v]), "{}: dataset 'values' holds NaN at vertex {}", path, v);
  const auto& b = c.meta.borders;
  WG_REQUIRE(b.size() >= 2 && b.front() == 0 && b.back() == c.meta.num_vertices &&
                 std::is_sorted(b.begin(), b.end()),
             "{}: dataset 'borders' is not an ordered cut of [0, {})", path, c.meta.num_vertices);
  return c;
}

void remove_checkpoint(const std::string& path, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) {
    std::error_code error;
    if (std::filesystem::remove(path, error))
      spdlog::info("finished: checkpoint {} deleted", path);
    else if (error)
      spdlog::warn("finished, but checkpoint {} could not be deleted: {}", path, error.message());
  }
  MPI_Barrier(comm);  // the file is gone on every rank's return
}

}  // namespace wg::engine
