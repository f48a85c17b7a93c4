#include "src/engine/graph_input.hpp"

namespace wg::engine {

namespace {
class GraphFileInput final : public GraphInput {
 public:
  explicit GraphFileInput(const std::string& path) : info_(graph::open_graph(path)) {}
  const graph::GraphInfo& info() const override { return info_; }
  graph::CsrSlice read_csr(graph::EdgeDirection direction, VertexRange range,
                           MPI_Comm comm) const override {
    return graph::read_csr(info_, direction, range, comm);
  }
  std::vector<EdgeIndex> read_indptr(graph::EdgeDirection direction, VertexRange range,
                                     MPI_Comm comm) const override {
    return graph::read_indptr(info_, direction, range, comm);
  }

 private:
  graph::GraphInfo info_;
};
}  // namespace

std::unique_ptr<GraphInput> open_graph_file(const std::string& index_path) {
  return std::make_unique<GraphFileInput>(index_path);
}

}  // namespace wg::engine
