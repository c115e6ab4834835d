import Foundation
import MultiStorePrimitives
import StoreKernel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A private tmux server (its own socket, so it never touches a user's sessions) running one
/// program in a pane of a fixed size, driven as a person at a terminal would: keys in, the
/// screen read back.
///
/// Every command waits for `tmux` to finish, on a thread of its own (``ChildProcess``), never on
/// one of the concurrency pool's. Waiting for a screen is waiting for a signal: tmux copies the
/// pane's output to a ``PaneOutput`` once it is on the screen, and the screen is read again each
/// time some arrives. The waits' limits only bound a failure, far above what a loaded machine
/// needs.
struct TmuxServer: Sendable {
  /// The `tmux` executable on `PATH`, if there is one.
  static let executable: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("tmux")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }()

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let socket = "appshell-tests-\(UUID().uuidString.prefix(8))"
  /// The pane's output signal, once the session has started. (A `LockedValue` is shared by its
  /// copies, so every copy of this server sees it.)
  private let output = LockedValue<PaneOutput?>(nil)
  /// The server's process, once the session has started: ``kill()`` ends it with a signal.
  private let serverPID = LockedValue<pid_t?>(nil)

  /// Starts the server with one detached session running `shellCommand` in a
  /// `width`×`height` pane, and has tmux copy the pane's output to the signal the waits use.
  func start(_ shellCommand: String, width: Int = 100, height: Int = 30) async throws {
    try await run(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", shellCommand])
    let pid = pid_t(try await paneValue("pid"))
    serverPID.withLock { $0 = pid }
    let paneOutput = try PaneOutput()
    output.withLock { $0 = paneOutput }
    try await run(["pipe-pane", "-O", "cat >> \(shellQuoted(paneOutput.fifo))"])
  }

  /// Presses keys by tmux name (`Enter`, `Escape`, `Tab`, `C-c`) or single characters.
  func press(_ keys: String...) async throws {
    try await press(keys)
  }

  /// Presses `keys`, a list of tmux key names, in order.
  func press(_ keys: [String]) async throws {
    try await run(["send-keys"] + keys)
  }

  /// Sends bytes as they are, in hexadecimal (`08` is ^H, what a terminal sends for
  /// Ctrl-Backspace): for keys tmux has no name for.
  func pressBytes(_ hex: String...) async throws {
    try await run(["send-keys", "-H"] + hex)
  }

  /// Types `text` literally, as a person typing it.
  func type(_ text: String) async throws {
    try await run(["send-keys", "-l", text])
  }

  /// The visible screen, one line per row, without colors.
  func screen() async throws -> String {
    try await run(["capture-pane", "-p"])
  }

  /// A pane variable such as `cursor_flag` or `alternate_on`.
  func paneValue(_ name: String) async throws -> String {
    try await run(["display-message", "-p", "#{\(name)}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  /// Puts `text` in a paste buffer and pastes it into the pane, bracketed when the program
  /// asked for bracketed paste, with its newlines kept. The buffer is loaded from a file: a
  /// command line carries a few kilobytes at most.
  func paste(_ text: String) async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("tmux-paste-\(UUID().uuidString)")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    try await run(["load-buffer", "-b", "test", file.path])
    try await run(["paste-buffer", "-b", "test", "-d", "-p", "-r"])
  }

  /// The processes the pane's shell started (its children), by the kernel's list.
  func paneChildren() async throws -> [pid_t] {
    let shell = try await paneValue("pane_pid")
    let list =
      (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8))
      ?? ""
    return list.split(separator: " ").compactMap { pid_t($0) }
  }

  /// Checks `condition` now and again each time the pane writes something, until it holds;
  /// returns whether it held before `timeout` ran out. Nothing is polled: between checks this
  /// waits for the pane's output (whatever the screen shows, the cursor included, changes only
  /// through it). The timeout only bounds a failure; nothing is timed.
  func wait(
    timeout: Duration = .seconds(60), until condition: () async throws -> Bool
  ) async throws -> Bool {
    guard let paneOutput = output.withLock({ $0 }) else {
      throw Failure(description: "wait before start: there is no pane to watch")
    }
    let deadline = ContinuousClock.now + timeout
    while true {
      // The generation before the check: output that arrives during it wakes the wait below.
      let seen = paneOutput.generation
      if try await condition() { return true }
      if ContinuousClock.now >= deadline { return false }
      await paneOutput.next(after: seen, until: deadline)
    }
  }

  /// Waits until the screen shows every one of `texts`; returns the last screen and whether it
  /// showed them.
  func waitForScreen(
    showing texts: [String], timeout: Duration = .seconds(60)
  ) async throws -> (screen: String, matched: Bool) {
    var last = ""
    let matched = try await wait(timeout: timeout) {
      last = try await screen()
      return texts.allSatisfy { last.contains($0) }
    }
    return (last, matched)
  }

  /// Stops the server and everything running in it (the panes' programs at once, then SIGTERM,
  /// which tmux handles as `kill-server`; signals, so that this can run in a `defer` without
  /// blocking a thread), and removes its socket.
  func kill() {
    endPanePrograms()
    if let pid = serverPID.withLock({ $0 }), isTmux(pid) { terminate(pid) }
    output.withLock { $0 }?.stop()
    // tmux leaves the socket file behind; it lives where tmux puts every `-L` socket.
    let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    try? FileManager.default.removeItem(atPath: "\(directory)/tmux-\(getuid())/\(socket)")
  }

  /// Ends at once (SIGKILL) the programs the panes' shells run, the app among them: a program
  /// that the server's hangup reaches gets to save (the app does), and would write into a data
  /// directory its test removes right after, making it again, left behind in the temporary
  /// directory. Synchronous, read from the kernel's process lists. A test that wants the
  /// hangup's save sends SIGHUP to the app itself.
  private func endPanePrograms() {
    guard let server = serverPID.withLock({ $0 }), isTmux(server) else { return }
    for shell in children(of: server) {
      for program in children(of: shell) { endAtOnce(program) }
    }
  }

  /// The processes `pid` started, by the kernel's list.
  private func children(of pid: pid_t) -> [pid_t] {
    let list =
      (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    return list.split(separator: " ").compactMap { pid_t($0) }
  }

  /// Whether `pid` is still a tmux process: the server may have ended by itself, and its pid
  /// been reused since.
  private func isTmux(_ pid: pid_t) -> Bool {
    let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
    return name.hasPrefix("tmux")
  }

  @discardableResult
  private func run(_ arguments: [String]) async throws -> String {
    guard let executable = Self.executable else {
      throw Failure(description: "tmux is not on PATH")
    }
    var environment = ProcessInfo.processInfo.environment
    // Inside a developer's own tmux session, a nested server must not find the outer one.
    environment["TMUX"] = nil
    if environment["LC_ALL"] == nil, environment["LC_CTYPE"] == nil, environment["LANG"] == nil {
      environment["LANG"] = "C.UTF-8"
    }
    let result = try await ChildProcess.run(
      executable.path, arguments: ["-L", socket, "-u"] + arguments, environment: environment)
    guard result.status == 0 else {
      throw Failure(
        description: "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): "
          + result.errors)
    }
    return result.output
  }
}

/// Sends SIGTERM to `pid` (at file scope, where `kill` is the C function).
private func terminate(_ pid: pid_t) {
  _ = kill(pid, SIGTERM)
}

/// Sends SIGKILL to `pid`.
private func endAtOnce(_ pid: pid_t) {
  _ = kill(pid, SIGKILL)
}

/// Quotes `text` for `sh`: tmux runs a session's command through the shell.
func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
