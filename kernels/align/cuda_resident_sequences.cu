// The input's FASTA text to the GPU and its records encoded there, or sequences encoded on
// the host copied there (resident_sequences.hpp). Both go through two pinned staging
// buffers in turn: host threads fill one while the other's contents are on their way to
// the GPU. A warp then encodes each record: it finds the end of the header line, then
// takes 32 bytes of residue text at a time, looks each byte's code up in shared memory and
// writes the letters' codes packed together (each lane's place is the count of letters
// before it, a ballot's population count).
#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

#include "kernels/align/resident_sequences.hpp"
#include "src/common/cuda_buffer.hpp"
#include "src/common/cuda_stream.hpp"

namespace wg::kernels::align {
namespace {

constexpr unsigned kFullMask = 0xffffffffu;
constexpr int kEncodeThreads = 256;
constexpr std::int8_t kBlank = -2;  // any other negative code is a bad letter
constexpr std::size_t kStagingBytes = std::size_t{16} << 20;
constexpr std::size_t kCopyPieceBytes = std::size_t{2} << 20;  // a host thread's share

// Records [0, records) of one file's text; record r's codes go to out + offsets[r]. The
// first record found bad lowers *first_bad to first_record + r.
__global__ void encode_records(const char* __restrict__ text,
                               const std::uint64_t* __restrict__ starts,
                               const std::uint64_t* __restrict__ offsets, std::uint64_t records,
                               std::uint64_t first_record, const std::int8_t* __restrict__ codes,
                               std::uint8_t* __restrict__ out,
                               unsigned long long* __restrict__ first_bad) {
  __shared__ std::int8_t code_of[256];
  for (int i = static_cast<int>(threadIdx.x); i < 256; i += blockDim.x) code_of[i] = codes[i];
  __syncthreads();
  const unsigned lane = threadIdx.x % 32;
  const unsigned below = (1u << lane) - 1;
  const std::uint64_t warps_per_block = blockDim.x / 32;
  const std::uint64_t warps = gridDim.x * warps_per_block;
  for (std::uint64_t r = blockIdx.x * warps_per_block + threadIdx.x / 32; r < records; r += warps) {
    const std::uint64_t end = starts[r + 1];
    std::uint64_t at = starts[r];
    // The residue text starts after the header line's '\n' (the whole record is its
    // header when it has none).
    for (; at < end; at += 32) {
      const std::uint64_t i = at + lane;
      const unsigned newline = __ballot_sync(kFullMask, i < end && text[i] == '\n');
      if (newline) {
        at += static_cast<unsigned>(__ffs(static_cast<int>(newline)));
        break;
      }
    }
    const std::uint64_t first = offsets[r];
    const std::uint64_t length = offsets[r + 1] - first;
    std::uint64_t written = 0;
    bool bad = false;
    for (; at < end; at += 32) {
      const std::uint64_t i = at + lane;
      const std::int8_t code = i < end ? code_of[static_cast<unsigned char>(text[i])] : kBlank;
      const unsigned letters = __ballot_sync(kFullMask, code >= 0);
      if (code >= 0) {
        const std::uint64_t place = written + static_cast<unsigned>(__popc(letters & below));
        if (place < length) out[first + place] = static_cast<std::uint8_t>(code);
      }
      written += static_cast<unsigned>(__popc(letters));
      if (__any_sync(kFullMask, code < 0 && code != kBlank)) {
        bad = true;
        break;
      }
    }
    if (lane == 0 && (bad || written != length))
      atomicMin(first_bad, static_cast<unsigned long long>(first_record + r));
  }
}

class ResidentOnGpu final : public ResidentSequences {
 public:
  explicit ResidentOnGpu(DeviceBuffer<std::uint8_t>&& residues) : residues_(std::move(residues)) {}
  const std::uint8_t* residues() const override { return residues_.data(); }

 private:
  DeviceBuffer<std::uint8_t> residues_;
};

// Host bytes to GPU memory through two pinned staging buffers in turn, on one stream:
// host threads fill one buffer (fill(dest, from, bytes) writes bytes [from, from + bytes)
// of the data to dest, for pieces of kCopyPieceBytes in parallel) while the other's
// contents are on their way to the GPU.
class StagedCopy {
 public:
  StagedCopy(cudaStream_t stream, std::size_t largest)
      : stream_(stream), bytes_(std::min(kStagingBytes, std::max<std::size_t>(largest, 1))) {
    for (int b = 0; b < 2; ++b) {
      staging_[b].grow(bytes_);
      CUDA_CHECK(cudaEventCreateWithFlags(&sent_[b], cudaEventDisableTiming));
    }
  }
  ~StagedCopy() {
    for (cudaEvent_t event : sent_) cudaEventDestroy(event);
  }
  StagedCopy(const StagedCopy&) = delete;
  StagedCopy& operator=(const StagedCopy&) = delete;

  template <class Fill>
  void copy(void* device, std::size_t size, Fill&& fill) {
    for (std::size_t at = 0; at < size; at += bytes_) {
      const std::size_t bytes = std::min(bytes_, size - at);
      CUDA_CHECK(cudaEventSynchronize(sent_[next_]));  // its last contents have left
      fill_on_threads(staging_[next_].data(), at, bytes, fill);
      CUDA_CHECK(cudaMemcpyAsync(static_cast<char*>(device) + at, staging_[next_].data(), bytes,
                                 cudaMemcpyHostToDevice, stream_));
      CUDA_CHECK(cudaEventRecord(sent_[next_], stream_));
      next_ = 1 - next_;
    }
  }

 private:
  template <class Fill>
  static void fill_on_threads(char* dest, std::size_t from, std::size_t bytes, Fill& fill) {
    const std::size_t pieces = (bytes + kCopyPieceBytes - 1) / kCopyPieceBytes;
    const auto threads = static_cast<unsigned>(
        std::min<std::size_t>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u), pieces));
    auto fill_part = [&](unsigned part) {
      for (std::size_t p = part; p < pieces; p += threads) {
        const std::size_t at = p * kCopyPieceBytes;
        fill(dest + at, from + at, std::min(kCopyPieceBytes, bytes - at));
      }
    };
    std::vector<std::thread> others;
    for (unsigned part = 1; part < threads; ++part) others.emplace_back(fill_part, part);
    fill_part(0);
    for (auto& other : others) other.join();
  }

  cudaStream_t stream_;
  std::size_t bytes_;
  PinnedBuffer<char> staging_[2];
  cudaEvent_t sent_[2] = {nullptr, nullptr};
  int next_ = 0;
};

// Whether `residues` plus `scratch` bytes fit the GPU's budget for kept sequences.
bool fits_budget(std::uint64_t residues, std::uint64_t scratch) {
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  return residues + scratch <= free_bytes / kResidentBudgetShare;
}

}  // namespace

ResidentUpload upload_sequences(int device, const std::vector<RecordText>& files,
                                const std::vector<std::uint64_t>& offsets,
                                const std::vector<std::int8_t>& codes) {
  CUDA_CHECK(cudaSetDevice(device));
  ResidentUpload upload;
  std::size_t largest_text = 0;
  std::size_t records = 0;
  for (const RecordText& file : files) {
    largest_text = std::max(largest_text, file.size);
    records = std::max(records, file.records);
  }
  const std::uint64_t residues = offsets.empty() ? 0 : offsets.back();
  if (!fits_budget(residues, largest_text + 16 * (std::uint64_t{records} + 1) + 256)) return upload;

  DeviceBuffer<std::uint8_t> out;
  out.grow(std::max<std::uint64_t>(residues, 1));
  DeviceBuffer<char> text;
  text.grow(largest_text);
  // Sized for the largest file: the next file's arrays and text then overwrite these in
  // stream order, after the kernel that reads them, without a reallocation.
  DeviceBuffer<std::uint64_t> starts;
  starts.grow(records + 1);
  DeviceBuffer<std::uint64_t> record_offsets;
  record_offsets.grow(records + 1);
  DeviceBuffer<std::int8_t> code_table;
  DeviceBuffer<unsigned long long> first_bad;
  const CudaStream owned_stream;
  const cudaStream_t stream = owned_stream.get();
  StagedCopy staged(stream, largest_text);
  code_table.upload(codes.data(), 256, stream);
  CUDA_CHECK(cudaMemsetAsync(first_bad.grow(1), 0xff, sizeof(unsigned long long), stream));
  int processors = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&processors, cudaDevAttrMultiProcessorCount, device));

  std::uint64_t first_record = 0;
  for (const RecordText& file : files) {
    starts.upload(file.starts, file.records + 1, stream);
    record_offsets.upload(offsets.data() + first_record, file.records + 1, stream);
    staged.copy(text.data(), file.size, [&](char* dest, std::size_t from, std::size_t bytes) {
      std::memcpy(dest, file.text + from, bytes);
    });
    if (file.records > 0) {
      const std::uint64_t warps_needed = file.records;
      const auto blocks = static_cast<unsigned>(
          std::min<std::uint64_t>((warps_needed + kEncodeThreads / 32 - 1) / (kEncodeThreads / 32),
                                  static_cast<std::uint64_t>(processors) * 16));
      encode_records<<<blocks, kEncodeThreads, 0, stream>>>(
          text.data(), starts.data(), record_offsets.data(), file.records, first_record,
          code_table.data(), out.data(), first_bad.data());
      CUDA_CHECK_LAUNCH();
    }
    upload.text_bytes += file.size;
    first_record += file.records;
  }
  unsigned long long bad = 0;
  CUDA_CHECK(cudaMemcpyAsync(&bad, first_bad.data(), sizeof bad, cudaMemcpyDeviceToHost, stream));
  owned_stream.sync();
  if (bad != ~0ull) {
    upload.bad_record = bad;
    return upload;
  }
  upload.sequences = std::make_unique<ResidentOnGpu>(std::move(out));
  return upload;
}

ResidentUpload upload_codes(int device, const std::vector<const std::uint8_t*>& sequences,
                            const std::vector<std::uint64_t>& offsets) {
  CUDA_CHECK(cudaSetDevice(device));
  ResidentUpload upload;
  const std::uint64_t residues = offsets.empty() ? 0 : offsets.back();
  if (!fits_budget(residues, 0)) return upload;
  DeviceBuffer<std::uint8_t> out;
  out.grow(std::max<std::uint64_t>(residues, 1));
  const CudaStream stream;
  {
    StagedCopy staged(stream.get(), residues);
    // A piece of the residues gathered from the sequences it spans.
    staged.copy(out.data(), residues, [&](char* dest, std::size_t from, std::size_t bytes) {
      auto k = static_cast<std::size_t>(std::upper_bound(offsets.begin(), offsets.end(), from) -
                                        offsets.begin() - 1);
      for (std::size_t at = from; at < from + bytes; ++k) {
        const std::size_t end = std::min<std::size_t>(offsets[k + 1], from + bytes);
        std::memcpy(dest + (at - from), sequences[k] + (at - offsets[k]), end - at);
        at = end;
      }
    });
    stream.sync();
  }
  upload.sequences = std::make_unique<ResidentOnGpu>(std::move(out));
  return upload;
}

}  // namespace wg::kernels::align
