//! What makes an attacked piece chased: the complete exchange (CXA) or one recapture (AXF).
//!
//! - CXA 1999 §29.1 "能够通过完整的交换过程得子", §29.3 "直接或间接被捉的,是有子力价值的无根子
//!   (含:假根子.少根子)"; 2011 §24.3 "通过完整互吃交换后吃掉对方子且得子".
//! - AXF terms (Section 1, reconstructed in the paraphrase): "Piece B is protected if, whenever
//!   A takes B, some piece C can take A back"; a real protector can actually remove the taker,
//!   a false one (pinned, its recapture exposing or facing its own king, its path blocked by
//!   the taker) cannot. One ply only: later losses are ignored (D22–23).

/// The test a capture must pass for its target to be chased.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ChaseTest {
    /// The capture wins material in the complete exchange on the point, by material values
    /// (CXA 1999 §29.1, §29.3; 2011 §24.3): a weaker attacker wins a protected piece, several
    /// attackers win a piece with fewer roots (少根).
    Exchange,
    /// The target is unprotected: after the capture no legal move of its side takes the
    /// capturer back (AXF terms "protected", "real / false protector").
    OneRecapture,
}
