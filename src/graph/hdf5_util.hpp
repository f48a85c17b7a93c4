// Thin RAII and error-checking layer over the HDF5 C API: the one handle type of every
// HDF5 file warpgraph reads or writes (graph files here; the engine's parallel results and
// checkpoints in src/engine/h5_collective). Every failure becomes a wg::Error naming the
// file and the dataset or attribute.
#pragma once

#include <hdf5.h>
#include <mpi.h>

#include <cstdint>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "src/common/error.hpp"

namespace wg::h5 {

// Who takes part in closing an identifier: this process alone, or every rank of the
// communicator its file was opened with (MPI-IO).
enum class Sharing { local, collective };

// Owns one HDF5 identifier and closes it with the matching H5?close function. The
// collective-safe unwind rule: while an exception unwinds the stack, a collective
// identifier is left open, since closing it is collective and the other ranks may still
// be waiting in an earlier collective call; main() then aborts every rank instead of
// hanging. A local identifier is closed as usual.
class Handle {
 public:
  using Closer = herr_t (*)(hid_t);
  Handle() = default;
  Handle(hid_t id, Closer closer, Sharing sharing = Sharing::local)
      : id_(id), closer_(closer), sharing_(sharing) {}
  ~Handle() {
    if (sharing_ == Sharing::collective && std::uncaught_exceptions() > 0) return;
    reset();
  }
  Handle(Handle&& other) noexcept
      : id_(std::exchange(other.id_, -1)), closer_(other.closer_), sharing_(other.sharing_) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, -1);
      closer_ = other.closer_;
      sharing_ = other.sharing_;
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  hid_t get() const { return id_; }
  operator hid_t() const { return id_; }  // NOLINT: handles are passed straight to H5 calls
  void reset() { close(); }
  // Closes now and returns HDF5's status (a file's buffered writes fail here).
  herr_t close() {
    if (id_ < 0 || closer_ == nullptr) return 0;
    return closer_(std::exchange(id_, -1));
  }

 private:
  hid_t id_ = -1;
  Closer closer_ = nullptr;
  Sharing sharing_ = Sharing::local;
};

// Silences HDF5's own error-stack printing; warpgraph reports errors itself.
void quiet_errors();

// HDF5's own words for the failure of the call just made: the innermost entry of its error
// stack ("truncated file: eof = ...", "file signature not found"), or "no reason given".
std::string error_reason();

// True when the file exists and has the HDF5 signature.
bool is_hdf5_file(const std::string& path);

// Opens a file read-only. With a communicator the file is opened collectively through
// MPI-IO (parallel HDF5) and its handle is collective; with MPI_COMM_NULL it is opened by
// this process alone.
Handle open_file(const std::string& path, MPI_Comm comm = MPI_COMM_NULL);
// Creates a file held in this process's memory (HDF5's core driver, nothing touches the
// disk); save_image then writes it out. Writing through the disk driver instead would
// let a full disk fail inside HDF5's own buffers, where the error surfaces at close or,
// worse, at library shutdown.
Handle create_memory_file(const std::string& name);
// Writes the whole image of a memory file to a new file at `path` and flushes it to the
// disk; any failure is one wg::Error naming the file, with nothing left at `path`.
void save_image(hid_t file, const std::string& path);

Handle open_group(hid_t location, const std::string& name, const std::string& file);
Handle create_group(hid_t location, const std::string& name);
bool has_link(hid_t location, const std::string& name);
Handle open_dataset(hid_t location, const std::string& name, const std::string& file);

// Scalar attributes (integers stored as unsigned 64-bit, flags as unsigned 8-bit).
void write_attribute(hid_t location, const std::string& name, std::uint64_t value);
void write_attribute(hid_t location, const std::string& name, const std::string& value);
std::uint64_t read_u64_attribute(hid_t location, const std::string& name, const std::string& where);
std::string read_string_attribute(hid_t location, const std::string& name,
                                  const std::string& where);
bool has_attribute(hid_t location, const std::string& name);

// One-dimensional datasets of the three element types of the format.
void write_dataset(hid_t location, const std::string& name, const std::uint64_t* data,
                   std::uint64_t count);
void write_dataset(hid_t location, const std::string& name, const std::uint32_t* data,
                   std::uint64_t count);
void write_dataset(hid_t location, const std::string& name, const float* data, std::uint64_t count);
// Fixed-length string dataset.
void write_string_dataset(hid_t location, const std::string& name,
                          const std::vector<std::string>& values);
std::vector<std::string> read_string_dataset(hid_t dataset, const std::string& where);

// Number of elements of a one-dimensional dataset; fails when it has another rank.
std::uint64_t dataset_length(hid_t dataset, const std::string& where);

// Reads elements [offset, offset + count) of a one-dimensional dataset (a hyperslab; a
// zero count reads nothing). The element type is converted to T.
void read_slab(hid_t dataset, std::uint64_t offset, std::uint64_t count, std::uint64_t* out,
               const std::string& where);
void read_slab(hid_t dataset, std::uint64_t offset, std::uint64_t count, std::uint32_t* out,
               const std::string& where);
void read_slab(hid_t dataset, std::uint64_t offset, std::uint64_t count, float* out,
               const std::string& where);

}  // namespace wg::h5
