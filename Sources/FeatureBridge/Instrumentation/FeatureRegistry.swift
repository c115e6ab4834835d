import StoreKernel
import Synchronization

/// The live registry of running features, so a test or a host can check that stopping a
/// feature leaves nothing running.
///
/// `Sendable`: its state is behind a lock.
public enum FeatureRegistry {
  private struct State {
    var live: [Int: String] = [:]
    var next = 0
  }

  private static let state = LockedValue(State())

  /// A feature's entry in the registry; ending it removes the entry (once).
  @usableFromInline
  final class Registration: Sendable {
    private let id: Int
    private let ended = Atomic<Bool>(false)

    init(id: Int) { self.id = id }

    func end() {
      guard !ended.exchange(true, ordering: .relaxed) else { return }
      _ = FeatureRegistry.state.withLock { $0.live.removeValue(forKey: id) }
    }

    deinit { end() }
  }

  @usableFromInline
  static func register(name: String) -> Registration {
    let id = state.withLock { state in
      state.next += 1
      state.live[state.next] = name
      return state.next
    }
    return Registration(id: id)
  }

  /// How many features are running now.
  public static var liveFeatureCount: Int { state.withLock { $0.live.count } }

  /// The names of the running features, sorted.
  public static var liveFeatureNames: [String] {
    state.withLock { Array($0.live.values) }.sorted()
  }
}
