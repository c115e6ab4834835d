#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A short blocking pause, for the one place a test store must wait without `await`.
enum GracePeriod {
  static func pause() {
    var request = timespec(tv_sec: 0, tv_nsec: 100_000)
    _ = nanosleep(&request, nil)
  }
}
