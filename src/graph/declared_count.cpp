#include "src/graph/declared_count.hpp"

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"
#include "src/graph/collective_error.hpp"

namespace wg::graph {

void check_declared_count(const TextChunk& chunk, const std::string& path,
                          const Declaration& declaration, std::uint64_t local_count,
                          const std::function<bool(std::string_view)>& is_entry, MPI_Comm comm) {
  int rank = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  std::uint64_t before = 0;
  MPI_CHECK(MPI_Exscan(&local_count, &before, 1, MPI_UINT64_T, MPI_SUM, comm));
  if (rank == 0) before = 0;
  std::uint64_t total = 0;
  MPI_CHECK(MPI_Allreduce(&local_count, &total, 1, MPI_UINT64_T, MPI_SUM, comm));

  if (total > declaration.count) {
    FirstError error;
    // The rank holding entry number `declaration.count` (0-based) names its line.
    if (before <= declaration.count && declaration.count < before + local_count) {
      std::uint64_t seen = before;
      for_each_line(chunk, path, [&](std::string_view line, std::uint64_t number) {
        if (error.has_error() || !is_entry(line)) return;
        if (seen == declaration.count)
          error.record(number,
                       fmt::format("{}:{}: more {} than the {} declared on line {}", path, number,
                                   declaration.what, declaration.count, declaration.header_line));
        ++seen;
      });
    }
    raise_first_error(error, comm);
  }
  if (total < declaration.count) {
    std::uint64_t last_line = chunk.first_line + chunk.num_lines - 1;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &last_line, 1, MPI_UINT64_T, MPI_MAX, comm));
    fail("{}:{}: file ends after {} of the {} {} declared on line {} (truncated file?)", path,
         std::max(last_line, declaration.header_line), total, declaration.count, declaration.what,
         declaration.header_line);
  }
}

}  // namespace wg::graph
