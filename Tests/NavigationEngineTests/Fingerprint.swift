@testable import NavigationEngine

/// The explorer's fingerprint of `model` (`StateCodec.fingerprint(of:)`),
/// with a codec of the model's own declarations.
func fingerprint(_ model: NavigationModel) -> UInt64 {
    var codec = StateCodec(declarationsOf: model)
    var model = model
    return codec.fingerprint(of: &model)
}
