//! The AXF rules as data: the [`Spec`] of `axf`, one line per rule it maps, with the
//! classifier's definitions ([`definitions`]) built here from CXA 1999's readings.
//!
//! Rule numbers are those of the English translation drafts of the Asian rules (Eric Wu, Hong
//! Kong Chinese Chess Association, chapter 4) as numbered in the paraphrase
//! `shared/rulebooks/axf-asian-rules.md`. Every setting below is one that the CXA editions
//! already have; where it only approximates AXF the line says so, and the crate docs list what
//! is not implemented yet.

use xqr_core::law::classify::{
    ChaseTest, Definitions, Depth, FalseRoots, MaterialValues, OwnChase, Reading,
};
use xqr_core::law::judge::{
    BothForbidden, ChaseConduct, Counting, LawArticles, RepetitionCount, RepetitionLaw,
    VerdictTable,
    ViolationPolicy::{Draw, MustChange},
};
use xqr_core::law::Conduct::{
    CheckAndChase, CheckAndMateThreat, MateThreatAndChase, PerpetualChase, PerpetualCheck,
    PerpetualMateThreat,
};
use xqr_core::rules::{
    DrawCounts, GameEnds, Hooks, IllegalMoveRuling, IllegalMoves, NoMoveArticles, Origin,
    PointScheme, RecordArticles, RuleRef, RulesetMeta, Spec,
};
use xqr_core::standings::StandingsRules;
use xqr_core::MoveRules;

use crate::ID;

/// The AXF rules (Asian Xiangqi Federation, "Asian rules").
pub fn spec() -> Spec {
    let at = |rule: &str| RuleRef::new(ID, rule);
    Spec {
        meta: RulesetMeta {
            id: ID.to_owned(),
            name: "Asian Xiangqi Federation rules".to_owned(),
            aliases: vec!["asian".to_owned()],
            version: env!("CARGO_PKG_VERSION").to_owned(),
            extends: None,
            rule_source: "axf-asian-rules.md (paraphrase of the English translation drafts of \
                          the Asian rules, Eric Wu)"
                .to_owned(),
            edition: "Asian rules (groundwork)".to_owned(),
            origin: Origin::Static,
            metadata: Default::default(),
        },
        moves: MoveRules::STANDARD, // the board, the pieces and their moves (standard xiangqi)
        start: None,                // the standard start
        hidden_pieces: false,
        // rule 1 "whoever captures the enemy King first wins": a move leaving the king en prise,
        // or the kings facing, is answered by its capture; any other illegal move likewise loses
        illegal_moves: IllegalMoves::all(IllegalMoveRuling::Loss { rule: at("rule 1") }),
        law: law(ID),
        ends: GameEnds {
            cites: ID.to_owned(),
            no_move: NO_MOVE_ARTICLES,
            // not in the retrieved text (a secondary summary gives 60 moves, 10 checks): none
            natural_limit: None,
            record: RECORD_ARTICLES,
        },
        // not in the retrieved text: CXA 1999's 1 / ½ / 0 as a default
        points: PointScheme::ONE_HALF_ZERO,
        draws: DrawCounts::Draw,
        // not in the retrieved text: CXA 1999's standings preset (points and tie-breaks) reused
        standings: StandingsRules::cxa_1999(),
        hooks: Hooks::default(),
    }
}

/// Checkmate and stalemate: both lose for the side with no answer or no move.
pub const NO_MOVE_ARTICLES: NoMoveArticles = NoMoveArticles {
    checkmate: "rule 1", // whoever captures the enemy King first wins
    checkmate_defined: "terms: checkmate", // a check the opponent has no way to answer
    stalemate: "rule 2", // leaving the opponent no legal move wins
    stalemate_defined: "rule 2", // (stalemate is a win)
};

/// Results a record carries. Only the agreed draw has a rule in the retrieved text.
pub const RECORD_ARTICLES: RecordArticles = RecordArticles {
    resignation: "Section 2", // not retrieved: cited for want of an article
    agreed_draw: "rule 4",    // draw … by agreement
    time_forfeit: "rule 3",   // not retrieved: cited for want of an article
    unstated: "rules 1–5",    // the results of a game
};

/// The verdict table: a policy per forbidden conduct, the count and what two forbidden sides
/// mean. Rule 3 is read literally (the crate docs give the reading and the alternative): at the
/// third occurrence of a position the violator is told to change, and loses when that position
/// has come round three more times with its conduct unchanged. Perpetual check goes through
/// the same procedure (D1–3: "must change, else loses").
pub const VERDICT_TABLE: VerdictTable = VerdictTable {
    perpetual_check: MustChange, // rule 6 perpetual check loses (after the warning of rule 3)
    perpetual_mate_threat: Draw, // rules 9, 10 perpetual TTC is a draw
    perpetual_chase: MustChange, // rules 15, 18, 19, 21, 24–26, 33: may not perpetually chase
    check_and_mate_threat: Draw, // Section 2: neither perpetual check nor perpetual chase
    check_and_chase: Draw,       // rule 12 one check one chase, several checks one chase
    mate_threat_and_chase: Draw, // Section 2.5 (ambiguous), rule 12 by analogy
    repetitions: 3,              // rule 3, Section 2 (read as the third occurrence)
    count: RepetitionCount::Occurrences, // rule 5 cycling back to the same position
    counting: Counting::Cxa1999, // rule 3: told to alter, then judged on the repetitions
    loses_after: 3,              // rule 3 "still repeats the violation three times, loses"
    chase_conduct: ChaseConduct::SameTarget, // rules 12, 16, 32, 33: the same piece each move
    both_forbidden: BothForbidden::CheckerChanges, // Section 2.2, 2.3; rule 7
};

/// The rules the judge cites.
pub const LAW_ARTICLES: LawArticles = LawArticles {
    perpetual_check: "rule 6",             // perpetual check loses
    both_allowed: "rule 5",                // both cycle without violation: a draw
    both_forbidden: "rule 7, Section 2.2", // both violate: neither is punished
    must_change: "Section 2.4",            // the single violating side must vary
    did_not_change: "rule 3",              // told to alter, repeats the violation: loses
    listed_must_change: "",                // (CXA 2011 only)
    single_vs_joint_rook: "",              // (CXA 2011 only)
    single_vs_joint_rootless: "",          // (CXA 2011 only)
    nine_rounds: "",                       // (CXA 2011 only)
    checker_changes: "Section 2.3",        // check against chase: the checker changes
    same_target: "rules 16, 32, 33",       // one piece, or two, on several in turn; two on one
    forbidden_by: &[
        (PerpetualCheck, "rule 6"), // perpetual check, with one piece or several
        (PerpetualChase, "rules 15–35"), // the perpetual chases of a qualifying target
    ],
    tolerated: &[
        (PerpetualMateThreat, "rules 9, 10"), // perpetual TTC, parrying and threatening back
        (CheckAndMateThreat, "Section 2"),    // neither perpetual check nor perpetual chase
        (CheckAndChase, "rule 12"),           // one check one chase, several checks one chase
        (MateThreatAndChase, "Section 2, rule 12"), // neither perpetual; rule 12 by analogy
    ],
    count: "rule 3, Section 2", // repeats the violation
};

/// The classifier's definitions under AXF: [`Definitions::cxa_1999`] with the readings
/// switched where AXF differs and today's machinery has the switch, every field re-cited as an
/// AXF rule. A field marked "approximation" keeps CXA 1999's behaviour for want of AXF's
/// reading.
pub fn definitions(ruleset: &str) -> Definitions {
    let at = |rule: &str| RuleRef::new(ruleset, rule);
    Definitions {
        // rule 40 "roughly equal values"; no floating crossed pawn (values name 兑 and 献; the
        // one-recapture test weighs none)
        values: MaterialValues::STANDARD,
        check: at("terms: check"), // the king could be taken next move; discovered checks count
        // terms: TTC, depth unbounded (ambiguous in the source); approximation: CXA's three checks
        mate_threat: Depth {
            checks: 3,
            article: at("terms: threat to checkmate"),
        },
        // terms: chase, qualifying target (what makes it one: chase_test below)
        chase: at("terms: chase, protected"),
        // terms: protected, real / false protector: one legal recapture, later losses ignored
        // (D22–23); several attackers do not make a protected piece chased (rule 35)
        chase_test: Reading {
            reading: ChaseTest::OneRecapture,
            article: at("terms: protected"),
        },
        // rules 15, 21 a cannon or a horse may not perpetually chase a rook, even protected
        rook_chased_by_horse_or_cannon: Some(at("rules 15, 21")),
        // rules 12, 18 (D37–38), Section 2.5: a checking move's chases count as well
        chase_with_check: Some(at("rule 12, Section 2.5")),
        // rule 19 a rook tied down by an enemy knight may not be perpetually chased
        tied_rook: Some(at("rule 19")),
        // rule 38 perpetually threatening a "check and capture" is a draw: a piece won through
        // one check is looked for, and named a threat, not a chase
        chase_through_checks: Depth {
            checks: 1,
            article: at("rule 38"),
        },
        check_capture_threat: Some(at("rule 38")),
        new_chase: at("terms: chase; App. A, App. B"), // a new attack, or protection removed
        standing_attack: at("terms: chase; App. B"),   // an attack only suspended is not new
        // rule 35: no 少根, no joint chase of a protected piece
        insufficient_root: None,
        // rule 28 the King may perpetually chase, alone or together with another piece (D67–68);
        // an attack its move uncovers is the uncovered piece's (FSF 1179)
        king_chase: Reading {
            reading: OwnChase::IdleWithOthers,
            article: at("rule 28"),
        },
        // rule 29 a Pawn may perpetually chase, several Pawns together, whatever they attack
        // (FSF 1164, 1166: a pawn move uncovering another piece's attack is that piece's chase)
        pawn_chase: Reading {
            reading: OwnChase::Idle,
            article: at("rule 29"),
        },
        defensive_key_point: None, // no such rule
        // terms: real / false protector; rule 34 (secondary): tested by legal recapture
        false_root: Reading {
            reading: FalseRoots::ByLegality,
            article: at("terms: real / false protector, rule 34"),
        },
        king_answers_check: None,                 // no such rule
        checker_exposed_chase: None,              // no such rule
        self_destroying_check: None,              // no such rule
        root_and_pinned_captures: None,           // D22–23: later losses are ignored
        screen_landing: None,                     // no such rule
        pawn_trades: None,                        // no such rule (rule 25 is about uncrossed pawns)
        pawn_discovered: None,                    // no such rule
        costly_offers: None,                      // rule 24 same kind: victim that can take back
        rook_pair_unrooted: None,                 // no such rule
        rook_pair_contact: None,                  // no such rule
        exchange: at("terms: exchange, rule 36"), // an offer does not excuse a chase
        offer: at("terms: sacrifice, rule 40"),   // perpetual sacrifice: a draw
        block: at("terms: block, rule 39"),       // perpetual blocking: a draw
        follow: at("terms: protected"), // AXF has no 跟: an attack on a protected piece, idle
    }
}

/// The repetition law (rules 3–40, Section 2), citing `ruleset`.
pub fn law(ruleset: &str) -> RepetitionLaw {
    // No house variant's citations: the edition's own law.
    RepetitionLaw::new(ruleset, definitions(ruleset), VERDICT_TABLE, LAW_ARTICLES)
}
