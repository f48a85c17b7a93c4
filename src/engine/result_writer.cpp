#include "src/engine/result_writer.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"
#include "src/engine/h5_collective.hpp"

namespace wg::engine {

namespace {
constexpr VertexId kTsvChunk = 1 << 16;

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
}  // namespace

void write_tsv(const std::string& path, const std::string& header, VertexRange mine,
               const std::function<void(VertexId, VertexId, fmt::memory_buffer&)>& format_range,
               MPI_Comm comm) {
  int rank = 0, ranks = 1;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  MPI_CHECK(MPI_Comm_size(comm, &ranks));
  const std::string temporary = path + ".tmp";
  const h5c::RemoveOnError cleanup(temporary);
  // Ranks append their ranges in rank order, which is vertex order.
  for (int turn = 0; turn < ranks; ++turn) {
    if (turn == rank) {
      std::unique_ptr<std::FILE, FileCloser> file(
          std::fopen(temporary.c_str(), rank == 0 ? "wb" : "ab"));
      WG_REQUIRE(file != nullptr, "cannot write {} (does its directory exist and is it writable?)",
                 temporary);
      fmt::memory_buffer buffer;
      if (rank == 0) fmt::format_to(std::back_inserter(buffer), "{}\n", header);
      for (VertexId begin = mine.begin; begin < mine.end;) {
        const VertexId end =
            std::min<VertexId>(mine.end, begin + std::min<VertexId>(kTsvChunk, mine.end - begin));
        format_range(begin, end, buffer);
        WG_REQUIRE(std::fwrite(buffer.data(), 1, buffer.size(), file.get()) == buffer.size(),
                   "write error on {}", temporary);
        buffer.clear();
        begin = end;
      }
      WG_REQUIRE(std::fwrite(buffer.data(), 1, buffer.size(), file.get()) == buffer.size(),
                 "write error on {}", temporary);
      WG_REQUIRE(std::fflush(file.get()) == 0, "write error on {}", temporary);
    }
    MPI_CHECK(MPI_Barrier(comm));
  }
  h5c::commit_file(temporary, path, comm);
}

namespace {
template <typename T>
void write_hdf5_typed(const std::string& path, VertexId num_vertices, VertexRange mine,
                      const std::vector<T>& values, const ResultIds& ids,
                      const ResultAttributes& attributes, MPI_Comm comm,
                      const std::vector<std::int64_t>* predecessors) {
  const std::string temporary = path + ".tmp";
  const h5c::RemoveOnError cleanup(temporary);
  {
    h5::Handle file = h5c::create_file(temporary, comm);
    h5c::write_slab(file, "values", num_vertices, mine.begin, values);
    if (ids.width > 0)
      h5c::write_string_slab(file, "ids", num_vertices, mine.begin, ids.names, ids.width);
    else
      h5c::write_slab(file, "ids", num_vertices, mine.begin, ids.numbers);
    if (predecessors)
      h5c::write_slab(file, "predecessors", num_vertices, mine.begin, *predecessors);
    h5c::set_attribute(file, "algorithm", attributes.algorithm);
    h5c::set_attribute(file, "value", attributes.value_name);
    if (attributes.source) h5c::set_attribute(file, "source", *attributes.source);
    h5c::set_attribute(file, "iterations", attributes.iterations);
    h5c::set_attribute(file, "graph", attributes.graph);
    h5c::close_file(file, temporary, comm);
  }
  h5c::commit_file(temporary, path, comm);
}
}  // namespace

void write_hdf5(const std::string& path, VertexId num_vertices, VertexRange mine,
                const std::vector<double>& values, const ResultIds& ids,
                const ResultAttributes& attributes, MPI_Comm comm,
                const std::vector<std::int64_t>* predecessors) {
  write_hdf5_typed(path, num_vertices, mine, values, ids, attributes, comm, predecessors);
}

void write_hdf5(const std::string& path, VertexId num_vertices, VertexRange mine,
                const std::vector<std::int64_t>& values, const ResultIds& ids,
                const ResultAttributes& attributes, MPI_Comm comm,
                const std::vector<std::int64_t>* predecessors) {
  write_hdf5_typed(path, num_vertices, mine, values, ids, attributes, comm, predecessors);
}

void write_hdf5(const std::string& path, VertexId num_vertices, VertexRange mine,
                const std::vector<std::uint64_t>& values, const ResultIds& ids,
                const ResultAttributes& attributes, MPI_Comm comm) {
  write_hdf5_typed(path, num_vertices, mine, values, ids, attributes, comm, nullptr);
}

}  // namespace wg::engine
