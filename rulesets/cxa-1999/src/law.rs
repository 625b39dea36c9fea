//! The 1999 rules as data: the [`Spec`] of `cxa-1999`, one line per article.
//!
//! The classifier's readings of §25.3 and §27–§29 (what check, mate threat, chase and the idle
//! kinds are) stay in core as [`Definitions::cxa_1999`]: core's classifier is tested against
//! them, and this edition uses them unchanged. Its verdict table and the articles the judge
//! cites are stated here.

use xqr_core::law::classify::Definitions;
use xqr_core::law::judge::{
    BothForbidden, ChaseConduct, Counting, LawArticles, RepetitionCount, RepetitionLaw,
    VerdictTable,
    ViolationPolicy::{Loses, MustChange},
};
use xqr_core::rules::{
    DrawCounts, GameEnds, Hooks, IllegalMoveRuling, IllegalMoves, NaturalLimit, NoMoveArticles,
    Origin, PointScheme, RecordArticles, RuleRef, RulesetMeta, Spec,
};
use xqr_core::standings::StandingsRules;
use xqr_core::MoveRules;

use crate::{ID, NATURAL_LIMIT_CHECK_CAP, NATURAL_LIMIT_MOVES};

/// The 1999 rules (中国象棋竞赛规则 1999年版).
pub fn spec() -> Spec {
    let at = |article: &str| RuleRef::new(ID, article);
    let loses = |article: &str| IllegalMoveRuling::Loss { rule: at(article) };
    Spec {
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
        moves: MoveRules::STANDARD, // §1, §2: the board, the pieces and their moves
        start: None,                // §1.3: the standard start
        hidden_pieces: false,
        illegal_moves: IllegalMoves {
            facing_kings: loses("§4.1.2"),       // 走棋后形成帅（将）直接对面
            king_left_attacked: loses("§4.1.6"), // 走棋违反行棋规定 (§3.1: a check must be answered)
            other: loses("§4.1.6"),              // 走棋违反行棋规定
        },
        law: law(ID),
        ends: GameEnds {
            cites: ID.to_owned(),
            no_move: NO_MOVE_ARTICLES,
            natural_limit: Some(natural_limit(ID)),
            record: RECORD_ARTICLES,
        },
        points: PointScheme::ONE_HALF_ZERO, // §14.1 胜者1分，负者0分，和棋各记0.5分
        draws: DrawCounts::Draw,
        standings: StandingsRules::cxa_1999(), // §14 points, §15 tie-breaks
        hooks: Hooks::default(),
    }
}

/// Checkmate and stalemate.
pub const NO_MOVE_ARTICLES: NoMoveArticles = NoMoveArticles {
    checkmate: "§4.1.1",       // 帅（将）被对方“将死”
    checkmate_defined: "§3.1", // 被“照将”而无法“应将”，就算被“将死”
    stalemate: "§4.1.3",       // 被“困毙”
    stalemate_defined: "§3.2", // 轮到走棋的一方，无子可走，就算被“困毙”
};

/// Results a record carries.
pub const RECORD_ARTICLES: RecordArticles = RecordArticles {
    resignation: "§4.1.9",  // 自己宣布认输
    agreed_draw: "§4.2.2",  // 一方提议作和，另一方表示同意
    time_forfeit: "§4.1.4", // 在规定的时限内未走满规定的着数
    unstated: "§4",         // 胜、负、和
};

/// The natural move limit, citing `ruleset`.
pub fn natural_limit(ruleset: &str) -> NaturalLimit {
    NaturalLimit {
        moves: NATURAL_LIMIT_MOVES, // §4.2.4 连续60个回合中…双方都没有吃过一个棋子
        check_cap: NATURAL_LIMIT_CHECK_CAP, // §23.3 提出方对非提出方“将军”的着数，最多只计10着
        rule: RuleRef::new(ruleset, "§4.2.4"),
        check_cap_article: Some("§23.3".to_owned()),
    }
}

/// The verdict table of the 棋例: a policy per forbidden conduct (§25.2), the count and what
/// two forbidden sides mean.
pub const VERDICT_TABLE: VerdictTable = VerdictTable {
    perpetual_check: Loses, // §26.1 不允许单方面长将; §24.1 “长将”立即判负
    perpetual_mate_threat: MustChange, // §26.4 一方为禁止着法…应由前者变着，不变判负
    perpetual_chase: MustChange, // §26.4
    check_and_mate_threat: MustChange, // §26.4
    check_and_chase: MustChange, // §26.4
    mate_threat_and_chase: MustChange, // §26.4
    repetitions: 3,         // §24 循环反复三次
    // read as three full cycles (`RepetitionCount`, docs/real-games.md)
    count: RepetitionCount::Cycles,
    // §24.2 立即判和; §24.3 若再重复一次循环，即判负
    counting: Counting::Cxa1999,
    loses_after: 1,                            // §24.3 若再重复一次循环，即判负
    chase_conduct: ChaseConduct::HeaviestKind, // §27.4 从重
    both_forbidden: BothForbidden::Draw,       // §26.3 双方均为禁止着法…双方不变作和
};

/// The articles the judge cites.
pub const LAW_ARTICLES: LawArticles = LawArticles {
    perpetual_check: "§26.1",     // 不允许单方面长将
    both_allowed: "§26.2",        // 双方均为允许着法，双方不变作和
    both_forbidden: "§26.3",      // 双方均为禁止着法…双方不变作和
    must_change: "§26.4",         // 一方为禁止着法，另一方为允许着法，应由前者变着
    did_not_change: "§24.3",      // 若再重复一次循环，即判负
    listed_must_change: "",       // (2011 §26.8.1 only)
    single_vs_joint_rook: "",     // (2011 §26.8.2 only)
    single_vs_joint_rootless: "", // (2011 §26.8.3 only)
    nine_rounds: "",              // (2011 §23.4 only)
    checker_changes: "",          // (AXF only)
    same_target: "",              // (AXF only)
    tolerated: &[],               // no conduct is drawn
    forbidden_by: &[],            // §26.1, §26.4 are the rulings' own articles
    count: "§24",                 // 循环反复三次
};

/// The repetition law 棋例 (§24–§29), citing `ruleset` (the Jieqi trial rules copy it article
/// for article and cite it as their own).
pub fn law(ruleset: &str) -> RepetitionLaw {
    // No house variant's citations: the edition's own law.
    RepetitionLaw::new(
        ruleset,
        // §25.3 values, §27 通则, §28 术语, §29 捉: core's 1999 readings
        Definitions::cxa_1999().cited_as(ruleset),
        VERDICT_TABLE,
        LAW_ARTICLES,
    )
}
