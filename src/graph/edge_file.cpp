#include "src/graph/edge_file.hpp"

#include "src/common/error.hpp"

namespace wg::graph {

namespace {

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

InputFormat parse_input_format(const std::string& name) {
  if (name == "mtx") return InputFormat::mtx;
  if (name == "snap") return InputFormat::snap;
  if (name == "dimacs") return InputFormat::dimacs;
  fail("unknown input format '{}' (use mtx, snap or dimacs)", name);
}

const char* format_name(InputFormat format) {
  switch (format) {
    case InputFormat::mtx:
      return "mtx";
    case InputFormat::snap:
      return "snap";
    case InputFormat::dimacs:
      return "dimacs";
  }
  return "?";
}

InputFormat guess_input_format(const std::string& path) {
  std::string name = path;
  if (ends_with(name, ".gz") || ends_with(name, ".xz")) name.resize(name.size() - 3);
  if (ends_with(name, ".mtx")) return InputFormat::mtx;
  if (ends_with(name, ".gr")) return InputFormat::dimacs;
  for (const char* suffix : {".txt", ".tsv", ".el", ".edges", ".edgelist", ".snap"})
    if (ends_with(name, suffix)) return InputFormat::snap;
  fail("{}: cannot tell the input format from the file name; pass --format mtx|snap|dimacs", path);
}

EdgeFileContents read_edge_file(const std::string& path, InputFormat format, bool relabel,
                                MPI_Comm comm) {
  if (relabel && format != InputFormat::snap)
    fail("--relabel applies to edge lists (snap); {} files ({}) number their vertices 1..N",
         format_name(format), path);
  switch (format) {
    case InputFormat::mtx:
      return read_matrix_market(path, comm);
    case InputFormat::snap:
      return read_snap(path, relabel, comm);
    case InputFormat::dimacs:
      return read_dimacs(path, comm);
  }
  fail("unknown input format");
}

}  // namespace wg::graph
