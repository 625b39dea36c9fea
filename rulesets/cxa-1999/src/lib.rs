//! # xqr-cxa1999
//!
//! The 1999 rules of the Chinese Xiangqi Association (中国象棋竞赛规则 1999年版), source
//! `shared/rulebooks/cxa-1999-rules.txt`, as the xqr ruleset `cxa-1999`:
//!
//! - move rules §2 (standard move generation), illegal moves §4.1.6 and facing kings §4.1.2;
//! - game end: checkmate §3.1 / §4.1.1, stalemate 困毙 §3.2 / §4.1.3, the natural move limit
//!   §4.2.4 with the claimant's checks counted at most 10 (§23.3);
//! - the repetition law 棋例 §24–§29 through the shared classifier and repetition law
//!   ([`xqr_core::law::judge`]), with these readings worth knowing:
//!   - §24 "循环反复三次", the count: three full cycles, the fourth occurrence of a position
//!     ([`xqr_core::law::judge::RepetitionCount`], chosen from 2011 §23.4's gloss and from how
//!     A-league masters played, `docs/real-games.md`); the third occurrence is a house knob
//!     (`[repetition] count = "occurrences"`);
//!   - §24 "一方棋手要求裁决": a ruling is a claim. A record is judged as played
//!     ([`xqr_core::rules::ClaimPolicy`]): a claim nobody made is listed and judging goes on; a win
//!     is claimed in the claimant's own time (§8.5); the arbiter *may* declare a repetition draw
//!     (§23.2), so a draw is a claim too;
//!   - §25.3, the crossed pawn's floating value: an exchange in which one side gives only crossed
//!     pawns and the other only pieces is no gain (so offering a pawn, even with check, to win a
//!     horse or a rook is not a chase; chapter 7 example 12);
//!   - §27.3, 占据防守要点: a move that chases only advisors or elephants is idle when the moved
//!     piece stands on a defensive key point, read as: with that piece taken off its point the
//!     opponent would mate by checks within the mate-threat depth (three checks, §28.2), with it
//!     there it would not ([`xqr_core::law::classify::holds_defensive_point`]; chapter 7 examples 15
//!     and 16). The article's other condition, that this makes a clear draw (简明和棋), is endgame
//!     knowledge and is not checked; a defence against a deeper mate is not recognised;
//! - points §14.1: win 1, draw ½, loss 0.
//!
//! ```
//! use xqr_core::rules::{GameInput, JudgeOptions, Ruleset};
//! let rs = xqr_cxa1999::Cxa1999::new();
//! // The rook checks on the d-file; e9 would face the red king: mate.
//! let game = GameInput {
//!     fen: Some("3k5/9/4R4/9/9/9/9/9/9/4K4 w - - 0 1".into()),
//!     moves: vec!["e7d7".into()],
//!     ..GameInput::default()
//! };
//! let v = rs.judge(&game, &JudgeOptions::default()).unwrap();
//! assert_eq!(v.result.pgn(), "1-0");
//! assert_eq!(v.rule.unwrap().to_string(), "cxa-1999 §4.1.1");
//! ```

use xqr_core::law::classify::Definitions;
use xqr_core::law::judge::{LawArticles, RepetitionLaw, VerdictTable};
use xqr_core::rules::{
    recorded_end, GameEnd, GameHistory, GameResult, IllegalMoveRuling, MoveLegality,
    OpenVisibility, Origin, PieceVisibility, PointScheme, RecordArticles, RepetitionJudge, RuleRef,
    Ruleset, RulesetMeta, Scoring, Termination,
};
use xqr_core::{IllegalMove, MoveRules, Position};

/// The ruleset id.
pub const ID: &str = "cxa-1999";

/// Natural move limit in moves by both sides without a capture (§4.2.4).
pub const NATURAL_LIMIT_MOVES: u32 = 60;

/// At most this many checks of the claimant count towards the natural limit (§23.3).
pub const NATURAL_LIMIT_CHECK_CAP: u32 = 10;

/// The 1999 edition.
pub struct Cxa1999 {
    meta: RulesetMeta,
    legality: Legality,
    law: RepetitionLaw,
    scoring: Scoring1999,
}

impl Default for Cxa1999 {
    fn default() -> Self {
        Self::new()
    }
}

impl Cxa1999 {
    /// The ruleset.
    pub fn new() -> Cxa1999 {
        Cxa1999 {
            meta: RulesetMeta {
                id: ID.to_owned(),
                name: "Chinese Xiangqi Association rules 1999".to_owned(),
                aliases: vec!["1999".to_owned(), "cxa1999".to_owned()],
                version: env!("CARGO_PKG_VERSION").to_owned(),
                extends: None,
                rule_source: "cxa-1999-rules.txt (中国象棋竞赛规则 1999年版)".to_owned(),
                edition: "1999".to_owned(),
                origin: Origin::Static,
                metadata: Default::default(),
            },
            legality: Legality,
            law: law(ID),
            scoring: Scoring1999 {
                ruleset: ID.to_owned(),
                natural_limit_moves: NATURAL_LIMIT_MOVES,
            },
        }
    }
}

/// The 1999 repetition law, citing `ruleset` (variants extending 1999 pass their own id).
pub fn law(ruleset: &str) -> RepetitionLaw {
    RepetitionLaw {
        ruleset: ruleset.to_owned(),
        definitions: Definitions::cxa_1999().cited_as(ruleset),
        table: VerdictTable::CXA_1999,
        articles: LawArticles::CXA_1999,
    }
}

/// Standard move generation; an illegal move loses (§4.1.6), facing kings lose (§4.1.2).
#[derive(Copy, Clone, Debug, Default)]
pub struct Legality;

impl MoveLegality for Legality {
    fn move_rules(&self) -> MoveRules {
        MoveRules::STANDARD
    }

    fn illegal_move_ruling(
        &self,
        _history: &GameHistory,
        reason: &IllegalMove,
    ) -> IllegalMoveRuling {
        let article = if *reason == IllegalMove::FlyingGeneral {
            "§4.1.2"
        } else {
            "§4.1.6"
        };
        IllegalMoveRuling::Loss {
            rule: RuleRef::new(ID, article),
        }
    }
}

/// Game ends and points of the 1999 rules.
#[derive(Clone, Debug)]
pub struct Scoring1999 {
    /// The ruleset id cited (house variants reuse this scoring).
    pub ruleset: String,
    /// Moves (by both sides) without capture for the natural limit.
    pub natural_limit_moves: u32,
}

const RECORD_ARTICLES: RecordArticles = RecordArticles {
    resignation: "§4.1.9",
    agreed_draw: "§4.2.2",
    time_forfeit: "§4.1.4",
    unstated: "§4",
};

impl Scoring for Scoring1999 {
    fn game_end(&self, history: &GameHistory) -> Option<GameEnd> {
        no_move_end(&self.ruleset, history.last(), history.ply_count(), "")
            .or_else(|| natural_limit_end(&self.ruleset, history, self.natural_limit_moves))
    }

    fn points(&self) -> PointScheme {
        PointScheme::ONE_HALF_ZERO
    }

    /// §14 points and the §15 tie-break orders.
    fn standings(&self) -> xqr_core::standings::StandingsRules {
        xqr_core::standings::StandingsRules::cxa_1999()
    }

    fn recorded_end(
        &self,
        result: GameResult,
        termination: Option<&str>,
        ply: u32,
    ) -> Option<GameEnd> {
        recorded_end(&self.ruleset, &RECORD_ARTICLES, result, termination, ply)
    }
}

/// The articles an edition cites for the game ends of [`no_move_end_cited`] and
/// [`natural_limit_end_cited`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EndArticles {
    /// Checkmate loses (1999 §4.1.1, 2011 §4.1.1).
    pub checkmate: &'static str,
    /// What checkmate is (1999 §3.1, 2011 §3.2).
    pub checkmate_defined: &'static str,
    /// Stalemate 困毙 loses (1999 §4.1.3, 2011 §4.1.2).
    pub stalemate: &'static str,
    /// What stalemate is (1999 §3.2, 2011 §3.3).
    pub stalemate_defined: &'static str,
    /// The natural move limit (1999 §4.2.4, 2011 §4.2.4).
    pub natural_limit: &'static str,
    /// The claimant's checks counted at most 10 (1999 §23.3, 2011 §22.2).
    pub check_cap: &'static str,
}

/// The 1999 articles of the game ends.
pub const END_ARTICLES: EndArticles = EndArticles {
    checkmate: "§4.1.1",
    checkmate_defined: "§3.1",
    stalemate: "§4.1.3",
    stalemate_defined: "§3.2",
    natural_limit: "§4.2.4",
    check_cap: "§23.3",
};

/// Checkmate (§3.1, §4.1.1) or stalemate (困毙, §3.2, §4.1.3) of the side to move in `pos`,
/// after `ply` plies, citing `ruleset`; a non-empty `why` says in the explanation why the
/// position counts as having no move (variants with king capture).
pub fn no_move_end(ruleset: &str, pos: &Position, ply: u32, why: &str) -> Option<GameEnd> {
    no_move_end_cited(ruleset, &END_ARTICLES, pos, ply, why)
}

/// [`no_move_end`] citing the articles `a` (editions numbering them differently).
pub fn no_move_end_cited(
    ruleset: &str,
    a: &EndArticles,
    pos: &Position,
    ply: u32,
    why: &str,
) -> Option<GameEnd> {
    if !pos.has_no_legal_moves() {
        return None;
    }
    let side = pos.turn();
    let (mate, stale) = (a.checkmate_defined, a.stalemate_defined);
    let (termination, article, what) = match (pos.is_check(), why.is_empty()) {
        (true, true) => (
            Termination::Checkmate,
            a.checkmate,
            format!("{side} is checkmated ({mate})"),
        ),
        (true, false) => (
            Termination::Checkmate,
            a.checkmate,
            format!("{side} is checkmated: {why} ({mate})"),
        ),
        (false, true) => (
            Termination::Stalemate,
            a.stalemate,
            format!("{side} has no legal move: stalemated, 困毙 loses ({stale})"),
        ),
        (false, false) => (
            Termination::Stalemate,
            a.stalemate,
            format!("{side} is stalemated: {why}, 困毙 loses ({stale})"),
        ),
    };
    Some(GameEnd {
        result: GameResult::win_for(!side),
        termination,
        rule: RuleRef::new(ruleset, article),
        offender: None,
        ply,
        explanation: what,
    })
}

/// The natural move limit (§4.2.4): `moves` moves by both sides without a capture, the
/// claimant's checks counted at most 10 (§23.3): a draw a player may claim from here (a claim,
/// not an end: see [`xqr_core::rules::ClaimPolicy`]);
/// citing `ruleset`.
pub fn natural_limit_end(ruleset: &str, history: &GameHistory, moves: u32) -> Option<GameEnd> {
    natural_limit_end_cited(ruleset, &END_ARTICLES, history, moves)
}

/// [`natural_limit_end`] citing the articles `a`.
pub fn natural_limit_end_cited(
    ruleset: &str,
    a: &EndArticles,
    history: &GameHistory,
    moves: u32,
) -> Option<GameEnd> {
    xqr_core::rules::natural_limit(history, moves, NATURAL_LIMIT_CHECK_CAP).map(|(claimant, counted)| GameEnd {
        result: GameResult::Draw,
        termination: Termination::NaturalLimit,
        rule: RuleRef::new(ruleset, a.natural_limit),
        offender: None,
        ply: history.ply_count(),
        explanation: format!(
            "{moves} moves by both sides without a capture ({counted} plies counted with at most {NATURAL_LIMIT_CHECK_CAP} checks of {claimant}, {}): a claim succeeds from here",
            a.check_cap
        ),
    })
}

impl Ruleset for Cxa1999 {
    fn meta(&self) -> &RulesetMeta {
        &self.meta
    }
    fn legality(&self) -> &dyn MoveLegality {
        &self.legality
    }
    fn visibility(&self) -> &dyn PieceVisibility {
        &OpenVisibility
    }
    fn repetition(&self) -> &dyn RepetitionJudge {
        &self.law
    }
    fn scoring(&self) -> &dyn Scoring {
        &self.scoring
    }
}

xqr_core::register_ruleset!(ID, || std::sync::Arc::new(Cxa1999::new()));
