// Rules every output of warpgraph follows (docs/RELIABILITY.md): an output is written
// under a temporary name unique to its writer, made durable, and renamed to its final name
// only when complete; the final name may hold nothing but a regular file, and it may never
// be one of the command's inputs or another of its outputs.
#pragma once

#include <string>
#include <vector>

namespace wg::io {

// Fails, naming `what` (an option or a role such as "output"), unless `path` is absent or
// a regular file: renaming over a device, a directory or a socket would replace it.
void require_replaceable(const std::string& path, const std::string& what);

// Checked before any work starts, so that a run does not compute (or write other outputs)
// only to fail at its last step: the output's folder must exist and be writable, and the
// output itself replaceable.
void require_writable(const std::string& path, const std::string& what);

// True when the two paths name the same file: the same inode when both exist, else the
// same absolute path once '.', '..' and symbolic links of existing parents are resolved.
bool same_file(const std::string& a, const std::string& b);

// A named path and the role it plays, for messages ("--output", "input", "shard file").
struct NamedPath {
  std::string path;
  std::string role;
};

// Fails when an output names one of the inputs, or two outputs name the same file.
void refuse_overlaps(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs);

// A temporary name beside `path` that no other writer uses: `path.tmp-TOKEN`, where the
// token is made from the host, the process id and a random number.
std::string temporary_name(const std::string& path, const std::string& token);
std::string unique_token();

// Writes all `size` bytes to `fd`, through short writes and interrupted calls; false with
// errno set when a write fails.
bool write_all(int fd, const void* data, std::size_t size);

// Writes `size` bytes to a new file at `path` (which must not exist), flushes it to the
// disk and closes it. Every failure (ENOSPC, EIO, EDQUOT ...) is one error naming the
// file and the reason, and the partial file is removed.
void write_whole_file(const std::string& path, const void* data, std::size_t size);

// Flushes a file written through stdio or streams to the disk (fsync); fails with the
// reason. Used before the rename that publishes it.
void sync_file(const std::string& path);

// Renames `temporary` to `final_path` after require_replaceable(final_path); on failure
// the temporary stays (it may hold work worth keeping) and the error names both.
void publish(const std::string& temporary, const std::string& final_path, const std::string& what);

// Publishes several files together, all or none: every final name is checked, the old
// files are kept under backup names (hard links) while the new ones are renamed in, and
// on any failure the old ones are put back. An exclusive lock on the folder serialises
// groups published into it, so of concurrent writers of one graph the last one wins whole.
// Used by one process (rank 0) for the index and shard files of a graph.
class FileGroup {
 public:
  void add(const std::string& temporary, const std::string& final_path);
  // Publishes every file; throws wg::Error with the old files restored.
  void publish(const std::string& token);
  // Removes the temporaries not yet published.
  void discard() noexcept;

 private:
  std::vector<std::pair<std::string, std::string>> files_;
};

}  // namespace wg::io
