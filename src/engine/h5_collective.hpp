// Parallel HDF5 (MPI-IO) as the engine's result and checkpoint files use it: one file
// written by all ranks together, each rank its own hyperslab of every dataset. Every
// identifier is an h5::Handle (src/graph/hdf5_util.hpp) marked collective, so none is
// closed while an exception unwinds.
#pragma once

#include <hdf5.h>
#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "src/graph/hdf5_util.hpp"

namespace wg::engine::h5c {

// Removes a temporary output file when the scope is left by an exception (a failed
// write, a full disk), so that only complete files stay behind.
class RemoveOnError {
 public:
  explicit RemoveOnError(std::string path)
      : path_(std::move(path)), exceptions_(std::uncaught_exceptions()) {}
  ~RemoveOnError() {
    if (std::uncaught_exceptions() > exceptions_) std::remove(path_.c_str());
  }
  RemoveOnError(const RemoveOnError&) = delete;
  RemoveOnError& operator=(const RemoveOnError&) = delete;

 private:
  std::string path_;
  int exceptions_;
};

// Collective: creates (truncates) or opens a file through MPI-IO.
h5::Handle create_file(const std::string& path, MPI_Comm comm);
h5::Handle open_file(const std::string& path, MPI_Comm comm);

// Collective: creates a one-dimensional dataset of `total` elements and writes this rank's
// [offset, offset + count) (count may be 0).
void write_slab(hid_t file, const std::string& name, std::uint64_t total, std::uint64_t offset,
                const std::vector<double>& data);
void write_slab(hid_t file, const std::string& name, std::uint64_t total, std::uint64_t offset,
                const std::vector<std::uint64_t>& data);
void write_slab(hid_t file, const std::string& name, std::uint64_t total, std::uint64_t offset,
                const std::vector<std::int64_t>& data);
// Collective: as write_slab, for fixed-length strings of `width` bytes (the same on every
// rank; longer strings are cut), null-padded UTF-8.
void write_string_slab(hid_t file, const std::string& name, std::uint64_t total,
                       std::uint64_t offset, const std::vector<std::string>& data,
                       std::size_t width);
// Collective: a small dataset that every rank holds; only the rank with `writer` set
// writes it.
void write_all(hid_t file, const std::string& name, const std::vector<std::uint32_t>& data,
               bool writer);

// Reads a whole one-dimensional dataset (every rank).
std::vector<double> read_doubles(hid_t file, const std::string& name, const std::string& path);
std::vector<std::uint64_t> read_u64s(hid_t file, const std::string& name, const std::string& path);
std::vector<std::uint32_t> read_u32s(hid_t file, const std::string& name, const std::string& path);

// Root attributes (collective when written; every rank passes the same value). Strings
// are variable-length UTF-8, which h5py reads as str; get_string reads fixed-length ones
// too (files written before).
void set_attribute(hid_t file, const std::string& name, std::uint64_t value);
void set_attribute(hid_t file, const std::string& name, double value);
void set_attribute(hid_t file, const std::string& name, const std::string& value);
std::uint64_t get_u64(hid_t file, const std::string& name, const std::string& path);
double get_double(hid_t file, const std::string& name, const std::string& path);
std::string get_string(hid_t file, const std::string& name, const std::string& path);

// Collective: closes a file written by all ranks and fails on every rank when the close
// (which writes what HDF5 still buffers) failed on any.
void close_file(h5::Handle& file, const std::string& path, MPI_Comm comm);

// Collective: renames the temporary file written by all ranks to its final name.
void commit_file(const std::string& temporary, const std::string& final_path, MPI_Comm comm);

}  // namespace wg::engine::h5c
