import StoreKernelTesting
import Testing

/// Runs `wait` in a task of its own and waits, within the same bound as ``eventually(_:)``, for it
/// to return. A regression that leaves an effect or a sleeper running then fails an expectation
/// instead of hanging the whole test run.
@MainActor
func completes(_ wait: @escaping @Sendable () async -> Void) async -> Bool {
  let done = Recorder<Bool>()
  Task {
    await wait()
    done.record(true)
  }
  return await eventually { !done.values.isEmpty }
}
