// Errors as values: the core never throws through the app and never leaves a world half-changed.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace contactlab {

struct Error {
  std::string message;  // what was wrong and why, in words a user can act on
};

// Either a value or the Error that prevented it.
template <class T>
class Result {
 public:
  Result(T value) : content_(std::move(value)) {}
  Result(Error error) : content_(std::move(error)) {}

  bool ok() const { return content_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const { return std::get<0>(content_); }
  T& value() { return std::get<0>(content_); }
  const T& operator*() const { return value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(content_); }

 private:
  std::variant<T, Error> content_;
};

// Success or an Error, for operations that produce nothing.
class Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)), ok_(false) {}
  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const Error& error() const { return error_; }

 private:
  Error error_;
  bool ok_ = true;
};

}  // namespace contactlab
