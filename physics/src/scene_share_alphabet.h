// The share string's alphabet (docs/share-strings.md), shared by its writer and its reader: a
// scene as "cl1" and its non-default settings, then one '~'-separated statement per body, joint and
// spring with its non-default fields, all in RFC 3986 unreserved characters and ','. Numbers are
// short decimals, or their exact bits in base64url when shorter.
#pragma once

#include <cstddef>
#include <string_view>

namespace contactlab::share {

inline constexpr std::string_view kPrefix = "cl";
inline constexpr unsigned kVersion = 1;
inline constexpr std::string_view kBase64 =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
inline constexpr char kBitsMark = '_';
inline constexpr std::size_t kBitsDigits = 11;  // 64 bits in 6-bit digits, the first holding 4
inline constexpr char kShapeLetters[] = {'b', 'd', 'p'};  // by ShapeKind; uppercase when fixed
inline constexpr char kJointLetter = 'j';
inline constexpr char kSpringLetter = 's';

}  // namespace contactlab::share
