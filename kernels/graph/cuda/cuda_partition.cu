// The CUDA backend of a partition (graph/partition.hpp). The partition's arrays, a full
// copy of the values, two frontiers (bitmask + queue each) and the iteration's counters
// live on its GPU from load to download. One step is a short sequence of kernels on the
// partition's stream, then one asynchronous copy of the counters to pinned memory and
// one wait: the host learns the updates, the change and the next frontier's size and
// out-edges, which pick the next direction. Several partitions of one rank may run side
// by side on host threads: every call makes its GPU current.
#include <algorithm>
#include <cub/device/device_scan.cuh>
#include <utility>
#include <vector>

#include "kernels/graph/cuda/dynamic_pull.cuh"
#include "kernels/graph/cuda/frontier_kernels.cuh"
#include "kernels/graph/cuda/group_activation.cuh"
#include "kernels/graph/cuda/heavy_rows.cuh"
#include "kernels/graph/cuda/push.cuh"
#include "kernels/graph/cuda/push_levels.cuh"
#include "kernels/graph/cuda/row_block_pull.cuh"
#include "kernels/graph/cuda/thread_pull.cuh"
#include "kernels/graph/cuda/virtual_split.cuh"
#include "kernels/graph/cuda/vwc_pull.cuh"
#include "kernels/graph/cuda/ws_pull.cuh"
#include "kernels/graph/partition.hpp"
#include "kernels/graph/programs.hpp"
#include "src/common/cuda_buffer.hpp"
#include "src/common/cuda_stream.hpp"
#include "src/common/error.hpp"

namespace wg::kernels::graph::cuda {
namespace {

// Everything the host reads after a step, copied in one piece.
struct Counters {
  FrontierCounters frontier[2];  // of the two frontier buffers
  unsigned long long outbox;     // reset every step from here ...
  unsigned long long list;
  unsigned long long updates;  // ... to here
  double change;
  double global_sum;
  unsigned long long redundant;  // vertex grouping, reset by every grouped step
};

template <typename T>
void upload(DeviceBuffer<T>& to, const T* from, std::size_t count, cudaStream_t stream) {
  if (from) to.upload(from, count, stream);
}

// Row blocks: asked for, or chosen by auto for the programs that recompute every vertex
// and gather without reading their own value (PageRank), where they measured faster than
// WS on RMAT-22 and -24; k-core's gather would need a search per staged edge.
template <typename P>
bool uses_row_blocks(KernelChoice kernel) {
  return kernel == KernelChoice::rowblock ||
         (kernel == KernelChoice::automatic && P::kAllActive && !P::kGathersTarget);
}

// The device memory a partition takes (what the constructor allocates, with the inbox at
// its largest: every held vertex received once), so that a partition that cannot fit is
// refused before any of it is allocated. README.md gives the formula in short. With vertex
// grouping (group_ratio > 1, group_edges grouped edges) the grouped structure takes the
// place of the exact out-edges (their offsets stay: the frontier counts out-edges).
template <typename P>
std::size_t device_bytes(const PartitionView& view, KernelChoice kernel, const VirtualSplit& split,
                         unsigned group_ratio, EdgeIndex group_edges) {
  using Value = typename P::Value;
  const std::size_t n = view.num_vertices, rows = view.stored.size();
  const std::size_t edges = view.in.indptr[rows], targets = view.num_targets;
  const std::size_t weight = view.in.weights ? sizeof(Weight) : 0;
  std::size_t bytes = (rows + 1) * sizeof(EdgeIndex) + edges * (sizeof(VertexId) + weight);
  bytes += (n + 1) * sizeof(EdgeIndex);
  bytes += group_ratio > 1 ? group_bytes(static_cast<VertexId>(n), static_cast<VertexId>(rows),
                                         group_ratio, group_edges)
                           : targets * (sizeof(VertexId) + weight);
  bytes += 3 * bit_words(n) * sizeof(BitWord) + (view.statics ? n * sizeof(VertexStatic) : 0);
  bytes += n * sizeof(Value) * (P::kAllActive ? 2 : 1);
  if (!P::kAllActive) bytes += 2 * n * sizeof(VertexId) + 2 * (n + 1) * sizeof(EdgeIndex);
  if (kernel == KernelChoice::dynamic) bytes += rows * sizeof(VertexId);
  if (split.k) {
    bytes += split.first.size() * sizeof(EdgeIndex) + split.split_rows.size() * sizeof(VertexId);
    bytes += split.virtual_nodes() * (sizeof(VertexId) + sizeof(Value));
  } else if (uses_row_blocks<P>(kernel)) {
    bytes += (rows + 1) * sizeof(VertexId);  // row blocks: at most one per row
  }
  if (view.vertex_weights) bytes += rows * sizeof(double);
  bytes += (rows + n) * sizeof(UpdatePair<Value>);  // outbox and inbox
  return bytes;
}

void require_fits(int device, std::size_t needed, const PartitionView& view) {
  std::size_t free = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&free, &total));
  constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
  WG_REQUIRE(needed <= free,
             "a partition of {} vertices ({} stored) and {} edges needs {:.2f} GiB on GPU {}, "
             "but {:.2f} GiB of its {:.2f} GiB are free; run on more GPUs (more ranks, or "
             "--devices-per-rank)",
             view.num_vertices, view.stored.size(), view.in.indptr[view.stored.size()],
             static_cast<double>(needed) / kGiB, device, static_cast<double>(free) / kGiB,
             static_cast<double>(total) / kGiB);
}

// The grouping in force (vertex_groups.hpp), built on the host: the ratio asked for, or
// with --group auto the smallest that fits the GPU's free memory; none (ratio 1) for the
// programs that cannot group.
template <typename P>
VertexGroups plan_groups(const PartitionView& view, const WalkOptions& walk,
                         const VirtualSplit& split) {
  const auto rows = static_cast<VertexId>(view.stored.size());
  unsigned ratio = can_group<P>() ? walk.group : 1;
  if (ratio == kChosenByPartition) {
    std::size_t free = 0, total = 0;
    CUDA_CHECK(cudaMemGetInfo(&free, &total));
    ratio = choose_group_ratio(
        [&](unsigned r) {
          const EdgeIndex edges =
              r > 1 ? count_group_edges(view.targets, view.num_vertices, rows, r) : 0;
          return device_bytes<P>(view, walk.kernel, split, r, edges);
        },
        free);
  }
  if (ratio <= 1) return {};
  return group_targets(view.targets, view.num_vertices, rows, ratio);
}

template <typename P>
class CudaPartition final : public Partition<P> {
 public:
  using Value = typename P::Value;
  using Update = UpdatePair<Value>;

  CudaPartition(int device, const PartitionView& view, const WalkOptions& walk)
      : device_(device), view_(view), kernel_(walk.kernel), words_(bit_words(view.num_vertices)) {
    CUDA_CHECK(cudaSetDevice(device));
    split_ =
        plan_virtual_split(view.in.indptr, static_cast<VertexId>(view.stored.size()), walk.split);
    layout_.split = split_.k;
    layout_.virtual_nodes = split_.virtual_nodes();
    const VertexGroups groups = plan_groups<P>(view, walk, split_);
    require_fits(device, device_bytes<P>(view, kernel_, split_, groups.ratio, groups.edges()),
                 view);
    int sms = 1, threads_per_sm = 2048;
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    CUDA_CHECK(
        cudaDeviceGetAttribute(&threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device));
    // As many blocks as stay resident at once: 8 on the 2,048-thread SMs of sm_80 and
    // sm_90, fewer where an SM holds fewer threads (1,536 on sm_86/sm_89).
    const int per_sm = std::clamp(threads_per_sm / kBlockThreads, 1, kBlocksPerSm);
    max_blocks_ = static_cast<unsigned>(sms * per_sm);
    const cudaStream_t st = stream_.get();
    const VertexId n = view.num_vertices;
    const std::size_t rows = view.stored.size();
    const EdgeIndex in_edges = view.in.indptr[rows];
    upload(in_indptr_, view.in.indptr, std::size_t{rows} + 1, st);
    upload(in_indices_, view.in.indices, in_edges, st);
    upload(in_weights_, view.in.weights, in_edges, st);
    upload(targets_indptr_, view.targets.indptr, std::size_t{n} + 1, st);
    if (groups.ratio > 1) {
      groups_.upload(groups, st);
    } else {
      upload(targets_, view.targets.targets, view.num_targets, st);
      upload(target_weights_, view.targets.weights, view.num_targets, st);
    }
    layout_.group = groups.ratio;
    layout_.activation_edges = groups.ratio > 1 ? groups.edges() : view.num_targets;
    upload(boundary_, view.boundary, words_, st);
    upload(statics_, view.statics, n, st);
    upload(vertex_weights_, view.vertex_weights, rows, st);
    values_.grow(n);
    if (P::kAllActive) messages_.grow(n);
    for (int b = 0; b < 2; ++b) {
      bits_[b].grow(words_);
      if (!P::kAllActive) queue_[b].grow(n);
    }
    if (!P::kAllActive) {
      degrees_.grow(std::size_t{n} + 1);
      prefix_.grow(std::size_t{n} + 1);
      std::size_t bytes = 0;
      CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, bytes, degrees_.data(), prefix_.data(),
                                               static_cast<std::int64_t>(n) + 1, st));
      scan_temp_.grow(bytes);
      scan_bytes_ = bytes;
    }
    if constexpr (can_push<P>()) size_push_levels(sms);
    if (kernel_ == KernelChoice::dynamic) list_.grow(std::max<std::size_t>(rows, 1));
    outbox_.grow(rows);
    host_outbox_.grow(rows);
    counters_.grow(1);
    host_counters_.grow(1);
    // One more total than blocks: the heavy rows' pass writes its own.
    block_updates_.grow(max_blocks_ + 1);
    block_change_.grow(max_blocks_ + 1);
    CUDA_CHECK(cudaMemsetAsync(block_updates_.data(), 0,
                               (max_blocks_ + 1) * sizeof(unsigned long long), st));
    CUDA_CHECK(cudaMemsetAsync(block_change_.data(), 0, (max_blocks_ + 1) * sizeof(double), st));
    keep_gathered_in_l2(st);
    if (split_.k) {
      upload_virtual_split(st);
    } else {
      find_heavy_rows(st);
      if (uses_row_blocks<P>(kernel_)) cut_row_blocks(st);
    }
    block_term_.grow(max_blocks_);
    section_loads_.grow(view.sections.count());
    host_section_loads_.grow(view.sections.count());
    CUDA_CHECK(cudaMemsetAsync(counters_.data(), 0, sizeof(Counters), st));
    stream_.sync();
  }

  ~CudaPartition() override {
    cudaSetDevice(device_);  // the buffers free on their GPU
    cudaCtxResetPersistingL2Cache();
  }

  void load(const Value* values, const BitWord* frontier) override {
    make_current();
    const cudaStream_t st = stream_.get();
    values_.upload(values, view_.num_vertices, st);
    CUDA_CHECK(cudaMemsetAsync(counters_.data(), 0, sizeof(Counters), st));
    for (int b = 0; b < 2; ++b)
      CUDA_CHECK(cudaMemsetAsync(bits_[b].data(), 0, words_ * sizeof(BitWord), st));
    if (!P::kAllActive && frontier) {
      // The first frontier goes through the scatter kernel, as if its vertices had just
      // been received with their current values: that builds the bits, queue and counters.
      std::vector<Update> pairs;
      for (std::size_t w = 0; w < words_; ++w)
        for (BitWord bits = frontier[w]; bits; bits &= bits - 1) {
          const auto v = static_cast<VertexId>(w * kBitsPerWord + __builtin_ctzll(bits));
          pairs.push_back({v, values[v]});
        }
      scatter_into(pairs.data(), pairs.size(), cur_);
    }
    measure_sections();
    read_counters();
    frontier_size_ = host_counters_.data()->frontier[cur_].size;
    frontier_edges_ = host_counters_.data()->frontier[cur_].edges;
  }

  void section_loads(VertexRange assigned, double* loads) override {
    balancing_ = true;
    const partition::SectionLayout& sections = view_.sections;
    for (std::size_t s = sections.first(assigned); s < sections.last(assigned); ++s)
      loads[s] = P::kAllActive ? static_cast<double>(sections.clip(s, assigned).size())
                               : host_section_loads_.data()[s];
  }

  double global_term(VertexRange assigned) override {
    if constexpr (!P::kHasGlobalTerm) {
      return 0.0;
    } else {
      make_current();
      launch_emit(assigned, true);
      read_counters();
      return host_counters_.data()->global_sum;
    }
  }

  StepStats step(VertexRange assigned, Direction direction, const ProgramParams& params,
                 bool own_global_term, bool make_outbox, bool boundary_only) override {
    make_current();
    const cudaStream_t st = stream_.get();
    Counters* c = counters_.data();
    CUDA_CHECK(cudaMemsetAsync(&c->outbox, 0, 3 * sizeof(unsigned long long), st));
    StepStats stats;
    // Grouped activation keeps no exact out-edges to push along: every step pulls.
    const Direction way = groups_.on()
                              ? Direction::pull
                              : choose_direction<P>(direction, frontier_edges_, view_.num_targets);
    stats.pulled = way == Direction::pull;
    const int next = 1 - cur_;

    PullArgs<P> a;
    a.csr = {view_.stored, in_indptr_.data(), in_indices_.data(),
             view_.in.weights ? in_weights_.data() : nullptr};
    a.values = values_.data();
    a.messages = P::kAllActive ? messages_.data() : values_.data();
    a.frontier = bits_[cur_].data();
    a.params = params;
    a.global_sum = nullptr;
    a.vertex_weights = view_.vertex_weights ? vertex_weights_.data() : nullptr;
    a.next = frontier_out(next);
    a.changed_bits = make_outbox ? bits_[next].data() : nullptr;
    a.totals = {block_updates_.data(), block_change_.data()};
    a.heavy_degree = 0;
    if (groups_.on()) activate_groups(a);

    if (!assigned.empty()) {
      if constexpr (P::kAllActive) {
        launch_emit(assigned, own_global_term);
        if (own_global_term && P::kHasGlobalTerm) a.global_sum = &c->global_sum;
        pull(a, assigned);
        // The pull's blocks and the heavy rows' slot after them.
        sum_blocks_kernel<<<1, kBlockThreads, 0, st>>>(block_updates_.data(), max_blocks_ + 1,
                                                       &c->updates);
        sum_blocks_kernel<<<1, kBlockThreads, 0, st>>>(block_change_.data(), max_blocks_ + 1,
                                                       &c->change);
        CUDA_CHECK_LAUNCH();
      } else if (stats.pulled) {
        pull(a, assigned);
      } else if (frontier_edges_ > 0) {
        push(assigned, a.next);
      }
    }
    if (make_outbox) {
      const BitWord* mask = boundary_only ? boundary_.data() : nullptr;
      if constexpr (P::kAllActive)
        compact_range_outbox_kernel<Value><<<blocks_for(assigned.size()), kBlockThreads, 0, st>>>(
            bits_[next].data(), mask, assigned, values_.data(), outbox_.data(), &c->outbox);
      else
        compact_queue_outbox_kernel<Value><<<max_blocks_, kBlockThreads, 0, st>>>(
            queue_[next].data(), &c->frontier[next].size, mask, values_.data(), outbox_.data(),
            &c->outbox);
      CUDA_CHECK_LAUNCH();
    }
    read_counters();
    const Counters& h = *host_counters_.data();
    stats.updates = P::kAllActive ? h.updates : h.frontier[next].size;
    stats.change = h.change;
    stats.edges = stats.pulled ? view_.in.indptr[assigned.end - view_.stored.begin] -
                                     view_.in.indptr[assigned.begin - view_.stored.begin]
                               : frontier_edges_;
    stats.outbox = make_outbox ? h.outbox : 0;
    stats.redundant = groups_.on() ? h.redundant : 0;
    if (stats.outbox) {
      CUDA_CHECK(cudaMemcpyAsync(host_outbox_.data(), outbox_.data(), stats.outbox * sizeof(Update),
                                 cudaMemcpyDeviceToHost, st));
      stream_.sync();
    }
    next_size_ = h.frontier[next].size;
    next_edges_ = h.frontier[next].edges;
    return stats;
  }

  const Update* outbox() const override { return host_outbox_.data(); }

  void scatter(const Update* updates, std::size_t count) override {
    make_current();
    scatter_into(updates, count, 1 - cur_);
    scattered_ = true;
  }

  std::uint64_t end_iteration() override {
    make_current();
    const cudaStream_t st = stream_.get();
    cur_ = 1 - cur_;
    if (scattered_ || balancing_) {
      // Received updates joined the frontier on the device: its size comes back with the
      // balancer's section loads, in one wait (the GPU is idle here anyway).
      measure_sections();
      read_counters();
      next_size_ = host_counters_.data()->frontier[cur_].size;
      next_edges_ = host_counters_.data()->frontier[cur_].edges;
      scattered_ = false;
    }
    frontier_size_ = next_size_;
    frontier_edges_ = next_edges_;
    // The other buffer becomes the next frontier: cleared, without waiting.
    const int next = 1 - cur_;
    CUDA_CHECK(cudaMemsetAsync(bits_[next].data(), 0, words_ * sizeof(BitWord), st));
    CUDA_CHECK(cudaMemsetAsync(&counters_.data()->frontier[next], 0, sizeof(FrontierCounters), st));
    return frontier_size_;
  }

  std::size_t push_levels(VertexRange assigned, Direction direction, std::size_t max_levels,
                          PushLevel* levels) override {
    if constexpr (!can_push<P>()) {
      return 0;
    } else {
      const unsigned long long alpha = direction == Direction::push ? 0 : push_alpha<P>();
      if (direction == Direction::pull || groups_.on() || level_blocks_ == 0 || assigned.empty() ||
          !pushes_on_device(frontier_size_, frontier_edges_, level_edge_limit_, alpha,
                            view_.num_targets))
        return 0;
      make_current();
      const cudaStream_t st = stream_.get();
      PushLevelsArgs args;
      for (int b = 0; b < 2; ++b) {
        args.bits[b] = bits_[b].data();
        args.queue[b] = queue_[b].data();
        args.counters[b] = &counters_.data()->frontier[b];
        args.hubs[b] = hubs_[b].data();
        args.hub_count[b] = hub_count_.data() + b;
      }
      args.hub_capacity = hub_capacity_;
      CUDA_CHECK(cudaMemsetAsync(hub_count_.data(), 0, 2 * sizeof(unsigned long long), st));
      args.targets = {targets_indptr_.data(), targets_.data(),
                      view_.targets.weights ? target_weights_.data() : nullptr};
      args.assigned = assigned;
      args.statics = view_.statics ? statics_.data() : nullptr;
      args.cur = cur_;
      args.max_levels =
          static_cast<unsigned>(std::min<std::size_t>(max_levels, kMaxPushLevelsPerCall));
      args.edge_limit = level_edge_limit_;
      args.alpha = alpha;
      args.all_targets = view_.num_targets;
      args.levels = device_levels_.data();
      args.levels_run = levels_run_.data();
      Value* values = values_.data();
      void* params[] = {&args, &values};
      CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<void*>(push_levels_kernel<P>),
                                             level_blocks_, kBlockThreads, params, 0, st));
      CUDA_CHECK(cudaMemcpyAsync(host_levels_run_.data(), levels_run_.data(), sizeof(unsigned),
                                 cudaMemcpyDeviceToHost, st));
      CUDA_CHECK(cudaMemcpyAsync(host_device_levels_.data(), device_levels_.data(),
                                 args.max_levels * sizeof(DeviceLevel), cudaMemcpyDeviceToHost,
                                 st));
      read_counters();  // waits for all three copies
      const std::size_t ran = *host_levels_run_.data();
      for (std::size_t l = 0; l < ran; ++l) {
        const DeviceLevel& d = host_device_levels_.data()[l];
        levels[l] = {d.active, d.edges, d.updates};
      }
      // Each level swapped the buffers, as end_iteration does.
      if (ran % 2 == 1) cur_ = 1 - cur_;
      frontier_size_ = host_counters_.data()->frontier[cur_].size;
      frontier_edges_ = host_counters_.data()->frontier[cur_].edges;
      return ran;
    }
  }

  WalkLayout layout() const override { return layout_; }

  void download(Value* values, BitWord* frontier) override {
    make_current();
    const cudaStream_t st = stream_.get();
    CUDA_CHECK(cudaMemcpyAsync(values, values_.data(), view_.num_vertices * sizeof(Value),
                               cudaMemcpyDeviceToHost, st));
    if (frontier)
      CUDA_CHECK(cudaMemcpyAsync(frontier, bits_[cur_].data(), words_ * sizeof(BitWord),
                                 cudaMemcpyDeviceToHost, st));
    stream_.sync();
  }

 private:
  void make_current() const { CUDA_CHECK(cudaSetDevice(device_)); }
  unsigned blocks_for(std::size_t threads) const {
    const std::size_t wanted = (threads + kBlockThreads - 1) / kBlockThreads;
    return static_cast<unsigned>(std::clamp<std::size_t>(wanted, 1, max_blocks_));
  }
  FrontierOut frontier_out(int b) {
    return {bits_[b].data(), P::kAllActive ? nullptr : queue_[b].data(),
            &counters_.data()->frontier[b], targets_indptr_.data()};
  }
  // Vertex grouping: the groups this step's pull covers, from the current frontier, and
  // its redundant counter.
  void activate_groups(PullArgs<P>& a) {
    Counters* c = counters_.data();
    CUDA_CHECK(cudaMemsetAsync(&c->redundant, 0, sizeof(unsigned long long), stream_.get()));
    a.groups = groups_.activate(bits_[cur_].data(), max_blocks_, stream_.get());
    a.redundant = &c->redundant;
  }
  void read_counters() {
    CUDA_CHECK(cudaMemcpyAsync(host_counters_.data(), counters_.data(), sizeof(Counters),
                               cudaMemcpyDeviceToHost, stream_.get()));
    stream_.sync();
  }
  // Section loads of the current frontier, into pinned memory (frontier programs).
  void measure_sections() {
    if (P::kAllActive) return;
    const cudaStream_t st = stream_.get();
    const std::size_t count = view_.sections.count();
    section_popcount_kernel<<<blocks_for(count * 32), kBlockThreads, 0, st>>>(
        bits_[cur_].data(), view_.sections, section_loads_.data());
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpyAsync(host_section_loads_.data(), section_loads_.data(),
                               count * sizeof(double), cudaMemcpyDeviceToHost, st));
  }
  // Received pairs into the values and frontier buffer b.
  void scatter_into(const Update* updates, std::size_t count, int b) {
    if (count == 0) return;
    const cudaStream_t st = stream_.get();
    inbox_.upload(updates, count, st);
    scatter_kernel<P><<<blocks_for(count), kBlockThreads, 0, st>>>(inbox_.data(), count,
                                                                   values_.data(), frontier_out(b));
    CUDA_CHECK_LAUNCH();
    stream_.sync();  // the host's pairs may be reused once this returns
  }
  void launch_emit(VertexRange assigned, bool sum_term) {
    const cudaStream_t st = stream_.get();
    emit_kernel<P><<<max_blocks_, kBlockThreads, 0, st>>>(
        values_.data(), view_.statics ? statics_.data() : nullptr, view_.num_vertices, assigned,
        messages_.data(), block_term_.data());
    CUDA_CHECK_LAUNCH();
    if (sum_term && P::kHasGlobalTerm) {
      sum_blocks_kernel<<<1, kBlockThreads, 0, st>>>(block_term_.data(), max_blocks_,
                                                     &counters_.data()->global_sum);
      CUDA_CHECK_LAUNCH();
    }
  }
  void pull(const PullArgs<P>& a, VertexRange assigned) {
    if (split_.k) return split_pull(a, assigned);
    const cudaStream_t st = stream_.get();
    KernelChoice kernel = kernel_;
    if (kernel == KernelChoice::automatic)
      kernel = P::kLevelSynchronous         ? KernelChoice::thread
               : uses_row_blocks<P>(kernel) ? KernelChoice::rowblock
                                            : KernelChoice::ws;
    if (P::kAllActive && kernel == KernelChoice::thread) kernel = KernelChoice::ws;
    // All-active pulls write one total per block of a fixed grid (sum_blocks reads them).
    const unsigned grid = P::kAllActive ? max_blocks_ : 0;
    auto blocks = [&](std::size_t threads) { return grid ? grid : blocks_for(threads); };
    const bool split_heavy = kernel != KernelChoice::thread;
    PullArgs<P> args = a;
    args.heavy_degree = split_heavy && heavy_.count ? kHeavyDegree : 0;
    switch (kernel) {
      case KernelChoice::automatic:
      case KernelChoice::ws:
        ws_pull_kernel<P><<<blocks(assigned.size()), kBlockThreads, 0, st>>>(args, assigned);
        break;
      case KernelChoice::rowblock:
        row_block_pull_kernel<P>
            <<<blocks(row_blocks_.count * kBlockThreads), kBlockThreads, 0, st>>>(args, row_blocks_,
                                                                                  assigned);
        break;
      case KernelChoice::thread:
        if constexpr (!P::kAllActive)
          thread_pull_kernel<P><<<blocks(assigned.size()), kBlockThreads, 0, st>>>(a, assigned);
        break;
      case KernelChoice::dynamic: {
        unsigned long long* count = &counters_.data()->list;
        compact_pulled_kernel<P><<<blocks_for(assigned.size()), kBlockThreads, 0, st>>>(
            a, assigned, list_.data(), count);
        CUDA_CHECK_LAUNCH();
        dynamic_pull_kernel<P>
            <<<blocks(assigned.size()), kBlockThreads, 0, st>>>(a, list_.data(), count);
        break;
      }
      case KernelChoice::vwc2:
      case KernelChoice::vwc4:
      case KernelChoice::vwc8:
      case KernelChoice::vwc16:
      case KernelChoice::vwc32:
      case KernelChoice::vwc_auto: {
        int lanes = virtual_warp_lanes(kernel);
        if (lanes == 0)
          lanes = auto_virtual_warp(view_.in.indptr[assigned.end - view_.stored.begin] -
                                        view_.in.indptr[assigned.begin - view_.stored.begin],
                                    assigned.size());
        launch_vwc_pull(lanes, args, assigned, blocks, st);
        break;
      }
    }
    CUDA_CHECK_LAUNCH();
    if (args.heavy_degree != 0) {
      heavy_chunks_kernel<P><<<blocks_for(heavy_.chunks * 32), kBlockThreads, 0, st>>>(
          args, heavy_, assigned, heavy_partial_.data());
      CUDA_CHECK_LAUNCH();
      // Its totals go to the slot after the pull's blocks.
      PullArgs<P> last = args;
      last.totals = {a.totals.updates + max_blocks_, a.totals.change + max_blocks_};
      heavy_apply_kernel<P>
          <<<1, kBlockThreads, 0, st>>>(last, heavy_, assigned, heavy_partial_.data());
      CUDA_CHECK_LAUNCH();
    }
  }
  // The pull over the virtual nodes of the assigned rows, then over its split rows. All-
  // active programs run both on the fixed grid: the second adds to the first's totals.
  void split_pull(const PullArgs<P>& a, VertexRange assigned) {
    const cudaStream_t st = stream_.get();
    const VertexId row_begin = assigned.begin - view_.stored.begin;
    const VertexId row_end = assigned.end - view_.stored.begin;
    const EdgeIndex vn_begin = split_.first[row_begin], vn_end = split_.first[row_end];
    const auto [lo, hi] = split_.split_rows_in(row_begin, row_end);
    auto blocks = [&](std::size_t threads) {
      return P::kAllActive ? max_blocks_ : blocks_for(threads);
    };
    split_members_kernel<P><<<blocks(vn_end - vn_begin), kBlockThreads, 0, st>>>(
        a, split_device_, vn_begin, vn_end, split_partial_.data());
    CUDA_CHECK_LAUNCH();
    if (P::kAllActive || hi > lo) {
      split_rows_kernel<P><<<blocks(hi - lo), kBlockThreads, 0, st>>>(a, split_device_, lo, hi,
                                                                      split_partial_.data());
      CUDA_CHECK_LAUNCH();
    }
  }
  // The virtual split's table, on the device once (the host keeps its copy for the ranges).
  void upload_virtual_split(cudaStream_t st) {
    split_first_.upload(split_.first.data(), split_.first.size(), st);
    split_row_of_.upload(split_.row_of.data(), split_.row_of.size(), st);
    split_rows_.upload(split_.split_rows.data(), split_.split_rows.size(), st);
    split_partial_.grow(std::max<std::size_t>(split_.virtual_nodes(), 1));
    split_device_ = {split_.k, split_first_.data(), split_row_of_.data(), split_rows_.data(),
                     split_.split_rows.size()};
  }
  // Rows of more than kHeavyDegree in-edges, cut into chunks (heavy_rows.cuh), from the
  // host's copy of the offsets, once.
  void find_heavy_rows(cudaStream_t st) {
    std::vector<VertexId> rows;
    std::vector<EdgeIndex> first{0};
    std::vector<unsigned> chunk_row;
    std::vector<EdgeIndex> chunk_begin;
    const EdgeIndex* indptr = view_.in.indptr;
    for (VertexId r = 0; r < view_.stored.size(); ++r) {
      if (indptr[r + 1] - indptr[r] <= kHeavyDegree) continue;
      for (EdgeIndex e = indptr[r]; e < indptr[r + 1]; e += kHeavyChunk) {
        chunk_row.push_back(static_cast<unsigned>(rows.size()));
        chunk_begin.push_back(e);
      }
      rows.push_back(view_.stored.begin + r);
      first.push_back(chunk_row.size());
    }
    heavy_rows_.upload(rows.data(), rows.size(), st);
    heavy_first_.upload(first.data(), first.size(), st);
    heavy_chunk_row_.upload(chunk_row.data(), chunk_row.size(), st);
    heavy_chunk_begin_.upload(chunk_begin.data(), chunk_begin.size(), st);
    heavy_partial_.grow(chunk_row.size());
    heavy_ = {heavy_rows_.data(),        heavy_first_.data(), heavy_chunk_row_.data(),
              heavy_chunk_begin_.data(), rows.size(),         chunk_row.size()};
    stream_.sync();  // the host vectors go out of scope
  }
  // Pulls read the gathered values (the messages, or the values themselves) at random
  // and the in-edge indices once, in order: when the gathered array fits the L2 the
  // device lets persist, its lines persist, so the index stream does not evict them.
  // (A larger array is left alone: persisting a part of it measured slower, 9.5 against
  // 8.0 ms per PageRank iteration on RMAT-24, as the carve-out shrinks the rest of L2.)
  void keep_gathered_in_l2(cudaStream_t st) {
    int window = 0, persisting = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&window, cudaDevAttrMaxAccessPolicyWindowSize, device_));
    CUDA_CHECK(cudaDeviceGetAttribute(&persisting, cudaDevAttrMaxPersistingL2CacheSize, device_));
    const std::size_t bytes = std::size_t{view_.num_vertices} * sizeof(Value);
    if (bytes == 0 || bytes > static_cast<std::size_t>(window) ||
        bytes > static_cast<std::size_t>(persisting))
      return;
    CUDA_CHECK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, bytes));
    cudaStreamAttrValue attribute{};
    attribute.accessPolicyWindow.base_ptr =
        P::kAllActive ? static_cast<void*>(messages_.data()) : static_cast<void*>(values_.data());
    attribute.accessPolicyWindow.num_bytes = bytes;
    attribute.accessPolicyWindow.hitRatio = 1.0f;
    attribute.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    attribute.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    CUDA_CHECK(cudaStreamSetAttribute(st, cudaStreamAttributeAccessPolicyWindow, &attribute));
  }
  // Row blocks of the stored rows (row_block_pull.cuh), from the host's offsets, once.
  void cut_row_blocks(cudaStream_t st) {
    const std::vector<VertexId> first =
        graph::cut_row_blocks(view_.in.indptr, static_cast<VertexId>(view_.stored.size()));
    row_block_first_.upload(first.data(), first.size(), st);
    row_blocks_ = {row_block_first_.data(), first.size() - 1};
    stream_.sync();  // `first` goes out of scope
  }
  // The cooperative grid of push_levels: one block per SM, as many as are sure to be
  // resident together, and the most frontier out-edges a launch walks per level (two per
  // thread: beyond that push_kernel's balanced walk wins over the host round trip).
  void size_push_levels(int sms) {
    int per_sm = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, push_levels_kernel<P>,
                                                             kBlockThreads, 0));
    if (per_sm == 0) return;  // never resident: push_levels runs none
    level_blocks_ = static_cast<unsigned>(sms);
    level_edge_limit_ = 2ull * level_blocks_ * kBlockThreads;
    hub_capacity_ = level_edge_limit_ / kLightDegree + 1;
    for (int b = 0; b < 2; ++b) hubs_[b].grow(hub_capacity_);
    hub_count_.grow(2);
    device_levels_.grow(kMaxPushLevelsPerCall);
    host_device_levels_.grow(kMaxPushLevelsPerCall);
    levels_run_.grow(1);
    host_levels_run_.grow(1);
  }
  void push(VertexRange assigned, const FrontierOut& next) {
    const cudaStream_t st = stream_.get();
    const std::size_t size = frontier_size_;
    // The scan numbers the frontier's out-edges, or with the split its virtual nodes.
    if (split_.k)
      queue_families_kernel<<<blocks_for(size + 1), kBlockThreads, 0, st>>>(
          queue_[cur_].data(), size, targets_indptr_.data(), split_.k, degrees_.data());
    else
      queue_degrees_kernel<<<blocks_for(size + 1), kBlockThreads, 0, st>>>(
          queue_[cur_].data(), size, targets_indptr_.data(), degrees_.data());
    CUDA_CHECK_LAUNCH();
    std::size_t bytes = scan_bytes_;
    CUDA_CHECK(cub::DeviceScan::ExclusiveSum(scan_temp_.data(), bytes, degrees_.data(),
                                             prefix_.data(), static_cast<std::int64_t>(size) + 1,
                                             st));
    PushArgs p;
    p.queue = queue_[cur_].data();
    p.prefix = prefix_.data();
    p.queue_size = size;
    p.edges = frontier_edges_;
    p.targets = {targets_indptr_.data(), targets_.data(),
                 view_.targets.weights ? target_weights_.data() : nullptr};
    p.assigned = assigned;
    p.statics = view_.statics ? statics_.data() : nullptr;
    if (split_.k) {
      // At most one member per vertex beyond one per K edges; the kernel reads the count.
      const std::size_t members = size + frontier_edges_ / split_.k;
      split_push_kernel<P>
          <<<blocks_for(members), kBlockThreads, 0, st>>>(p, split_.k, values_.data(), next);
    } else {
      const std::size_t warps = (frontier_edges_ + 32 * kPushRounds - 1) / (32 * kPushRounds);
      push_kernel<P><<<blocks_for(warps * 32), kBlockThreads, 0, st>>>(p, values_.data(), next);
    }
    CUDA_CHECK_LAUNCH();
  }

  int device_;
  PartitionView view_;
  KernelChoice kernel_;
  WalkLayout layout_;
  std::size_t words_;
  unsigned max_blocks_ = 1;
  CudaStream stream_;
  DeviceBuffer<EdgeIndex> in_indptr_, targets_indptr_;
  DeviceBuffer<VertexId> in_indices_, targets_;
  DeviceBuffer<Weight> in_weights_, target_weights_;
  DeviceGroups groups_;
  DeviceBuffer<BitWord> boundary_;
  DeviceBuffer<VertexStatic> statics_;
  DeviceBuffer<double> vertex_weights_;
  DeviceBuffer<Value> values_, messages_;
  DeviceBuffer<BitWord> bits_[2];
  DeviceBuffer<VertexId> queue_[2];
  DeviceBuffer<EdgeIndex> degrees_, prefix_;
  DeviceBuffer<unsigned char> scan_temp_;
  std::size_t scan_bytes_ = 0;
  DeviceBuffer<VertexId> list_;
  DeviceBuffer<Update> outbox_, inbox_;
  PinnedBuffer<Update> host_outbox_;
  DeviceBuffer<Counters> counters_;
  PinnedBuffer<Counters> host_counters_;
  DeviceBuffer<unsigned long long> block_updates_;
  DeviceBuffer<double> block_change_, block_term_;
  DeviceBuffer<double> section_loads_;
  HeavyRows heavy_{};
  DeviceBuffer<VertexId> heavy_rows_;
  DeviceBuffer<EdgeIndex> heavy_first_, heavy_chunk_begin_;
  DeviceBuffer<unsigned> heavy_chunk_row_;
  DeviceBuffer<Value> heavy_partial_;
  VirtualSplit split_;  // --split: the host's table (k 0: none)
  VirtualSplitView split_device_{};
  DeviceBuffer<EdgeIndex> split_first_;
  DeviceBuffer<VertexId> split_row_of_, split_rows_;
  DeviceBuffer<Value> split_partial_;
  RowBlocks row_blocks_{};
  DeviceBuffer<VertexId> row_block_first_;
  PinnedBuffer<double> host_section_loads_;
  unsigned level_blocks_ = 0;  // 0: push_levels runs none
  unsigned long long level_edge_limit_ = 0;
  unsigned long long hub_capacity_ = 0;
  DeviceBuffer<VertexId> hubs_[2];
  DeviceBuffer<unsigned long long> hub_count_;
  DeviceBuffer<DeviceLevel> device_levels_;
  PinnedBuffer<DeviceLevel> host_device_levels_;
  DeviceBuffer<unsigned> levels_run_;
  PinnedBuffer<unsigned> host_levels_run_;
  int cur_ = 0;
  bool scattered_ = false;
  bool balancing_ = false;
  std::uint64_t frontier_size_ = 0, frontier_edges_ = 0;
  std::uint64_t next_size_ = 0, next_edges_ = 0;
};

}  // namespace
}  // namespace wg::kernels::graph::cuda

namespace wg::kernels::graph {

template <typename P>
std::unique_ptr<Partition<P>> make_cuda_partition(int device, const PartitionView& view,
                                                  const WalkOptions& walk) {
  return std::make_unique<cuda::CudaPartition<P>>(device, view, walk);
}

// One CUDA partition per program of the registry.
#define WG_INSTANTIATE_CUDA_PARTITION(P)                                                   \
  template std::unique_ptr<Partition<P>> make_cuda_partition<P>(int, const PartitionView&, \
                                                                const WalkOptions&);
WG_BUILTIN_PROGRAMS(WG_INSTANTIATE_CUDA_PARTITION)
#undef WG_INSTANTIATE_CUDA_PARTITION

}  // namespace wg::kernels::graph
