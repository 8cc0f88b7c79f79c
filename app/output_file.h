// Where contactlab-cli writes its results: standard output or the file of --out, with every write
// and the final close checked, so that a full disk is an error and never a silently short result.
//
// A regular file (or a new one) is written to a temporary file beside it ("FILE.contactlab-XXXXXX")
// that is renamed over FILE when the output is closed: an existing FILE is replaced whole, or left
// as it was when writing fails. Anything else (a FIFO, a terminal, /dev/stdout) is written
// directly.
#pragma once

#include <string>
#include <string_view>

#include "contactlab/result.h"

namespace contactlab {

class OutputFile {
 public:
  // Standard output.
  OutputFile();
  // FILE for --out; an error (with the system's reason) when it cannot be created.
  static Result<OutputFile> open(const std::string& path);

  OutputFile(OutputFile&& other) noexcept;
  OutputFile& operator=(OutputFile&&) = delete;
  OutputFile(const OutputFile&) = delete;
  // An output that was not closed: its temporary file is removed, FILE stays as it was.
  ~OutputFile();

  // Writes all of `text`; false once a write has failed (failure() says why; later writes do
  // nothing).
  bool write(std::string_view text);
  // Flushes the data to the disk and puts FILE in place; false (failure() says why) on error.
  bool close();

  // "--out FILE" or "standard output", for messages.
  const std::string& name() const { return name_; }
  // "write failed: No space left on device", and for a regular file that it was left as it was.
  const std::string& failure() const { return failure_; }

 private:
  OutputFile(int fd, std::string name, std::string path, std::string temporary, unsigned mode);
  void fail(const std::string& what, int error);

  int fd_ = 1;
  std::string path_;       // the file written (links followed); empty: standard output
  std::string temporary_;  // empty: written directly
  unsigned mode_ = 0;      // the permissions FILE gets (an existing FILE keeps its own)
  std::string name_ = "standard output";
  std::string failure_;
};

}  // namespace contactlab
