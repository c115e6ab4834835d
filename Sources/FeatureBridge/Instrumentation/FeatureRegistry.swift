import MultiStorePrimitives
public import StoreKernel
import Synchronization

/// Which features are running: so a test or a host can check that stopping a feature leaves
/// nothing running.
///
/// Like StoreKernel's `StoreRegistry`, a registry belongs to whoever starts the features: a host
/// hands its own down through dependencies (`$0.featureRegistry = registry`), so parallel tests
/// never see each other's features. Features started with none register in ``shared``.
///
/// `Sendable`: its state is behind a lock.
public final class FeatureRegistry: Sendable {
  private struct State {
    var live: [Int: String] = [:]
    var next = 0
  }

  private let state = LockedValue(State())

  /// The registry of every feature that was not given one: process-wide.
  public static let shared = FeatureRegistry()

  /// Creates an empty registry.
  public init() {}

  /// A feature's entry in the registry; ending it removes the entry (once).
  @usableFromInline
  final class Registration: Sendable {
    private let registry: FeatureRegistry
    private let id: Int
    private let ended = Atomic<Bool>(false)

    init(registry: FeatureRegistry, id: Int) {
      self.registry = registry
      self.id = id
    }

    func end() {
      guard !ended.exchange(true, ordering: .relaxed) else { return }
      _ = registry.state.withLock { $0.live.removeValue(forKey: id) }
    }

    deinit { end() }
  }

  @usableFromInline
  func register(name: String) -> Registration {
    let id = state.withLock { state in
      state.next += 1
      state.live[state.next] = name
      return state.next
    }
    return Registration(registry: self, id: id)
  }

  /// How many features of this registry are running now.
  public var liveFeatureCount: Int { state.withLock { $0.live.count } }

  /// The names of this registry's running features, sorted.
  public var liveFeatureNames: [String] {
    state.withLock { Array($0.live.values) }.sorted()
  }
}

extension DependencyValues {
  /// The registry a feature registers in while it runs: ``FeatureRegistry/shared`` unless the
  /// host that starts it hands down its own.
  public var featureRegistry: FeatureRegistry {
    get { self[FeatureRegistryKey.self] }
    set { self[FeatureRegistryKey.self] = newValue }
  }
}

private enum FeatureRegistryKey: DependencyKey {
  static var liveValue: FeatureRegistry { .shared }
  static var testValue: FeatureRegistry { .shared }
}
