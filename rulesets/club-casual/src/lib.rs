//! # xqr-club-casual
//!
//! The example dynamic plugin of xqr: a club's casual rules, ruleset id `club-casual`,
//! extending `cxa-1999`. Built as a `cdylib` it exports the xqr plugin entry point
//! ([`xqr_plugin_sdk::xqr_plugin!`]); as an `rlib` it is an ordinary Rust crate, which is how
//! its own tests and the host's comparison tests use it.
//!
//! Source: `shared/rulebooks/club-and-local-rules-collection.txt`, the club sheet
//! (“象棋”比赛规则, 二、比赛细则), item 4: **“将军可不叫，对方没反应可吃”** — check need not be
//! announced; a move that ignores a check is legal, and the opponent may then capture the king,
//! which wins. Articles of the club sheet are cited as `club-casual club sheet 二.4`; articles
//! of the 1999 rules it extends are cited as what they are (`cxa-1999 §26.1`).
//!
//! What it implements:
//!
//! - move rules: the standard moves, except that a move may leave one's own king attacked
//!   ([`KingSafety::MayBeLeftAttacked`]): ignoring a check, stepping into a check or letting the
//!   kings face are legal, and the king may then be captured (a king captures the facing king);
//! - game end: the capture of a king wins ([`Termination::KingCaptured`], club sheet 二.4);
//!   a side whose every move would leave its king to be captured — checkmated (§4.1.1) or
//!   stalemated (困毙, §4.1.3) in the 1999 sense — has lost as under 1999, since the capture
//!   that would follow is a formality and records end there; the 1999 natural move limit
//!   (§4.2.4, 60 moves, at most 10 checks counted, §23.3) still applies;
//! - illegal moves in a record lose (1999 §4.1.6);
//! - the 1999 repetition law (棋例 §24–§29) unchanged: perpetual check loses (§26.1) and so on
//!   ([`xqr_cxa1999::law`]);
//! - points 3/1/0 (win 3, draw 1, loss 0, the collection's office-cup scoring
//!   “胜利者得3分，和棋双方各得1分，负者得0分”).
//!
//! - club sheet 二.3 **“一将一杀不变判败”** (“已方的子追着对方的将帅将军动作不变，三回合后判已方
//!   失败”): a side alternating check and mate threat (一将一杀) over a loop loses as soon as the
//!   repetition is found (after three full cycles, the 1999 count of §24), without the 1999
//!   obligation to change first (§26.4) and even when the other side is forbidden too (1999
//!   §26.3 would draw): the sheet names the attacker only. The ruling cites `club-casual club
//!   sheet 二.3`. Every other conduct is judged as under 1999;
//! - club sheet 二.2 “车可长兑，炮可长拦” (a rook may keep offering exchanges to a rook, a cannon
//!   may keep blocking): the 1999 classifier already calls both idle (a rook attacking a rook
//!   that can take it back is an offer 兑, not a chase, §28.5; a block 拦 is idle, §28.7), so
//!   nothing changes; the fixture `club-casual-rook-offers` pins it.
//!
//! The rules are data where data can say them: [`spec`] is the 1999 Spec with the sheet's
//! changes, one line per item, and king capture a hook ([`king_capture`]); the judge of 二.3,
//! which cites the sheet where the 1999 table would not decide, is code ([`ClubJudge`]).
//!
//! Not implemented: the rest of the sheet concerns play and organisation, not records:
//! touch-move (二.1), time limits (一), the best-of-three match and its time-based tie-break (三).
//!
//! ```
//! use xqr_core::rules::{GameInput, JudgeOptions, Ruleset};
//! let rs = xqr_club_casual::ClubCasual::new();
//! // Red checks on the d-file, Black ignores it, Red takes the king.
//! let game = GameInput {
//!     fen: Some("3k5/9/9/9/9/9/p8/9/4R4/5K3 w - - 0 1".into()),
//!     moves: vec!["e1d1".into(), "a3a2".into(), "d1d9".into()],
//!     ..GameInput::default()
//! };
//! let v = rs.judge(&game, &JudgeOptions::default()).unwrap();
//! assert_eq!(v.result.pgn(), "1-0");
//! assert_eq!(v.termination.unwrap().name(), "king_captured");
//! assert_eq!(v.rule.unwrap().to_string(), "club-casual club sheet 二.4");
//! ```

#![warn(missing_docs)]

use xqr_core::law::judge::{RepetitionLaw, ViolationPolicy};
use xqr_core::rules::{
    Conduct, Edition, EndCheck, GameEnd, GameHistory, GameInput, GameResult, Hooks,
    IllegalMoveRuling, IllegalMoves, JudgeError, MoveLegality, Origin, PieceVisibility, PlyClass,
    PointScheme, Points, RepetitionJudge, RepetitionRuling, RuleRef, Ruleset, RulesetMeta, Scoring,
    Spec, TagsRead, Termination,
};
use xqr_core::{Color, KingSafety, MoveRules, Position};

/// The ruleset id.
pub const ID: &str = "club-casual";

/// The id of the ruleset it extends.
pub const EXTENDS: &str = xqr_cxa1999::ID;

/// The article of the club sheet that allows ignoring a check and capturing the king.
pub const KING_CAPTURE_ARTICLE: &str = "club sheet 二.4";

/// The club's move rules: standard moves, and a king may be left attacked.
pub const MOVE_RULES: MoveRules = MoveRules {
    king_safety: KingSafety::MayBeLeftAttacked,
    ..MoveRules::STANDARD
};

/// Points: win 3, draw 1, loss 0.
pub const POINTS: PointScheme = PointScheme {
    win: Points::whole(3),
    draw_red: Points::whole(1),
    draw_black: Points::whole(1),
    loss: Points::ZERO,
};

/// The club's rules as data: the 1999 Spec (its articles citing `cxa-1999`) with the sheet's
/// changes.
pub fn spec() -> Spec {
    let base = xqr_cxa1999::law::spec();
    Spec {
        meta: RulesetMeta {
            id: ID.to_owned(),
            name: "Club casual rules (将军可不叫，对方没反应可吃)".to_owned(),
            aliases: Vec::new(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            extends: Some(EXTENDS.to_owned()),
            rule_source:
                "club-and-local-rules-collection.txt (club sheet 二.4) over cxa-1999-rules.txt"
                    .to_owned(),
            edition: "club".to_owned(),
            origin: Origin::Static,
            metadata: Default::default(),
        },
        moves: MOVE_RULES, // 二.4 将军可不叫，对方没反应可吃: a king may be left attacked
        // Facing kings are not illegal here (the other king may capture), so every illegal
        // move is a move the pieces cannot make: 1999 §4.1.6.
        illegal_moves: IllegalMoves::all(IllegalMoveRuling::Loss {
            rule: RuleRef::new(EXTENDS, "§4.1.6"),
        }),
        // 二.3 一将一杀不变判败 (the verdict the table gives; [`ClubJudge`] cites the sheet)
        law: {
            let mut law = base.law.clone();
            law.table.check_and_mate_threat = ViolationPolicy::Loses;
            law
        },
        points: POINTS, // the office cup: 胜利者得3分，和棋双方各得1分，负者得0分
        // the office cup's 3/1/0 with "fewer losses first" (中国象棋比赛规程 二.3)
        standings: xqr_core::standings::StandingsRules::office_cup().named(ID),
        hooks: Hooks {
            game_end: Some(king_capture), // 二.4 对方没反应可吃
            ..base.hooks
        },
        ..base
    }
}

/// The club's casual rules.
pub struct ClubCasual {
    edition: Edition,
    judge: ClubJudge,
}

impl Default for ClubCasual {
    fn default() -> Self {
        Self::new()
    }
}

impl ClubCasual {
    /// The ruleset (origin [`Origin::Static`]; a host loading it as a plugin replaces the
    /// origin with the library's path).
    pub fn new() -> ClubCasual {
        let edition = Edition::new(spec());
        // The 1999 articles keep their 1999 citation; only the club sheet's own rules cite the club.
        let judge = ClubJudge {
            law: edition.spec().law.clone(),
        };
        ClubCasual { edition, judge }
    }
}

/// The article of the club sheet that makes an unvaried 一将一杀 lose.
pub const CHECK_AND_MATE_THREAT_ARTICLE: &str = "club sheet 二.3";

/// The 1999 repetition law, except that 一将一杀 loses at once (club sheet 二.3).
#[derive(Clone, Debug)]
pub struct ClubJudge {
    law: RepetitionLaw,
}

impl Default for ClubJudge {
    fn default() -> Self {
        Self::new()
    }
}

impl ClubJudge {
    /// The 1999 table (citing `cxa-1999`) with 一将一杀 set to lose at once.
    pub fn new() -> ClubJudge {
        ClubJudge { law: spec().law }
    }
}

impl RepetitionJudge for ClubJudge {
    fn rule(
        &self,
        history: &GameHistory,
        pending: Option<&RepetitionRuling>,
    ) -> Option<RepetitionRuling> {
        let mut ruling = self.law.rule(history, pending)?;
        if let RepetitionRuling::Decided { end, found } = &mut ruling {
            let offender_conduct = end.offender.map(|c| match c {
                Color::Red => found.red,
                Color::Black => found.black,
            });
            // The table's loss for 一将一杀 is the club's rule, not a 1999 article: cite it.
            if pending.is_none() && offender_conduct == Some(Conduct::CheckAndMateThreat) {
                end.rule = RuleRef::new(ID, CHECK_AND_MATE_THREAT_ARTICLE);
                end.explanation = format!(
                    "{} (一将一杀不变判败: no obligation to change first, unlike cxa-1999 §26.4)",
                    end.explanation
                );
            }
        }
        Some(ruling)
    }

    fn classify(&self, history: &GameHistory, ply: u32) -> PlyClass {
        self.law.classify(history, ply)
    }

    fn outlook(&self, history: &GameHistory) -> Option<xqr_core::rules::Outlook> {
        self.law.outlook(history)
    }
}

/// King capture (club sheet 二.4), checked before the 1999 ends: the capture of a king wins;
/// a king left to be captured keeps the game going; a side whose every move would leave its
/// king to be captured has lost as in 1999 (§4.1.1, §4.1.3).
pub fn king_capture(spec: &Spec, history: &GameHistory) -> EndCheck {
    let pos = history.last();
    let ply = history.ply_count();
    let side = pos.turn();
    if pos.king(side).is_none() {
        return EndCheck::Ends(GameEnd {
            result: GameResult::win_for(!side),
            termination: Termination::KingCaptured,
            rule: RuleRef::new(ID, KING_CAPTURE_ARTICLE),
            offender: None,
            ply,
            explanation: format!(
                "{} captured the {side} king left in check (将军可不叫，对方没反应可吃)",
                !side
            ),
        });
    }
    if pos.is_king_attacked(!side) {
        // The last mover left its king to be captured; the side to move may take it
        // (对方没反应可吃). Until it does, the game goes on.
        return EndCheck::GoesOn;
    }
    // The opponent's king is safe, so the position is one of standard Xiangqi: see whether
    // the side to move has any move that keeps its own king safe. A move known legal here
    // (the record's next one) that keeps it safe answers without a search: the club's move
    // rules are the standard ones but for leaving the king attacked.
    let keeps_king_safe = |m| pos.keeps_king_safe(m);
    if *pos.rules() == MOVE_RULES && history.known_legal_move().is_some_and(keeps_king_safe) {
        return EndCheck::OnlyNaturalLimit;
    }
    if let Ok(standard) = Position::from_setup(pos.to_setup(), MoveRules::STANDARD) {
        let why = "every move leaves its king to be captured";
        if let Some(end) = spec.no_move_end(&standard, ply, why) {
            return EndCheck::Ends(end);
        }
    }
    EndCheck::OnlyNaturalLimit
}

impl Ruleset for ClubCasual {
    fn meta(&self) -> &RulesetMeta {
        self.edition.meta()
    }
    fn legality(&self) -> &dyn MoveLegality {
        self.edition.legality()
    }
    fn visibility(&self) -> &dyn PieceVisibility {
        self.edition.visibility()
    }
    fn repetition(&self) -> &dyn RepetitionJudge {
        &self.judge
    }
    fn scoring(&self) -> &dyn Scoring {
        self.edition.scoring()
    }
    fn complete_record<'g>(
        &self,
        game: &'g GameInput,
    ) -> Result<std::borrow::Cow<'g, GameInput>, JudgeError> {
        self.edition.complete_record(game)
    }
    fn tags_read(&self) -> TagsRead {
        self.edition.tags_read()
    }
    fn spec(&self) -> Option<&Spec> {
        Some(self.edition.spec())
    }
}

xqr_plugin_sdk::xqr_plugin!(ClubCasual::new());
