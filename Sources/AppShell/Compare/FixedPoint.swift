/// A number with a fixed count of decimals, as `String(format: "%.2f", …)` writes it: that
/// initializer is in Foundation's full library, and the app links only FoundationEssentials
/// (the full library and the ICU data it loads were a quarter of the app's resident memory).
enum FixedPoint {
  /// `value` rounded to `digits` decimals: `FixedPoint.text(2.345, digits: 1)` is `"2.3"`.
  static func text(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var scale: UInt64 = 1
    for _ in 0..<max(0, digits) { scale *= 10 }
    let scaled = (value.magnitude * Double(scale)).rounded()
    guard scaled < 9e18 else { return "\(value)" }
    let units = UInt64(scaled)
    var text = value < 0 && units != 0 ? "-" : ""
    text += String(units / scale)
    if digits > 0 {
      let fraction = String(units % scale)
      text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
    return text
  }
}
