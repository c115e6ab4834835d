#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh directory under /tmp for one test, removed with everything in it afterwards (files
/// and empty directories).
struct ScratchDirectory: ~Copyable {
  let path: String

  init() {
    var template = Array("/tmp/file-tests-XXXXXX".utf8CString)
    path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
  }

  deinit {
    // The writer locks' folder, `.locks`, holds lock files: emptied first.
    let locks = path + "/.locks"
    if let stream = opendir(locks) {
      while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        unlink(locks + "/" + name)
      }
      closedir(stream)
      rmdir(locks)
    }
    for name in entries() { remove(path + "/" + name) }
    rmdir(path)
  }

  /// The path of `name` inside the directory.
  func path(of name: String) -> String { path + "/" + name }

  /// The names in the directory, sorted.
  func entries() -> [String] {
    guard let stream = opendir(path) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// The bytes of `name`, or `nil`.
  func contents(of name: String) -> [UInt8]? {
    let descriptor = open(path(of: name), O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    return bytes
  }

  /// Writes `text` to `name`.
  func write(_ text: String, to name: String) {
    let descriptor = open(path(of: name), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(descriptor >= 0)
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
  }
}

/// The C library's `write`, under a name a method cannot shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
